#pragma once
// An OpenGL 4.3 core context with no window: EGL on the first device (the path that works on
// NVIDIA), falling back to Mesa's surfaceless platform. Rendering goes into FBOs. The display is
// the process's: the last HeadlessContext on it terminates it, unless it was initialized before
// the first (by a host, whose display is left as it was).

#include <memory>

namespace shadersort::platform {

struct ContextOptions {
  bool debug = false;  // debug context + KHR_debug callback (tests, --gl-debug)
};

class HeadlessContext {
 public:
  // Throws GpuError with one line (what was found) when no 4.3 core context can be made.
  explicit HeadlessContext(const ContextOptions& options);
  ~HeadlessContext();
  HeadlessContext(const HeadlessContext&) = delete;
  HeadlessContext& operator=(const HeadlessContext&) = delete;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace shadersort::platform

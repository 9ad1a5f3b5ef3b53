#pragma once
// Where the viewer's frames go: a GLFW window, or an offscreen framebuffer on the headless EGL
// context (no window, no X server) for scripts, tests and the README's pictures. The viewer
// draws the same frame into either; the host supplies events and presents the result.

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "data/image.h"
#include "ui/viewer_input.h"
#include "ui/viewer_keys.h"

namespace shadersort::ui {

class ViewerHost {
 public:
  virtual ~ViewerHost() = default;

  virtual bool shouldClose() const = 0;
  virtual void requestClose() = 0;
  // Collects input. `waitForEvents`: nothing is animating, so a window may sleep until an event
  // arrives (or `maxWaitSeconds` passes); offscreen hosts never wait.
  virtual void pollEvents(bool waitForEvents, double maxWaitSeconds) = 0;
  // Starts the ImGui frame (platform side: display size, input, time).
  virtual void newImGuiFrame() = 0;
  // The framebuffer frames are drawn into, and its size in pixels.
  virtual void bindFramebuffer() = 0;
  virtual int framebufferWidth() const = 0;
  virtual int framebufferHeight() const = 0;
  // Pixels per logical unit of the monitor (1 offscreen).
  virtual float contentScale() const = 0;
  // The frame as drawn so far, top row first (call before present()).
  virtual Image readFrame() const = 0;
  virtual void present() = 0;

  // Keys pressed and files dropped since the last call. The window queues what GLFW reports;
  // tests queue keys and drops on the offscreen host the same way.
  void queueKey(ViewerKey key) { keys_.push_back(key); }
  void queueDrop(std::string path) { dropped_.push_back(std::move(path)); }
  std::vector<ViewerKey> takeKeys() { return std::exchange(keys_, {}); }
  std::vector<std::string> takeDroppedFiles() { return std::exchange(dropped_, {}); }
  // Left-button presses, releases and pointer moves with their times, for the viewer's own
  // gestures (ImGui still gets its input from the backend). The window queues what GLFW
  // reports; tests queue events on the offscreen host, which also hands them to ImGui.
  void queueMouse(const MouseEvent& event) { mouse_.push_back(event); }
  std::vector<MouseEvent> takeMouseEvents() { return std::exchange(mouse_, {}); }

 protected:
  const std::vector<MouseEvent>& pendingMouseEvents() const { return mouse_; }

 private:
  std::vector<ViewerKey> keys_;
  std::vector<MouseEvent> mouse_;
  std::vector<std::string> dropped_;
};

struct WindowHostOptions {
  int width = 1280, height = 800;
  bool glDebug = false;
};
// Opens the window (GL 4.3 core context current) and initialises ImGui's GLFW backend; the
// ImGui context must exist. Throws GpuError in one line without a display or GL 4.3.
std::unique_ptr<ViewerHost> makeWindowHost(const WindowHostOptions& options);

// Draws into a framebuffer of `width` x `height` on the current context (the caller makes the
// headless context). Frames advance a fixed 1/60 s of ImGui time, so scripted runs repeat.
std::unique_ptr<ViewerHost> makeOffscreenHost(int width, int height);

// The bound framebuffer's pixels, top row first, alpha opaque (PNG-ready).
Image readBoundFramebuffer(int width, int height);

}  // namespace shadersort::ui

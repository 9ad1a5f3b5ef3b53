#pragma once
// A GLFW window with an OpenGL 4.3 core context, for the viewer.

#include <string>

struct GLFWwindow;

namespace shadersort::platform {

class Window {
 public:
  // Throws GpuError in one line when there is no display or no OpenGL 4.3.
  Window(int width, int height, const std::string& title, bool debug);
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  GLFWwindow* handle() const { return window_; }
  bool shouldClose() const;
  void framebufferSize(int& width, int& height) const;

 private:
  GLFWwindow* window_ = nullptr;
};

}  // namespace shadersort::platform

#include "platform/window.h"

#include <glad/gl.h>
// glad first: GLFW must not pull in a system GL header.
#include <GLFW/glfw3.h>

#include "core/error.h"

namespace {

// GLFW's descriptions can end in spaces; the message is one tidy line.
std::string glfwReason(const char* fallback) {
  const char* description = nullptr;
  glfwGetError(&description);
  std::string reason = description ? description : fallback;
  while (!reason.empty() && reason.back() == ' ') reason.pop_back();
  return reason;
}

}  // namespace
#include "gl/debug_output.h"
#include "platform/gl_version.h"

namespace shadersort::platform {

Window::Window(int width, int height, const std::string& title, bool debug) {
  if (!glfwInit())
    throw GpuError("cannot open a window: " + glfwReason("GLFW failed to start") + " (headless commands: run, sort, info)");
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 4);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, debug ? GLFW_TRUE : GLFW_FALSE);
  window_ = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
  if (!window_) {
    const std::string reason = glfwReason("unknown reason");
    glfwTerminate();
    throw GpuError("cannot open an OpenGL 4.3 core window: " + reason);
  }
  glfwMakeContextCurrent(window_);
  glfwSwapInterval(1);
  loadGlAndRequire43(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress));
  if (debug) gl::enableDebugOutput({.printMessages = true});
}

Window::~Window() {
  if (window_) glfwDestroyWindow(window_);
  glfwTerminate();
}

bool Window::shouldClose() const { return glfwWindowShouldClose(window_); }

void Window::framebufferSize(int& width, int& height) const { glfwGetFramebufferSize(window_, &width, &height); }

}  // namespace shadersort::platform

// The viewer's window: GLFW events (keys, drops, resizes, content scale) and ImGui's GLFW backend.

#include <glad/gl.h>
// glad first: GLFW must not pull in a system GL header.
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <imgui.h>

#include <utility>

#include "platform/window.h"
#include "ui/viewer_host.h"

namespace shadersort::ui {
namespace {

class WindowHost final : public ViewerHost {
 public:
  explicit WindowHost(const WindowHostOptions& options)
      : window_(options.width, options.height, "shadersort", options.glDebug) {
    GLFWwindow* handle = window_.handle();
    glfwSetWindowUserPointer(handle, this);
    // Installed before ImGui's backend, which chains to them: our shortcuts see every key, and
    // ImGui still gets its input.
    glfwSetKeyCallback(handle, [](GLFWwindow* window, int key, int, int action, int) {
      auto* host = static_cast<WindowHost*>(glfwGetWindowUserPointer(window));
      if (action != GLFW_PRESS && action != GLFW_REPEAT) return;
      // A text field being edited owns the keyboard.
      if (ImGui::GetCurrentContext() && ImGui::GetIO().WantTextInput) return;
      if (auto mapped = keyForGlfw(key)) host->queueKey(*mapped);
    });
    glfwSetDropCallback(handle, [](GLFWwindow* window, int count, const char** paths) {
      auto* host = static_cast<WindowHost*>(glfwGetWindowUserPointer(window));
      for (int i = 0; i < count; ++i) host->queueDrop(paths[i]);
    });
    // The viewer's own gestures (the lane area's double-click) read these, with GLFW's times.
    glfwSetCursorPosCallback(handle, [](GLFWwindow* window, double x, double y) {
      auto* host = static_cast<WindowHost*>(glfwGetWindowUserPointer(window));
      host->queueMouse({MouseEvent::Kind::Move, static_cast<float>(x), static_cast<float>(y), glfwGetTime()});
    });
    glfwSetMouseButtonCallback(handle, [](GLFWwindow* window, int button, int action, int) {
      if (button != GLFW_MOUSE_BUTTON_LEFT) return;
      auto* host = static_cast<WindowHost*>(glfwGetWindowUserPointer(window));
      double x = 0.0, y = 0.0;
      glfwGetCursorPos(window, &x, &y);
      const auto kind = action == GLFW_PRESS ? MouseEvent::Kind::Press : MouseEvent::Kind::Release;
      host->queueMouse({kind, static_cast<float>(x), static_cast<float>(y), glfwGetTime()});
    });
    ImGui_ImplGlfw_InitForOpenGL(handle, /*install_callbacks=*/true);
  }
  ~WindowHost() override { ImGui_ImplGlfw_Shutdown(); }

  bool shouldClose() const override { return window_.shouldClose(); }
  void requestClose() override { glfwSetWindowShouldClose(window_.handle(), GLFW_TRUE); }
  void pollEvents(bool waitForEvents, double maxWaitSeconds) override {
    if (waitForEvents)
      glfwWaitEventsTimeout(maxWaitSeconds);
    else
      glfwPollEvents();
  }
  void newImGuiFrame() override { ImGui_ImplGlfw_NewFrame(); }
  void bindFramebuffer() override { glBindFramebuffer(GL_FRAMEBUFFER, 0); }
  int framebufferWidth() const override {
    int width = 0, height = 0;
    window_.framebufferSize(width, height);
    return width;
  }
  int framebufferHeight() const override {
    int width = 0, height = 0;
    window_.framebufferSize(width, height);
    return height;
  }
  float contentScale() const override {
    float x = 1.0f, y = 1.0f;
    glfwGetWindowContentScale(window_.handle(), &x, &y);
    return x > 0.0f ? x : 1.0f;
  }
  Image readFrame() const override {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glReadBuffer(GL_BACK);
    return readBoundFramebuffer(framebufferWidth(), framebufferHeight());
  }
  void present() override { glfwSwapBuffers(window_.handle()); }

 private:
  platform::Window window_;
};

}  // namespace

std::unique_ptr<ViewerHost> makeWindowHost(const WindowHostOptions& options) {
  return std::make_unique<WindowHost>(options);
}

}  // namespace shadersort::ui

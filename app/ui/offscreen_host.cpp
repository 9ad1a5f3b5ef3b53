// The viewer without a window: frames go into a framebuffer on the current (headless) context.

#include <glad/gl.h>
#include <imgui.h>

#include <algorithm>
#include <utility>

#include "core/error.h"
#include "gl/handles.h"
#include "ui/viewer_host.h"

namespace shadersort::ui {

Image readBoundFramebuffer(int width, int height) {
  Image image(width, height);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data());
  // GL's rows start at the bottom; PNG's at the top.
  const std::size_t rowBytes = static_cast<std::size_t>(width) * 4;
  for (int y = 0; y < height / 2; ++y) {
    auto top = image.rgba.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(y) * rowBytes);
    auto bottom = image.rgba.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(height - 1 - y) * rowBytes);
    std::swap_ranges(top, top + static_cast<std::ptrdiff_t>(rowBytes), bottom);
  }
  for (std::size_t i = 3; i < image.rgba.size(); i += 4) image.rgba[i] = 255;
  return image;
}

namespace {

class OffscreenHost final : public ViewerHost {
 public:
  OffscreenHost(int width, int height)
      : width_(width), height_(height), colour_("viewer: offscreen frame"), framebuffer_("viewer: offscreen framebuffer") {
    glBindTexture(GL_TEXTURE_2D, colour_.id());
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, width, height);
    glBindTexture(GL_TEXTURE_2D, 0);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.id());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, colour_.id(), 0);
    const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (status != GL_FRAMEBUFFER_COMPLETE) throw GpuError("the offscreen viewer's RGBA8 framebuffer is incomplete");
  }

  bool shouldClose() const override { return closeRequested_; }
  void requestClose() override { closeRequested_ = true; }
  void pollEvents(bool, double) override {}
  void newImGuiFrame() override {
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(static_cast<float>(width_), static_cast<float>(height_));
    io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
    io.DeltaTime = 1.0f / 60.0f;
    // ImGui 1.86 takes one mouse state a frame: the last position, and the button down if it
    // went down at any time in the frame (as its GLFW backend does). Without events, no mouse:
    // nothing is hovered.
    bool pressedInFrame = false;
    for (const MouseEvent& event : pendingMouseEvents()) {
      if (event.kind == MouseEvent::Kind::Wheel) {
        io.MouseWheel += event.wheel;
        continue;
      }
      pointer_ = ImVec2(event.x, event.y);
      if (event.kind == MouseEvent::Kind::Press) pressedInFrame = buttonDown_ = true;
      if (event.kind == MouseEvent::Kind::Release) buttonDown_ = false;
    }
    io.MousePos = pointer_;
    io.MouseDown[ImGuiMouseButton_Left] = buttonDown_ || pressedInFrame;
  }
  void bindFramebuffer() override { glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.id()); }
  int framebufferWidth() const override { return width_; }
  int framebufferHeight() const override { return height_; }
  float contentScale() const override { return 1.0f; }
  Image readFrame() const override {
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.id());
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    Image frame = readBoundFramebuffer(width_, height_);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return frame;
  }
  void present() override { glFlush(); }

 private:
  int width_, height_;
  gl::Texture colour_;
  gl::Framebuffer framebuffer_;
  bool closeRequested_ = false;
  ImVec2 pointer_{-FLT_MAX, -FLT_MAX};
  bool buttonDown_ = false;
};

}  // namespace

std::unique_ptr<ViewerHost> makeOffscreenHost(int width, int height) {
  return std::make_unique<OffscreenHost>(width, height);
}

}  // namespace shadersort::ui

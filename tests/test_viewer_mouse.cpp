// The lane area's mouse: double-click fits, drag pans, scroll zooms. Events go through the host
// as the window's do (timed presses, releases and moves), on the offscreen host.

#include <gtest/gtest.h>

#include <memory>

#include "data/inputs.h"
#include "gl_test_environment.h"
#include "ui/viewer_app.h"
#include "ui/viewer_input.h"

namespace shadersort::testing {
namespace {

using Kind = ui::MouseEvent::Kind;

ui::MouseEvent at(Kind kind, float x, float y, double seconds) { return {kind, x, y, seconds, 0.0f}; }

// [SECTION] the detector, over plain events
TEST(DoubleClickDetector, TwoStillClicksInTimeAreADoubleClick) {
  ui::DoubleClickDetector detector(0.3);
  EXPECT_FALSE(detector.feed(at(Kind::Press, 100, 100, 0.00)));
  EXPECT_FALSE(detector.feed(at(Kind::Release, 100, 100, 0.05)));
  EXPECT_TRUE(detector.feed(at(Kind::Press, 100, 100, 0.15)));
}

TEST(DoubleClickDetector, AHandThatMovesAFewPixelsStillDoubleClicks) {
  ui::DoubleClickDetector detector(0.3);
  detector.feed(at(Kind::Press, 100, 100, 0.00));
  detector.feed(at(Kind::Move, 103, 101, 0.02));  // a move between press and release
  detector.feed(at(Kind::Release, 104, 102, 0.05));
  detector.feed(at(Kind::Move, 110, 104, 0.10));
  EXPECT_TRUE(detector.feed(at(Kind::Press, 110, 104, 0.15)));  // 10.8 px from the first press
}

TEST(DoubleClickDetector, ADragIsNoClickAndSlowOrFarClicksAreTwoClicks) {
  ui::DoubleClickDetector drag(0.3);
  drag.feed(at(Kind::Press, 100, 100, 0.00));
  drag.feed(at(Kind::Move, 140, 100, 0.05));
  drag.feed(at(Kind::Release, 100, 100, 0.08));  // back where it started: still a drag
  EXPECT_FALSE(drag.feed(at(Kind::Press, 100, 100, 0.12)));

  ui::DoubleClickDetector slow(0.3);
  slow.feed(at(Kind::Press, 100, 100, 0.00));
  slow.feed(at(Kind::Release, 100, 100, 0.05));
  EXPECT_FALSE(slow.feed(at(Kind::Press, 100, 100, 0.40)));

  ui::DoubleClickDetector far(0.3);
  far.feed(at(Kind::Press, 100, 100, 0.00));
  far.feed(at(Kind::Release, 100, 100, 0.05));
  EXPECT_FALSE(far.feed(at(Kind::Press, 140, 100, 0.10)));
}

TEST(DoubleClickDetector, AThirdClickIsNotASecondDoubleClick) {
  ui::DoubleClickDetector detector(0.3);
  detector.feed(at(Kind::Press, 100, 100, 0.00));
  detector.feed(at(Kind::Release, 100, 100, 0.05));
  EXPECT_TRUE(detector.feed(at(Kind::Press, 100, 100, 0.10)));
  detector.feed(at(Kind::Release, 100, 100, 0.15));
  EXPECT_FALSE(detector.feed(at(Kind::Press, 100, 100, 0.20)));
}

// [SECTION] the viewer, through the offscreen host
constexpr int kFrameWidth = 800, kFrameHeight = 500;
constexpr double kFrameSeconds = 1.0 / 60.0;  // the offscreen host's ImGui time per frame

class ViewerMouse : public ::testing::Test {
 protected:
  void SetUp() override {
    ui::ViewerConfig config;
    config.algorithm = "frag-odd-even";
    config.input.pattern = Pattern::Random;
    config.input.width = 64;
    config.input.height = 48;
    config.startPlaying = false;
    config.frames = 1000000;
    app_ = std::make_unique<ui::ViewerApp>(std::move(config), [] { return ui::makeOffscreenHost(kFrameWidth, kFrameHeight); });
    app_->frame();  // the lanes' area is known from the first frame
    const auto placement = app_->lanePlacement(0);
    x_ = (placement.min.x + placement.max.x) / 2;
    y_ = (placement.min.y + placement.max.y) / 2;
  }
  // One event per frame, as a person's input arrives.
  void send(Kind kind, float dx, float dy, float wheel = 0.0f) {
    app_->host().queueMouse({kind, x_ + dx, y_ + dy, seconds_, wheel});
    app_->frame();
    seconds_ += kFrameSeconds;
  }
  void zoomIn() {
    send(Kind::Move, 0, 0);
    send(Kind::Wheel, 0, 0, 3.0f);
    ASSERT_GT(app_->view().zoom, 1.5f);
  }
  std::unique_ptr<ui::ViewerApp> app_;
  float x_ = 0, y_ = 0;
  double seconds_ = 1.0;
};

TEST_F(ViewerMouse, ADoubleClickWithAPointerMoveFits) {
  zoomIn();
  send(Kind::Press, 0, 0);
  send(Kind::Move, 2, 1);
  send(Kind::Release, 3, 1);
  send(Kind::Move, 10, 3);  // further than ImGui's 6 px between the clicks
  send(Kind::Press, 10, 3);
  send(Kind::Release, 10, 3);
  EXPECT_FLOAT_EQ(app_->view().zoom, 1.0f);
  EXPECT_FLOAT_EQ(app_->view().centre.x, 0.5f);
  EXPECT_FLOAT_EQ(app_->view().centre.y, 0.5f);
}

TEST_F(ViewerMouse, ADragPansAndAClickAfterItDoesNotFit) {
  zoomIn();
  const float zoom = app_->view().zoom;
  const ImVec2 before = app_->view().centre;
  send(Kind::Press, 0, 0);
  send(Kind::Move, 20, 0);
  send(Kind::Move, 40, 0);
  send(Kind::Release, 40, 0);
  send(Kind::Press, 40, 0);
  send(Kind::Release, 40, 0);
  EXPECT_FLOAT_EQ(app_->view().zoom, zoom);
  // Dragging right moves the picture right: the centre's picture point moves left.
  EXPECT_LT(app_->view().centre.x, before.x - 0.01f);
  EXPECT_FLOAT_EQ(app_->view().centre.y, before.y);
}

}  // namespace
}  // namespace shadersort::testing

// Array view's second drawing (issue 39, item 7): each key a dot at its height (`view --drawing
// dots`, key v). The viewer's offscreen frame against a golden and a CPU rendering, a pixel check
// that a sorted input's dots lie on the diagonal, every algorithm drawn in dots, and the slides.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "cli/run_slides.h"
#include "cli_support.h"
#include "data/inputs.h"
#include "golden_support.h"
#include "render/array_reference.h"
#include "render/bar_scale.h"
#include "render/display_layout.h"
#include "sort/registry.h"
#include "sort_test_support.h"
#include "ui/teaching_overlays.h"
#include "ui/viewer_app.h"

namespace shadersort::testing {
namespace {

constexpr int kFrameWidth = 800, kFrameHeight = 500;

std::unique_ptr<ui::ViewerApp> pausedArrayViewer(const InputSpec& input, const std::string& algorithm,
                                                 render::ArrayDrawing drawing, int frameHeight = kFrameHeight) {
  ui::ViewerConfig config;
  config.algorithm = algorithm;
  config.input = input;
  config.startPlaying = false;
  config.arrayMode = true;
  config.arrayDrawing = drawing;
  config.barNumbers = false;  // the drawing alone
  config.frames = 1000000;    // scripted: one pass a frame while playing
  return std::make_unique<ui::ViewerApp>(std::move(config),
                                         [frameHeight] { return ui::makeOffscreenHost(kFrameWidth, frameHeight); });
}

void press(ui::ViewerApp& app, const std::string& script) {
  for (ui::ViewerKey key : ui::parseKeyScript(script)) {
    app.host().queueKey(key);
    app.frame();
  }
}

// The picture's texels as the frame shows them: each sampled at its centre.
Image pictureRegion(const Image& frame, const ui::SortLane::Placement& placement, int width, int height) {
  const float texelWidth = (placement.max.x - placement.min.x) / static_cast<float>(width);
  const float texelHeight = (placement.max.y - placement.min.y) / static_cast<float>(height);
  Image picture(width, height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      picture.setPixel(x, y, frame.pixel(static_cast<int>(placement.min.x + (static_cast<float>(x) + 0.5f) * texelWidth),
                                         static_cast<int>(placement.min.y + (static_cast<float>(y) + 0.5f) * texelHeight)));
  return picture;
}

Image crop(const Image& frame, const render::BarArea& area) {
  Image part(area.width, area.height);
  for (int y = 0; y < area.height; ++y)
    for (int x = 0; x < area.width; ++x) part.setPixel(x, y, frame.pixel(area.left + x, area.top + y));
  return part;
}

Image opaque(Image picture) {
  for (std::size_t i = 3; i < picture.rgba.size(); i += 4) picture.rgba[i] = 255;
  return picture;
}

// Odd-even on 16 keys from 0..99 after 3 passes, in dots: the frame's picture is the CPU
// rendering of the state texel for texel, and the drawn area matches its golden within what GL
// leaves to the driver (golden_support.h).
TEST(ArrayDrawing, DotsMatchTheirGoldenAndACpuRendering) {
  const InputSpec input = smallTeachingInput({});
  auto app = pausedArrayViewer(input, "odd-even", render::ArrayDrawing::Dots);
  app->frame();
  press(*app, "right,right,right");
  ASSERT_EQ(app->lane(0).pass(), 3u);
  app->frame();

  std::unique_ptr<Sorter> reference =
      findAlgorithm("odd-even").create(testSortContext(), SorterOptions{.teaching = true, .descendingKeys = false, .settings = {}});
  const ResolvedInput resolved = resolveInput(input);
  reference->load(resolved.data);
  reference->seek(3);
  const SortData state = reference->read();
  const auto [lowest, highest] = std::minmax_element(resolved.data.keys.begin(), resolved.data.keys.end());
  const render::BarScale scale = render::barScale(KeyType::U32, *lowest, *highest, false);
  const render::ArrayLayout layout{.sequence = 0, .minKey = scale.minKey, .maxKey = scale.maxKey, .descending = false,
                                   .height = 256, .drawing = render::ArrayDrawing::Dots};
  const Image cpu = opaque(render::renderArrayOnCpu(state, layout));
  const Image frame = app->host().readFrame();
  const Image shown = pictureRegion(frame, app->lanePlacement(0), cpu.width, cpu.height);
  EXPECT_EQ(shown.rgba, cpu.rgba) << "the dots are not the CPU rendering of the state";

  const render::BarArea area = ui::barArea(app->lanePlacement(0).min, app->lanePlacement(0).max);
  expectMatchesDrawnGolden(crop(frame, area), "viewer_array_dots_odd-even_pass3.png",
                           {.columns = {{0, area.width, 16}}, .rows = {{0, area.height, 256}}});
}

// Keys 0, 10, ..., 150 in order: key i's bar is 1 + 17 i rows of 256 (bars stand on 0), so its
// dot's top is row 255 - 17 i, a straight line from the bottom left to the top right, and the dot
// is 256 / 16 = 16 rows tall (fewer where the axis cuts it). v switches from bars to dots; bars
// reach the axis, dots do not.
TEST(ArrayDrawing, ASortedInputsDotsLieOnTheDiagonal) {
  InputSpec input;
  std::vector<std::uint32_t> keys;
  for (std::uint32_t i = 0; i < 16; ++i) keys.push_back(10 * i);
  input.values = keys;
  auto app = pausedArrayViewer(input, "odd-even", render::ArrayDrawing::Bars);
  app->frame();
  const auto columnRows = [&](int column) {
    const Image picture = pictureRegion(app->host().readFrame(), app->lanePlacement(0), 16, 256);
    std::vector<int> rows;
    for (int y = 0; y < picture.height; ++y)
      if (picture.pixel(column, y) != render::kArrayBackground) rows.push_back(y);
    return rows;
  };
  EXPECT_EQ(columnRows(8).back(), 255) << "a bar stands on the axis";
  press(*app, "v");
  ASSERT_EQ(app->view().arrayDrawing, render::ArrayDrawing::Dots);
  for (int i = 0; i < 16; ++i) {
    const std::vector<int> rows = columnRows(i);
    const int top = 255 - 17 * i, end = std::min(256, top + 16);
    std::vector<int> expected;
    for (int y = top; y < end; ++y) expected.push_back(y);
    EXPECT_EQ(rows, expected) << "key " << keys[static_cast<std::size_t>(i)];
  }
  press(*app, "v");
  EXPECT_EQ(app->view().arrayDrawing, render::ArrayDrawing::Bars);
  EXPECT_EQ(columnRows(8).size(), 1u + 17 * 8) << "back to bars";
}

// Every algorithm and schedule draws dots in array view to the end of a sort of 13 keys
// (bitonic-classic pads them to 16), with the teaching overlays and no GL error; the last picture
// is the CPU rendering of the sorted keys (bitonic-classic's padding is covered by its grey
// +inf columns, as in bars).
TEST(ArrayDrawing, EveryScheduleDrawsDots) {
  InputSpec input;
  input.values = std::vector<std::uint32_t>{13, 7, 2, 11, 5, 1, 12, 9, 3, 8, 10, 4, 6};
  for (const Schedule& schedule : allSchedules()) {
    SCOPED_TRACE(schedule.name);
    // Tall enough that every lane's bars get at least their 256 rows (radix's digit band is
    // deep), so texels map to whole pixels and a dot's edge is not resampled.
    auto app = pausedArrayViewer(input, std::string(schedule.algorithm->name), render::ArrayDrawing::Dots, 640);
    app->frame();
    if (!schedule.teaching) press(*app, "t");
    press(*app, "right,end");
    for (int i = 0; i < 100 && !app->lane(0).finished(); ++i) app->frame();
    ASSERT_TRUE(app->lane(0).finished());
    app->frame();
    if (app->lane(0).sorter().paddedState()) continue;
    std::vector<std::uint32_t> sorted = *input.values;
    std::sort(sorted.begin(), sorted.end());
    SortData state;
    state.keys = sorted;
    state.sequenceLength = 13;
    state.sequenceCount = 1;
    const render::BarScale scale = render::barScale(KeyType::U32, 1, 13, false);
    const render::ArrayLayout layout{.sequence = 0, .minKey = scale.minKey, .maxKey = scale.maxKey, .descending = false,
                                     .height = 256, .drawing = render::ArrayDrawing::Dots};
    const Image cpu = opaque(render::renderArrayOnCpu(state, layout));
    const Image shown = pictureRegion(app->host().readFrame(), app->lanePlacement(0), cpu.width, cpu.height);
    // Colours aside (typed keys carry their ramp colour): which texels are dots.
    for (int y = 0; y < cpu.height; ++y)
      for (int x = 0; x < cpu.width; ++x)
        ASSERT_EQ(shown.pixel(x, y) == render::kArrayBackground, cpu.pixel(x, y) == render::kArrayBackground)
            << "texel " << x << "," << y;
  }
}

// `run --slides --drawing dots` draws the slides in dots: a slide is the viewer's screenshot with
// --drawing dots at that pass, and differs from the bars slide.
TEST(ArrayDrawing, SlidesAndScreenshotsTakeTheDrawing) {
  ScratchFolder folder;
  const std::string values = " --values 5,3,9,1,7,2,8,4";
  const auto dots = runShadersort("run --algo odd-even --teaching --no-tune-cache" + values + " --slides " + folder.path("dots") +
                                  " --drawing dots");
  ASSERT_EQ(dots.exitCode, 0) << dots.err;
  const auto bars = runShadersort("run --algo odd-even --teaching --no-tune-cache" + values + " --slides " + folder.path("bars"));
  ASSERT_EQ(bars.exitCode, 0) << bars.err;
  const auto shot = runShadersort("view --offscreen --array --slide --paused --no-tune-cache --algo odd-even" + values +
                                      " --window-size 1280x720 --drawing dots --keys wait,right,right --frames 3 --screenshot " +
                                      folder.path("view.png"),
                                  "DISPLAY=");
  ASSERT_EQ(shot.exitCode, 0) << shot.err;
  const Image slide = loadImage(folder.path("dots/" + cli::slideName(2, "png")));
  EXPECT_TRUE(slide.rgba == loadImage(folder.path("view.png")).rgba) << "the slide is not the viewer's frame";
  EXPECT_FALSE(slide.rgba == loadImage(folder.path("bars/" + cli::slideName(2, "png"))).rgba) << "dots drew bars";
}

TEST(ArrayDrawing, ABadDrawingIsOneLineAndExitTwo) {
  ScratchFolder folder;
  for (const std::string& command : {std::string("view --offscreen --frames 1 --array --drawing circles"),
                                     "run --values 3,1,2 --slides " + folder.path("s") + " --drawing lines",
                                     "run --values 3,1,2 --out " + folder.path("a.png") + " --drawing dots"}) {
    const auto result = runShadersort(command, "DISPLAY=");
    EXPECT_EQ(result.exitCode, 2) << command;
    EXPECT_EQ(lineCount(result.err), 1) << result.err;
    EXPECT_NE(result.err.find("--drawing"), std::string::npos) << result.err;
  }
  EXPECT_TRUE(folder.entries().empty());
}

}  // namespace
}  // namespace shadersort::testing

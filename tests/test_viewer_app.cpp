// The viewer driven in this process on the test context, with an offscreen host: keys as a
// person presses them, and what the frame shows checked against the headless picture path.

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <filesystem>
#include <fstream>
#include <memory>

#include "cli_support.h"
#include "data/image_sequences.h"
#include "gl/compute.h"
#include "render/array_reference.h"
#include "render/bar_scale.h"
#include "render/caption_strip.h"
#include "sort/state_readback.h"
#include "data/inputs.h"
#include "gl_test_environment.h"
#include "golden_support.h"
#include "sort_test_support.h"
#include "ui/viewer_app.h"

namespace shadersort::testing {
namespace {

constexpr int kFrameWidth = 800, kFrameHeight = 500;

std::unique_ptr<ui::ViewerApp> makeViewer(ui::ViewerConfig config) {
  if (config.frames == 0) config.frames = 1000000;  // scripted: one pass a frame while playing
  return std::make_unique<ui::ViewerApp>(std::move(config), [] { return ui::makeOffscreenHost(kFrameWidth, kFrameHeight); });
}

ui::ViewerConfig pausedOn(const InputSpec& input, std::string algorithm) {
  ui::ViewerConfig config;
  config.algorithm = std::move(algorithm);
  config.input = input;
  config.startPlaying = false;
  return config;
}

InputSpec patternInput(Pattern pattern, int width, int height, Axis axis = Axis::Columns) {
  InputSpec input;
  input.pattern = pattern;
  input.width = width;
  input.height = height;
  input.order.axis = axis;
  return input;
}

void press(ui::ViewerApp& app, const std::string& script) {
  for (ui::ViewerKey key : ui::parseKeyScript(script)) {
    // A key arrives with a frame, as from the window.
    app.host().queueKey(key);
    app.frame();
  }
}

// The project's shaders copied into `folder`, for a --shader-dir the test may break.
std::filesystem::path copyOfTheShaders(const ScratchFolder& folder) {
  const std::filesystem::path shaders = folder.root() / "shaders";
  std::filesystem::copy(std::filesystem::path(SHADERSORT_SOURCE_DIR) / "shaders", shaders,
                        std::filesystem::copy_options::recursive);
  return shaders;
}

using ViewerSteps = ::testing::TestWithParam<Schedule>;

// Settings that give every fast schedule several passes on a small input.
SorterOptions manyPassSettings(const Schedule& schedule) {
  SorterOptions options;
  if (schedule.teaching) return options;
  if (schedule.algorithm->name == "odd-even") options.settings["rounds-per-dispatch"] = 4;
  if (schedule.algorithm->name == "bitonic") options.settings = {{"tile-size", 8}, {"workgroup-size", 2}};
  return options;
}

TEST_P(ViewerSteps, ThreeForwardTwoBackIsTheStateAfterOnePass) {
  const Schedule& schedule = GetParam();
  const InputSpec input = patternInput(Pattern::Random, 9, 37);
  ui::ViewerConfig config = pausedOn(input, std::string(schedule.algorithm->name));
  config.teaching = schedule.teaching;
  config.sorter = manyPassSettings(schedule);
  auto app = makeViewer(config);
  app->frame();
  press(*app, "right,right,right");
  ASSERT_EQ(app->lane(0).pass(), 3u) << "the input must take at least 3 passes";
  press(*app, "left,left");
  EXPECT_EQ(app->lane(0).pass(), 1u);
  SorterOptions options = optionsFor(schedule);
  options.settings = config.sorter.settings;
  std::unique_ptr<Sorter> reference = schedule.algorithm->create(testSortContext(), options);
  reference->load(resolveInput(input).data);
  reference->runPass();
  const SortData expected = reference->read();
  const SortData shown = app->lane(0).sorter().read();
  EXPECT_EQ(shown.keys, expected.keys);
  EXPECT_EQ(shown.values, expected.values);
}

INSTANTIATE_TEST_SUITE_P(EveryScheduleOfEveryAlgorithm, ViewerSteps, ::testing::ValuesIn(allSchedules()), scheduleName);

using ViewerPicture = ::testing::TestWithParam<Schedule>;

// The picture in the frame is the picture `run --passes k --out` writes: the same pixels, each
// enlarged to a block of whole pixels (the fit uses integer scales when enlarging), exactly.
TEST_P(ViewerPicture, FramePictureEqualsRunOutputAfterSomePasses) {
  const Schedule& schedule = GetParam();
  ScratchFolder folder;
  const std::uint32_t passes = 5;
  const InputSpec input = patternInput(Pattern::Reversed, 24, 16);
  ui::ViewerConfig config = pausedOn(input, std::string(schedule.algorithm->name));
  config.teaching = schedule.teaching;
  auto app = makeViewer(config);
  app->frame();
  for (std::uint32_t i = 0; i < passes; ++i) press(*app, "right");
  const std::uint32_t reached = app->lane(0).pass();
  ASSERT_GT(reached, 0u);
  const Image frame = app->host().readFrame();

  const auto result = runShadersort("run --algo " + std::string(schedule.algorithm->name) +
                                    " --pattern reversed --size 24x16 --passes " + std::to_string(reached) +
                                    (schedule.teaching ? " --teaching" : "") + " --out " + folder.path("run.png"));
  ASSERT_EQ(result.exitCode, 0) << result.err;
  const Image expected = loadImage(folder.path("run.png"));
  const auto placement = app->lanePlacement(0);
  const int scale = static_cast<int>(placement.max.x - placement.min.x) / expected.width;
  ASSERT_GE(scale, 1);
  ASSERT_EQ(static_cast<int>(placement.max.y - placement.min.y), expected.height * scale);
  int mismatches = 0;
  for (int y = 0; y < expected.height * scale; ++y)
    for (int x = 0; x < expected.width * scale; ++x)
      if (frame.pixel(static_cast<int>(placement.min.x) + x, static_cast<int>(placement.min.y) + y) !=
          (expected.pixel(x / scale, y / scale) | 0xff000000u))
        ++mismatches;
  EXPECT_EQ(mismatches, 0) << "pass " << reached;
}

INSTANTIATE_TEST_SUITE_P(EveryScheduleOfEveryAlgorithm, ViewerPicture, ::testing::ValuesIn(allSchedules()), scheduleName);

class ViewerApp : public ::testing::Test {};

TEST_F(ViewerApp, KeysSwitchAlgorithmScheduleViewKeyAndAxis) {
  auto app = makeViewer(pausedOn(InputSpec{}, "frag-odd-even"));
  app->frame();
  EXPECT_EQ(app->lane(0).algorithm().name, "frag-odd-even");
  press(*app, "right,right");
  EXPECT_EQ(app->lane(0).pass(), 2u);

  press(*app, "3");  // bitonic, from pass 0 on the same input
  EXPECT_EQ(app->lane(0).algorithm().name, "bitonic");
  EXPECT_EQ(app->lane(0).pass(), 0u);
  EXPECT_TRUE(app->teaching());
  const std::uint32_t teachingPasses = app->lane(0).passCount();
  press(*app, "t");
  EXPECT_FALSE(app->teaching());
  EXPECT_LT(app->lane(0).passCount(), teachingPasses) << "the fast schedule fuses steps";

  EXPECT_FALSE(app->view().arrayMode);
  press(*app, "a");
  EXPECT_TRUE(app->view().arrayMode);
  EXPECT_EQ(app->lane(0).picture().width(), static_cast<int>(app->lane(0).sorter().read().sequenceLength));

  EXPECT_EQ(app->inputSpec().order.key, PixelKey::Luminance);
  press(*app, "k");
  EXPECT_EQ(app->inputSpec().order.key, PixelKey::Hue);
  EXPECT_EQ(app->inputSpec().order.axis, Axis::Columns);
  press(*app, "x");
  EXPECT_EQ(app->inputSpec().order.axis, Axis::Rows);
  press(*app, "t");
  EXPECT_TRUE(app->teaching());
  press(*app, "right,right,right");
  EXPECT_EQ(app->lane(0).pass(), 3u);
  press(*app, "home");
  EXPECT_EQ(app->lane(0).pass(), 0u);
  press(*app, "end");
  for (int i = 0; i < 200 && !app->lane(0).finished(); ++i) app->frame();
  EXPECT_TRUE(app->lane(0).finished());
  EXPECT_TRUE(app->message().empty()) << app->message();
}

// Regression (issue 26): t on frag-odd-even, which has one schedule, silently flipped the
// schedule the next algorithm got, and restarted the lane.
TEST_F(ViewerApp, ScheduleKeyOnAnAlgorithmWithOneScheduleChangesNothingAndSaysSo) {
  auto app = makeViewer(pausedOn(patternInput(Pattern::Random, 8, 8), "frag-odd-even"));
  app->frame();
  ASSERT_TRUE(app->teaching());
  press(*app, "right,t");
  EXPECT_TRUE(app->teaching());
  EXPECT_EQ(app->lane(0).pass(), 1u) << "the lane was rebuilt";
  EXPECT_NE(app->message().find("one schedule"), std::string::npos) << app->message();
  press(*app, "3");  // bitonic keeps the teaching schedule
  EXPECT_TRUE(app->teaching());
  EXPECT_TRUE(app->lane(0).options().teaching);
}

TEST_F(ViewerApp, SpaceTogglesPlayAndSpeedKeysDoubleAndHalve) {
  auto app = makeViewer(pausedOn(patternInput(Pattern::Random, 8, 32), "odd-even"));
  app->frame();
  EXPECT_FALSE(app->playing());
  press(*app, "space");
  EXPECT_TRUE(app->playing());
  const std::uint32_t at = app->lane(0).pass();
  press(*app, "wait,wait");
  EXPECT_EQ(app->lane(0).pass(), at + 2) << "scripted frames play one pass each";
  const double speed = app->passesPerSecond();
  press(*app, "plus");
  EXPECT_DOUBLE_EQ(app->passesPerSecond(), speed * 2);
  press(*app, "minus,minus");
  EXPECT_DOUBLE_EQ(app->passesPerSecond(), speed / 2);
  press(*app, "space");
  EXPECT_FALSE(app->playing());
}

TEST_F(ViewerApp, RefusedChangesShowAReasonAndKeepTheLastGoodState) {
  ui::ViewerConfig config = pausedOn(patternInput(Pattern::Random, 16, 16), "odd-even");
  auto app = makeViewer(config);
  app->frame();
  press(*app, "right");
  // A bad image dropped on the window is a message, not an exit.
  ScratchFolder folder;
  writeBytes(folder.path("broken.png"), {0x89, 'P', 'N', 'G', 1, 2, 3});
  app->host().queueDrop(folder.path("broken.png"));
  app->frame();
  EXPECT_FALSE(app->message().empty());
  EXPECT_EQ(app->lane(0).algorithm().name, "odd-even");
  EXPECT_EQ(app->lane(0).pass(), 1u);
  EXPECT_TRUE(app->inputSpec().pattern.has_value());
}

// A picture dropped while typed keys (--values) are shown is loaded: the keys gave way to it
// (before, the values won and the drop did nothing).
TEST_F(ViewerApp, APictureDroppedOnTypedKeysIsLoaded) {
  ui::ViewerConfig config = pausedOn(patternInput(Pattern::Random, 16, 16), "odd-even");
  config.input.pattern.reset();
  config.input.values = std::vector<std::uint32_t>{5, 3, 9, 1};
  auto app = makeViewer(config);
  app->frame();
  ASSERT_TRUE(app->inputSpec().values.has_value());
  ScratchFolder folder;
  savePng(randomImage(12, 10, 4), folder.path("dropped.png"));
  app->host().queueDrop(folder.path("dropped.png"));
  app->frame();
  EXPECT_FALSE(app->inputSpec().values.has_value()) << app->message();
  ASSERT_TRUE(app->inputSpec().imagePath.has_value());
  EXPECT_EQ(*app->inputSpec().imagePath, folder.path("dropped.png"));
}

TEST_F(ViewerApp, SwitchingAlgorithmsWhilePausedMakesNoGlError) {
  // Regression: a sorter's program deleted while bound came back through ImGui's state restore.
  auto app = makeViewer(pausedOn(patternInput(Pattern::Random, 16, 16), "frag-odd-even"));
  app->frame();
  press(*app, "right,2,right,3,4,1,2");
  EXPECT_EQ(app->lane(0).algorithm().name, "odd-even");
  // The per-test GL error check (gl_test_environment.h) fails it on any GL error.
}

// The driver reports the broken shader's compile log as a GL error message, once, in the frame
// that tries it; every other frame must stay free of GL errors.
TEST(ViewerShaderReload, BrokenShaderInShaderDirShowsTheErrorAndTheLastGoodProgramKeepsSorting) {
  ScratchFolder folder;
  const std::filesystem::path shaders = copyOfTheShaders(folder);
  ui::ViewerConfig config = pausedOn(patternInput(Pattern::Reversed, 4, 12), "frag-odd-even");
  config.shaderDirectory = shaders.string();
  auto app = makeViewer(config);
  app->frame();
  press(*app, "right,right");

  const auto fragment = shaders / "sort" / "frag_odd_even" / "transposition.frag";
  {
    std::ofstream broken(fragment, std::ios::app);
    broken << "\nthis is not GLSL;\n";
  }
  std::filesystem::last_write_time(fragment, std::filesystem::last_write_time(fragment) + std::chrono::seconds(2));
  {
    const ExpectedGlErrors compileLog;
    app->frame();
    EXPECT_NE(app->shaderError().find("frag_odd_even/transposition.frag"), std::string::npos) << app->shaderError();
    EXPECT_LE(compileLog.count(), 4u) << "only the compile log";
  }
  // The old program still sorts to the end.
  press(*app, "end");
  for (int i = 0; i < 100 && !app->lane(0).finished(); ++i) app->frame();
  ASSERT_TRUE(app->lane(0).finished());
  const SortData sorted = app->lane(0).sorter().read();
  EXPECT_TRUE(std::is_sorted(sorted.keys.begin(), sorted.keys.begin() + sorted.sequenceLength));

  // Mended, the folder's program replaces the running one.
  std::filesystem::copy_file(std::filesystem::path(SHADERSORT_SOURCE_DIR) / "shaders/sort/frag_odd_even/transposition.frag", fragment,
                             std::filesystem::copy_options::overwrite_existing);
  std::filesystem::last_write_time(fragment, std::filesystem::last_write_time(fragment) + std::chrono::seconds(4));
  app->frame();
  EXPECT_TRUE(app->shaderError().empty()) << app->shaderError();
  EXPECT_EQ(app->message(), "shaders reloaded");
}

// Regression (issue 26): the compile log was only in the panel, cut off on the right; a
// terminal now gets it whole, once per new log.
TEST(ViewerShaderReload, ACompileLogIsPrintedToStderrOncePerNewLog) {
  ScratchFolder folder;
  const std::filesystem::path shaders = copyOfTheShaders(folder);
  ui::ViewerConfig config = pausedOn(patternInput(Pattern::Reversed, 4, 12), "frag-odd-even");
  config.shaderDirectory = shaders.string();
  auto app = makeViewer(config);
  app->frame();
  const auto fragment = shaders / "sort" / "frag_odd_even" / "transposition.frag";
  std::ofstream(fragment, std::ios::app) << "\nthis is not GLSL;\n";
  std::filesystem::last_write_time(fragment, std::filesystem::last_write_time(fragment) + std::chrono::seconds(2));
  const ExpectedGlErrors compileLog;
  ::testing::internal::CaptureStderr();
  app->frame();
  app->frame();
  const std::string printed = ::testing::internal::GetCapturedStderr();
  ASSERT_FALSE(app->shaderError().empty());
  EXPECT_NE(printed.find(app->shaderError()), std::string::npos) << printed;
  EXPECT_EQ(printed.find(app->shaderError()), printed.rfind(app->shaderError())) << "printed once: " << printed;
}

// Regression (issue 26): a refused switch wrote its reason under the network panel, below the
// window's bottom edge.
TEST_F(ViewerApp, ARefusedSwitchShowsItsReasonInsideTheWindow) {
  ScratchFolder folder;
  const std::filesystem::path shaders = copyOfTheShaders(folder);
  // The fast schedule's kernel is compiled when t switches to it (a trial sort), and fails.
  std::ofstream(shaders / "sort" / "odd_even" / "fused.comp", std::ios::app) << "\nthis is not GLSL;\n";
  ui::ViewerConfig config = pausedOn(patternInput(Pattern::Random, 32, 1, Axis::Rows), "odd-even");
  config.shaderDirectory = shaders.string();
  config.arrayMode = true;
  auto app = makeViewer(config);
  press(*app, "right,right");
  {
    const ExpectedGlErrors compileLog;
    press(*app, "t");
    app->frame();
  }
  ASSERT_TRUE(app->teaching());
  ASSERT_FALSE(app->message().empty());
  ASSERT_TRUE(app->messageArea().has_value());
  EXPECT_GE(app->messageArea()->min.y, 0.0f);
  EXPECT_LE(app->messageArea()->max.y, static_cast<float>(kFrameHeight)) << app->message();
}

// Regression (issue 26): the radix panel read the GPU's counter matrix back every frame (and the
// read-back test above missed it); now once per pass shown, and counted.
TEST_F(ViewerApp, TheRadixPanelReadsItsCountersOncePerPassNotPerFrame) {
  ui::ViewerConfig config = pausedOn(patternInput(Pattern::Random, 64, 1, Axis::Rows), "radix");
  config.teaching = false;
  config.arrayMode = true;
  auto app = makeViewer(config);
  press(*app, "right");
  app->frame();
  ASSERT_EQ(app->lane(0).pass(), 1u);
  const std::uint64_t downloads = gl::wordDownloadCount();
  for (int i = 0; i < 10; ++i) app->frame();
  EXPECT_EQ(gl::wordDownloadCount(), downloads) << "a paused frame reads nothing back";
  const std::uint64_t readBacks = stateReadbackCount();
  press(*app, "right");
  app->frame();
  app->frame();
  EXPECT_LE(stateReadbackCount() - readBacks, 2u) << "the pass's small state and, where kept, its counters";
}

// Regression (issue 26): at pass 0 the brackets show the pass to come, after that the pass run;
// the caption says which.
TEST_F(ViewerApp, TheBracketsSayWhichPassTheyShow) {
  ui::ViewerConfig config = pausedOn(patternInput(Pattern::Random, 16, 1, Axis::Rows), "odd-even");
  config.arrayMode = true;
  auto app = makeViewer(config);
  app->frame();
  EXPECT_EQ(app->overlayCaption(), "brackets: pass 0 (next)");
  press(*app, "right,right");
  EXPECT_EQ(app->overlayCaption(), "brackets: pass 1 (last run)");
  press(*app, "a");
  EXPECT_EQ(app->overlayCaption(), "") << "image view draws no brackets";
}

// A real-time viewer (as in the window) of odd-even on a reversed side x side input, played to
// its end, with no checkpoint memory (a step back replays from pass 0) and at most 16 passes a
// frame (a fast GPU would fit a whole replay in one frame's time).
std::unique_ptr<ui::ViewerApp> finishedWithoutCheckpoints(int side) {
  ui::ViewerConfig config = pausedOn(patternInput(Pattern::Reversed, side, side), "odd-even");
  config.frames = 0;
  config.checkpointBudgetBytes = 1;
  config.maxPassesPerFrame = 16;
  auto app = std::make_unique<ui::ViewerApp>(config, [] { return ui::makeOffscreenHost(kFrameWidth, kFrameHeight); });
  app->host().queueKey(ui::ViewerKey::Finish);
  for (int i = 0; i < 400 && !app->lane(0).finished(); ++i) app->frame();
  return app;
}

// Regression (issue 26): a step back replayed its whole checkpoint interval inside one frame
// (4-12 s on a 2048x2048 photo, no redraw). Now it runs within the frame budget and shows how far
// it has come. No checkpoint memory here, so the step replays from pass 0: 255 passes.
TEST_F(ViewerApp, ALongStepBackIsSpreadOverFramesWithItsProgressShown) {
  auto app = finishedWithoutCheckpoints(256);
  ASSERT_TRUE(app->lane(0).finished());
  const std::uint32_t last = app->lane(0).pass();
  app->host().queueKey(ui::ViewerKey::StepBack);
  app->frame();
  EXPECT_LT(app->lane(0).pass(), last - 1) << "the whole replay ran in one frame";
  ASSERT_TRUE(app->stepBackProgress().has_value());
  EXPECT_LT(*app->stepBackProgress(), 1.0);
  double progress = *app->stepBackProgress();
  int frames = 1;
  for (; frames < 400 && app->stepBackProgress(); ++frames) {
    EXPECT_GE(*app->stepBackProgress(), progress);
    progress = *app->stepBackProgress();
    app->frame();
  }
  EXPECT_FALSE(app->stepBackProgress().has_value());
  EXPECT_EQ(app->lane(0).pass(), last - 1);
  EXPECT_GT(frames, 1);
  // Pressed twice quickly, two passes back, counted from where the first was going.
  app->host().queueKey(ui::ViewerKey::StepBack);
  app->host().queueKey(ui::ViewerKey::StepBack);
  for (int i = 0; i < 400 && (i == 0 || app->stepBackProgress()); ++i) app->frame();
  EXPECT_EQ(app->lane(0).pass(), last - 3);
}

// CI: keys that reach a scripted run together (three steps forward, one back, Escape) are all
// carried out before it quits, whatever the machine's speed: a step finishes in the frame that
// takes its key. With one pass a frame allowed, a step used to be spread over frames, and Escape
// in the same frame quit at pass 1.
TEST_F(ViewerApp, StepsThatComeWithAQuitInOneFrameAreCarriedOutInAScriptedRun) {
  ui::ViewerConfig config = pausedOn(patternInput(Pattern::Random, 16, 16), "frag-odd-even");
  config.frames = 1000000;
  config.maxPassesPerFrame = 1;
  auto app = std::make_unique<ui::ViewerApp>(config, [] { return ui::makeOffscreenHost(kFrameWidth, kFrameHeight); });
  app->frame();
  for (ui::ViewerKey key : {ui::ViewerKey::StepForward, ui::ViewerKey::StepForward, ui::ViewerKey::StepForward,
                            ui::ViewerKey::StepBack, ui::ViewerKey::Quit})
    app->host().queueKey(key);
  app->frame();
  EXPECT_TRUE(app->host().shouldClose());
  EXPECT_EQ(app->lane(0).pass(), 2u);
}

// Issue 39: in a window (no --frames) a speed beyond what a frame's budget holds cannot play
// faster; the viewer says so instead of leaving the speed to promise it.
TEST_F(ViewerApp, ASpeedBeyondTheFrameBudgetIsSaidToBeHeldToIt) {
  ui::ViewerConfig config = pausedOn(patternInput(Pattern::Random, 64, 16), "frag-odd-even");
  config.startPlaying = true;
  config.frames = 0;  // played by the clock, as in a window
  config.maxPassesPerFrame = 1;
  auto app = std::make_unique<ui::ViewerApp>(config, [] { return ui::makeOffscreenHost(kFrameWidth, kFrameHeight); });
  app->frame();
  for (int i = 0; i < 10; ++i) app->host().queueKey(ui::ViewerKey::Faster);  // 30 passes/s to 30720
  app->frame();
  app->frame();
  ASSERT_FALSE(app->lane(0).finished());
  EXPECT_TRUE(app->heldToFrameBudget()) << "one pass a frame, at least 2 ms a frame, owes more than one pass";
  for (int i = 0; i < 20; ++i) app->host().queueKey(ui::ViewerKey::Slower);  // the slowest speed
  app->frame();
  app->frame();
  EXPECT_FALSE(app->heldToFrameBudget()) << "a slow speed is played as asked";
}

// Issue 39: during a step back's replay the picture and the pass label ran through the passes
// replayed. They stay on the pass being left until the target is ready, then show the target.
// No checkpoint memory, so the step replays from pass 0 over several frames.
TEST_F(ViewerApp, AStepBackShowsThePassItLeavesUntilItsTargetIsReady) {
  auto app = finishedWithoutCheckpoints(128);
  ASSERT_TRUE(app->lane(0).finished());
  app->frame();
  const std::uint32_t last = app->lane(0).pass();
  ASSERT_EQ(app->lane(0).paintedPass(), last);
  app->host().queueKey(ui::ViewerKey::StepBack);
  int replayFrames = 0;
  for (int i = 0; i < 400 && (i == 0 || app->stepBackProgress()); ++i) {
    app->frame();
    if (!app->stepBackProgress()) break;
    ++replayFrames;
    EXPECT_LT(app->lane(0).pass(), last - 1) << "the replay is under way";
    EXPECT_EQ(app->lane(0).shownPass(), last) << "the label shows a pass of the replay";
    EXPECT_EQ(app->lane(0).paintedPass(), last) << "the picture shows a pass of the replay";
  }
  EXPECT_GT(replayFrames, 0);
  EXPECT_EQ(app->lane(0).pass(), last - 1);
  EXPECT_EQ(app->lane(0).shownPass(), last - 1);
  EXPECT_EQ(app->lane(0).paintedPass(), last - 1);
}

// Issue 26: a recording of one lane carries the caption strip run --gif draws: the pass number and
// what the last pass did, under the lanes.
TEST_F(ViewerApp, ARecordingOfOneLaneCarriesThePassCaption) {
  ScratchFolder folder;
  ui::ViewerConfig config = pausedOn(patternInput(Pattern::Random, 16, 1, Axis::Rows), "odd-even");
  config.arrayMode = true;
  config.recordPath = folder.path("lane.gif");
  auto app = makeViewer(config);
  app->frame();
  press(*app, "right,right");
  const std::string described = app->lane(0).sorter().describePass(1);
  const std::uint32_t passes = app->lane(0).passCount();
  app.reset();  // quitting ends the recording
  const std::vector<Image> frames = decodeGifFrames(folder.path("lane.gif"));
  ASSERT_EQ(frames.size(), 3u);
  const Image& last = frames.back();
  const Image strip = render::captionStrip(render::passCaption(2, passes, false, described), last.width, 1);
  ASSERT_LT(strip.height, last.height);
  for (int y = 0; y < strip.height; ++y)
    for (int x = 0; x < strip.width; ++x)
      ASSERT_EQ(last.pixel(x, last.height - strip.height + y), strip.pixel(x, y)) << x << "," << y;
}

TEST_F(ViewerApp, PlaybackMakesNoStateReadBack) {
  ui::ViewerConfig config = pausedOn(InputSpec{}, "odd-even");
  config.startPlaying = true;
  auto app = makeViewer(config);
  app->frame();
  const std::uint64_t before = stateReadbackCount();
  for (int i = 0; i < 30; ++i) app->frame();
  press(*app, "left,left,right,a,right,a,t,right");
  for (int i = 0; i < 10; ++i) app->frame();
  EXPECT_GE(app->lane(0).pass(), 1u);
  EXPECT_EQ(stateReadbackCount(), before) << "pictures are painted from the sorter's own buffers";
}

// The picture of `width` x `height` texels drawn (enlarged, nearest) where `placement` says:
// one frame pixel from the middle of each texel's block.
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

// Regression (issue 39, item 3): bars were (key - min) / (max - min), so the smallest key had no
// bar and 5 was drawn half of 9. Typed keys 5,3,9,1: each bar is 1 + key x 255 / 9 rows of 256,
// the floor row plus key / 9 of the rest; descending keys are drawn the same.
TEST_F(ViewerApp, ArrayBarsStandOnZero) {
  for (const bool descending : {false, true}) {
    InputSpec input;
    input.values = std::vector<std::uint32_t>{5, 3, 9, 1};
    input.order.descending = descending;
    ui::ViewerConfig config = pausedOn(input, "odd-even");
    config.arrayMode = true;
    config.barNumbers = false;
    auto app = makeViewer(config);
    app->frame();
    const Image bars = pictureRegion(app->host().readFrame(), app->lanePlacement(0), 4, 256);
    const std::uint32_t keys[] = {5, 3, 9, 1};
    for (int column = 0; column < 4; ++column) {
      int rows = 0;
      for (int y = 0; y < bars.height; ++y) rows += bars.pixel(column, y) != render::kArrayBackground;
      EXPECT_EQ(rows, static_cast<int>(1 + keys[column] * 255 / 9)) << "key " << keys[column] << (descending ? ", descending" : "");
    }
  }
}

// Goldens of the viewer's two views (tests/golden_support.h): the picture is enlarged by whole
// numbers with nearest filtering from a texture painted with integer arithmetic, so any
// difference is a real one. Only the picture region is compared (the panel's text changes with
// every wording fix). Each golden is itself checked against a CPU rendering of the state, so a
// wrong golden cannot hide a wrong picture.
TEST_F(ViewerApp, ImageAndArrayViewsMatchTheirGoldens) {
  const InputSpec input = patternInput(Pattern::Random, 16, 12);
  ui::ViewerConfig config = pausedOn(input, "odd-even");
  config.barNumbers = false;  // the bars alone (tests/test_values.cpp checks them with numbers)
  auto app = makeViewer(config);
  app->frame();
  press(*app, "right,right,right,right,right");
  ASSERT_EQ(app->lane(0).pass(), 5u);

  // The state both views show, computed independently.
  std::unique_ptr<Sorter> reference = findAlgorithm("odd-even").create(testSortContext(), SorterOptions{.teaching = true, .descendingKeys = false, .settings = {}});
  const ResolvedInput resolved = resolveInput(input);
  reference->load(resolved.data);
  reference->seek(5);
  const SortData state = reference->read();

  Image image = pictureRegion(app->host().readFrame(), app->lanePlacement(0), 16, 12);
  Image expected = sortDataToImage(state, Axis::Columns);
  for (std::size_t i = 3; i < expected.rgba.size(); i += 4) expected.rgba[i] = 255;
  EXPECT_EQ(image.rgba, expected.rgba) << "the image view is not the state";
  expectMatchesGolden(image, "viewer_image_odd-even_pass5.png");

  press(*app, "a");
  const render::BarScale scale = render::barScale(KeyType::U32, *std::min_element(resolved.data.keys.begin(), resolved.data.keys.end()),
                                                  *std::max_element(resolved.data.keys.begin(), resolved.data.keys.end()), false);
  const render::ArrayLayout layout{.sequence = app->view().arraySequence,
                                   .minKey = scale.minKey,
                                   .maxKey = scale.maxKey,
                                   .descending = false,
                                   .height = 256};
  const Image cpuArray = render::renderArrayOnCpu(state, layout);
  const Image array = pictureRegion(app->host().readFrame(), app->lanePlacement(0), cpuArray.width, cpuArray.height);
  Image opaque = cpuArray;
  for (std::size_t i = 3; i < opaque.rgba.size(); i += 4) opaque.rgba[i] = 255;
  EXPECT_EQ(array.rgba, opaque.rgba) << "the array view is not the CPU rendering of the state";
  expectMatchesGolden(array, "viewer_array_odd-even_pass5.png");
}

// Regression: a frame ran speed x 0.25 s of passes, so a big sort froze the window for seconds.
// Played at a million passes a second in real time (not scripted), the second frame owes more
// passes than the sort has (any gap between frames does: 256 passes are owed after 0.26 ms, and
// drawing the first frame takes longer), yet it issues only what its budget allows: with no
// pass timed yet, at most 64 passes (the wall-clock part of the budget can only stop it sooner).
TEST_F(ViewerApp, AFrameIssuesOnlyWhatItsTimeBudgetAllows) {
  ui::ViewerConfig config = pausedOn(patternInput(Pattern::Reversed, 256, 256), "odd-even");
  config.frames = 0;  // real time, as in the window
  auto app = std::make_unique<ui::ViewerApp>(config, [] { return ui::makeOffscreenHost(kFrameWidth, kFrameHeight); });
  for (int i = 0; i < 16; ++i) app->host().queueKey(ui::ViewerKey::Faster);
  app->host().queueKey(ui::ViewerKey::PlayPause);
  app->frame();
  ASSERT_GE(app->passesPerSecond(), 1e6);
  ASSERT_EQ(app->lane(0).pass(), 0u);
  ASSERT_EQ(app->lane(0).typicalPassMilliseconds(), 0.0) << "a pass was timed before playback";
  ASSERT_EQ(app->lane(0).passCount(), 256u);
  app->frame();
  EXPECT_GT(app->lane(0).pass(), 0u);
  EXPECT_LE(app->lane(0).pass(), 64u) << "the frame issued more passes than its budget";
}

// Regression: a 2x2000 image was drawn 0.77 pixels wide.
TEST_F(ViewerApp, ThinInputsGetAMinimumSizeOnScreen) {
  auto app = makeViewer(pausedOn(patternInput(Pattern::Random, 2, 2000), "odd-even"));
  app->frame();
  const auto placement = app->lanePlacement(0);
  EXPECT_GE(placement.max.x - placement.min.x, 48.0f);
  EXPECT_GT(placement.max.y - placement.min.y, 300.0f);
}

// Regression: the button still said "Pause" once the sort was over.
TEST_F(ViewerApp, PlaybackStopsAtTheEndAndSpacePlaysAgainFromTheStart) {
  ui::ViewerConfig config = pausedOn(patternInput(Pattern::Reversed, 3, 6), "frag-odd-even");
  config.startPlaying = true;
  auto app = makeViewer(config);
  for (int i = 0; i < 12; ++i) app->frame();
  EXPECT_TRUE(app->lane(0).finished());
  EXPECT_FALSE(app->playing());
  press(*app, "space");
  EXPECT_TRUE(app->playing());
  EXPECT_LE(app->lane(0).pass(), 1u);
}

ui::ViewerConfig raceOfAll(const InputSpec& input) {
  ui::ViewerConfig config;
  config.input = input;
  config.race = {"radix", "bitonic", "odd-even", "frag-odd-even"};
  return config;
}

bool allFinished(const ui::ViewerApp& app) {
  for (std::size_t i = 0; i < app.laneCount(); ++i)
    if (!app.lane(i).finished()) return false;
  return true;
}

// Plays until every lane has finished and its GPU check has come back (bounded).
void playToTheEnd(ui::ViewerApp& app, int maxFrames) {
  for (int i = 0; i < maxFrames; ++i) {
    app.frame();
    bool verified = allFinished(app);
    for (std::size_t lane = 0; lane < app.laneCount(); ++lane) verified = verified && app.lane(lane).verifiedSortedAfter();
    if (verified && !app.ranking().empty()) return;
  }
}

void expectEveryLaneVerifiedAndRanked(const ui::ViewerApp& app) {
  ASSERT_EQ(app.laneCount(), 4u);
  for (std::size_t i = 0; i < app.laneCount(); ++i) {
    const ui::SortLane& lane = app.lane(i);
    SCOPED_TRACE(std::string(lane.algorithm().name));
    EXPECT_TRUE(lane.finished());
    ASSERT_TRUE(lane.verifiedSortedAfter().has_value()) << "no GPU check came back";
    EXPECT_EQ(*lane.verifiedSortedAfter(), lane.pass());
  }
  const auto ranking = app.ranking();
  ASSERT_EQ(ranking.size(), 4u);
  for (const auto& row : ranking) {
    std::size_t lane = 0;
    while (app.lane(lane).algorithm().name != row.algorithm) ++lane;
    // Passes run: the sorter's count, or fewer where it stops early (odd-even's swap watch).
    EXPECT_LE(row.passes, app.lane(lane).passCount()) << row.algorithm;
    EXPECT_EQ(row.passes, app.lane(lane).pass()) << row.algorithm;
    if (row.algorithm != "odd-even") {
      EXPECT_EQ(row.passes, app.lane(lane).passCount()) << row.algorithm;
    }
    EXPECT_TRUE(row.verified);
    EXPECT_GT(row.milliseconds, 0.0);
  }
  for (std::size_t i = 1; i < ranking.size(); ++i) EXPECT_LE(ranking[i - 1].milliseconds, ranking[i].milliseconds);
}

TEST_F(ViewerApp, FourLaneRaceByPassEndsVerifiedAndRanked) {
  auto app = makeViewer(raceOfAll(patternInput(Pattern::Random, 12, 24)));
  app->frame();  // the first frame shows the input
  for (std::size_t lane = 0; lane < app->laneCount(); ++lane) EXPECT_EQ(app->lane(lane).pass(), 0u);
  // By pass, every lane moves one pass a tick until it has none left.
  for (int i = 0; i < 6; ++i) app->frame();
  for (std::size_t lane = 0; lane < app->laneCount(); ++lane)
    EXPECT_EQ(app->lane(lane).pass(), std::min(6u, app->lane(lane).passCount())) << app->lane(lane).algorithm().name;
  playToTheEnd(*app, 400);
  expectEveryLaneVerifiedAndRanked(*app);
}

// Regression (issue 26): the race's final table cut "frag-odd-even" to "frag-odd-eve"; every
// column is now at least as wide as its header and its widest name.
TEST_F(ViewerApp, TheRaceTableCutsNoNameShort) {
  auto app = makeViewer(raceOfAll(patternInput(Pattern::Random, 12, 24)));
  playToTheEnd(*app, 400);
  for (int i = 0; i < 3; ++i) app->frame();  // fitting columns to their contents takes a frame
  ASSERT_FALSE(app->ranking().empty());
  ImGuiWindow* panel = ImGui::FindWindowByName("shadersort");
  ASSERT_NE(panel, nullptr);
  ImGuiTable* table = ImGui::TableFindByID(ImHashStr("##ranking", 0, panel->ID));
  ASSERT_NE(table, nullptr);
  for (int column = 0; column < table->ColumnsCount; ++column) {
    const char* header = ImGui::TableGetColumnName(table, column);
    EXPECT_GE(table->Columns[column].WidthGiven + 0.5f, ImGui::CalcTextSize(header).x) << header;
    if (std::string(header) == "algorithm") {
      EXPECT_GE(table->Columns[column].WidthGiven + 0.5f, ImGui::CalcTextSize("frag-odd-even").x);
    }
  }
}

// The passes a lane has shown when the race clock reads `raceTime`: those whose GPU time, scaled
// so that the slowest lane's whole sort takes `raceSeconds`, has ended by then.
std::uint32_t passesByRaceTime(const std::vector<double>& passMs, double slowestMs, double raceSeconds, double raceTime) {
  double end = 0.0;
  std::uint32_t passes = 0;
  for (double ms : passMs) {
    end += ms * raceSeconds / slowestMs;
    if (end > raceTime) break;
    ++passes;
  }
  return passes;
}

// Whatever times the GPU measured, each lane is where its own times put it: never ahead of the
// race clock, moving once it owes a pass, and the slowest lane still running half way. The
// expectations come from the measured times, not from guesses about them.
TEST_F(ViewerApp, FourLaneRaceByTimePlaysEachLaneByItsMeasuredGpuTime) {
  ui::ViewerConfig config = raceOfAll(patternInput(Pattern::Random, 12, 24));
  config.raceByTime = true;
  config.raceSeconds = 1.0;  // scripted frames tick 1/60 s: the slowest lane takes 60 frames
  auto app = makeViewer(config);
  std::size_t slowest = 0;
  double slowestMs = 0.0;
  for (std::size_t lane = 0; lane < app->laneCount(); ++lane) {
    double total = 0.0;
    for (double ms : app->lane(lane).measuredPassTimes()) total += ms;
    ASSERT_GT(total, 0.0) << "by time needs every pass timed before the race";
    if (total > slowestMs) slowestMs = total, slowest = lane;
  }
  constexpr int kFrames = 30;
  for (int i = 0; i < kFrames; ++i) app->frame();
  // The first frame shows the input; each later one moves the race clock 1/60 s.
  const double raceTime = (kFrames - 1) / 60.0;
  for (std::size_t lane = 0; lane < app->laneCount(); ++lane) {
    const auto& times = app->lane(lane).measuredPassTimes();
    SCOPED_TRACE(std::string(app->lane(lane).algorithm().name));
    // A hair either way of the clock: the viewer sums its ticks in another order.
    const std::uint32_t owedAtMost = passesByRaceTime(times, slowestMs, config.raceSeconds, raceTime + 1e-9);
    const std::uint32_t owedAtLeast = passesByRaceTime(times, slowestMs, config.raceSeconds, raceTime - 1e-9);
    EXPECT_LE(app->lane(lane).pass(), owedAtMost) << "ahead of its measured time";
    if (owedAtLeast > 0) {
      EXPECT_GT(app->lane(lane).pass(), 0u) << "owes passes and has not moved";
    }
  }
  EXPECT_FALSE(app->lane(slowest).finished()) << "half way, the slowest lane is still running";
  playToTheEnd(*app, 400);
  expectEveryLaneVerifiedAndRanked(*app);
  // The ranking by time is the measured totals: the slowest lane last.
  EXPECT_EQ(app->ranking().back().milliseconds, slowestMs);
}

TEST_F(ViewerApp, StepBackInARaceGivesEachLaneItsPreviousState) {
  const InputSpec input = patternInput(Pattern::Reversed, 5, 20);
  ui::ViewerConfig config = raceOfAll(input);
  config.startPlaying = false;
  auto app = makeViewer(config);
  app->frame();
  press(*app, "right,right,right,left");
  const ResolvedInput resolved = resolveInput(input);
  for (std::size_t lane = 0; lane < app->laneCount(); ++lane) {
    const ui::SortLane& shown = app->lane(lane);
    SCOPED_TRACE(std::string(shown.algorithm().name));
    std::unique_ptr<Sorter> reference = shown.algorithm().create(testSortContext(), shown.options());
    reference->load(resolved.data);
    reference->seek(2);
    EXPECT_EQ(shown.pass(), reference->passesRun());
    EXPECT_EQ(shown.sorter().read().values, reference->read().values);
  }
}

TEST_F(ViewerApp, RaceShowsWhyAnAlgorithmCannotRunInItsLane) {
  // Settings from the command line belong to --algo; one radix cannot use makes its lane refuse
  // while the others race on.
  ui::ViewerConfig config = raceOfAll(patternInput(Pattern::Random, 8, 8));
  config.algorithm = "radix";
  config.sorter.settings["workgroup-size"] = 3;
  config.startPlaying = false;
  auto app = makeViewer(config);
  app->frame();
  EXPECT_EQ(app->laneCount(), 3u);
  ASSERT_EQ(app->refusals().size(), 1u);
  EXPECT_EQ(app->refusals().front().first, "radix");
  EXPECT_NE(app->refusals().front().second.find("workgroup-size"), std::string::npos) << app->refusals().front().second;
  press(*app, "right");
  for (std::size_t lane = 0; lane < app->laneCount(); ++lane) EXPECT_EQ(app->lane(lane).pass(), 1u);
}

// --- issue 39 item 6: nothing drawn past the frame's or the panel's edge ---

// The panel's contents as wide as the panel at most (a line wider than it is cut at its edge),
// and (`tables`) no table in it scrolling sideways. ImGui measures contents as a frame draws
// them and keeps them for the next, so call this after a frame that followed the state to check.
void expectThePanelHoldsItsContents(bool tables = false) {
  ImGuiWindow* panel = ImGui::FindWindowByName("shadersort");
  ASSERT_NE(panel, nullptr);
  EXPECT_LE(panel->ContentSize.x, panel->ContentRegionRect.GetWidth() + 0.5f) << "a line runs past the panel's right edge";
  for (ImGuiWindow* window : ImGui::GetCurrentContext()->Windows)
    if (tables && window->ParentWindow == panel) {
      EXPECT_LE(window->ScrollMax.x, 0.0f) << window->Name << " scrolls sideways";
    }
}

// Regression: the shader-error heading ran past the panel, ending "keeps runnir".
TEST_F(ViewerApp, TheShaderErrorHeadingStaysInsideThePanel) {
  ScratchFolder folder;
  const std::filesystem::path shaders = copyOfTheShaders(folder);
  ui::ViewerConfig config = pausedOn(patternInput(Pattern::Reversed, 4, 12), "frag-odd-even");
  config.shaderDirectory = shaders.string();
  auto app = makeViewer(config);
  app->frame();
  app->frame();
  const float widthBefore = ImGui::FindWindowByName("shadersort")->ContentSize.x;
  const auto fragment = shaders / "sort" / "frag_odd_even" / "transposition.frag";
  {
    std::ofstream broken(fragment, std::ios::app);
    broken << "\nthis is not GLSL;\n";
  }
  std::filesystem::last_write_time(fragment, std::filesystem::last_write_time(fragment) + std::chrono::seconds(2));
  {
    const ExpectedGlErrors compileLog;
    app->frame();
  }
  ASSERT_FALSE(app->shaderError().empty());
  app->frame();
  ImGuiWindow* panel = ImGui::FindWindowByName("shadersort");
  EXPECT_LE(panel->ContentSize.x, std::max(widthBefore, panel->ContentRegionRect.GetWidth()) + 0.5f)
      << "the error's heading runs past the panel's right edge";
}

// Regression: the race's final table had six columns and a sideways scrollbar that cut the last
// one, and its footnote ran past the panel.
TEST_F(ViewerApp, TheRaceTablesAndFootnoteFitThePanel) {
  auto app = makeViewer(raceOfAll(patternInput(Pattern::Random, 12, 24)));
  playToTheEnd(*app, 400);
  ASSERT_FALSE(app->ranking().empty());
  for (int i = 0; i < 3; ++i) app->frame();  // fitting columns to their contents takes a frame
  expectThePanelHoldsItsContents(/*tables=*/true);
}

ui::ViewerConfig radixTeachingArray() {
  InputSpec input = patternInput(Pattern::Random, 16, 1, Axis::Rows);
  ui::ViewerConfig config = pausedOn(input, "radix");
  config.arrayMode = true;
  return config;
}

// Regression: the radix panel's table headers read "d k k b" on the first frame (columns fitted
// to their contents only from the second).
TEST_F(ViewerApp, RadixBucketHeadersAreWholeOnTheFirstFrame) {
  // Tall enough that the table is in view (a table scrolled out of view is not laid out).
  auto app = std::make_unique<ui::ViewerApp>(radixTeachingArray(), [] { return ui::makeOffscreenHost(1280, 1500); });
  // The first frame that has the table (the keys are read back as the lane reaches a pass).
  ImGuiTable* table = nullptr;
  for (int frame = 0; frame < 5 && !table; ++frame) {
    app->frame();
    for (int i = 0; i < ImGui::GetCurrentContext()->Tables.GetMapSize() && !table; ++i)
      if (ImGuiTable* candidate = ImGui::GetCurrentContext()->Tables.TryGetMapData(i))
        if (candidate->ColumnsCount == 4 && std::string(ImGui::TableGetColumnName(candidate, 2)) == "keys before") table = candidate;
  }
  ASSERT_NE(table, nullptr) << "no bucket table in the first frames";
  for (int column = 0; column < table->ColumnsCount; ++column) {
    const char* header = ImGui::TableGetColumnName(table, column);
    EXPECT_GE(table->Columns[column].WidthGiven + 0.5f, ImGui::CalcTextSize(header).x) << header;
  }
}

// Regression: the "scatter tween (s)" slider's label was cut at the panel's edge.
TEST_F(ViewerApp, TheScatterTweenLabelFitsThePanel) {
  auto app = makeViewer(radixTeachingArray());
  app->frame();
  press(*app, "right");
  app->frame();
  expectThePanelHoldsItsContents();
}

// Regression: in teaching mode the swaps-per-pass plot stayed away until pass 8, when the first
// swap counts came back; each pass's count is now there once it has run.
TEST_F(ViewerApp, EachPassSwapsAreKnownAsSoonAsItHasRun) {
  auto app = makeViewer(pausedOn(patternInput(Pattern::Random, 12, 24), "odd-even"));
  app->frame();
  press(*app, "right");
  EXPECT_TRUE(app->lane(0).sorter().swapsInPass(0).has_value()) << "the plot has nothing to draw after pass 0";
  press(*app, "right");
  EXPECT_TRUE(app->lane(0).sorter().swapsInPass(1).has_value());
}

// Regression: at 1600x1000 the nested brackets of bitonic's mirror step on 32 keys ran past the
// frame's bottom edge; the band under the bars now holds the deepest brackets of the schedule.
TEST_F(ViewerApp, MirrorStepBracketsOfThirtyTwoKeysStayInsideTheFrame) {
  ui::ViewerConfig config = pausedOn(patternInput(Pattern::Random, 32, 1, Axis::Rows), "bitonic");
  config.arrayMode = true;
  auto app = std::make_unique<ui::ViewerApp>(std::move(config), [] { return ui::makeOffscreenHost(1600, 1000); });
  app->frame();
  // Pass 10 is merge 32's mirror step (16 nested brackets); after pass 11 the brackets show it.
  press(*app, "right,right,right,right,right,right,right,right,right,right,right");
  ASSERT_NE(app->overlayCaption().find("pass 10"), std::string::npos) << app->overlayCaption();
  const Image frame = app->host().readFrame();
  // The bottom margin (12 px, ui/viewer_style.h) under the lanes is the background alone.
  const std::uint32_t background = frame.pixel(frame.width - 1, frame.height - 1);
  int drawn = 0;
  for (int y = frame.height - 10; y < frame.height; ++y)
    for (int x = 384; x < frame.width; ++x) drawn += frame.pixel(x, y) != background;
  EXPECT_EQ(drawn, 0) << "pixels drawn in the bottom margin";
}

}  // namespace
}  // namespace shadersort::testing

// `view --video`: the viewer plays a small lossless clip (FFV1, so a decoded frame is the frame
// written) through art mode on an offscreen host, with the keys a person presses. What it shows
// for frame k is held, pixel for pixel, to the art pipeline run on its own on that frame.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <memory>
#include <string>

#include "art/art_pipeline.h"
#include "art/presets.h"
#include "cli_support.h"
#include "process_support.h"
#include "sort/registry.h"
#include "sort_test_support.h"
#include "ui/art_command_text.h"
#include "ui/viewer_app.h"
#include "video_clips.h"

namespace shadersort::testing {
namespace {

constexpr int kFrameWidth = 800, kFrameHeight = 500;

// Small for llvmpipe, odd in width so nothing lines up with a power of two.
ClipSpec smallClip() {
  ClipSpec spec;
  spec.width = 48;
  spec.height = 32;
  spec.frames = 6;
  spec.codec = "ffv1";
  spec.seed = 7;
  return spec;
}

art::ArtSettings thresholdRows() {
  art::ArtSettings settings;
  settings.path.kind = art::PathKind::Rows;
  settings.spans = art::SpanMode::Threshold;
  settings.lower = 0.2;
  settings.upper = 0.9;
  return settings;
}

std::unique_ptr<ui::ViewerApp> makeVideoViewer(const std::string& clip, bool playing,
                                               std::optional<ui::ArtConfig> art = std::nullopt, bool scripted = true,
                                               art::Animation animation = {}) {
  ui::ViewerConfig config;
  config.animation = std::move(animation);
  config.algorithm = "frag-odd-even";
  config.videoPath = clip;
  config.startPlaying = playing;
  config.frames = scripted ? 1000000 : 0;  // scripted: one clip frame per viewer frame while playing
  config.art = std::move(art);
  return std::make_unique<ui::ViewerApp>(std::move(config), [] { return ui::makeOffscreenHost(kFrameWidth, kFrameHeight); });
}

void press(ui::ViewerApp& app, const std::string& script) {
  for (ui::ViewerKey key : ui::parseKeyScript(script)) {
    app.host().queueKey(key);
    app.frame();
  }
}

// The art pipeline on its own: `picture` sorted to the end by frag-odd-even with `settings`.
Image pipelineResult(const Image& picture, const art::ArtSettings& settings) {
  art::ArtPipeline pipeline(testSortContext());
  pipeline.setImages({&picture});
  pipeline.setSettings(settings);
  SorterOptions options;
  options.teaching = true;
  std::unique_ptr<Sorter> sorter = findAlgorithm("frag-odd-even").create(testSortContext(), options);
  pipeline.sort(*sorter);
  return pipeline.readResult();
}

class ViewerVideo : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(writeTestClip(clip(), smallClip())); }
  std::string clip() const { return folder_.path("clip.mkv"); }
  ScratchFolder folder_;
};

TEST_F(ViewerVideo, PlaysAFrameEachScriptedFrameSortedAndLoopsAtTheEnd) {
  auto app = makeVideoViewer(clip(), /*playing=*/true);
  ASSERT_NE(app->video(), nullptr);
  ASSERT_NE(app->art(), nullptr) << "a clip opens in art mode";
  EXPECT_EQ(app->art()->config().settings.spans, art::SpanMode::None) << "no art options: sorted whole";
  EXPECT_EQ(app->art()->config().settings.path.kind, art::PathKind::Columns);
  app->frame();
  EXPECT_EQ(app->videoFrameIndex(), 0) << "the first frame shows the clip's first frame";
  EXPECT_TRUE(app->lane(0).finished()) << "frames are shown sorted";
  for (int shown = 1; shown < 9; ++shown) {
    app->frame();
    ASSERT_EQ(app->videoFrameIndex(), shown % 6) << "after " << shown << " frames of playback";
    EXPECT_TRUE(app->lane(0).finished());
    EXPECT_TRUE(app->playing());
  }
  EXPECT_EQ(app->video()->frameCount(), 6) << "counted once the decoder has reached the end";
  EXPECT_TRUE(app->message().empty()) << app->message();
}

// Unscripted, the clip plays by the clock: here a clock the test steps by hand (the frames it
// makes due are waited for), so which frame shows when depends on the clip's times alone.
TEST_F(ViewerVideo, WithoutAScriptPlaysByTheClipsClock) {
  using namespace std::chrono_literals;
  auto now = std::make_shared<std::chrono::steady_clock::time_point>();
  ui::ViewerConfig config;
  config.algorithm = "frag-odd-even";
  config.videoPath = clip();
  config.startPlaying = true;
  config.videoClock = [now] { return *now; };
  ui::ViewerApp app(std::move(config), [] { return ui::makeOffscreenHost(kFrameWidth, kFrameHeight); });
  app.frame();
  ASSERT_EQ(app.videoFrameIndex(), 0);
  // 25 frames/s: frame k is due at 40k ms. Viewer frames 10 ms apart, 1 ms past each boundary
  // (never on one, where rounding would decide), through two loops of the 6-frame clip.
  std::chrono::milliseconds elapsed = 1ms;
  *now += 1ms;
  for (int step = 0; step < 50; ++step, elapsed += 10ms, *now += 10ms) {
    app.frame();
    ASSERT_EQ(app.videoFrameIndex(), (elapsed / 40ms) % 6) << "at " << elapsed.count() << " ms of playback";
  }
  // A stall (a window dragged): a quarter of a second is caught up at most, four frames, the
  // ones between dropped rather than shown late.
  const std::int64_t beforeStall = app.videoFrameIndex();
  *now += 2s;
  app.frame();
  EXPECT_EQ(app.videoFrameIndex(), (beforeStall + 4) % 6);

  // Two steps back pressed in one frame, the second before the first one's frame is decoded:
  // two frames back all the same.
  press(app, "space");
  ASSERT_FALSE(app.playing());
  const std::int64_t paused = app.videoFrameIndex();
  app.host().queueKey(ui::ViewerKey::PreviousFrame);
  app.host().queueKey(ui::ViewerKey::PreviousFrame);
  app.frame();
  EXPECT_EQ(app.videoFrameIndex(), (paused + 4) % 6);
  *now += 1s;
  press(app, "wait,wait");
  EXPECT_EQ(app.videoFrameIndex(), (paused + 4) % 6) << "paused, the clock moves nothing";
  EXPECT_TRUE(app.message().empty()) << app.message();
}

// A clip of frames with their own durations (a GIF's delays) plays each frame at its own time,
// not at the clip's average rate: frame 3 waits out frame 2's 200 ms.
TEST_F(ViewerVideo, AVariableRateClipPlaysEachFrameAtItsOwnTime) {
  using namespace std::chrono_literals;
  ClipSpec spec = smallClip();
  spec.codec = "gif";
  spec.frameMillis = {40, 40, 200, 40, 40, 40};
  ASSERT_TRUE(writeTestClip(folder_.path("delays.gif"), spec));
  auto now = std::make_shared<std::chrono::steady_clock::time_point>();
  ui::ViewerConfig config;
  config.algorithm = "frag-odd-even";
  config.videoPath = folder_.path("delays.gif");
  config.startPlaying = true;
  config.videoClock = [now] { return *now; };
  ui::ViewerApp app(std::move(config), [] { return ui::makeOffscreenHost(kFrameWidth, kFrameHeight); });
  app.frame();
  ASSERT_EQ(app.videoFrameIndex(), 0);
  const std::vector<int> startMillis = {0, 40, 80, 280, 320, 360};
  // Through the first pass of the clip, 1 ms past the 10 ms grid (never on a frame's start).
  for (int elapsed = 1; elapsed < 400; elapsed += 10) {
    *now += elapsed == 1 ? 1ms : 10ms;
    app.frame();
    const auto expected = std::upper_bound(startMillis.begin(), startMillis.end(), elapsed) - startMillis.begin() - 1;
    ASSERT_EQ(app.videoFrameIndex(), expected) << "at " << elapsed << " ms of playback";
  }
  EXPECT_TRUE(app.message().empty()) << app.message();
}

TEST_F(ViewerVideo, AClipCutShortPausesOnItsLastGoodFrameAndSaysWhy) {
  ClipSpec spec = smallClip();
  spec.frames = 24;
  ASSERT_TRUE(writeTestClip(folder_.path("whole.mkv"), spec));
  std::string bytes = readText(folder_.path("whole.mkv"));
  bytes.resize(bytes.size() * 3 / 4);
  {
    std::ofstream cut(folder_.path("cut.mkv"), std::ios::binary);
    cut << bytes;
  }
  auto app = makeVideoViewer(folder_.path("cut.mkv"), /*playing=*/true);
  for (int frame = 0; frame < 40 && app->playing(); ++frame) app->frame();
  EXPECT_FALSE(app->playing()) << "a damaged clip stops playing";
  EXPECT_NE(app->message().find("cut.mkv"), std::string::npos) << app->message();
  const std::int64_t stoppedAt = app->videoFrameIndex();
  EXPECT_GT(stoppedAt, 0);
  EXPECT_LT(stoppedAt, 23);
  press(*app, "wait,wait");
  EXPECT_EQ(app->videoFrameIndex(), stoppedAt) << "the last good frame stays";
}

// A clip played with a keyframed preset: the panel's command carries the keyframes (as the
// preset, with no option that would replace a track) and writes what the preset writes.
TEST_F(ViewerVideo, ThePanelsRunCommandCarriesThePresetsKeyframes) {
  const std::string presetPath = folder_.path("turning lower.toml");
  {
    std::ofstream preset(presetPath);
    preset << "path = \"rows\"\nspans = \"threshold\"\nkey = \"lightness\"\nupper = 0.9\nmax-span = 12\n"
              "lower = [[0.0, 0.05], [0.4, 0.6]]\n";
  }
  const art::Preset preset = art::loadPreset(presetPath);
  ui::ArtConfig config{preset.settings, "", "", ""};
  config.settings.maxSpan = 0;  // changed in the viewer: the command must say so over the preset
  ui::ViewerConfig viewer;
  viewer.algorithm = "radix";
  viewer.videoPath = clip();
  viewer.animation = preset.animation;
  viewer.presetPath = presetPath;
  viewer.frames = 1000000;
  viewer.art = config;
  ui::ViewerApp app(std::move(viewer), [] { return ui::makeOffscreenHost(kFrameWidth, kFrameHeight); });
  app.frame();
  const std::string command = app.artRunCommand(folder_.path("from panel.mkv"));
  EXPECT_NE(command.find("--preset '" + presetPath + "'"), std::string::npos) << command;
  EXPECT_EQ(command.find("--lower"), std::string::npos) << "--lower would replace the keyframes: " << command;
  EXPECT_NE(command.find("--max-span 0"), std::string::npos) << command;
  const auto fromPanel = runShadersort(command.substr(std::string("shadersort ").size()) + " --quiet");
  ASSERT_EQ(fromPanel.exitCode, 0) << command << "\n" << fromPanel.err;
  const auto direct = runShadersort("run --video " + clip() + " --algo radix --preset '" + presetPath +
                                    "' --max-span 0 --quiet --out " + folder_.path("direct.mkv"));
  ASSERT_EQ(direct.exitCode, 0) << direct.err;
  const auto staticLower = runShadersort("run --video " + clip() + " --algo radix --preset '" + presetPath +
                                         "' --max-span 0 --lower 0.05 --quiet --out " + folder_.path("static.mkv"));
  ASSERT_EQ(staticLower.exitCode, 0) << staticLower.err;
  const std::vector<Image> panelFrames = decodeAllFrames(folder_.path("from panel.mkv"));
  const std::vector<Image> directFrames = decodeAllFrames(folder_.path("direct.mkv"));
  ASSERT_EQ(panelFrames.size(), directFrames.size());
  for (std::size_t i = 0; i < panelFrames.size(); ++i) EXPECT_TRUE(panelFrames[i].rgba == directFrames[i].rgba) << "frame " << i;
  EXPECT_FALSE(decodeAllFrames(folder_.path("static.mkv")).back().rgba == directFrames.back().rgba)
      << "the keyframes must change the later frames";
}

TEST(ViewerVideoCommand, ThePanelsRunCommandNamesTheClip) {
  ui::ArtConfig config;
  config.settings.path.kind = art::PathKind::Rows;
  EXPECT_EQ(ui::equivalentRunCommand(config, "radix", {}, "OUT.mp4", "my clip.mkv"),
            "shadersort run --video 'my clip.mkv' --algo radix --path rows --spans none --key luminance --seed 1 --out OUT.mp4");
}

TEST_F(ViewerVideo, FrameStepsShowEachFramesPipelineResultExactly) {
  const ui::ArtConfig art{thresholdRows(), "", "", ""};
  auto app = makeVideoViewer(clip(), /*playing=*/false, art);
  app->frame();
  press(*app, "period,period");
  ASSERT_EQ(app->videoFrameIndex(), 2);
  EXPECT_FALSE(app->playing());
  ASSERT_TRUE(app->lane(0).finished()) << "a frame step shows the frame sorted (e is on with a clip)";
  const Image shownTwo = app->art()->pipeline().readResult();
  EXPECT_EQ(shownTwo.rgba, pipelineResult(testClipFrame(smallClip(), 2), thresholdRows()).rgba);

  press(*app, "comma");  // back: decoded again from the start up to frame 1
  ASSERT_EQ(app->videoFrameIndex(), 1);
  const Image shownOne = app->art()->pipeline().readResult();
  EXPECT_EQ(shownOne.rgba, pipelineResult(testClipFrame(smallClip(), 1), thresholdRows()).rgba);
  EXPECT_NE(shownOne.rgba, shownTwo.rgba) << "the test clip's frames must differ";

  press(*app, "comma,comma");  // from frame 0 back to the last, as the loop goes
  EXPECT_EQ(app->videoFrameIndex(), 5);
  EXPECT_EQ(app->art()->pipeline().readResult().rgba, pipelineResult(testClipFrame(smallClip(), 5), thresholdRows()).rgba);
  press(*app, "period");
  EXPECT_EQ(app->videoFrameIndex(), 0);
  EXPECT_TRUE(app->message().empty()) << app->message();
}

// A 4:2:0 clip (H.264) reaches the pipeline as its planes, converted on the GPU as run --video
// converts them; an export then reads the picture back from the GPU, so it sorts the frame shown.
TEST_F(ViewerVideo, A420ClipsFramesGoToTheGpuAsPlanes) {
  ClipSpec spec = smallClip();
  spec.codec = "libx264";
  const std::string h264 = folder_.path("clip.mp4");
  ASSERT_TRUE(writeTestClip(h264, spec));
  const ui::ArtConfig art{thresholdRows(), "", "", ""};
  auto app = makeVideoViewer(h264, /*playing=*/false, art);
  app->frame();
  press(*app, "period,period,period");
  ASSERT_EQ(app->videoFrameIndex(), 3);
  EXPECT_EQ(app->videoFramesShown(), 3);
  EXPECT_EQ(app->videoFramesAsPlanes(), 3) << "every frame after the first came as planes";
  // The GPU's conversion against FFmpeg's (swscale) of the same frame: the same picture within
  // the rounding of two conversions.
  const Image shown = app->art()->pipeline().readPicture();
  const std::vector<Image> decoded = decodeAllFrames(h264);
  ASSERT_GT(decoded.size(), 3u);
  ASSERT_EQ(shown.rgba.size(), decoded[3].rgba.size());
  double total = 0;
  std::size_t beyond8 = 0;
  for (std::size_t i = 0; i < shown.rgba.size(); ++i) {
    const int difference = std::abs(static_cast<int>(shown.rgba[i]) - static_cast<int>(decoded[3].rgba[i]));
    total += difference;
    beyond8 += difference > 8;
  }
  // Measured: a mean of 0.98 and 1% beyond 8 (chroma interpolated differently at sharp edges).
  EXPECT_LE(total / static_cast<double>(shown.rgba.size()), 2.0) << "the planes were converted into another picture";
  EXPECT_LE(beyond8, shown.rgba.size() * 3 / 100);
  EXPECT_NE(shown.rgba, decoded[2].rgba) << "the frames must differ for this test to tell them apart";
  // The export sorts the frame shown (read back from the GPU), as the lane shows it.
  std::unique_ptr<Sorter> sorter = findAlgorithm("frag-odd-even").create(testSortContext(), SorterOptions{});
  EXPECT_EQ(app->art()->finishedPicture(testSortContext(), *sorter).rgba, pipelineResult(shown, thresholdRows()).rgba);
  EXPECT_TRUE(app->message().empty()) << app->message();
}

TEST_F(ViewerVideo, KeyframedSettingsFollowTheFramesTime) {
  art::Animation animation;
  // The lower threshold from 0.1 at 0 s to 0.7 at 0.2 s (frame 5 at 25 frames/s).
  animation.set({art::AnimatedSetting::Lower, {{0.0, 0.1}, {0.2, 0.7}}});
  const ui::ArtConfig art{thresholdRows(), "", "", ""};
  auto app = makeVideoViewer(clip(), /*playing=*/false, art, /*scripted=*/true, animation);
  app->frame();
  EXPECT_DOUBLE_EQ(app->art()->config().settings.lower, 0.1);
  press(*app, "period,period");
  ASSERT_EQ(app->videoFrameIndex(), 2);
  const double seconds = app->videoFrameSeconds();
  EXPECT_NEAR(seconds, 2.0 / 25.0, 1e-3);
  const art::ArtSettings expected = animation.at(thresholdRows(), seconds);
  EXPECT_DOUBLE_EQ(app->art()->config().settings.lower, expected.lower);
  EXPECT_GT(expected.lower, 0.3);
  EXPECT_EQ(app->art()->pipeline().readResult().rgba, pipelineResult(testClipFrame(smallClip(), 2), expected).rgba);
  press(*app, "comma");
  EXPECT_DOUBLE_EQ(app->art()->config().settings.lower, animation.at(thresholdRows(), app->videoFrameSeconds()).lower);
  EXPECT_TRUE(app->message().empty()) << app->message();
}

TEST_F(ViewerVideo, PassKeysStepThroughTheSortOfThePausedFrame) {
  auto app = makeVideoViewer(clip(), /*playing=*/true);
  app->frame();
  press(*app, "period");  // pauses on frame 1
  ASSERT_FALSE(app->playing());
  ASSERT_EQ(app->videoFrameIndex(), 1);
  const std::uint32_t passes = app->lane(0).passCount();
  ASSERT_GT(passes, 3u);
  press(*app, "home,right,right");
  EXPECT_EQ(app->lane(0).pass(), 2u);
  press(*app, "left");
  EXPECT_EQ(app->lane(0).pass(), 1u);
  press(*app, "wait,wait");
  EXPECT_EQ(app->lane(0).pass(), 1u) << "paused: neither frames nor passes move";
  EXPECT_EQ(app->videoFrameIndex(), 1);

  // e off: the next frame opens at pass 0, for the pass keys.
  press(*app, "e,period");
  EXPECT_EQ(app->videoFrameIndex(), 2);
  EXPECT_EQ(app->lane(0).pass(), 0u);
  press(*app, "right");
  EXPECT_EQ(app->lane(0).pass(), 1u);
  press(*app, "end");  // runs to the end over frames, within each frame's time budget
  for (int more = 0; more < 100 && !app->lane(0).finished(); ++more) app->frame();
  EXPECT_TRUE(app->lane(0).finished());
  EXPECT_EQ(app->videoFrameIndex(), 2);

  // Space plays the clip on from there.
  press(*app, "space");
  EXPECT_TRUE(app->playing());
  EXPECT_EQ(app->videoFrameIndex(), 3);
}

TEST_F(ViewerVideo, CommandLinePlaysTheClipAndRefusesBadInputInOneLine) {
  const auto played = runShadersort("view --video " + clip() + " --offscreen --frames 4 --stats --path rows --spans threshold");
  ASSERT_EQ(played.exitCode, 0) << played.err;
  EXPECT_NE(played.out.find("video: frame 4 of "), std::string::npos) << played.out;

  {
    std::ofstream broken(folder_.path("broken.mkv"), std::ios::binary);
    broken << "not a video at all, only words where a Matroska header should be";
  }
  savePng(Image(4, 4), folder_.path("still.png"));
  const std::pair<std::string, int> refused[] = {
      {"--video " + folder_.path("broken.mkv"), 1},
      {"--video " + folder_.path("missing.mkv"), 1},
      {"--video " + clip() + " " + folder_.path("still.png"), 2},
      {"--video " + clip() + " --pattern random", 2},
      {"--video " + clip() + " --race radix,bitonic", 2},
  };
  for (const auto& [options, exitCode] : refused) {
    SCOPED_TRACE(options);
    const auto result = runShadersort("view " + options + " --offscreen --frames 1");
    EXPECT_EQ(result.exitCode, exitCode) << result.err;
    EXPECT_EQ(lineCount(result.err), 1) << result.err;
  }
}

// A GIF of a few bytes whose logical screen (the size of every frame) is 512x512: the viewer
// holds it to --max-memory, as run --video does, before it decodes a frame.
TEST_F(ViewerVideo, AClipLargerThanTheMemoryBudgetIsRefusedBeforeDecoding) {
  writeBytes(folder_.path("bigscreen.gif"),
             {'G', 'I', 'F', '8', '9', 'a', 0x00, 0x02, 0x00, 0x02, 0x80, 0x00, 0x00,  // 512x512, 2 colours
              0x00, 0x00, 0x00, 0xff, 0xff, 0xff,                                      // the palette
              0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,              // a 1x1 image at 0,0
              0x02, 0x02, 0x44, 0x01, 0x00, 0x3b});
  const auto refused =
      runShadersort("view --video " + folder_.path("bigscreen.gif") + " --offscreen --frames 1 --max-memory 8M");
  EXPECT_EQ(refused.exitCode, 2) << refused.err;
  EXPECT_EQ(lineCount(refused.err), 1) << refused.err;
  EXPECT_NE(refused.err.find("512x512"), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("--max-memory"), std::string::npos) << refused.err;
}

// --strict: a damaged clip is refused in one line before the window opens; a FIFO never gets as
// far as FFmpeg (it would block its open: the timeout turns a hang into a failure).
TEST_F(ViewerVideo, StrictRefusesADamagedClipAndAFifoIsRefused) {
  std::string bytes = readText(clip());
  bytes.resize(bytes.size() * 3 / 4);
  writeBytes(folder_.path("cut.mkv"), std::vector<std::uint8_t>(bytes.begin(), bytes.end()));
  ASSERT_EQ(mkfifo(folder_.path("f.mkv").c_str(), 0600), 0);
  ProcessOptions bounded;
  bounded.timeoutSeconds = 60;
  const std::pair<std::string, std::string> refused[] = {
      {"cut.mkv", "cut.mkv"}, {"f.mkv", "not a regular file"}};
  for (const auto& [name, reason] : refused) {
    SCOPED_TRACE(name);
    const ProcessResult result = runShadersortArgs(
        {"view", "--video", folder_.path(name), "--strict", "--offscreen", "--frames", "1"}, bounded);
    EXPECT_FALSE(result.timedOut);
    EXPECT_EQ(result.exitCode, 1) << result.err;
    EXPECT_EQ(lineCount(result.err), 1) << result.err;
    EXPECT_NE(result.err.find(reason), std::string::npos) << result.err;
  }
  const auto played = runShadersort("view --video " + clip() + " --strict --offscreen --frames 2");
  EXPECT_EQ(played.exitCode, 0) << played.err;
  EXPECT_EQ(played.err, "");
}

}  // namespace
}  // namespace shadersort::testing

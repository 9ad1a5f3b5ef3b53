// Keyframed art settings (issue 25, step 4) and the per-frame seed (step 5): interpolation, the
// preset syntax and its errors, the command line's precedence, and a frame's settings checked
// through the CPU span map. All on the CPU, but for one run of the binary on a still.

#include <gtest/gtest.h>

#include <CLI/CLI.hpp>

#include <fstream>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "art/animation.h"
#include "art/art_plan.h"
#include "art/presets.h"
#include "cli/art_options.h"
#include "cli_support.h"
#include "core/error.h"
#include "data/image.h"

namespace shadersort::testing {
namespace {

using namespace shadersort::art;

Track track(AnimatedSetting setting, std::vector<Keyframe> keys) { return Track{setting, std::move(keys)}; }

ArtSettings thresholdRows() {
  ArtSettings settings;
  settings.path = parsePathSpec("rows");
  settings.spans = SpanMode::Threshold;
  settings.key = PixelKey::Lightness;
  settings.lower = 0.1;
  settings.upper = 1.0;
  return settings;
}

// Each row a grey ramp, shifted per row, so that a threshold cuts every row somewhere else.
Image greyRamps(int width, int height) {
  Image image(width, height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const std::uint32_t level = static_cast<std::uint32_t>((x * 255 / (width - 1) + y * 37) % 256);
      image.setPixel(x, y, level * 0x010101u | 0xFF000000u);
    }
  return image;
}

std::vector<std::pair<std::uint32_t, std::uint32_t>> spanList(const ArtPlan& plan) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> list;
  for (const Span& span : plan.spans) list.emplace_back(span.start, span.length);
  return list;
}

TEST(ArtAnimation, InterpolatesBetweenKeysAndHoldsBeyondThem) {
  const Track lower = track(AnimatedSetting::Lower, {{1.0, 0.2}, {3.0, 0.6}, {4.0, 0.1}});
  EXPECT_EQ(lower.valueAt(0.0), 0.2);   // before the first key: held
  EXPECT_EQ(lower.valueAt(1.0), 0.2);   // at a key: exactly its value
  EXPECT_DOUBLE_EQ(lower.valueAt(2.0), 0.4);
  EXPECT_DOUBLE_EQ(lower.valueAt(1.5), 0.3);
  EXPECT_EQ(lower.valueAt(3.0), 0.6);
  EXPECT_DOUBLE_EQ(lower.valueAt(3.5), 0.35);
  EXPECT_EQ(lower.valueAt(4.0), 0.1);
  EXPECT_EQ(lower.valueAt(100.0), 0.1);  // after the last: held
  EXPECT_EQ(track(AnimatedSetting::Skip, {{2.0, 40.0}}).valueAt(0.5), 40.0);  // one key: a constant

  Animation animation;
  animation.set(lower);
  animation.set(track(AnimatedSetting::Angle, {{0.0, 0.0}, {4.0, 90.0}}));
  animation.set(track(AnimatedSetting::CentreX, {{0.0, 0.2}, {2.0, 0.8}}));
  animation.set(track(AnimatedSetting::Skip, {{0.0, 0.0}, {10.0, 50.0}}));
  ArtSettings base;
  base.path = parsePathSpec("angle:10");
  const ArtSettings at1 = animation.at(base, 1.0);
  EXPECT_EQ(at1.lower, 0.2);
  EXPECT_DOUBLE_EQ(at1.path.angleDegrees, 22.5);
  EXPECT_EQ(at1.path.centreX, base.path.centreX);  // the centre is not an angle path's
  EXPECT_DOUBLE_EQ(at1.skipPercent, 5.0);
  EXPECT_EQ(at1.upper, base.upper);  // not animated: the base's
  base.path = parsePathSpec("spokes");
  const ArtSettings spokes = animation.at(base, 1.0);
  EXPECT_DOUBLE_EQ(spokes.path.centreX, 0.5);
  EXPECT_EQ(spokes.path.angleDegrees, base.path.angleDegrees);  // the angle is not a spokes path's

  EXPECT_EQ(animation.lastKeySeconds(), 10.0);
  ASSERT_NE(animation.find(AnimatedSetting::Angle), nullptr);
  animation.remove(AnimatedSetting::Angle);
  EXPECT_EQ(animation.find(AnimatedSetting::Angle), nullptr);
  animation.set(track(AnimatedSetting::Skip, {{0.0, 1.0}}));  // replaces
  EXPECT_EQ(animation.tracks.size(), 3u);
  EXPECT_EQ(animation.lastKeySeconds(), 4.0);
  EXPECT_TRUE(Animation{}.empty());
  EXPECT_EQ(Animation{}.lastKeySeconds(), 0.0);
}

TEST(ArtAnimation, WholeNumberSettingsRoundToNearest) {
  Animation animation;
  animation.set(track(AnimatedSetting::MaxSpan, {{0.0, 10.0}, {1.0, 11.0}}));
  animation.set(track(AnimatedSetting::SpanLength, {{0.0, 2.0}, {4.0, 5.0}}));
  const ArtSettings base;
  EXPECT_EQ(animation.at(base, 0.4).maxSpan, 10u);
  EXPECT_EQ(animation.at(base, 0.6).maxSpan, 11u);
  EXPECT_EQ(animation.at(base, 1.0).spanLength, 3u);  // 2.75
  EXPECT_EQ(animation.at(base, 0.6).spanLength, 2u);  // 2.45
  EXPECT_EQ(animation.at(base, 4.0).spanLength, 5u);
  for (AnimatedSetting setting : animatedSettings()) {
    EXPECT_EQ(parseAnimatedSetting(animatedSettingName(setting)), setting);
    EXPECT_EQ(isWholeNumberSetting(setting), setting == AnimatedSetting::MaxSpan || setting == AnimatedSetting::SpanLength);
  }
  EXPECT_EQ(animatedSettingName(AnimatedSetting::CentreY), "centre-y");
  EXPECT_FALSE(parseAnimatedSetting("seed"));
}

TEST(ArtAnimationPresets, KeyframesParseAndTheBaseIsTheirValueAtTimeZero) {
  const Preset preset = parsePreset(
      "path = \"angle:10\"\n"
      "angle = [[0.0, 0], [4.0, 90]]\n"
      "spans = \"threshold\"\n"
      "lower = [[1.0, 0.2], [2.0, 0.5]]\n"
      "upper = [[0, 0.9]]\n"  // one pair, an integer time: fine
      "max-span = [[0.0, 40], [6.0, 200]]\n"
      "skip = 12.5\n",
      "anim.toml", "");
  EXPECT_EQ(preset.settings.path.angleDegrees, 0.0);  // the track's t = 0, not the path's 10
  EXPECT_EQ(preset.settings.lower, 0.2);
  EXPECT_EQ(preset.settings.upper, 0.9);
  EXPECT_EQ(preset.settings.maxSpan, 40u);
  EXPECT_EQ(preset.settings.skipPercent, 12.5);
  EXPECT_EQ(preset.animation.tracks.size(), 4u);
  EXPECT_EQ(preset.animation.find(AnimatedSetting::Skip), nullptr);
  ASSERT_NE(preset.animation.find(AnimatedSetting::Lower), nullptr);
  EXPECT_EQ(preset.animation.find(AnimatedSetting::Lower)->keys, (std::vector<Keyframe>{{1.0, 0.2}, {2.0, 0.5}}));
  EXPECT_EQ(preset.animation.lastKeySeconds(), 6.0);
  EXPECT_TRUE(preset.given.count("angle") > 0 && preset.given.count("lower") > 0);
  const ArtSettings at3 = preset.animation.at(preset.settings, 3.0);
  EXPECT_DOUBLE_EQ(at3.path.angleDegrees, 67.5);
  EXPECT_EQ(at3.lower, 0.5);
  EXPECT_EQ(at3.maxSpan, 120u);

  // Numbers for the path's angle and centre replace the path's own.
  const Preset still = parsePreset("path = \"rings:0.1,0.1\"\ncentre-x = 0.3\ncentre-y = [[0.0, 0.7]]\n", "still.toml", "");
  EXPECT_EQ(still.settings.path.centreX, 0.3);
  EXPECT_EQ(still.settings.path.centreY, 0.7);
  EXPECT_EQ(still.animation.tracks.size(), 1u);
  EXPECT_EQ(parsePreset("path = \"angle:10\"\nangle = 30\n", "a.toml", "").settings.path.angleDegrees, 30.0);
  // Edges read `lower` alone: a lower above the unread upper is fine there.
  EXPECT_NO_THROW(parsePreset("spans = \"edges\"\nupper = 0.2\nlower = [[0.0, 0.1], [1.0, 0.9]]\n", "e.toml", ""));
}

TEST(ArtAnimationPresets, BadKeyframesAreRefusedNamingTheLine) {
  const std::pair<std::string, std::string> cases[] = {
      {"spans = \"threshold\"\nlower = [\n  [0.0, 0.2],\n  [2.0, 0.3],\n  [1.0, 0.4],\n]\n",
       "line 5: lower keyframe times must increase (1 after 2)"},
      {"lower = [[0.0, 0.2], [0.0, 0.3]]\n", "line 1: lower keyframe times must increase"},
      {"path = \"rows\"\nskip = [[-1.0, 10]]\n", "line 2: skip keyframe times want a number of seconds from 0"},
      {"skip = [[nan, 10]]\n", "line 1: skip keyframe times want"},
      {"upper = [[0.0, 0.5, 1.0]]\n", "line 1: upper keyframes are [time, value] pairs"},
      {"upper = [0.5, 0.6]\n", "line 1: upper keyframes are [time, value] pairs"},
      {"upper = [[0.0, \"half\"]]\n", "line 1: upper keyframes are [time, value] pairs"},
      {"\nlower = []\n", "line 2: lower keyframes want at least one"},
      {"path = \"rows\"\nupper = [[0.0, 0.5],\n [1.0, 1.5]]\n", "line 3: upper wants a number from 0 to 1"},
      {"max-span = [[0.0, 0], [1.0, 90]]\n", "line 1: max-span wants a number from 2 to 2^30 when animated"},
      {"span-length = [[0.0, 2.5]]\n", "line 1: span-length wants a whole number"},
      {"path = \"angle:0\"\nangle = [[0.0, 0], [1.0, 400]]\n", "line 2: angle wants a number from -360 to 360"},
      {"path = \"rings\"\nangle = [[0.0, 0], [4.0, 90]]\n", "line 2: angle animates an angle path; path is rings"},
      {"path = \"angle:10\"\ncentre-x = [[0.0, 0.2]]\n",
       "line 2: centre-x animates the centre of rings or spokes; path is angle"},
      {"centre-y = [[0.0, 0.2]]\n", "line 1: centre-y animates the centre of rings or spokes; path is columns"},
      {"path = \"rows\"\nangle = 30\n", "line 2: angle needs an angle path; path is rows"},
      {"path = \"spokes\"\ncentre-x = 2\n", "line 2: centre-x wants a number from 0 to 1"},
      // The band turns over mid-animation, at a key of lower...
      {"spans = \"threshold\"\nupper = 0.5\nlower = [[0.0, 0.2], [2.0, 0.6], [4.0, 0.2]]\n",
       "line 3: lower 0.6 is above upper 0.5 at 2 s"},
      // ... or at a key of upper only, where lower is between its keys.
      {"spans = \"threshold\"\nlower = [[0.0, 0.0], [4.0, 1.0]]\nupper = [[2.0, 0.3], [6.0, 1.0]]\n",
       "line 2: lower 0.5 is above upper 0.3 at 2 s"},
      {"spans = \"threshold\"\nlower = 0.7\nupper = [[0.0, 0.9], [1.0, 0.6]]\n", "line 3: lower 0.7 is above upper 0.6 at 1 s"},
  };
  for (const auto& [toml, expected] : cases) {
    SCOPED_TRACE(toml);
    try {
      parsePreset(toml, "bad.toml", "");
      ADD_FAILURE() << "accepted";
    } catch (const UsageError& error) {
      const std::string message = error.what();
      EXPECT_NE(message.find("preset 'bad.toml' " + expected), std::string::npos) << message;
      EXPECT_EQ(message.find('\n'), std::string::npos);
    }
  }
}

TEST(ArtAnimationPresets, TracksRoundTripThroughPresetToml) {
  const Preset preset = parsePreset(
      "path = \"spokes:0.25,0.75\"\n"
      "centre-x = [[0.0, 0.25], [1.5, 0.6]]\n"
      "centre-y = [[0.5, 0.75], [3.0, 0.125]]\n"
      "spans = \"random\"\n"
      "span-length = [[0.0, 30], [2.0, 90]]\n"
      "skip = [[0.0, 0.0], [8.0, 60.0]]\n"
      "max-span = [[1.0, 64]]\n",
      "rich.toml", "");
  const std::string text = presetToml(preset);
  EXPECT_NE(text.find("span-length = [[0.0, 30], [2.0, 90]]\n"), std::string::npos) << text;
  const Preset back = parsePreset(text, "back.toml", "");
  EXPECT_EQ(back.animation.tracks.size(), preset.animation.tracks.size());
  for (const Track& track : preset.animation.tracks) {
    ASSERT_NE(back.animation.find(track.setting), nullptr) << animatedSettingName(track.setting);
    EXPECT_EQ(*back.animation.find(track.setting), track);
  }
  EXPECT_EQ(back.settings.path.centreX, 0.25);
  EXPECT_EQ(back.settings.maxSpan, 64u);
  EXPECT_EQ(presetToml(back), text);

  // Built in code, with values whose shortest text is long, and an angle track.
  Preset made;
  made.settings.path = parsePathSpec("angle:0");
  made.settings.spans = SpanMode::Threshold;
  made.animation.set(track(AnimatedSetting::Angle, {{0.0, 0.0}, {0.1 + 0.2, -33.3}}));
  made.animation.set(track(AnimatedSetting::Lower, {{0.0, 0.1 + 0.2}, {2.0, 1e-7}}));
  made.animation.set(track(AnimatedSetting::Upper, {{0.0, 0.9}}));
  made.settings = made.animation.at(made.settings, 0.0);
  const Preset madeBack = parsePreset(presetToml(made), "made.toml", "");
  EXPECT_EQ(madeBack.animation.find(AnimatedSetting::Angle)->keys, made.animation.find(AnimatedSetting::Angle)->keys);
  EXPECT_EQ(madeBack.animation.find(AnimatedSetting::Lower)->keys, made.animation.find(AnimatedSetting::Lower)->keys);
  EXPECT_EQ(madeBack.settings.lower, 0.1 + 0.2);
  EXPECT_EQ(presetToml(madeBack), presetToml(made));
}

// toArtRequest as `run` calls it, with the input options it reads beside the art options.
std::optional<cli::ArtRequest> request(const std::string& arguments) {
  CLI::App app;
  cli::ArtOptionText text;
  cli::addArtOptions(app, text);
  std::string axis, key, seed;
  bool descending = false;
  app.add_option("--axis", axis);
  app.add_option("--key", key);
  app.add_option("--seed", seed);
  app.add_flag("--descending", descending);
  app.parse(arguments, false);
  return cli::toArtRequest(app, text, InputSpec{});
}

TEST(ArtAnimationCommandLine, AnOptionGivenRemovesItsSettingsTrack) {
  ScratchFolder folder;
  const std::string preset = folder.path("anim.toml");
  {
    std::ofstream file(preset);
    file << "path = \"angle:0\"\nangle = [[0.0, 10], [4.0, 90]]\nspans = \"threshold\"\n"
            "lower = [[0.0, 0.2], [2.0, 0.5]]\nupper = [[0.0, 0.9], [2.0, 0.6]]\nmax-span = [[0.0, 40], [6.0, 200]]\n";
  }
  const auto all = request("--preset " + preset);
  ASSERT_TRUE(all);
  EXPECT_EQ(all->animation.tracks.size(), 4u);
  EXPECT_EQ(all->settings.lower, 0.2);  // a still takes t = 0
  EXPECT_EQ(all->settings.path.angleDegrees, 10.0);
  EXPECT_EQ(all->settings.maxSpan, 40u);

  const auto lower = request("--preset " + preset + " --lower 0.3 --max-span 8");
  ASSERT_TRUE(lower);
  EXPECT_EQ(lower->animation.find(AnimatedSetting::Lower), nullptr);
  EXPECT_EQ(lower->animation.find(AnimatedSetting::MaxSpan), nullptr);
  EXPECT_NE(lower->animation.find(AnimatedSetting::Upper), nullptr);
  EXPECT_EQ(lower->animation.at(lower->settings, 2.0).lower, 0.3);
  EXPECT_EQ(lower->animation.at(lower->settings, 5.0).maxSpan, 8u);
  EXPECT_EQ(lower->animation.at(lower->settings, 2.0).upper, 0.6);

  const auto path = request("--preset " + preset + " --path angle:45");
  ASSERT_TRUE(path);
  EXPECT_EQ(path->animation.find(AnimatedSetting::Angle), nullptr);
  EXPECT_EQ(path->animation.at(path->settings, 3.0).path.angleDegrees, 45.0);
  const auto rings = request("--preset " + preset + " --path rings:0.2,0.3");
  ASSERT_TRUE(rings);
  EXPECT_EQ(rings->animation.find(AnimatedSetting::Angle), nullptr);
  const auto axis = request("--preset " + preset + " --axis rows");
  ASSERT_TRUE(axis);
  EXPECT_EQ(axis->animation.find(AnimatedSetting::Angle), nullptr);

  // The preset's upper falls to 0.6 at 2 s: a lower of 0.7 from the command line crosses it there.
  try {
    request("--preset " + preset + " --lower 0.7");
    ADD_FAILURE() << "accepted";
  } catch (const UsageError& error) {
    EXPECT_NE(std::string(error.what()).find("lower 0.7 is above upper 0.6 at 2 s"), std::string::npos) << error.what();
  }
  EXPECT_NO_THROW(request("--preset " + preset + " --lower 0.7 --spans edges"));
}

TEST(ArtAnimationCommandLine, AStillTakesTheSettingsAtTimeZero) {
  ScratchFolder folder;
  const Image input = greyRamps(48, 24);
  savePng(input, folder.path("in.png"));
  {
    std::ofstream animated(folder.path("anim.toml"));
    animated << "path = \"rows\"\nspans = \"threshold\"\nkey = \"lightness\"\nlower = [[0.0, 0.3], [1.0, 0.7]]\n"
                "upper = 1.0\n";
    std::ofstream still(folder.path("still.toml"));
    still << "path = \"rows\"\nspans = \"threshold\"\nkey = \"lightness\"\nlower = 0.3\nupper = 1.0\n";
  }
  for (const char* name : {"anim", "still"}) {
    const auto result = runShadersort("run " + folder.path("in.png") + " --algo radix --verify --preset " +
                                      folder.path(std::string(name) + ".toml") + " --out " + folder.path(std::string(name) + ".png"));
    ASSERT_EQ(result.exitCode, 0) << result.err;
  }
  EXPECT_EQ(loadImage(folder.path("anim.png")).rgba, loadImage(folder.path("still.png")).rgba);
}

// The acceptance check of issue 25: frame k uses the interpolated value, seen in the span map.
TEST(ArtAnimation, AFrameUsesTheInterpolatedValueThroughTheSpanMap) {
  const Image picture = greyRamps(64, 16);
  const ArtSettings base = thresholdRows();
  Animation animation;
  animation.set(track(AnimatedSetting::Lower, {{0.0, 0.125}, {2.0, 0.625}}));
  animation.set(track(AnimatedSetting::MaxSpan, {{0.0, 51.0}, {2.0, 10.0}}));
  const double fps = 8.0;
  // Frame, and the static settings a user would write for its moment (dyadic, so exact).
  const struct {
    int frame;
    double lower;
    std::uint32_t maxSpan;
  } frames[] = {{4, 0.25, 41}, {12, 0.5, 20}};  // max-span 40.75 and 20.25, rounded to nearest
  for (const auto& [frame, lower, maxSpan] : frames) {
    SCOPED_TRACE(frame);
    ArtSettings expected = base;
    expected.lower = lower;
    expected.maxSpan = maxSpan;
    const ArtPlan framePlan = planArt(animation.at(base, frame / fps), {&picture});
    const ArtPlan staticPlan = planArt(expected, {&picture});
    const ArtPlan firstPlan = planArt(animation.at(base, 0.0), {&picture});
    EXPECT_EQ(framePlan.settings.lower, lower);
    EXPECT_EQ(framePlan.settings.maxSpan, maxSpan);
    EXPECT_EQ(spanList(framePlan), spanList(staticPlan));
    EXPECT_EQ(referenceSources(framePlan), referenceSources(staticPlan));
    EXPECT_NE(spanList(framePlan), spanList(firstPlan)) << "the animation changed nothing";
    EXPECT_FALSE(framePlan.spans.empty());
  }
}

TEST(ArtFrameSeed, TemporalKeepsTheSeedOtherwiseEachFrameDrawsAnew) {
  std::set<std::uint64_t> seeds;
  for (std::int64_t frame = 0; frame < 1000; ++frame) {
    EXPECT_EQ(frameSeed(7, frame, true), 7u);
    const std::uint64_t seed = frameSeed(7, frame, false);
    EXPECT_EQ(seed, frameSeed(7, frame, false));  // reproducible
    seeds.insert(seed);
  }
  EXPECT_EQ(seeds.size(), 1000u);
  EXPECT_EQ(seeds.count(7), 0u);
  EXPECT_NE(frameSeed(7, 3, false), frameSeed(8, 3, false));

  // Through the spans: random spans are the same every frame with the temporal seed (no flicker
  // on a still scene), and new each frame without it.
  const Image picture = greyRamps(64, 16);
  ArtSettings settings = thresholdRows();
  settings.spans = SpanMode::Random;
  settings.spanLength = 8;
  settings.skipPercent = 30;
  const auto spansOf = [&](std::int64_t frame, bool temporal) {
    ArtSettings frameSettings = settings;
    frameSettings.seed = frameSeed(settings.seed, frame, temporal);
    return spanList(planArt(frameSettings, {&picture}));
  };
  EXPECT_EQ(spansOf(0, true), spansOf(1, true));
  EXPECT_NE(spansOf(0, false), spansOf(1, false));
}

}  // namespace
}  // namespace shadersort::testing

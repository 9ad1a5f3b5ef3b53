// Radix's key view (issue 26, "Radix, shown whole"): the scatter tween's geometry against a CPU
// model (std::stable_sort by the digit), the digit marks against the passes a radix sorter runs,
// and the viewer's frame mid-tween against its golden and a CPU rendering of the same rectangles.

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <numeric>
#include <random>

#include "cli_support.h"
#include "data/inputs.h"
#include "golden_support.h"
#include "render/bar_labels.h"
#include "render/bar_scale.h"
#include "render/radix_digit_view.h"
#include "render/radix_scatter_tween.h"
#include "sort/registry.h"
#include "sort_test_support.h"
#include "ui/radix_view.h"
#include "ui/teaching_overlays.h"
#include "ui/viewer_app.h"

namespace shadersort::testing {
namespace {

using render::DigitState;

std::vector<std::uint32_t> randomKeys(std::size_t count, std::uint32_t seed, std::uint32_t below) {
  std::mt19937 random(seed);
  std::vector<std::uint32_t> keys(count);
  for (auto& key : keys) key = random() % below;
  return keys;
}

// The CPU model: the keys stably sorted by the digit alone.
std::vector<std::uint32_t> stableByDigit(std::vector<std::uint32_t> keys, render::RadixDigit digit) {
  std::stable_sort(keys.begin(), keys.end(), [&](std::uint32_t a, std::uint32_t b) {
    return render::radixDigitOf(a, digit) < render::radixDigitOf(b, digit);
  });
  return keys;
}

TEST(RadixScatterTween, DestinationsAndBucketsAreTheStableSortByTheDigit) {
  for (const render::RadixDigit digit : {render::RadixDigit{0, 4}, {4, 4}, {8, 8}, {3, 5}, {30, 4}}) {
    for (const std::uint32_t seed : {1u, 2u, 3u}) {
      const std::vector<std::uint32_t> keys = randomKeys(61, seed, seed == 3 ? 40u : ~0u);
      const render::ScatterPlan plan = render::scatterPlan(keys, digit);
      const std::vector<std::uint32_t> expected = stableByDigit(keys, digit);
      ASSERT_EQ(plan.destination.size(), keys.size());
      std::vector<std::uint32_t> moved(keys.size(), 0);
      for (std::size_t i = 0; i < keys.size(); ++i) moved.at(plan.destination[i]) = keys[i];
      EXPECT_EQ(moved, expected) << "shift " << digit.shift << " bits " << digit.bits;
      // Every bucket spans exactly the keys of its digit in the sorted order, none empty.
      std::uint32_t next = 0;
      for (const render::DigitBucket& bucket : plan.buckets) {
        EXPECT_EQ(bucket.begin, next);
        EXPECT_LT(bucket.begin, bucket.end);
        for (std::uint32_t slot = bucket.begin; slot < bucket.end; ++slot)
          EXPECT_EQ(render::radixDigitOf(expected[slot], digit), bucket.digit);
        next = bucket.end;
      }
      EXPECT_EQ(next, keys.size());
    }
  }
}

TEST(RadixScatterTween, StartsInTheOldOrderAndEndsInTheNewOne) {
  const std::vector<std::uint32_t> keys = randomKeys(40, 7, 256);
  const render::ScatterPlan plan = render::scatterPlan(keys, {0, 4});
  const std::vector<double> start = render::tweenSlots(plan, 0.0), end = render::tweenSlots(plan, 1.0);
  const std::vector<double> middle = render::tweenSlots(plan, 0.5);
  for (std::size_t i = 0; i < keys.size(); ++i) {
    EXPECT_EQ(start[i], static_cast<double>(i));
    EXPECT_EQ(end[i], static_cast<double>(plan.destination[i]));
    // Half way in time is half way in space (smoothstep is symmetric).
    EXPECT_DOUBLE_EQ(middle[i], (static_cast<double>(i) + plan.destination[i]) / 2.0);
  }
  EXPECT_EQ(render::easedFraction(-1.0), 0.0);
  EXPECT_EQ(render::easedFraction(2.0), 1.0);
}

TEST(RadixScatterTween, DigitStatesFollowThePasses) {
  // Passes on places 0, 1 and 3 of 4-bit digits (place 2 and 4..7 skipped: every key agrees).
  const std::vector<std::uint32_t> shifts{0, 4, 12};
  const std::vector<DigitState> before = render::digitStates(shifts, 4, 0, 0);
  ASSERT_EQ(before.size(), 8u);
  EXPECT_EQ(before[0], DigitState::Current);
  EXPECT_EQ(before[1], DigitState::Pending);
  EXPECT_EQ(before[2], DigitState::Skipped);
  EXPECT_EQ(before[3], DigitState::Pending);
  const std::vector<DigitState> two = render::digitStates(shifts, 4, 2, 2);
  EXPECT_EQ(two[0], DigitState::Done);
  EXPECT_EQ(two[1], DigitState::Done);
  EXPECT_EQ(two[3], DigitState::Current);
  EXPECT_EQ(two[7], DigitState::Skipped);
  const std::vector<DigitState> tweenOfSecond = render::digitStates(shifts, 4, 1, 1);  // pass 2's tween
  EXPECT_EQ(tweenOfSecond[0], DigitState::Done);
  EXPECT_EQ(tweenOfSecond[1], DigitState::Current);
  EXPECT_EQ(render::digitStates(shifts, 8, 0, 0).size(), 4u);
  EXPECT_EQ(render::digitStates(shifts, 5, 0, 0).size(), 7u);
}

// What the sorter's passes did agrees with the marks: after p passes the keys are in order on
// every place marked done (and the skipped ones below them), as an LSD sort promises.
TEST(RadixScatterTween, DoneMarksMatchThePassesARadixSorterRan) {
  const std::vector<std::uint32_t> keys{0x3A7, 0x1F2, 0x0C4, 0x3A1, 0x2B7, 0x014, 0x1F0, 0x2C3, 0x0A9, 0x3B2, 0x004, 0x15F};
  SortData data;
  data.keys = keys;
  data.sequenceLength = static_cast<std::uint32_t>(keys.size());
  std::unique_ptr<Sorter> sorter = findAlgorithm("radix").create(testSortContext(), SorterOptions{.teaching = true, .descendingKeys = false, .settings = {}});
  sorter->load(data);
  std::vector<std::uint32_t> shifts;
  for (std::uint32_t pass = 0; pass < sorter->passCount(); ++pass) shifts.push_back(sorter->digitPlace(pass)->shift);
  const std::uint32_t bits = sorter->digitPlace(0)->bits;
  ASSERT_EQ(shifts.size(), 3u) << "three places of 4-bit digits differ among these keys";
  for (std::uint32_t pass = 0; pass <= sorter->passCount(); ++pass) {
    sorter->seek(pass);
    const std::vector<DigitState> states = render::digitStates(shifts, bits, pass, pass);
    // The places below the first one not yet sorted (current or pending) are the sorted ones.
    std::uint32_t sortedPlaces = 0;
    while (sortedPlaces < states.size() &&
           (states[sortedPlaces] == DigitState::Done || states[sortedPlaces] == DigitState::Skipped))
      ++sortedPlaces;
    const std::uint32_t doneCount = static_cast<std::uint32_t>(std::count(states.begin(), states.end(), DigitState::Done));
    EXPECT_EQ(doneCount, pass);
    const std::uint64_t mask = (std::uint64_t{1} << std::min(32u, sortedPlaces * bits)) - 1;
    const std::vector<std::uint32_t> now = sorter->read().keys;
    EXPECT_TRUE(std::is_sorted(now.begin(), now.end(), [&](std::uint32_t a, std::uint32_t b) { return (a & mask) < (b & mask); }))
        << "after " << pass << " passes the keys are not in order on the places marked done";
    // Each pass's result is the stable sort of the previous one by its digit (the tween's end).
    if (pass > 0) {
      sorter->seek(pass - 1);
      const std::vector<std::uint32_t> before = sorter->read().keys;
      EXPECT_EQ(now, stableByDigit(before, {shifts[pass - 1], bits}));
    }
  }
}

// [SECTION] the viewer mid-tween, against its golden and a CPU rendering

constexpr int kFrameWidth = 800, kFrameHeight = 520;

Image crop(const Image& frame, int x0, int y0, int x1, int y1) {
  Image part(x1 - x0, y1 - y0);
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) part.setPixel(x - x0, y - y0, frame.pixel(x, y));
  return part;
}

TEST(RadixDigitView, MidTweenMatchesItsGoldenAndACpuRendering) {
  InputSpec input;
  input.values = std::vector<std::uint32_t>{0x3A7, 0x1F2, 0x0C4, 0x3A1, 0x2B7, 0x014, 0x1F0, 0x2C3,
                                            0x0A9, 0x3B2, 0x004, 0x15F, 0x2A8, 0x0E6, 0x391, 0x10D};
  ui::ViewerConfig config;
  config.algorithm = "radix";
  config.input = input;
  config.startPlaying = false;
  config.arrayMode = true;
  config.frames = 1000000;
  config.pinnedTween = 0.4;  // the scatter of pass 2, 40% of the way
  ui::ViewerApp app(std::move(config), [] { return ui::makeOffscreenHost(kFrameWidth, kFrameHeight); });
  app.frame();
  for (int i = 0; i < 2; ++i) {
    app.host().queueKey(ui::ViewerKey::StepForward);
    app.frame();
  }
  const ui::SortLane& lane = app.lane(0);
  ASSERT_EQ(lane.pass(), 2u);
  app.frame();
  const std::vector<std::uint32_t>* before = lane.keysAfter(1);
  const std::vector<std::uint32_t>* after = lane.keysAfter(2);
  ASSERT_TRUE(before && after);
  const std::uint32_t bits = lane.sorter().digitPlace(0)->bits;
  EXPECT_EQ(*after, stableByDigit(*before, {lane.sorter().digitPlace(1)->shift, bits}));

  // The same rectangles, laid out as the viewer does: the digit columns start under the indices.
  const auto placement = app.lanePlacement(0);
  const render::BarArea area = ui::barArea(placement.min, placement.max);
  const int digitsTop = area.top + area.height + render::indexBandHeight(area, 16) + 2;
  std::vector<std::uint32_t> shifts;
  for (std::uint32_t pass = 0; pass < lane.passCount(); ++pass) shifts.push_back(lane.sorter().digitPlace(pass)->shift);
  // The keys run from 0x004 to 0x3B2; the bars stand on key 0 (render/bar_scale.h).
  const render::BarScale scale = render::barScale(KeyType::U32, 0x004, 0x3B2, false);
  const render::ArrayLayout layout{.sequence = 0, .minKey = scale.minKey, .maxKey = scale.maxKey, .descending = false, .height = 256};
  const ui::RadixViewFrame expected = ui::radixViewFrame(area, digitsTop, before, *after, shifts, bits, 2, 0.4, layout);
  ASSERT_TRUE(expected.tween);
  ASSERT_FALSE(expected.bars.empty());
  ASSERT_FALSE(expected.digits.empty()) << "the digit columns fit this frame";
  const int bottom = digitsTop + render::digitColumnsHeight(expected.digits, digitsTop);

  const Image frame = app.host().readFrame();
  const Image shown = crop(frame, area.left, area.top, area.left + area.width, bottom);
  expectMatchesDrawnGolden(shown, "radix_digits_tween_pass2_t0.4.png");

  // Tolerance: none, over every pixel the view fills (the bar area and each digit column's box);
  // the index labels between them are bar_labels' and compared by its own test.
  Image cpu = frame;
  render::fillRects(cpu, expected.bars);
  render::fillRects(cpu, expected.digits);
  std::vector<render::FilledRect> compared{expected.bars.front()};
  for (const render::FilledRect& rect : expected.digits)
    if (rect.colour == render::kLabelBacking) compared.push_back(rect);
  int mismatches = 0, pixels = 0;
  for (const render::FilledRect& rect : compared)
    for (int y = rect.y; y < rect.y + rect.height; ++y)
      for (int x = rect.x; x < rect.x + rect.width; ++x, ++pixels) mismatches += !sameWithinDriverRounding(frame.pixel(x, y), cpu.pixel(x, y));
  EXPECT_GT(pixels, area.width * area.height);
  EXPECT_EQ(mismatches, 0) << "the radix view differs from its CPU rendering";
  const Image golden = loadImage(goldenPath("radix_digits_tween_pass2_t0.4.png"));
  EXPECT_EQ(golden.width, shown.width);
  EXPECT_EQ(golden.height, shown.height);
}

// Stepping lands on pass boundaries: a tween follows only a step of one pass forward, and any
// other change of pass (a step during the tween, a step back, a jump) ends it at once.
TEST(RadixDigitView, TweensFollowOneStepForwardAndEndAtTheNextChange) {
  InputSpec input;
  input.values = std::vector<std::uint32_t>{0x3A7, 0x1F2, 0x0C4, 0x3A1, 0x2B7, 0x014, 0x1F0, 0x2C3};
  const auto resolved = std::make_shared<const ResolvedInput>(resolveInput(input));
  ui::SortLane lane(testSortContext(), findAlgorithm("radix"), SorterOptions{.teaching = true, .descendingKeys = false, .settings = {}},
                    resolved);
  ASSERT_EQ(lane.passCount(), 3u);
  ui::RadixView view;
  view.tweenSeconds = 1000.0;  // longer than the test: only a change of pass ends it
  EXPECT_FALSE(view.tweenTime(lane)) << "nothing has run";
  lane.seek(1);
  const auto first = view.tweenTime(lane);
  ASSERT_TRUE(first);
  EXPECT_GE(*first, 0.0);
  EXPECT_LT(*first, 0.01);
  EXPECT_TRUE(view.tweenTime(lane)) << "the tween goes on while the pass stays";
  EXPECT_TRUE(view.tweening()) << "the viewer keeps drawing frames for it";
  lane.seek(2);  // a step during the tween: the state is at the boundary, the next tween starts
  EXPECT_EQ(lane.pass(), 2u);
  ASSERT_TRUE(view.tweenTime(lane));
  EXPECT_LT(*view.tweenTime(lane), 0.01);
  lane.seek(1);
  EXPECT_FALSE(view.tweenTime(lane)) << "a step back shows the boundary";
  EXPECT_FALSE(view.tweening());
  lane.seek(3);
  EXPECT_FALSE(view.tweenTime(lane)) << "a jump of two passes shows the boundary";
  lane.seek(2);
  view.tweenTime(lane);
  view.tweenSeconds = 0.0;
  lane.seek(3);
  EXPECT_FALSE(view.tweenTime(lane)) << "0 seconds: no tween";
  view.pinnedTween = 0.4;
  EXPECT_EQ(view.tweenTime(lane), 0.4) << "pinned after a step forward";
  ui::SortLane fast(testSortContext(), findAlgorithm("radix"), SorterOptions{.teaching = false, .descendingKeys = false, .settings = {}},
                    resolved);
  fast.seek(1);
  EXPECT_FALSE(view.tweenTime(fast)) << "only in teaching mode";
}

TEST(RadixDigitView, TweenSecondsOutOfRangeIsOneLineAndExitTwo) {
  for (const std::string bad : {"11", "-1", "abc"}) {
    const CommandResult result = runShadersort("view --offscreen --frames 1 --algo radix --array --tween-seconds " + bad);
    EXPECT_EQ(result.exitCode, 2) << bad;
    EXPECT_EQ(lineCount(result.err), 1) << result.err;
    EXPECT_NE(result.err.find("--tween-seconds"), std::string::npos) << result.err;
  }
  EXPECT_EQ(runShadersort("view --offscreen --frames 2 --algo radix --array --tween-seconds 0").exitCode, 0);
}

}  // namespace
}  // namespace shadersort::testing

// Keys a person types (`--values`, the viewer's values box), pattern keys in a range (`--range`)
// and the numbers drawn on the array view's bars.

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <memory>

#include "cli_support.h"
#include "core/error.h"
#include "data/image_sequences.h"
#include "data/inputs.h"
#include "data/value_list.h"
#include "gl_test_environment.h"
#include "golden_support.h"
#include "render/array_reference.h"
#include "render/bar_labels.h"
#include "render/bar_scale.h"
#include "render/label_font.h"
#include "sort_test_support.h"
#include "ui/teaching_overlays.h"
#include "ui/viewer_app.h"

namespace shadersort::testing {
namespace {

std::uint32_t f32(float value) { return std::bit_cast<std::uint32_t>(value); }
std::uint32_t i32(std::int32_t value) { return static_cast<std::uint32_t>(value); }

// A typed list, its type and the keys' bits it stands for.
struct TypedList {
  const char* text;
  KeyType type;
  std::vector<std::uint32_t> bits;
};

const std::vector<TypedList>& typedLists() {
  static const std::vector<TypedList> lists = {
      {"3,7,4,8,1,7,0,4294967295", KeyType::U32, {3, 7, 4, 8, 1, 7, 0, 4294967295u}},
      {"-3, 7,-2147483648 ,0,-1,2147483647,7,-3", KeyType::I32,
       {i32(-3), 7, i32(INT32_MIN), 0, i32(-1), i32(INT32_MAX), 7, i32(-3)}},
      {"-2.5,0.25,3,-0.125,1e3,-1e-3,0.25,-7", KeyType::F32,
       {f32(-2.5f), f32(0.25f), f32(3.0f), f32(-0.125f), f32(1e3f), f32(-1e-3f), f32(0.25f), f32(-7.0f)}},
  };
  return lists;
}

TEST(ValueList, ReadsEachTypeAsTyped) {
  for (const TypedList& list : typedLists()) EXPECT_EQ(parseValueList(list.text, list.type), list.bits) << list.text;
  EXPECT_EQ(parseValueList("nan,-inf", KeyType::F32).size(), 2u) << "totalOrder sorts NaN and infinities";
}

// Each refusal is a usage error (exit 2) in one line.
TEST(ValueList, RefusesBadListsInOneLine) {
  const std::vector<std::pair<std::string, KeyType>> bad = {
      {"", KeyType::U32},           {"  ", KeyType::U32},          {",", KeyType::U32},
      {"3,,4", KeyType::U32},       {"3,4,", KeyType::U32},        {"3,x", KeyType::U32},
      {"3;4", KeyType::U32},        {"+3", KeyType::U32},          {"1.5", KeyType::U32},
      {"-1", KeyType::U32},         {"4294967296", KeyType::U32},  {"2147483648", KeyType::I32},
      {"-2147483649", KeyType::I32}, {"1e39", KeyType::F32},       {"1.5x", KeyType::F32},
      {"0x10", KeyType::U32},
  };
  for (const auto& [text, type] : bad) {
    try {
      parseValueList(text, type);
      ADD_FAILURE() << "accepted '" << text << "' as " << keyTypeName(type);
    } catch (const UsageError& error) {
      EXPECT_EQ(std::string(error.what()).find('\n'), std::string::npos) << error.what();
    }
  }
  std::string many = "1";
  for (std::size_t i = 1; i < kMaxValueCount; ++i) many += ",1";
  EXPECT_EQ(parseValueList(many, KeyType::U32).size(), kMaxValueCount);
  EXPECT_THROW(parseValueList(many + ",1", KeyType::U32), UsageError);
}

TEST(ValueList, WritesKeysBackAsTyped) {
  for (const TypedList& list : typedLists())
    for (std::uint32_t bits : list.bits) EXPECT_EQ(parseValueList(keyText(list.type, bits), list.type).front(), bits);
  EXPECT_EQ(keyText(KeyType::I32, i32(-42)), "-42");
  EXPECT_EQ(keyText(KeyType::F32, f32(-0.25f)), "-0.25");
}

TEST(KeyRangeText, ReadsBoundsAndRefusesBadOnes) {
  EXPECT_EQ(parseKeyRange("0..99", KeyType::U32), (KeyRange{0, 99}));
  EXPECT_EQ(parseKeyRange("-5..5", KeyType::I32), (KeyRange{encodeKey(KeyType::I32, i32(-5)), encodeKey(KeyType::I32, 5)}));
  EXPECT_EQ(parseKeyRange("7..7", KeyType::U32), (KeyRange{7, 7}));
  for (const char* bad : {"99..0", "0..4294967296", "-5..5", "5", "0...9", "..9", "a..b"})
    EXPECT_THROW(parseKeyRange(bad, KeyType::U32), UsageError) << bad;
  EXPECT_THROW(parseKeyRange("5..-5", KeyType::I32), UsageError);
  EXPECT_THROW(parseKeyRange("0..1", KeyType::F32), UsageError);
}

TEST(PatternRange, KeysStayWithinTheRangeAndKeepTheirOrder) {
  for (Pattern pattern : allPatterns()) {
    const std::vector<std::uint32_t> whole = makePattern(pattern, 500, 3);
    EXPECT_EQ(makePattern(pattern, 500, 3, KeyRange{}), whole) << "the whole range is the plain pattern";
    for (const KeyRange range : {KeyRange{0, 99}, KeyRange{1000, 1003}, KeyRange{5, 5}, KeyRange{0xFFFFFF00u, 0xFFFFFFFFu}}) {
      const std::vector<std::uint32_t> keys = makePattern(pattern, 500, 3, range);
      for (std::size_t i = 0; i < keys.size(); ++i) {
        ASSERT_GE(keys[i], range.low) << patternName(pattern);
        ASSERT_LE(keys[i], range.high) << patternName(pattern);
        // Squeezing keeps the order: a smaller key never becomes a larger one.
        if (i > 0 && whole[i - 1] <= whole[i]) {
          ASSERT_LE(keys[i - 1], keys[i]) << patternName(pattern);
        }
      }
    }
  }
  // The spread reaches both ends on a long random pattern.
  const std::vector<std::uint32_t> keys = makePattern(Pattern::Random, 5000, 1, KeyRange{0, 99});
  EXPECT_EQ(*std::min_element(keys.begin(), keys.end()), 0u);
  EXPECT_EQ(*std::max_element(keys.begin(), keys.end()), 99u);
}

TEST(PatternRange, CommandLineRefusesBadRangesAndKeepsGoodOnes) {
  ScratchFolder folder;
  for (const char* bad : {"--pattern random --range 9..1", "--pattern random --range 0..4294967296", "--range 0..9",
                          "--pattern random --range -1..9", "--pattern random --type f32 --range 0..1",
                          "--pattern random --type i64 --range 0..1"}) {
    const auto result = runShadersort(std::string("run ") + bad + " --size 4x4 --out " + folder.path("x.png"));
    EXPECT_EQ(result.exitCode, 2) << bad << ": " << result.err;
    EXPECT_EQ(lineCount(result.err), 1) << bad << ": " << result.err;
  }
  const auto good = runShadersort("run --pattern random --range -50..50 --type i32 --size 3x40 --verify --out " + folder.path("x.png"));
  EXPECT_EQ(good.exitCode, 0) << good.err;
}

// The keys of a --range input as resolved for sorting: stored sortable, decoded to the range.
TEST(PatternRange, ResolvedInputHoldsTypedKeysInTheRange) {
  InputSpec spec;
  spec.pattern = Pattern::Random;
  spec.width = 7;
  spec.height = 30;
  spec.keyType = KeyType::I32;
  spec.range = parseKeyRange("-20..20", KeyType::I32);
  for (bool descending : {false, true}) {
    spec.order.descending = descending;
    const ResolvedInput input = resolveInput(spec);
    ASSERT_EQ(input.data.keys.size(), 210u);
    for (std::uint32_t stored : input.data.keys) {
      const auto key = static_cast<std::int32_t>(decodeKey(KeyType::I32, descending ? ~stored : stored));
      ASSERT_GE(key, -20);
      ASSERT_LE(key, 20);
    }
  }
  EXPECT_EQ(smallTeachingInput({}).range, (KeyRange{0, 99})) << "the default teaching input";
}

using ValuesSorted = ::testing::TestWithParam<Schedule>;

// What was typed, sorted by every schedule, is std::stable_sort's order of the typed values
// (colours travel with their keys).
TEST_P(ValuesSorted, EqualsStableSortOfWhatWasTyped) {
  for (const TypedList& list : typedLists()) {
    InputSpec spec;
    spec.values = parseValueList(list.text, list.type);
    spec.keyType = list.type;
    const ResolvedInput input = resolveInput(spec);
    ASSERT_EQ(input.data.sequenceCount, 1u);
    ASSERT_EQ(input.data.sequenceLength, list.bits.size());
    const SortData sorted = sortOnGpu(GetParam(), input.data);
    std::vector<std::uint32_t> typed = sorted.keys;
    decodeKeys(list.type, typed);
    const SortData expected = referenceRawSort(list.type, list.bits, input.data.values);
    EXPECT_EQ(typed, expected.keys) << list.text;
    EXPECT_EQ(sorted.values, expected.values) << list.text;
  }
}

INSTANTIATE_TEST_SUITE_P(EveryScheduleOfEveryAlgorithm, ValuesSorted, ::testing::ValuesIn(allSchedules()), scheduleName);

// `run --values` end to end: the picture written is the input's pixels in stable-sort order.
TEST(ValuesCommand, RunSortsWhatWasTypedWithEveryAlgorithm) {
  ScratchFolder folder;
  for (const TypedList& list : typedLists()) {
    InputSpec spec;
    spec.values = list.bits;
    spec.keyType = list.type;
    const ResolvedInput input = resolveInput(spec);
    const SortData expected = referenceRawSort(list.type, list.bits, input.data.values);
    for (const AlgorithmInfo& algorithm : algorithms()) {
      const auto result = runShadersort("run --algo " + std::string(algorithm.name) + " --values '" + list.text + "' --type " +
                                        std::string(keyTypeName(list.type)) + " --verify --out " + folder.path("out.png"));
      ASSERT_EQ(result.exitCode, 0) << result.err;
      const Image picture = loadImage(folder.path("out.png"));
      ASSERT_EQ(picture.width, 1);
      ASSERT_EQ(picture.height, static_cast<int>(list.bits.size()));
      for (int y = 0; y < picture.height; ++y)
        EXPECT_EQ(picture.pixel(0, y), expected.values[static_cast<std::size_t>(y)]) << algorithm.name << " " << list.text;
    }
  }
}

TEST(ValuesCommand, BadListsExitTwoWithOneLine) {
  ScratchFolder folder;
  for (const char* bad : {"--values ''", "--values 3,,4", "--values 3,x,4", "--values -1,2", "--values 1.5 --type i32",
                          "--values 1e40 --type f32", "--values 1,2 --type f64", "--values 1,2 --pattern random",
                          "--type i32"}) {
    for (const char* command : {"run --out", "view --offscreen --frames 1 --screenshot"}) {
      const auto result = runShadersort(std::string(command) + " " + folder.path("x.png") + " " + bad);
      EXPECT_EQ(result.exitCode, 2) << command << " " << bad << ": " << result.err;
      EXPECT_EQ(lineCount(result.err), 1) << command << " " << bad << ": " << result.err;
    }
  }
}

// [SECTION] the viewer: the values box and the numbers on the bars

constexpr int kFrameWidth = 800, kFrameHeight = 500;

std::unique_ptr<ui::ViewerApp> pausedViewer(const InputSpec& input, const std::string& algorithm, bool arrayMode = false) {
  ui::ViewerConfig config;
  config.algorithm = algorithm;
  config.input = input;
  config.startPlaying = false;
  config.arrayMode = arrayMode;
  config.frames = 1000000;  // scripted: one pass a frame while playing
  return std::make_unique<ui::ViewerApp>(std::move(config), [] { return ui::makeOffscreenHost(kFrameWidth, kFrameHeight); });
}

void press(ui::ViewerApp& app, const std::string& script) {
  for (ui::ViewerKey key : ui::parseKeyScript(script)) {
    app.host().queueKey(key);
    app.frame();
  }
}

TEST(ValuesBox, LoadsWhatWasTypedAndSortsIt) {
  InputSpec start;
  start.pattern = Pattern::Random;
  start.width = start.height = 8;
  for (const std::string algorithm : {"odd-even", "radix"}) {
    auto app = pausedViewer(start, algorithm);
    app->frame();
    const TypedList& list = typedLists()[1];  // i32 with negatives
    app->loadValues(list.text, list.type);
    EXPECT_EQ(app->valuesBox().error, "");
    ASSERT_TRUE(app->inputSpec().values);
    EXPECT_EQ(*app->inputSpec().values, list.bits);
    app->frame();
    press(*app, "end");
    for (int i = 0; i < 200 && !app->lane(0).finished(); ++i) app->frame();
    ASSERT_TRUE(app->lane(0).finished());
    std::vector<std::uint32_t> typed = app->lane(0).sorter().read().keys;
    decodeKeys(list.type, typed);
    EXPECT_EQ(typed, referenceRawSort(list.type, list.bits, {}).keys) << algorithm;
  }
}

TEST(ValuesBox, StartsWithTheCommandLineValues) {
  InputSpec input;
  input.values = typedLists()[2].bits;
  input.keyType = KeyType::F32;
  const ui::ValuesBox box = ui::valuesBoxFor(input);
  EXPECT_EQ(box.type, KeyType::F32);
  EXPECT_EQ(parseValueList(box.text, KeyType::F32), typedLists()[2].bits) << box.text;
}

TEST(ValuesBox, ABadListShowsOneLineAndKeepsTheInput) {
  InputSpec start;
  start.pattern = Pattern::Sorted;
  start.width = start.height = 8;
  auto app = pausedViewer(start, "odd-even");
  app->frame();
  for (const std::string bad : {"", "3,,4", "3,x", "99999999999"}) {
    app->loadValues(bad, KeyType::U32);
    EXPECT_NE(app->valuesBox().error, "") << bad;
    EXPECT_EQ(app->valuesBox().error.find('\n'), std::string::npos);
    EXPECT_EQ(app->inputSpec().pattern, Pattern::Sorted) << "the input changed on '" << bad << "'";
    EXPECT_FALSE(app->inputSpec().values);
    EXPECT_EQ(app->lane(0).sorter().read().keys.size(), 64u);
    app->frame();
  }
  app->loadValues("2.5,-1", KeyType::F32);
  EXPECT_EQ(app->valuesBox().error, "");
  EXPECT_EQ(app->lane(0).sorter().read().keys.size(), 2u);
}

// The frame's pixels in [x0, x1) x [y0, y1).
Image crop(const Image& frame, int x0, int y0, int x1, int y1) {
  Image part(x1 - x0, y1 - y0);
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) part.setPixel(x - x0, y - y0, frame.pixel(x, y));
  return part;
}

// The numbered array view (16 keys from 0 to 99, odd-even after 3 passes): the bars and the
// numbers over them and under the axis, compared with a golden within what GL leaves to the driver
// (golden_support.h: each channel by 1, and a pixel centred exactly on the edge between two
// enlarged texels may show either). The golden is itself checked against a CPU rendering: the CPU array picture enlarged by nearest
// sampling at each pixel's centre, with render::drawLabels() over it. Every pixel of a label
// must match exactly; a bar pixel may differ only on the first or last row or column of a
// texel's block (where the rasterizer's rounding of an enlarged texel edge may fall either way).
TEST(NumberedArrayView, MatchesItsGoldenAndACpuRendering) {
  InputSpec input = smallTeachingInput({});
  auto app = pausedViewer(input, "odd-even", /*arrayMode=*/true);
  app->frame();
  press(*app, "right,right,right");
  ASSERT_EQ(app->lane(0).pass(), 3u);
  app->frame();

  std::unique_ptr<Sorter> reference = findAlgorithm("odd-even").create(testSortContext(), SorterOptions{.teaching = true, .descendingKeys = false, .settings = {}});
  const ResolvedInput resolved = resolveInput(input);
  reference->load(resolved.data);
  reference->seek(3);
  const SortData state = reference->read();
  const auto placement = app->lanePlacement(0);
  const render::BarArea area = ui::barArea(placement.min, placement.max);
  const render::BarScale scale = render::barScale(KeyType::U32, *std::min_element(resolved.data.keys.begin(), resolved.data.keys.end()),
                                                  *std::max_element(resolved.data.keys.begin(), resolved.data.keys.end()), false);
  const render::ArrayLayout layout{.sequence = 0,
                                   .minKey = scale.minKey,
                                   .maxKey = scale.maxKey,
                                   .descending = false,
                                   .height = 256};
  const render::BarNumbers numbers{.keys = state.keys, .type = KeyType::U32, .descending = false, .hexadecimal = false, .layout = layout,
                                   .padding = {}};
  const std::vector<render::TextLabel> keys = render::keyLabels(area, numbers);
  const std::vector<render::TextLabel> indices = render::indexLabels(area, 16);
  // 16 bars of 25 px: "99" at the readable size (24 px) and its gap need two (render/label_fit.h).
  ASSERT_EQ(render::keyLabelFit(area, numbers).every, 2u);
  ASSERT_EQ(keys.size(), 8u) << "every 2nd key is labelled at this size";
  ASSERT_EQ(indices.size(), 8u);
  for (std::size_t i = 0; i < 8; ++i) EXPECT_EQ(keys[i].text, std::to_string(state.keys[2 * i]));
  const int bottom = area.top + area.height + render::indexBandHeight(area, 16);

  const Image shown = crop(app->host().readFrame(), area.left, area.top, area.left + area.width, bottom);
  expectMatchesDrawnGolden(shown, "viewer_array_numbers_odd-even_pass3.png",
                           {.columns = {{0, area.width, 16}}, .rows = {{0, area.height, static_cast<int>(layout.height)}}});

  // The CPU rendering, in frame coordinates, cropped the same way.
  const Image bars = render::renderArrayOnCpu(state, layout);
  Image frame(area.left + area.width, bottom);
  std::vector<bool> edge(static_cast<std::size_t>(frame.width) * static_cast<std::size_t>(frame.height), false);
  const Image background = crop(app->host().readFrame(), 0, 0, frame.width, frame.height);  // under the index band
  for (int y = area.top; y < bottom; ++y)
    for (int x = area.left; x < frame.width; ++x) {
      if (y >= area.top + area.height) {
        frame.setPixel(x, y, background.pixel(x, y));
        continue;
      }
      const double u = (x + 0.5 - area.left) * bars.width / area.width, v = (y + 0.5 - area.top) * bars.height / area.height;
      frame.setPixel(x, y, bars.pixel(static_cast<int>(u), static_cast<int>(v)) | 0xFF000000u);
      const double du = bars.width / static_cast<double>(area.width), dv = bars.height / static_cast<double>(area.height);
      const bool nearEdge = static_cast<int>(u - du) != static_cast<int>(u) || static_cast<int>(u + du) != static_cast<int>(u) ||
                            static_cast<int>(v - dv) != static_cast<int>(v) || static_cast<int>(v + dv) != static_cast<int>(v);
      edge[static_cast<std::size_t>(y) * frame.width + x] = nearEdge;
    }
  std::vector<render::TextLabel> labels = keys;
  labels.insert(labels.end(), indices.begin(), indices.end());
  render::drawLabels(frame, labels);
  std::vector<bool> inLabel(edge.size(), false);
  for (const render::TextLabel& label : labels)
    for (int y = label.y; y < label.y + label.height; ++y)
      for (int x = label.x; x < label.x + label.width; ++x) inLabel[static_cast<std::size_t>(y) * frame.width + x] = true;
  const Image golden = loadImage(goldenPath("viewer_array_numbers_odd-even_pass3.png"));
  ASSERT_EQ(golden.width, shown.width);
  ASSERT_EQ(golden.height, shown.height);
  int labelMismatches = 0, barMismatches = 0, edgeMismatches = 0;
  for (int y = area.top; y < bottom; ++y)
    for (int x = area.left; x < frame.width; ++x) {
      if (sameWithinDriverRounding(golden.pixel(x - area.left, y - area.top), frame.pixel(x, y))) continue;
      const std::size_t at = static_cast<std::size_t>(y) * frame.width + x;
      if (inLabel[at]) ++labelMismatches;
      else if (edge[at]) ++edgeMismatches;
      else ++barMismatches;
    }
  EXPECT_EQ(labelMismatches, 0) << "the numbers differ from the CPU rendering";
  EXPECT_EQ(barMismatches, 0) << "the bars differ from the CPU rendering away from texel edges";
  RecordProperty("edge_mismatches", edgeMismatches);
}

}  // namespace
}  // namespace shadersort::testing

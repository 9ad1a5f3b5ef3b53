// What the viewer's teaching overlays rely on, checked against CPU simulations: each pass's
// comparators give exactly the GPU's next state and together form a sorting network; radix digit
// places; odd-even swap counts; one-line pass descriptions that speak of the user's keys; and the
// panels' arithmetic and drawing.

#include <gtest/gtest.h>

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <numeric>
#include <random>
#include <regex>
#include <set>
#include <string>

#include "data/patterns.h"
#include "sort/bitonic_schedule.h"
#include "sort/index_text.h"
#include "sort/odd_even.h"
#include "sort/registry.h"
#include "sort_test_support.h"
#include "ui/teaching_math.h"
#include "ui/teaching_overlays.h"
#include "ui/pass_plot.h"
#include "ui/teaching_panels.h"

namespace shadersort::testing {
namespace {

// [SECTION] inputs and CPU simulations

// The schedules whose every pass is one compare-exchange step, and so has comparators.
const std::set<std::string> kComparatorSchedules = {"frag-odd-even", "odd-even/teaching", "bitonic/teaching"};

const std::uint32_t kLengths[] = {1, 2, 7, 16, 33};
const Pattern kPatterns[] = {Pattern::Random, Pattern::Reversed, Pattern::FewUnique};
constexpr std::uint32_t kSequences = 3;

std::unique_ptr<Sorter> create(const Schedule& schedule, bool descendingKeys = false) {
  SorterOptions options = optionsFor(schedule);
  options.descendingKeys = descendingKeys;
  return schedule.algorithm->create(testSortContext(), options);
}

// Every comparator inside every sequence: the smaller key (and its value) to `low`; equal keys stay.
void applyComparators(SortData& data, const std::vector<Comparator>& comparators) {
  for (std::uint32_t s = 0; s < data.sequenceCount; ++s) {
    const std::size_t base = std::size_t{s} * data.sequenceLength;
    for (const Comparator& pair : comparators) {
      if (data.keys[base + pair.low] <= data.keys[base + pair.high]) continue;
      std::swap(data.keys[base + pair.low], data.keys[base + pair.high]);
      if (data.hasValues()) std::swap(data.values[base + pair.low], data.values[base + pair.high]);
    }
  }
}

std::string inputName(Pattern pattern, std::uint32_t length) {
  return std::string(patternName(pattern)) + ", " + std::to_string(kSequences) + " x " + std::to_string(length);
}

class Teaching : public ::testing::Test {};

// [SECTION] comparators

TEST_F(Teaching, EachPassesComparatorsTurnTheStateBeforeItIntoTheStateAfter) {
  for (const Schedule& schedule : allSchedules()) {
    bool anyComparators = false;
    for (std::uint32_t length : kLengths) {
      for (Pattern pattern : kPatterns) {
        SCOPED_TRACE(schedule.name + ": " + inputName(pattern, length));
        const SortData input = makeSequences(pattern, kSequences, length, length);
        auto sorter = create(schedule);
        sorter->load(input);
        // bitonic-classic's comparators act on its padded state, not read()'s: test_bitonic_classic.cpp.
        if (schedule.name == "bitonic-classic") continue;
        if (!kComparatorSchedules.contains(schedule.name)) {
          for (std::uint32_t pass = 0; pass < sorter->passCount(); ++pass)
            anyComparators |= !sorter->comparators(pass, SIZE_MAX).empty();
          continue;
        }
        SortData expected = input;
        while (!sorter->finished()) {
          const std::uint32_t pass = sorter->passesRun();
          const std::vector<Comparator> comparators = sorter->comparators(pass, SIZE_MAX);
          anyComparators |= !comparators.empty();
          for (const Comparator& pair : comparators) {
            ASSERT_LT(pair.low, pair.high) << "pass " << pass;
            ASSERT_LT(pair.high, length) << "pass " << pass;
          }
          applyComparators(expected, comparators);
          sorter->runPass();
          const SortData state = sorter->read();
          ASSERT_EQ(state.keys, expected.keys) << "after pass " << pass + 1;
          ASSERT_EQ(state.values, expected.values) << "after pass " << pass + 1;
        }
      }
    }
    if (schedule.name != "bitonic-classic") {
      EXPECT_EQ(anyComparators, kComparatorSchedules.contains(schedule.name)) << schedule.name;
    }
  }
}

// Every 0/1 vector of up to 12 elements (the 0-1 principle: a comparator network that sorts them
// sorts everything), and random vectors of every length up to 33.
TEST_F(Teaching, AllPassesComparatorsFormASortingNetwork) {
  std::mt19937 random(5);
  for (const Schedule& schedule : allSchedules()) {
    if (!kComparatorSchedules.contains(schedule.name)) continue;
    for (std::uint32_t length = 1; length <= 33; ++length) {
      SCOPED_TRACE(schedule.name + ", " + std::to_string(length) + " wires");
      auto sorter = create(schedule);
      sorter->load(singleSequence(std::vector<std::uint32_t>(length, 1)));
      std::vector<std::vector<Comparator>> network;
      for (std::uint32_t pass = 0; pass < sorter->passCount(); ++pass)
        network.push_back(sorter->comparators(pass, SIZE_MAX));

      std::vector<std::vector<std::uint32_t>> trials;
      if (length <= 12) {
        for (std::uint32_t bits = 0; bits < (1u << length); ++bits) {
          std::vector<std::uint32_t> keys(length);
          for (std::uint32_t i = 0; i < length; ++i) keys[i] = (bits >> i) & 1u;
          trials.push_back(keys);
        }
      }
      for (int trial = 0; trial < 200; ++trial) {
        std::vector<std::uint32_t> keys(length);
        for (auto& key : keys) key = random() % 50;
        trials.push_back(keys);
      }
      for (const auto& keys : trials) {
        SortData data = singleSequence(keys);
        for (const auto& pass : network) applyComparators(data, pass);
        ASSERT_TRUE(std::is_sorted(data.keys.begin(), data.keys.end()));
      }
    }
  }
}

TEST_F(Teaching, ComparatorsAreNothingBeyondTheLimit) {
  for (const Schedule& schedule : allSchedules()) {
    if (!kComparatorSchedules.contains(schedule.name)) continue;
    for (std::uint32_t length : {16u, 33u}) {
      auto sorter = create(schedule);
      sorter->load(singleSequence(std::vector<std::uint32_t>(length, 1)));
      for (std::uint32_t pass = 0; pass < sorter->passCount(); ++pass) {
        SCOPED_TRACE(schedule.name + ", length " + std::to_string(length) + ", pass " + std::to_string(pass + 1));
        const std::vector<Comparator> all = sorter->comparators(pass, SIZE_MAX);
        ASSERT_FALSE(all.empty());
        EXPECT_EQ(sorter->comparators(pass, all.size()).size(), all.size());
        EXPECT_TRUE(sorter->comparators(pass, all.size() - 1).empty());
      }
      EXPECT_TRUE(sorter->comparators(sorter->passCount(), SIZE_MAX).empty());
    }
  }
}

TEST(TeachingBitonic, StepPairsSkipWhatLiesPastTheSequence) {
  // Mirror step of the merge of 8 in 5 keys: only (3,4) has both ends inside.
  const std::vector<Comparator> mirror = bitonicStepPairs(8, 4, 5, SIZE_MAX);
  ASSERT_EQ(mirror.size(), 1u);
  EXPECT_EQ(mirror[0].low, 3u);
  EXPECT_EQ(mirror[0].high, 4u);
  // Distance 2 of the merge of 8 in 7 keys: (0,2), (1,3), (4,6).
  const std::vector<Comparator> distance = bitonicStepPairs(8, 2, 7, SIZE_MAX);
  ASSERT_EQ(distance.size(), 3u);
  EXPECT_EQ(distance[2].low, 4u);
  EXPECT_EQ(distance[2].high, 6u);
  // A fused pass has none.
  EXPECT_TRUE(bitonicPassComparators({BitonicPass::Kind::GlobalSteps, 64, 32, 2}, 64, SIZE_MAX).empty());
  EXPECT_TRUE(bitonicPassComparators({BitonicPass::Kind::SortTiles, 16, 8, 10}, 16, SIZE_MAX).empty());
}

// [SECTION] radix digit places

TEST_F(Teaching, AfterEachRadixPassTheKeysAreStablySortedByTheDigitsSoFar) {
  std::vector<SortData> inputs;
  for (std::uint32_t length : {1u, 2u, 7u, 16u, 33u, 300u})
    for (Pattern pattern : kPatterns) inputs.push_back(makeSequences(pattern, kSequences, length, length));
  // Bits 16-23 and 4-7 the same in every key: those places are skipped.
  SortData someAgree = makeSequences(Pattern::Random, kSequences, 100, 3);
  for (auto& key : someAgree.keys) key = (key & 0xFF00FF0Fu) | 0x00AB0050u;
  inputs.push_back(someAgree);

  for (const Schedule& schedule : allSchedules()) {
    const bool radix = schedule.algorithm->name == "radix";
    for (const SortData& input : inputs) {
      SCOPED_TRACE(schedule.name + ", " + std::to_string(input.sequenceLength) + " keys per sequence");
      auto sorter = create(schedule);
      sorter->load(input);
      if (!radix) {
        for (std::uint32_t pass = 0; pass < sorter->passCount(); ++pass) EXPECT_FALSE(sorter->digitPlace(pass));
        continue;
      }
      const std::uint32_t bits = schedule.teaching ? 4 : 8;
      std::vector<DigitPlace> places;
      while (!sorter->finished()) {
        const std::optional<DigitPlace> place = sorter->digitPlace(sorter->passesRun());
        ASSERT_TRUE(place.has_value());
        ASSERT_EQ(place->bits, bits);
        ASSERT_EQ(place->shift % bits, 0u);
        if (!places.empty()) {
          ASSERT_GT(place->shift, places.back().shift);
        }
        places.push_back(*place);
        sorter->runPass();

        // The reference: each sequence stably sorted by the digits reported so far, the latest
        // the most significant.
        const auto digitsSoFar = [&](std::uint32_t key) {
          std::uint64_t combined = 0;
          for (auto it = places.rbegin(); it != places.rend(); ++it)
            combined = (combined << it->bits) | ((key >> it->shift) & ((1u << it->bits) - 1u));
          return combined;
        };
        SortData expected = input;
        for (std::uint32_t s = 0; s < input.sequenceCount; ++s) {
          std::vector<std::pair<std::uint32_t, std::uint32_t>> elements;
          const std::size_t base = std::size_t{s} * input.sequenceLength;
          for (std::size_t i = base; i < base + input.sequenceLength; ++i)
            elements.emplace_back(input.keys[i], input.values[i]);
          std::stable_sort(elements.begin(), elements.end(),
                           [&](const auto& a, const auto& b) { return digitsSoFar(a.first) < digitsSoFar(b.first); });
          for (std::size_t i = 0; i < elements.size(); ++i) {
            expected.keys[base + i] = elements[i].first;
            expected.values[base + i] = elements[i].second;
          }
        }
        const SortData state = sorter->read();
        ASSERT_EQ(state.keys, expected.keys) << "after pass " << places.size();
        ASSERT_EQ(state.values, expected.values) << "after pass " << places.size();
      }
      EXPECT_FALSE(sorter->digitPlace(sorter->passCount()));
      // The places left out are those where every key has the same digit.
      for (std::uint32_t shift = 0; shift < 32 && input.sequenceLength >= 2; shift += bits) {
        if (std::any_of(places.begin(), places.end(), [&](const DigitPlace& p) { return p.shift == shift; })) continue;
        const std::uint32_t mask = ((1u << bits) - 1u) << shift;
        for (std::uint32_t key : input.keys) ASSERT_EQ(key & mask, input.keys[0] & mask) << "bits from " << shift;
      }
    }
  }
}

// [SECTION] odd-even swap counts

// What swapsInPass must equal: the exchanges of the counted rounds, over all sequences. A pass of
// `roundsPerPass` rounds counts its last two (teaching: its one round).
std::vector<std::uint64_t> expectedSwaps(SortData data, std::uint32_t passCount, std::uint32_t roundsPerPass) {
  std::vector<std::uint64_t> swaps(passCount, 0);
  for (std::uint32_t round = 0; round < passCount * roundsPerPass; ++round) {
    const std::uint32_t pass = round / roundsPerPass;
    const bool counted = round % roundsPerPass + 2 >= roundsPerPass;
    const std::uint64_t made = oddEvenRoundOnCpu(data, round);
    if (counted) swaps[pass] += made;
  }
  return swaps;
}

TEST_F(Teaching, OddEvenSwapCountsMatchTheCpu) {
  struct Case {
    std::string name;
    SorterOptions options;
    std::uint32_t roundsPerDispatch;  // 1: the teaching schedule
  };
  Case teaching{"teaching", {}, 1};
  teaching.options.teaching = true;
  // Small tiles of 64, 3 rounds per pass: several passes, and tiles with halos from 65 keys on.
  Case fast{"fast", {}, 3};
  fast.options.settings = {{"workgroup-size", 16}, {"items-per-thread", 4}, {"rounds-per-dispatch", 3}};
  for (const Case& schedule : {teaching, fast}) {
    for (std::uint32_t length : {2u, 7u, 16u, 33u, 100u}) {
      for (Pattern pattern : kPatterns) {
        SCOPED_TRACE(schedule.name + ": " + inputName(pattern, length));
        const SortData input = makeSequences(pattern, kSequences, length, length);
        auto sorter = findAlgorithm("odd-even").create(testSortContext(), schedule.options);
        sorter->load(input);
        const std::uint32_t rounds = std::min(length, schedule.roundsPerDispatch);
        const std::vector<std::uint64_t> expected = expectedSwaps(input, sorter->passCount(), rounds);
        sorter->runAll();
        EXPECT_FALSE(sorter->swapsInPass(sorter->passesRun()));
        glFinish();  // every check issued has landed: from here nothing may be missing
        for (std::uint32_t pass = 0; pass < sorter->passesRun(); ++pass)
          ASSERT_EQ(sorter->swapsInPass(pass), std::optional<std::uint64_t>(expected[pass])) << "pass " << pass + 1;

        // The counts depend only on the input: after a restart, a pass run again has its count at once.
        sorter->restart();
        EXPECT_FALSE(sorter->swapsInPass(0));
        sorter->runPass();
        EXPECT_EQ(sorter->swapsInPass(0), std::optional<std::uint64_t>(expected[0]));
      }
    }
  }
}

TEST_F(Teaching, OnlyOddEvenCountsSwaps) {
  const SortData input = makeSequences(Pattern::Random, kSequences, 16, 1);
  for (const Schedule& schedule : allSchedules()) {
    if (schedule.algorithm->name == "odd-even") continue;
    auto sorter = create(schedule);
    sorter->load(input);
    sorter->runAll();
    glFinish();
    for (std::uint32_t pass = 0; pass < sorter->passesRun(); ++pass) EXPECT_FALSE(sorter->swapsInPass(pass)) << schedule.name;
  }
}

// [SECTION] descriptions

std::string replaceAll(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

TEST_F(Teaching, EveryPassIsOneShortLineWithZeroBasedNumbersInTheUsersOrder) {
  const std::regex pair(R"(\((\d+),(\d+)\))");
  for (const Schedule& schedule : allSchedules()) {
    for (std::uint32_t length : {1u, 2u, 7u, 16u, 33u, 5000u}) {
      const SortData input = makeSequences(Pattern::Random, kSequences, length, length);
      auto ascending = create(schedule);
      auto descending = create(schedule, /*descendingKeys=*/true);
      ascending->load(input);
      descending->load(input);
      ASSERT_EQ(ascending->passCount(), descending->passCount());
      const std::uint32_t passes = ascending->passCount();
      for (std::uint32_t pass = 0; pass < passes; ++pass) {
        const std::string text = ascending->describePass(pass);
        SCOPED_TRACE(schedule.name + ", length " + std::to_string(length) + ": " + text);
        EXPECT_EQ(text.find('\n'), std::string::npos);
        EXPECT_LE(text.size(), 100u);
        EXPECT_EQ(text.rfind(passName(pass, passes), 0), 0u);
        // Positions count from 0 and lie in the sequence.
        for (auto it = std::sregex_iterator(text.begin(), text.end(), pair); it != std::sregex_iterator(); ++it) {
          for (int group : {1, 2}) {
            const unsigned long position = std::stoul((*it)[group].str());
            EXPECT_LT(position, length);
          }
        }
        // Odd-even: the round is named by its pairs' left positions, as the pseudocode's p: even
        // passes pair (0,1), (2,3), ...
        if (text.find(" round: ") != std::string::npos) {
          EXPECT_NE(text.find(pass % 2 == 0 ? "even round" : "odd round"), std::string::npos);
        }
        if (text.find("nothing moves") == std::string::npos) {
          EXPECT_NE(text.find("smaller"), std::string::npos) << "every pass that moves keys says which way";
        }
        EXPECT_EQ(descending->describePass(pass), replaceAll(text, "smaller", "larger"));
      }
    }
  }
}

// [SECTION] panel arithmetic (no GPU)

TEST(TeachingMath, DigitsHistogramsPrefixSumsAndBucketStarts) {
  using ui::digitOf;
  EXPECT_EQ(digitOf(0xABCD1234u, {0, 4}), 0x4u);
  EXPECT_EQ(digitOf(0xABCD1234u, {4, 4}), 0x3u);
  EXPECT_EQ(digitOf(0xABCD1234u, {28, 4}), 0xAu);
  EXPECT_EQ(digitOf(0xABCD1234u, {8, 8}), 0x12u);
  EXPECT_EQ(digitOf(0xABCD1234u, {24, 8}), 0xABu);

  const std::vector<std::uint32_t> keys = {0x21, 0x13, 0x23, 0x01, 0x31, 0x11};  // low digits 1 3 3 1 1 1
  const DigitPlace low{0, 4}, high{4, 4};
  std::vector<std::uint32_t> expected(16, 0);
  expected[1] = 4;
  expected[3] = 2;
  EXPECT_EQ(ui::digitHistogram(keys, low), expected);
  const std::vector<std::uint32_t> counts = {3, 0, 2, 1};
  EXPECT_EQ(ui::exclusivePrefixSum(counts), (std::vector<std::uint32_t>{0, 3, 3, 5}));
  EXPECT_EQ(ui::digitHistogram(keys, {0, 8}).size(), 256u);
  EXPECT_TRUE(ui::digitHistogram(keys, {0, 0}).empty());

  // Two sequences of three: digits (2 1 2) and (0 3 1) at bits 4-7.
  const std::vector<std::uint32_t> starts = ui::bucketStarts(keys, high, 3);
  ASSERT_EQ(starts.size(), 32u);
  EXPECT_EQ(starts[1], 0u);   // sequence 1: digit 1 first
  EXPECT_EQ(starts[2], 1u);   // then the two 2s
  EXPECT_EQ(starts[3], 3u);   // nothing after: the sequence's end
  EXPECT_EQ(starts[16 + 0], 3u);
  EXPECT_EQ(starts[16 + 1], 4u);
  EXPECT_EQ(starts[16 + 3], 5u);
  EXPECT_TRUE(ui::bucketStarts(keys, high, 4).empty());

  // Stable-sorting by the digit puts each key inside its bucket.
  std::vector<std::uint32_t> sorted = keys;
  std::stable_sort(sorted.begin(), sorted.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return digitOf(a, low) < digitOf(b, low); });
  const std::vector<std::uint32_t> lowStarts = ui::bucketStarts(keys, low, 6);
  const std::vector<std::uint32_t> lowCounts = ui::digitHistogram(keys, low);
  for (std::uint32_t i = 0; i < sorted.size(); ++i) {
    const std::uint32_t digit = digitOf(sorted[i], low);
    EXPECT_GE(i, lowStarts[digit]);
    EXPECT_LT(i, lowStarts[digit] + lowCounts[digit]);
  }
}

TEST(TeachingMath, SwappedPositionsAreWhereKeysChanged) {
  const std::vector<std::uint32_t> before = {5, 3, 7, 7, 1};
  const std::vector<std::uint32_t> after = {3, 5, 7, 7, 1};
  EXPECT_EQ(ui::swappedPositions(before, after), (std::vector<bool>{true, true, false, false, false}));
  EXPECT_TRUE(ui::swappedPositions(before, std::vector<std::uint32_t>{1}).empty());
}

TEST(TeachingMath, OverlappingComparatorsGetSeparateLanesNestedOnesInsideOut) {
  const std::vector<Comparator> neighbours = {{0, 1}, {2, 3}, {4, 5}};
  EXPECT_EQ(ui::comparatorLanes(neighbours), (std::vector<std::uint32_t>{0, 0, 0}));
  const std::vector<Comparator> mirror = {{0, 7}, {1, 6}, {2, 5}, {3, 4}};
  EXPECT_EQ(ui::comparatorLanes(mirror), (std::vector<std::uint32_t>{3, 2, 1, 0}));
  const std::vector<Comparator> distanceTwo = {{0, 2}, {1, 3}, {4, 6}, {5, 7}};
  EXPECT_EQ(ui::comparatorLanes(distanceTwo), (std::vector<std::uint32_t>{0, 1, 0, 1}));
  EXPECT_EQ(ui::laneCount(ui::comparatorLanes(distanceTwo)), 2u);
  // Touching at one position is overlapping too: the lines would meet there.
  EXPECT_EQ(ui::comparatorLanes({{0, 2}, {2, 4}}), (std::vector<std::uint32_t>{0, 1}));
}

TEST(TeachingMath, NetworkColumnsFitTheWidthLeftToRight) {
  const std::vector<std::vector<Comparator>> passes = {{{0, 1}, {2, 3}}, {{0, 3}, {1, 2}}, {{0, 1}, {2, 3}}};
  const ui::NetworkColumns columns = ui::layoutNetworkColumns(passes, 300.0f, 3.0f, 100.0f);
  EXPECT_NEAR(columns.width, 300.0f, 0.01f);
  for (std::size_t p = 0; p < passes.size(); ++p) {
    if (p > 0) {
      EXPECT_GE(columns.passLeft[p], columns.passRight[p - 1]);
    }
    for (float x : columns.comparatorX[p]) {
      EXPECT_GT(x, columns.passLeft[p]);
      EXPECT_LT(x, columns.passRight[p]);
    }
  }
  EXPECT_NE(columns.comparatorX[1][0], columns.comparatorX[1][1]);  // nested: side by side
  EXPECT_EQ(columns.comparatorX[0][0], columns.comparatorX[0][1]);  // disjoint: one line
  // Too narrow for the smallest pitch: wider than asked, so the panel scrolls.
  EXPECT_GT(ui::layoutNetworkColumns(passes, 10.0f, 3.0f, 100.0f).width, 10.0f);
  // The largest pitch caps it.
  EXPECT_LT(ui::layoutNetworkColumns(passes, 3000.0f, 3.0f, 10.0f).width, 3000.0f);
}

// [SECTION] drawing (an ImGui context without a GPU: the draw lists are inspected)

class TeachingDrawing : public ::testing::Test {
 protected:
  void SetUp() override {
    context_ = ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(800, 900);
    io.DeltaTime = 1.0f / 60.0f;
    // ImGui's text log ends in the clipboard: what a panel wrote, as text.
    io.SetClipboardTextFn = [](void*, const char* text) { loggedText() = text; };
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
    beginFrame();
  }
  void TearDown() override {
    if (ImGui::GetCurrentContext() != nullptr && !rendered_) render();
    ImGui::DestroyContext(context_);
  }
  void beginFrame() {
    rendered_ = false;
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(kWindowWidth, 880));
    ImGui::Begin("teaching", nullptr, ImGuiWindowFlags_NoSavedSettings);
  }
  // Ends the frame; every vertex of every draw list.
  std::vector<ImDrawVert> render() {
    rendered_ = true;
    ImGui::End();
    ImGui::Render();
    std::vector<ImDrawVert> vertices;
    const ImDrawData* data = ImGui::GetDrawData();
    for (int i = 0; i < data->CmdListsCount; ++i)
      vertices.insert(vertices.end(), data->CmdLists[i]->VtxBuffer.begin(), data->CmdLists[i]->VtxBuffer.end());
    return vertices;
  }
  // The text `draw` puts in the window (labels, table cells, messages), as ImGui logs it.
  static std::string textOf(const std::function<void()>& draw) {
    loggedText().clear();
    ImGui::LogToClipboard();
    draw();
    ImGui::LogFinish();
    return loggedText();
  }
  static std::string& loggedText() {
    static std::string text;
    return text;
  }
  static bool sameColour(ImU32 a, ImU32 b) { return (a & ~IM_COL32_A_MASK) == (b & ~IM_COL32_A_MASK); }
  static int countColour(const std::vector<ImDrawVert>& vertices, ImU32 colour) {
    return static_cast<int>(std::count_if(vertices.begin(), vertices.end(),
                                          [&](const ImDrawVert& vertex) { return sameColour(vertex.col, colour); }));
  }

  static constexpr float kWindowWidth = 600;
  ImGuiContext* context_ = nullptr;
  bool rendered_ = false;
};

std::vector<ImDrawVert> newVertices(const ImDrawList* list, int from) {
  return std::vector<ImDrawVert>(list->VtxBuffer.begin() + from, list->VtxBuffer.end());
}

TEST_F(TeachingDrawing, BracketsSitUnderTheBarsTheSwappedOnesInTheirOwnColour) {
  ImDrawList* list = ImGui::GetForegroundDrawList();
  const ImVec2 min(100, 100), max(420, 300);  // 8 elements of 40 px
  const std::vector<Comparator> pairs = {{0, 1}, {2, 3}, {4, 5}, {6, 7}};
  std::vector<bool> swapped(8, false);
  swapped[2] = swapped[3] = true;
  const int from = list->VtxBuffer.Size;
  ui::drawComparatorBrackets(list, min, max, 8, pairs, swapped);
  const std::vector<ImDrawVert> vertices = newVertices(list, from);
  ASSERT_FALSE(vertices.empty());
  const float band = ui::comparatorBracketsHeight(min, max, 8, pairs);
  EXPECT_GT(band, 0.0f);
  int swappedVertices = 0, plainVertices = 0;
  for (const ImDrawVert& vertex : vertices) {
    EXPECT_GE(vertex.pos.y, max.y - 1.0f);
    EXPECT_LE(vertex.pos.y, max.y + band + 1.0f);
    if (sameColour(vertex.col, ui::kSwappedComparatorColour)) {
      ++swappedVertices;
      // Between the centres of elements 2 and 3 (x 200 and 240), give or take the line's width.
      EXPECT_GE(vertex.pos.x, 197.0f);
      EXPECT_LE(vertex.pos.x, 243.0f);
    } else {
      EXPECT_TRUE(sameColour(vertex.col, ui::kComparatorColour));
      ++plainVertices;
    }
  }
  EXPECT_GT(swappedVertices, 0);
  EXPECT_GT(plainVertices, 0);

  // Nested brackets need a deeper band than side-by-side ones; past 64 elements nothing is drawn.
  EXPECT_GT(ui::comparatorBracketsHeight(min, max, 8, {{0, 7}, {1, 6}, {2, 5}, {3, 4}}), band);
  const int before = list->VtxBuffer.Size;
  ui::drawComparatorBrackets(list, min, max, ui::kMaxOverlayElements + 1, pairs, {});
  EXPECT_EQ(list->VtxBuffer.Size, before);
}

// The panel's table rows for `keys`' digit at `place`, counted here, as ImGui logs them:
// "| digit | keys | keys before | bucket |", positions from 1, empty buckets so marked.
std::vector<std::string> expectedBucketRows(const std::vector<std::uint32_t>& keys, DigitPlace place) {
  std::vector<std::uint32_t> counts(1u << place.bits, 0);
  for (std::uint32_t key : keys) ++counts[(key >> place.shift) & ((1u << place.bits) - 1)];
  std::vector<std::string> rows;
  std::uint32_t before = 0;
  for (std::uint32_t digit = 0; digit < counts.size(); ++digit) {
    char row[96];
    const std::uint32_t count = counts[digit];
    // Slots from 0, as the bars under them are numbered.
    const std::string bucket = count == 0   ? "empty"
                               : count == 1 ? std::to_string(before)
                                            : std::to_string(before) + "-" + std::to_string(before + count - 1);
    std::snprintf(row, sizeof row, "| %X | %u | %u | %s |", digit, count, before, bucket.c_str());
    rows.push_back(row);
    before += count;
  }
  return rows;
}

TEST_F(TeachingDrawing, RadixPanelDrawsForOneAndSeveralSequencesAndAMatrix) {
  // Random keys: uneven buckets, some empty, so every column of every row says something.
  std::vector<std::uint32_t> keys;
  std::mt19937 random(5);
  for (std::uint32_t i = 0; i < 64; ++i) keys.push_back(static_cast<std::uint32_t>(random()));
  const std::vector<std::uint32_t> firstHalf(keys.begin(), keys.begin() + 32);

  // One sequence of 64 keys, digit bits 4-7: the histogram, prefix sum and every bucket.
  const std::string one = textOf([&] { ui::drawRadixPanel(keys, {4, 4}, 64, nullptr); });
  EXPECT_NE(one.find("The digit is bits 4-7 of each key (16 values); 64 keys."), std::string::npos) << one;
  EXPECT_NE(one.find("keys per digit"), std::string::npos) << one;
  EXPECT_NE(one.find("keys before each digit (exclusive prefix sum; top = 64)"), std::string::npos) << one;
  for (const std::string& row : expectedBucketRows(keys, {4, 4})) EXPECT_NE(one.find(row), std::string::npos) << row << "\n" << one;
  EXPECT_EQ(one.find("sequence"), std::string::npos) << "one sequence needs no slider";

  // Two sequences of 32 and the GPU's counter matrix: the slider, the first sequence's buckets
  // and the matrix as given.
  std::vector<std::uint32_t> matrix(2 * 16 * 2);  // [2 sequences][16 digits][2 blocks]
  std::iota(matrix.begin(), matrix.end(), 100u);
  const std::string several = textOf([&] { ui::drawRadixPanel(keys, {0, 4}, 32, &matrix); });
  EXPECT_NE(several.find("sequence"), std::string::npos) << several;
  EXPECT_NE(several.find("32 keys."), std::string::npos) << several;
  for (const std::string& row : expectedBucketRows(firstHalf, {0, 4}))
    EXPECT_NE(several.find(row), std::string::npos) << row << "\n" << several;
  EXPECT_NE(several.find("Counter matrix of sequence 0, digit x block (2 blocks), as the GPU holds it:"), std::string::npos)
      << several;
  EXPECT_NE(several.find("| 3 | 106 | 107 |"), std::string::npos) << "digit 3's row of sequence 0\n" << several;

  // No whole number of sequences, or no keys: a message and no table.
  for (const auto& input : {keys, std::vector<std::uint32_t>{}}) {
    const std::string refused = textOf([&] { ui::drawRadixPanel(input, {0, 4}, 7, nullptr); });
    EXPECT_NE(refused.find("no keys to count"), std::string::npos) << refused;
    EXPECT_EQ(refused.find("|"), std::string::npos) << refused;
  }
}

TEST_F(TeachingDrawing, NetworkPanelFillsTheWidthAndMarksTheCurrentPass) {
  // Odd-even transposition of 32 wires: 32 columns, enough to fill the window's width. The last
  // pass is the current one, so its column is the rightmost marked thing.
  std::vector<std::vector<Comparator>> passes;
  for (std::uint32_t pass = 0; pass < 32; ++pass) passes.push_back(oddEvenRoundComparators(pass, 32, SIZE_MAX));
  ui::drawNetworkPanel(passes, 32, 31);
  float currentRight = 0, runLeft = kWindowWidth;
  for (const ImDrawVert& vertex : render()) {
    if (sameColour(vertex.col, ui::kCurrentPassColour)) currentRight = std::max(currentRight, vertex.pos.x);
    if (sameColour(vertex.col, ui::kComparatorColour)) runLeft = std::min(runLeft, vertex.pos.x);
  }
  EXPECT_GT(currentRight, 0.85f * kWindowWidth);
  EXPECT_LE(currentRight, kWindowWidth);
  EXPECT_LT(runLeft, 0.15f * kWindowWidth);  // the passes run before it, from the left
}

TEST_F(TeachingDrawing, NetworkPanelMarksNothingOnceFinishedAndRefusesWideNetworks) {
  std::vector<std::vector<Comparator>> passes;
  for (const BitonicPass& pass : bitonicTeachingSchedule(8)) passes.push_back(bitonicPassComparators(pass, 8, SIZE_MAX));
  const auto last = static_cast<std::uint32_t>(passes.size() - 1);

  // At the last pass: it is marked (its comparators and the column's shade), the others run.
  ui::drawNetworkPanel(passes, 8, last);
  const std::vector<ImDrawVert> atLast = render();
  const int runAtLast = countColour(atLast, ui::kComparatorColour);
  const int markedAtLast = countColour(atLast, ui::kCurrentPassColour);
  ASSERT_GT(runAtLast, 0);
  ASSERT_GT(markedAtLast, 4);

  // Finished: nothing marked, and the last pass's comparators are drawn as run, like the others:
  // the marked vertices less the shade's rectangle (4) moved to the run colour.
  beginFrame();
  ui::drawNetworkPanel(passes, 8, last + 1);
  const std::vector<ImDrawVert> finished = render();
  EXPECT_EQ(countColour(finished, ui::kCurrentPassColour), 0);
  EXPECT_EQ(countColour(finished, ui::kComparatorColour), runAtLast + markedAtLast - 4);

  // Too many wires, or passes without comparators: a message in words and no network.
  beginFrame();
  const std::string wide = textOf([&] { ui::drawNetworkPanel(passes, ui::kMaxNetworkWires + 1, 0); });
  const std::string none = textOf([&] { ui::drawNetworkPanel({{}, {}}, 8, 0); });
  const std::vector<ImDrawVert> refused = render();
  EXPECT_NE(wide.find("The network is drawn for at most 64 keys; this sequence has 65."), std::string::npos) << wide;
  EXPECT_NE(none.find("No comparator network"), std::string::npos) << none;
  EXPECT_EQ(countColour(refused, ui::kComparatorColour), 0);
  EXPECT_EQ(countColour(refused, ui::kCurrentPassColour), 0);
}

// Regression (issue 26): the bucket table's header read "keys befo..."; every column is now at
// least as wide as its header and its widest cell.
TEST_F(TeachingDrawing, RadixBucketTableCutsNoHeaderShort) {
  std::vector<std::uint32_t> keys;
  for (std::uint32_t i = 0; i < 64; ++i) keys.push_back(i * 2654435761u);
  // Fitting columns to their contents takes a frame: draw two, check the second's layout.
  for (int frame = 0; frame < 2; ++frame) {
    if (frame > 0) {
      render();
      beginFrame();
    }
    ui::drawRadixPanel(keys, {0, 4}, 64, nullptr);
  }
  ImGuiTable* table = ImGui::TableFindByID(ImGui::GetID("##buckets"));
  ASSERT_NE(table, nullptr);
  ASSERT_EQ(table->ColumnsCount, 4);
  for (int column = 0; column < table->ColumnsCount; ++column) {
    const char* header = ImGui::TableGetColumnName(table, column);
    EXPECT_GE(table->Columns[column].WidthGiven + 0.5f, ImGui::CalcTextSize(header).x) << header;
  }
}

// Regression (issue 26): with one pass a plot was empty (lines) or one block filling it (bars);
// now each pass is one bar of at most 1/16 of the width, the scale written above.
TEST_F(TeachingDrawing, PassPlotsHaveAScaleAndOnePassIsOneNarrowBar) {
  ImDrawList* list = ImGui::GetWindowDrawList();
  const float width = ImGui::GetContentRegionAvail().x;
  const int from = list->VtxBuffer.Size;
  const std::string text = textOf([&] { ui::drawPassPlot("time per pass", {2.5f}, "ms", 40.0f); });
  EXPECT_NE(text.find("time per pass: 1 pass, top = 2.5 ms"), std::string::npos) << text;
  float left = FLT_MAX, right = -FLT_MAX;
  for (const ImDrawVert& vertex : newVertices(list, from)) {
    if (!sameColour(vertex.col, ui::kPlotLastBarColour)) continue;
    left = std::min(left, vertex.pos.x);
    right = std::max(right, vertex.pos.x);
  }
  ASSERT_LT(left, right) << "the one pass has a bar";
  EXPECT_LE(right - left, width / ui::kMinPlotSlots + 1.0f);

  // Unknown times (NaN) draw no bar; the scale follows the largest known value.
  const std::string withGaps = textOf([&] {
    ui::drawPassPlot("time per pass", {1.0f, std::numeric_limits<float>::quiet_NaN(), 4.0f}, "ms", 40.0f);
  });
  EXPECT_NE(withGaps.find("3 passes, top = 4 ms"), std::string::npos) << withGaps;
}

// Issue 26: the network panel numbers its passes and marks where each bitonic merge begins.
TEST(TeachingMath, MergeStagesBeginWhereTheComparatorsWidenAndPassLabelsDoNotCrowd) {
  std::vector<std::vector<Comparator>> bitonic;
  for (const BitonicPass& pass : bitonicTeachingSchedule(16)) bitonic.push_back(bitonicPassComparators(pass, 16, SIZE_MAX));
  // 16 keys: merges of 2, 4, 8, 16 keys, of 1, 2, 3, 4 passes.
  EXPECT_EQ(ui::mergeStageStarts(bitonic), (std::vector<std::uint32_t>{0, 1, 3, 6}));
  std::vector<std::vector<Comparator>> oddEven;
  for (std::uint32_t pass = 0; pass < 16; ++pass) oddEven.push_back(oddEvenRoundComparators(pass, 16, SIZE_MAX));
  EXPECT_EQ(ui::mergeStageStarts(oddEven), (std::vector<std::uint32_t>{0})) << "transposition is one stage";

  std::vector<float> centres;
  for (int i = 0; i < 40; ++i) centres.push_back(static_cast<float>(i) * 10.0f);
  EXPECT_EQ(ui::labelledPasses(centres, 8.0f).size(), 40u) << "room for every number";
  EXPECT_EQ(ui::labelledPasses(centres, 25.0f), (std::vector<std::uint32_t>{0, 5, 10, 15, 20, 25, 30, 35}))
      << "0, 5, 10, ... counted from 0";
  EXPECT_EQ(ui::labelledPasses({}, 10.0f).size(), 0u);

  EXPECT_EQ(ui::shownPass(0).pass, 0u);
  EXPECT_EQ(ui::shownPass(0).caption, "brackets: pass 0 (next)");
  EXPECT_EQ(ui::shownPass(3).pass, 2u);
  EXPECT_EQ(ui::shownPass(3).caption, "brackets: pass 2 (last run)");
}

// Issue 26: the network scales to 64 wires, in a fixed panel or filling a large window.
TEST_F(TeachingDrawing, NetworkPanelDrawsSixtyFourWiresAndFillsATallWindow) {
  std::vector<std::vector<Comparator>> passes;
  for (const BitonicPass& pass : bitonicTeachingSchedule(64)) passes.push_back(bitonicPassComparators(pass, 64, SIZE_MAX));
  auto wireSpan = [&](bool fill) {
    ui::drawNetworkPanel(passes, 64, 3, fill);
    float top = FLT_MAX, bottom = -FLT_MAX;
    int comparators = 0;
    for (const ImDrawVert& vertex : render()) {
      if (!sameColour(vertex.col, ui::kComparatorColour)) continue;
      ++comparators;
      top = std::min(top, vertex.pos.y);
      bottom = std::max(bottom, vertex.pos.y);
    }
    beginFrame();
    EXPECT_GT(comparators, 0);
    return bottom - top;
  };
  const float compact = wireSpan(false);
  const float filled = wireSpan(true);
  EXPECT_GT(compact, 63 * 5.0f);
  EXPECT_GT(filled, compact) << "the 880 px window has room for more than the compact gap";
  EXPECT_LT(filled, 880.0f);
}

}  // namespace
}  // namespace shadersort::testing

// The engine layer (sort/engine.h): every row's stepper names its row; every engine a stepper
// hands out sorts a target where it lies (at a byte offset, the words around it untouched, one
// engine over many shapes) as std::stable_sort does; and WholeSortStepper steps any engine as a
// one-pass sorter, restart and checkpoints included.

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <optional>
#include <string>

#include "data/patterns.h"
#include "sort/compute/storage_buffer.h"
#include "sort/radix/radix_sorter.h"
#include "sort/whole_sort_stepper.h"
#include "sort_test_support.h"

namespace shadersort::testing {
namespace {

TEST(Engines, EveryRowsStepperNamesItsRow) {
  for (const AlgorithmInfo& algorithm : algorithms()) {
    const auto sorter = algorithm.create(testSortContext(), SorterOptions{});
    EXPECT_EQ(sorter->algorithmName(), algorithm.name);
  }
  auto radix = findAlgorithm("radix").create(testSortContext(), SorterOptions{});
  EXPECT_NE(radix->engine(), nullptr) << "production paths sort through radix's engine";
}

// Keys (and values) at `offset` bytes into buffers with sentinels around them.
struct PlacedInput {
  std::size_t offset = 0;
  gl::Buffer keys, values;
};

constexpr std::uint32_t kSentinel = 0xC0FFEEu;

gl::Buffer bufferAt(const std::vector<std::uint32_t>& words, std::size_t offset) {
  std::vector<std::uint32_t> all(offset / 4, kSentinel);
  all.insert(all.end(), words.begin(), words.end());
  all.insert(all.end(), 16, kSentinel);
  gl::Buffer buffer("test: engine target");
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer.id());
  glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(all.size() * 4), all.data(), GL_STATIC_DRAW);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  return buffer;
}

std::vector<std::uint32_t> wordsOf(const gl::Buffer& buffer, std::size_t count) {
  std::vector<std::uint32_t> words(count);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer.id());
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(count * 4), words.data());
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  return words;
}

// Every engine a stepper hands out: sizes 0, 1, odd, non-powers of two and past a workgroup, every
// pattern, keys alone and with values, one engine for all of them (its scratch kept and grown).
TEST(Engines, SortInPlaceMatchesStableSortWhereTheDataLies) {
  GLint alignment = 0;
  glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &alignment);
  const std::size_t offset = static_cast<std::size_t>(alignment) * 2;
  for (const AlgorithmInfo& algorithm : algorithms()) {
    auto sorter = algorithm.create(testSortContext(), SorterOptions{});
    SortEngine* engine = sorter->engine();
    if (engine == nullptr) continue;
    SCOPED_TRACE(std::string(algorithm.name));
    for (std::size_t size : {0u, 1u, 2u, 7u, 100u, 1000u, 4097u, 20011u}) {
      for (Pattern pattern : allPatterns()) {
        for (bool withValues : {false, true}) {
          SCOPED_TRACE(std::to_string(size) + " " + std::string(patternName(pattern)) + (withValues ? " pairs" : " keys"));
          const std::vector<std::uint32_t> keys = makePattern(pattern, size, 7 + size);
          std::vector<std::uint32_t> values(size);
          std::iota(values.begin(), values.end(), 0u);
          const gl::Buffer keyBuffer = bufferAt(keys, offset), valueBuffer = bufferAt(values, offset);
          engine->sortInPlace(SortTarget{.shape = {1, static_cast<std::uint32_t>(size), withValues},
                                         .keys = {keyBuffer.id(), offset},
                                         .values = {valueBuffer.id(), offset}});
          glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
          const SortData expected = referenceRawSort(KeyType::U32, keys, withValues ? values : std::vector<std::uint32_t>{});
          std::vector<std::uint32_t> wantKeys(offset / 4, kSentinel), wantValues(offset / 4, kSentinel);
          wantKeys.insert(wantKeys.end(), expected.keys.begin(), expected.keys.end());
          wantValues.insert(wantValues.end(), (withValues ? expected.values : values).begin(),
                            (withValues ? expected.values : values).end());
          for (auto* want : {&wantKeys, &wantValues}) want->insert(want->end(), 16, kSentinel);
          ASSERT_EQ(wordsOf(keyBuffer, wantKeys.size()), wantKeys);
          ASSERT_EQ(wordsOf(valueBuffer, wantValues.size()), wantValues) << "values sorted, or untouched without";
        }
      }
    }
  }
}

// The engine's segmented form (SortTarget::segments, ::gpuCount): every engine sorts each segment
// of a GPU buffer of offsets on its own, as std::stable_sort does, keys outside every segment and
// past a count read on the GPU keep their place, all at byte offsets with the words around them
// untouched; then the same segments with values, and many short ones.
TEST(Engines, SegmentOffsetsAndAGpuCountSortEachSegmentWhereTheDataLies) {
  GLint alignment = 0;
  glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &alignment);
  const std::size_t offset = static_cast<std::size_t>(alignment) * 2;
  struct Case {
    std::string name;
    std::uint32_t size;
    std::vector<std::uint32_t> offsets;  // empty: no segments
    std::optional<std::uint32_t> gpuCount;
  };
  std::vector<std::uint32_t> shortSegments;  // lengths 0, 1, 2, ... 6, again and again
  for (std::uint32_t at = 3, length = 0; at < 4000; at += length, length = (length + 1) % 7) shortSegments.push_back(at);
  const std::vector<Case> cases = {
      {"segments, some empty, keys outside", 3001, {5, 5, 40, 41, 1200, 1200, 2990}, std::nullopt},
      {"one segment of all", 777, {0, 777}, std::nullopt},
      {"no segment", 500, {9}, std::nullopt},
      {"a GPU count", 2049, {}, 1777},
      {"a GPU count above the most", 300, {}, 99999},
      {"a GPU count of one", 300, {}, 1},
      {"segments and a GPU count", 3000, {0, 1000, 3000}, 2500},
      {"many short segments", 4000, shortSegments, std::nullopt},
  };
  for (const AlgorithmInfo& algorithm : algorithms()) {
    auto sorter = algorithm.create(testSortContext(), SorterOptions{});
    SortEngine* engine = sorter->engine();
    if (engine == nullptr) continue;
    SCOPED_TRACE(std::string(algorithm.name));
    for (const Case& test : cases) {
      for (Pattern pattern : {Pattern::Random, Pattern::FewUnique, Pattern::Reversed}) {
        for (bool withValues : {false, true}) {
          SCOPED_TRACE(test.name + " " + std::string(patternName(pattern)) + (withValues ? " pairs" : " keys"));
          const std::vector<std::uint32_t> keys = makePattern(pattern, test.size, 3 + test.size);
          std::vector<std::uint32_t> values(test.size);
          std::iota(values.begin(), values.end(), 0u);
          const gl::Buffer keyBuffer = bufferAt(keys, offset), valueBuffer = bufferAt(values, offset);
          const gl::Buffer offsetBuffer = bufferAt(test.offsets.empty() ? std::vector<std::uint32_t>{0} : test.offsets, offset);
          const gl::Buffer countBuffer = bufferAt({test.gpuCount.value_or(0)}, offset);
          SortTarget target{.shape = {1, test.size, withValues},
                            .keys = {keyBuffer.id(), offset},
                            .values = {valueBuffer.id(), offset}};
          if (!test.offsets.empty())
            target.segments = SegmentOffsets{{offsetBuffer.id(), offset}, static_cast<std::uint32_t>(test.offsets.size() - 1)};
          if (test.gpuCount) target.gpuCount = BufferRange{countBuffer.id(), offset};
          engine->sortInPlace(target);
          glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);

          // The reference: each segment, cut at the count, stably sorted on the CPU.
          const std::uint32_t count = std::min(test.gpuCount.value_or(test.size), test.size);
          std::vector<std::pair<std::uint32_t, std::uint32_t>> ranges;
          if (test.offsets.empty()) ranges.push_back({0, count});
          for (std::size_t s = 0; s + 1 < test.offsets.size(); ++s)
            ranges.push_back({std::min(test.offsets[s], count), std::min(test.offsets[s + 1], count)});
          std::vector<std::uint32_t> wantKeys = keys, wantValues = values;
          for (const auto& [begin, end] : ranges) {
            std::vector<std::uint32_t> order(end - begin);
            std::iota(order.begin(), order.end(), begin);
            std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return keys[a] < keys[b]; });
            for (std::uint32_t i = begin; i < end; ++i) {
              wantKeys[i] = keys[order[i - begin]];
              if (withValues) wantValues[i] = values[order[i - begin]];
            }
          }
          for (auto* want : {&wantKeys, &wantValues}) {
            want->insert(want->begin(), offset / 4, kSentinel);
            want->insert(want->end(), 16, kSentinel);
          }
          ASSERT_EQ(wordsOf(keyBuffer, wantKeys.size()), wantKeys);
          ASSERT_EQ(wordsOf(valueBuffer, wantValues.size()), wantValues) << "values sorted, or untouched without";
        }
      }
    }
    // Made ready for the largest case, the engine creates nothing more for any of them.
    engine->reserveSegmented(SortShape{1, 4000, true});
    const gl::CreatedObjects before = gl::createdObjects();
    for (const Case& test : cases) {
      const gl::Buffer keyBuffer = bufferAt(makePattern(Pattern::Random, test.size, 1), 0);
      const gl::Buffer valueBuffer = bufferAt(std::vector<std::uint32_t>(test.size, 0), 0);
      const gl::Buffer offsetBuffer = bufferAt(test.offsets.empty() ? std::vector<std::uint32_t>{0} : test.offsets, 0);
      const gl::CreatedObjects buffersMade = gl::createdObjects();
      SortTarget target{.shape = {1, test.size, true}, .keys = {keyBuffer.id(), 0}, .values = {valueBuffer.id(), 0}};
      if (!test.offsets.empty())
        target.segments = SegmentOffsets{{offsetBuffer.id(), 0}, static_cast<std::uint32_t>(test.offsets.size() - 1)};
      engine->sortInPlace(target);
      EXPECT_EQ(gl::createdObjects().buffers, buffersMade.buffers) << test.name << ": a buffer made after reserve";
      EXPECT_EQ(gl::createdObjects().programs, before.programs) << test.name << ": a program made after reserve";
    }
  }
}

// A one-pass stepper over radix's engine, as a new algorithm with no stepper of its own gets.
TEST(WholeSortStepper, StepsAnEngineAsOnePassWithRestartAndCheckpoints) {
  WholeSortStepper stepper("radix", std::make_unique<RadixSorter>(testSortContext(), SorterOptions{}));
  EXPECT_EQ(stepper.algorithmName(), "radix");
  EXPECT_NE(stepper.engine(), nullptr);
  for (std::size_t size : {0u, 1u, 5u, 999u, 3000u}) {
    for (Pattern pattern : allPatterns()) {
      SCOPED_TRACE(std::to_string(size) + " " + std::string(patternName(pattern)));
      std::vector<std::uint32_t> keys = makePattern(pattern, size, 3 + size), values(size);
      std::iota(values.begin(), values.end(), 100u);
      const SortData input = singleSequence(keys, values);
      stepper.load(input);
      EXPECT_EQ(stepper.passCount(), size >= 2 ? 1u : 0u);
      EXPECT_EQ(stepper.read().keys, keys) << "pass 0 is the input";
      const auto atStart = stepper.checkpoint();
      stepper.runAll();
      EXPECT_TRUE(stepper.finished());
      const SortData expected = referenceRawSort(KeyType::U32, keys, values);
      EXPECT_EQ(stepper.read().keys, expected.keys);
      EXPECT_EQ(stepper.read().values, expected.values);
      stepper.resume(*atStart);
      EXPECT_EQ(stepper.passesRun(), 0u);
      EXPECT_EQ(stepper.read().values, values);
      stepper.runPass();
      stepper.restart();
      EXPECT_EQ(stepper.read().keys, keys) << "restart gives the input back";
    }
  }
  WholeSortStepper other("radix", std::make_unique<RadixSorter>(testSortContext(), SorterOptions{}));
  other.load(singleSequence({3, 1, 2}));
  EXPECT_THROW(stepper.resume(*other.checkpoint()), std::invalid_argument);
}

}  // namespace
}  // namespace shadersort::testing

// The engine layer (sort/engine.h): every row's stepper names its row; every engine a stepper
// hands out sorts a target where it lies (at a byte offset, the words around it untouched, one
// engine over many shapes) as std::stable_sort does; and WholeSortStepper steps any engine as a
// one-pass sorter, restart and checkpoints included.

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

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

// The library (include/shadersort/gpu_sorter.h) as a user calls it: the caller's own buffers,
// sorted in place, checked against std::stable_sort, with the caller's GL state left as it was.

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <array>
#include <cstdint>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include <glad/egl.h>

#include "gl/handles.h"
#include "gl/program.h"
#include "shadersort/gpu_sorter.h"
#include "sort_test_support.h"

namespace shadersort::testing {
namespace {

constexpr std::array kAlgorithms = {SortAlgorithm::Radix, SortAlgorithm::Bitonic, SortAlgorithm::OddEven};
constexpr std::array kKeyFormats = {KeyFormat::U32, KeyFormat::I32, KeyFormat::F32};
constexpr std::array kOrders = {SortOrder::Ascending, SortOrder::Descending};

std::string algorithmName(SortAlgorithm algorithm) {
  switch (algorithm) {
    case SortAlgorithm::Radix: return "Radix";
    case SortAlgorithm::Bitonic: return "Bitonic";
    case SortAlgorithm::OddEven: return "OddEven";
  }
  return "Unknown";
}

KeyType rawTypeOf(KeyFormat format) {
  switch (format) {
    case KeyFormat::U32: return KeyType::U32;
    case KeyFormat::I32: return KeyType::I32;
    case KeyFormat::F32: return KeyType::F32;
  }
  return KeyType::U32;
}

// A buffer the way a user makes one: `words`, then `tail` words of 0xDEADBEEF after them.
gl::Buffer userBuffer(const std::vector<std::uint32_t>& words, std::size_t tail = 0) {
  std::vector<std::uint32_t> contents = words;
  contents.resize(words.size() + tail, 0xDEADBEEFu);
  gl::Buffer buffer("test: user buffer");
  glBindBuffer(GL_COPY_WRITE_BUFFER, buffer.id());
  // A buffer of no bytes cannot be bound, so an empty one still gets a word.
  glBufferData(GL_COPY_WRITE_BUFFER, static_cast<GLsizeiptr>(std::max<std::size_t>(contents.size(), 1) * 4),
               contents.empty() ? nullptr : contents.data(), GL_DYNAMIC_DRAW);
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  return buffer;
}

std::vector<std::uint32_t> readWords(const gl::Buffer& buffer, std::size_t count) {
  std::vector<std::uint32_t> words(count);
  if (count == 0) return words;
  glBindBuffer(GL_COPY_READ_BUFFER, buffer.id());
  glGetBufferSubData(GL_COPY_READ_BUFFER, 0, static_cast<GLsizeiptr>(count * 4), words.data());
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
  return words;
}

// Keys with many repeats (so stability shows), for f32 also NaN of both signs, +-0 and +-inf.
std::vector<std::uint32_t> makeKeys(KeyFormat format, std::size_t count, std::uint32_t seed) {
  std::mt19937 random(seed);
  std::vector<std::uint32_t> pool(std::max<std::size_t>(count / 4, 1));
  for (std::uint32_t& key : pool) key = random();
  if (format == KeyFormat::F32) {
    const std::array<std::uint32_t, 8> special = {0x7FC00000u, 0xFFC00000u, 0x00000000u, 0x80000000u,
                                                  0x7F800000u, 0xFF800000u, 0x3F800000u, 0xBF800000u};
    for (std::size_t i = 0; i < pool.size() && i < special.size(); ++i) pool[i * 7 % pool.size()] = special[i];
  }
  std::vector<std::uint32_t> keys(count);
  for (std::uint32_t& key : keys) key = pool[random() % pool.size()];
  return keys;
}

struct Pairs {
  std::vector<std::uint32_t> keys, values;
};

// std::stable_sort of each row on its own, values following their keys.
Pairs referenceSort(const Pairs& input, KeyFormat format, SortOrder order, std::size_t rowLength) {
  const KeyType type = rawTypeOf(format);
  Pairs sorted;
  const std::size_t count = input.keys.size();
  const std::size_t row = rowLength == 0 ? count : rowLength;
  for (std::size_t start = 0; start < count; start += row) {
    std::vector<std::size_t> positions(row);
    std::iota(positions.begin(), positions.end(), start);
    std::stable_sort(positions.begin(), positions.end(), [&](std::size_t a, std::size_t b) {
      return order == SortOrder::Ascending ? rawKeyLess(type, input.keys[a], input.keys[b])
                                           : rawKeyLess(type, input.keys[b], input.keys[a]);
    });
    for (std::size_t position : positions) {
      sorted.keys.push_back(input.keys[position]);
      if (!input.values.empty()) sorted.values.push_back(input.values[position]);
    }
  }
  return sorted;
}

// Sorts `input` through `sorter` in user buffers with `tail` sentinel words after the count, and
// checks keys, values and the untouched tails against the reference.
void expectSortsLikeStableSort(GpuSorter& sorter, SortAlgorithm algorithm, KeyFormat format, SortOrder order,
                               const Pairs& input, std::size_t rowLength = 0, std::size_t tail = 0) {
  const std::size_t count = input.keys.size();
  SCOPED_TRACE(algorithmName(algorithm) + " format " + std::to_string(static_cast<int>(format)) + " order " +
               std::to_string(static_cast<int>(order)) + " count " + std::to_string(count) + " rows of " +
               std::to_string(rowLength) + (input.values.empty() ? " keys only" : " with values"));
  const gl::Buffer keys = userBuffer(input.keys, tail);
  const gl::Buffer values = input.values.empty() ? gl::Buffer() : userBuffer(input.values, tail);
  sorter.sort({.keys = keys.id(), .values = values.id(), .count = count, .keyFormat = format, .order = order,
               .rowLength = rowLength, .algorithm = algorithm});

  const Pairs expected = referenceSort(input, format, order, rowLength);
  const std::vector<std::uint32_t> keyWords = readWords(keys, count + tail);
  const std::vector<std::uint32_t> sortedKeys(keyWords.begin(), keyWords.begin() + static_cast<std::ptrdiff_t>(count));
  ASSERT_EQ(sortedKeys, expected.keys);
  EXPECT_TRUE(std::all_of(keyWords.begin() + static_cast<std::ptrdiff_t>(count), keyWords.end(),
                          [](std::uint32_t word) { return word == 0xDEADBEEFu; }))
      << "the keys buffer changed beyond the count";
  if (input.values.empty()) return;
  const std::vector<std::uint32_t> valueWords = readWords(values, count + tail);
  std::vector<std::uint32_t> sortedValues(valueWords.begin(), valueWords.begin() + static_cast<std::ptrdiff_t>(count));
  EXPECT_TRUE(std::all_of(valueWords.begin() + static_cast<std::ptrdiff_t>(count), valueWords.end(),
                          [](std::uint32_t word) { return word == 0xDEADBEEFu; }))
      << "the values buffer changed beyond the count";
  if (algorithm != SortAlgorithm::Bitonic) {
    EXPECT_EQ(sortedValues, expected.values);  // stable: exactly std::stable_sort's order
    return;
  }
  // Bitonic may swap equal keys: the (key, value) pairs must be the same multiset.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> got, want;
  for (std::size_t i = 0; i < count; ++i) {
    got.emplace_back(sortedKeys[i], sortedValues[i]);
    want.emplace_back(expected.keys[i], expected.values[i]);
  }
  std::sort(got.begin(), got.end());
  std::sort(want.begin(), want.end());
  EXPECT_EQ(got, want);
}

Pairs makePairs(KeyFormat format, std::size_t count, std::uint32_t seed, bool withValues) {
  Pairs pairs{makeKeys(format, count, seed), {}};
  if (withValues) {
    pairs.values.resize(count);
    std::iota(pairs.values.begin(), pairs.values.end(), 0u);
  }
  return pairs;
}

// What the caller's GL state looks like, field by field, to compare before and after a sort.
struct GlStateSnapshot {
  GLint program = 0, storageBuffer = 0, copyRead = 0, copyWrite = 0, activeTexture = 0, texture2d = 0,
        vertexArray = 0;
  std::array<std::array<GLint64, 3>, 16> storageBindings{};  // buffer, start, size

  static GlStateSnapshot take() {
    GlStateSnapshot state;
    glGetIntegerv(GL_CURRENT_PROGRAM, &state.program);
    glGetIntegerv(GL_SHADER_STORAGE_BUFFER_BINDING, &state.storageBuffer);
    glGetIntegerv(GL_COPY_READ_BUFFER_BINDING, &state.copyRead);
    glGetIntegerv(GL_COPY_WRITE_BUFFER_BINDING, &state.copyWrite);
    glGetIntegerv(GL_ACTIVE_TEXTURE, &state.activeTexture);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &state.texture2d);
    glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &state.vertexArray);
    GLint available = 0;
    glGetIntegerv(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, &available);
    for (GLuint index = 0; index < 16 && static_cast<GLint>(index) < available; ++index) {
      glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_BINDING, index, &state.storageBindings[index][0]);
      glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_START, index, &state.storageBindings[index][1]);
      glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_SIZE, index, &state.storageBindings[index][2]);
    }
    return state;
  }
};

void expectSameState(const GlStateSnapshot& before, const GlStateSnapshot& after) {
  EXPECT_EQ(after.program, before.program) << "current program";
  EXPECT_EQ(after.storageBuffer, before.storageBuffer) << "generic GL_SHADER_STORAGE_BUFFER";
  EXPECT_EQ(after.copyRead, before.copyRead) << "GL_COPY_READ_BUFFER";
  EXPECT_EQ(after.copyWrite, before.copyWrite) << "GL_COPY_WRITE_BUFFER";
  EXPECT_EQ(after.activeTexture, before.activeTexture) << "active texture";
  EXPECT_EQ(after.texture2d, before.texture2d) << "GL_TEXTURE_2D binding";
  EXPECT_EQ(after.vertexArray, before.vertexArray) << "vertex array";
  for (std::size_t index = 0; index < before.storageBindings.size(); ++index)
    EXPECT_EQ(after.storageBindings[index], before.storageBindings[index]) << "storage binding " << index;
}

// Sizes 0, 1, 2 and 2^k - 1, 2^k + 1: odd lengths, lengths just past a power of two (bitonic's
// padding, radix's partitions), up to 2^12 (llvmpipe runs odd-even's O(n^2) on the CPU).
std::vector<std::size_t> testSizes() {
  std::vector<std::size_t> sizes = {0, 1, 2};
  for (int k : {2, 3, 5, 7, 9, 12}) {
    sizes.push_back((std::size_t{1} << k) - 1);
    sizes.push_back((std::size_t{1} << k) + 1);
  }
  return sizes;
}

// `request` is refused with a SortError whose message holds `words`.
void expectSortError(GpuSorter& sorter, const SortRequest& request, const std::string& words) {
  try {
    sorter.sort(request);
    ADD_FAILURE() << "no SortError; expected one saying '" << words << "'";
  } catch (const SortError& error) {
    EXPECT_NE(std::string(error.what()).find(words), std::string::npos) << error.what();
  }
}

class LibrarySort : public ::testing::TestWithParam<SortAlgorithm> {};

// One GpuSorter for every size, key type and order: its scratch grows and shrinks back in use.
TEST_P(LibrarySort, EveryKeyTypeOrderAndSizeMatchesStableSort) {
  GpuSorter sorter;
  std::uint32_t seed = 1;
  for (KeyFormat format : kKeyFormats)
    for (SortOrder order : kOrders)
      for (bool withValues : {false, true})
        for (std::size_t count : testSizes())
          expectSortsLikeStableSort(sorter, GetParam(), format, order, makePairs(format, count, seed++, withValues));
}

TEST_P(LibrarySort, SortsEachRowOnItsOwn) {
  GpuSorter sorter;
  for (auto [rows, rowLength] : {std::pair<std::size_t, std::size_t>{64, 37}, {3, 512}, {100, 1}, {1, 300}})
    for (SortOrder order : kOrders)
      expectSortsLikeStableSort(sorter, GetParam(), KeyFormat::F32, order,
                                makePairs(KeyFormat::F32, rows * rowLength, static_cast<std::uint32_t>(rows), true),
                                rowLength);
}

TEST_P(LibrarySort, LeavesTheBufferBeyondTheCountAlone) {
  GpuSorter sorter;
  expectSortsLikeStableSort(sorter, GetParam(), KeyFormat::I32, SortOrder::Descending,
                            makePairs(KeyFormat::I32, 1000, 5, true), 0, 123);
  expectSortsLikeStableSort(sorter, GetParam(), KeyFormat::U32, SortOrder::Ascending,
                            makePairs(KeyFormat::U32, 250, 6, false), 50, 7);
}

// Every piece of state gpu_sorter.h promises to restore, set to something other than its default.
TEST_P(LibrarySort, RestoresTheCallersGlState) {
  GLint alignment = 0;
  glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &alignment);
  std::vector<gl::Buffer> bound;
  for (GLuint index = 0; index < 16; ++index) {
    bound.push_back(userBuffer(std::vector<std::uint32_t>(static_cast<std::size_t>(alignment) + 64, index)));
    if (index % 2 == 0)
      glBindBufferRange(GL_SHADER_STORAGE_BUFFER, index, bound.back().id(), alignment, 64);
    else
      glBindBufferBase(GL_SHADER_STORAGE_BUFFER, index, bound.back().id());
  }
  const gl::Program program =
      gl::Program::compute(gl::ShaderSource(), "shaders/bench/copy.comp", gl::ShaderDefines().set("WORKGROUP_SIZE", std::int64_t{64}));
  glUseProgram(program.id());
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, bound[3].id());
  glBindBuffer(GL_COPY_READ_BUFFER, bound[4].id());
  glBindBuffer(GL_COPY_WRITE_BUFFER, bound[5].id());
  const gl::VertexArray vertexArray("test: caller's vertex array");
  glBindVertexArray(vertexArray.id());
  const gl::Texture texture("test: caller's texture");
  glActiveTexture(GL_TEXTURE3);
  glBindTexture(GL_TEXTURE_2D, texture.id());

  GpuSorter sorter;
  const Pairs input = makePairs(KeyFormat::F32, 3000, 9, true);
  const gl::Buffer keys = userBuffer(input.keys), values = userBuffer(input.values);
  const GlStateSnapshot before = GlStateSnapshot::take();
  sorter.sort({.keys = keys.id(), .values = values.id(), .count = input.keys.size(), .keyFormat = KeyFormat::F32,
               .algorithm = GetParam()});
  expectSameState(before, GlStateSnapshot::take());
  // Also when the call throws.
  EXPECT_THROW(sorter.sort({.keys = keys.id(), .count = input.keys.size() + 1, .algorithm = GetParam()}), SortError);
  expectSameState(before, GlStateSnapshot::take());

  glUseProgram(0);
  for (GLuint index = 0; index < 16; ++index) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, index, 0);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  glBindVertexArray(0);
  glBindTexture(GL_TEXTURE_2D, 0);
  glActiveTexture(GL_TEXTURE0);
}

INSTANTIATE_TEST_SUITE_P(Library, LibrarySort, ::testing::ValuesIn(kAlgorithms),
                         [](const ::testing::TestParamInfo<SortAlgorithm>& info) { return algorithmName(info.param); });

TEST(Library, SortsAFewHundredThousandKeys) {
  GpuSorter sorter;
  expectSortsLikeStableSort(sorter, SortAlgorithm::Radix, KeyFormat::F32, SortOrder::Ascending,
                            makePairs(KeyFormat::F32, 300'000, 11, true));
}

TEST(Library, RejectsBadArguments) {
  GpuSorter sorter;
  const gl::Buffer keys = userBuffer(std::vector<std::uint32_t>(100, 1)), values = userBuffer({1, 2, 3});
  const auto expectError = [&](const SortRequest& request, const std::string& words) {
    expectSortError(sorter, request, words);
  };
  expectError({.keys = keys.id(), .count = 101}, "the keys buffer holds 400 bytes");
  expectError({.keys = keys.id(), .values = values.id(), .count = 100}, "the values buffer holds 12 bytes");
  expectError({.keys = keys.id(), .count = 100, .rowLength = 30}, "not a multiple of the row length 30");
  expectError({.keys = keys.id(), .count = 10, .algorithm = static_cast<SortAlgorithm>(7)}, "unsupported algorithm");
  expectError({.keys = 0, .count = 10}, "is not a buffer");
  expectError({.keys = keys.id(), .values = keys.id(), .count = 10}, "different buffers");
  // Beyond the GPU's storage block size (radix: also past its 2^30 positions): said before the
  // buffer's size is looked at.
  const std::size_t tooMany =
      std::min<std::size_t>(static_cast<std::size_t>(testLimits().maxShaderStorageBlockSize / 4) + 1,
                            std::size_t{1} << 31);
  for (SortAlgorithm algorithm : kAlgorithms) {
    try {
      sorter.sort({.keys = keys.id(), .count = tooMany, .algorithm = algorithm});
      ADD_FAILURE() << "no SortError for " << tooMany << " keys";
    } catch (const SortError& error) {
      EXPECT_EQ(std::string(error.what()).find("keys buffer holds"), std::string::npos) << error.what();
    }
  }
  expectError({.keys = keys.id(), .count = std::size_t{1} << 33}, "exceed 2^32 - 1");
}

// The library's promise: after reserve(), sorts within it create no GL buffer or program. Sizes
// on both sides of radix's 2^16 layout change, so two sets of programs are in use.
TEST(LibraryScratch, AReservedSorterCreatesNoBufferOrProgramAcrossSizes) {
  GpuSorter sorter;
  constexpr std::size_t kLarge = (std::size_t{1} << 16) + 4099, kSmall = 1000;
  const std::size_t reserved = sorter.reserve(kLarge, true);
  EXPECT_EQ(reserved, sorter.memoryRequirements(kLarge, true));
  EXPECT_GE(reserved, kLarge * 8) << "at least one scratch copy of the keys and values";
  const Pairs large = makePairs(KeyFormat::U32, kLarge, 3, true), small = makePairs(KeyFormat::I32, kSmall, 4, true);
  const gl::Buffer largeKeys = userBuffer(large.keys), largeValues = userBuffer(large.values);
  const gl::Buffer smallKeys = userBuffer(small.keys), smallValues = userBuffer(small.values);
  const gl::CreatedObjects before = gl::createdObjects();
  for (int call = 0; call < 14; ++call) {
    const bool big = call % 2 == 0;
    // Each call sorts its input again: the buffers hold sorted data after the first, which
    // still runs every pass (the keys' differing bits are not read back).
    sorter.sort({.keys = (big ? largeKeys : smallKeys).id(), .values = (big ? largeValues : smallValues).id(),
                 .count = big ? kLarge : kSmall, .keyFormat = big ? KeyFormat::U32 : KeyFormat::I32,
                 .order = call / 2 % 2 == 0 ? SortOrder::Ascending : SortOrder::Descending});
  }
  const gl::CreatedObjects after = gl::createdObjects();
  EXPECT_EQ(after.buffers - before.buffers, 0u) << "buffers created after reserve()";
  EXPECT_EQ(after.programs - before.programs, 0u) << "programs created after reserve()";
  // Pairs of calls alternate the order; the last pair (12 and 13) sorted ascending.
  EXPECT_EQ(readWords(largeKeys, kLarge), referenceSort(large, KeyFormat::U32, SortOrder::Ascending, 0).keys);
  EXPECT_EQ(readWords(smallKeys, kSmall), referenceSort(small, KeyFormat::I32, SortOrder::Ascending, 0).keys);
}

// reserve(..., withSegments) covers the grouped path too: segment offsets and a GPU count at two
// sizes, and plain sorts beside them, create nothing afterwards.
TEST(LibraryScratch, AReserveWithSegmentsCoversTheGroupedPath) {
  GpuSorter sorter;
  constexpr std::size_t kLarge = (std::size_t{1} << 16) + 4099, kSmall = 1000;
  const std::size_t reserved = sorter.reserve(kLarge, false, true);
  EXPECT_EQ(reserved, sorter.memoryRequirements(kLarge, false, true));
  EXPECT_GE(reserved, sorter.memoryRequirements(kLarge, false) + kLarge * 16) << "four words a key for the groups";
  const Pairs large = makePairs(KeyFormat::U32, kLarge, 5, false), small = makePairs(KeyFormat::U32, kSmall, 6, false);
  const gl::Buffer largeKeys = userBuffer(large.keys), smallKeys = userBuffer(small.keys);
  const gl::Buffer largeOffsets = userBuffer({0u, 7u, 9u, 5000u, static_cast<std::uint32_t>(kLarge)});
  const gl::Buffer smallOffsets = userBuffer({0u, 2u, 500u, static_cast<std::uint32_t>(kSmall)});
  const gl::Buffer gpuCount = userBuffer({static_cast<std::uint32_t>(kSmall - 3)});
  const gl::CreatedObjects before = gl::createdObjects();
  for (int call = 0; call < 6; ++call) {
    const bool big = call % 2 == 0;
    SortRequest request{.keys = (big ? largeKeys : smallKeys).id(), .count = big ? kLarge : kSmall};
    if (call % 3 == 2) {
      request.countBuffer = gpuCount.id();
    } else if (call % 3 == 1) {
      request.segmentOffsets = (big ? largeOffsets : smallOffsets).id();
      request.segmentCount = big ? 4 : 3;
    }
    sorter.sort(request);
  }
  // Then each whole, so that the result says every call left the keys a permutation.
  sorter.sort({.keys = largeKeys.id(), .count = kLarge});
  sorter.sort({.keys = smallKeys.id(), .count = kSmall});
  const gl::CreatedObjects after = gl::createdObjects();
  EXPECT_EQ(after.buffers - before.buffers, 0u) << "buffers created after reserve()";
  EXPECT_EQ(after.programs - before.programs, 0u) << "programs created after reserve()";
  EXPECT_EQ(readWords(largeKeys, kLarge), referenceSort(large, KeyFormat::U32, SortOrder::Ascending, 0).keys);
  EXPECT_EQ(readWords(smallKeys, kSmall), referenceSort(small, KeyFormat::U32, SortOrder::Ascending, 0).keys);
}

// Keys and values at byte offsets: aligned ones sort in the caller's buffers, others through a
// copy; either way the words around the range stay as they were.
TEST(LibraryScratch, KeysAndValuesAtOffsetsSortAndLeaveTheRestAlone) {
  GLint alignment = 4;
  glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &alignment);
  GpuSorter sorter;
  for (SortAlgorithm algorithm : {SortAlgorithm::Radix, SortAlgorithm::OddEven})
    for (std::size_t offsetWords : {static_cast<std::size_t>(alignment / 4), std::size_t{1}, std::size_t{3}}) {
      SCOPED_TRACE(algorithmName(algorithm) + " at word " + std::to_string(offsetWords));
      constexpr std::size_t kCount = 777, kTail = 5;
      const Pairs input = makePairs(KeyFormat::F32, kCount, 7, true);
      std::vector<std::uint32_t> keyWords(offsetWords, 0xA5A5A5A5u), valueWords(offsetWords + 2, 0x5A5A5A5Au);
      keyWords.insert(keyWords.end(), input.keys.begin(), input.keys.end());
      valueWords.insert(valueWords.end(), input.values.begin(), input.values.end());
      const gl::Buffer keys = userBuffer(keyWords, kTail), values = userBuffer(valueWords, kTail);
      sorter.sort({.keys = keys.id(), .values = values.id(), .count = kCount, .keysOffset = offsetWords * 4,
                   .valuesOffset = (offsetWords + 2) * 4, .keyFormat = KeyFormat::F32, .algorithm = algorithm});
      const Pairs expected = referenceSort(input, KeyFormat::F32, SortOrder::Ascending, 0);
      const std::vector<std::uint32_t> gotKeys = readWords(keys, offsetWords + kCount + kTail);
      const std::vector<std::uint32_t> gotValues = readWords(values, offsetWords + 2 + kCount + kTail);
      EXPECT_EQ(std::vector<std::uint32_t>(gotKeys.begin() + static_cast<std::ptrdiff_t>(offsetWords),
                                           gotKeys.begin() + static_cast<std::ptrdiff_t>(offsetWords + kCount)),
                expected.keys);
      EXPECT_EQ(std::vector<std::uint32_t>(gotValues.begin() + static_cast<std::ptrdiff_t>(offsetWords + 2),
                                           gotValues.begin() + static_cast<std::ptrdiff_t>(offsetWords + 2 + kCount)),
                expected.values);
      for (std::size_t i = 0; i < offsetWords; ++i) EXPECT_EQ(gotKeys[i], 0xA5A5A5A5u) << "key word " << i;
      for (std::size_t i = 0; i < offsetWords + 2; ++i) EXPECT_EQ(gotValues[i], 0x5A5A5A5Au) << "value word " << i;
      for (std::size_t i = 0; i < kTail; ++i) {
        EXPECT_EQ(gotKeys[offsetWords + kCount + i], 0xDEADBEEFu);
        EXPECT_EQ(gotValues[offsetWords + 2 + kCount + i], 0xDEADBEEFu);
      }
    }
}

// A bit range orders by those bits alone, stably, as CUB's begin_bit/end_bit: 1, 2 and 3 digit
// passes (a single pass comes back by copy, three use both scratch buffers in place).
TEST(LibraryScratch, ABitRangeOrdersByThoseBitsAloneAndStably) {
  GpuSorter sorter;
  for (auto [begin, end] : {std::pair{0u, 8u}, std::pair{8u, 16u}, std::pair{8u, 32u}, std::pair{0u, 24u}}) {
    SCOPED_TRACE("bits " + std::to_string(begin) + " to " + std::to_string(end));
    const Pairs input = makePairs(KeyFormat::U32, 5000, begin * 32 + end, true);
    const gl::Buffer keys = userBuffer(input.keys), values = userBuffer(input.values);
    sorter.sort({.keys = keys.id(), .values = values.id(), .count = input.keys.size(), .beginBit = begin, .endBit = end});
    const std::uint32_t mask = end - begin == 32 ? 0xFFFFFFFFu : ((1u << (end - begin)) - 1u) << begin;
    std::vector<std::size_t> order(input.keys.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return (input.keys[a] & mask) < (input.keys[b] & mask); });
    std::vector<std::uint32_t> expectedKeys, expectedValues;
    for (std::size_t position : order) {
      expectedKeys.push_back(input.keys[position]);
      expectedValues.push_back(input.values[position]);
    }
    EXPECT_EQ(readWords(keys, input.keys.size()), expectedKeys);
    EXPECT_EQ(readWords(values, input.keys.size()), expectedValues);
  }
}

TEST(LibraryScratch, RefusesBadOffsetsAndBitRanges) {
  GpuSorter sorter;
  const gl::Buffer keys = userBuffer(std::vector<std::uint32_t>(100, 1));
  const auto expectError = [&](const SortRequest& request, const std::string& words) {
    expectSortError(sorter, request, words);
  };
  expectError({.keys = keys.id(), .count = 10, .keysOffset = 2}, "multiples of 4");
  expectError({.keys = keys.id(), .count = 100, .keysOffset = 4}, "100 keys from byte 4 need 404");
  expectError({.keys = keys.id(), .count = 10, .beginBit = 4, .endBit = 12}, "8-bit digits");
  expectError({.keys = keys.id(), .count = 10, .beginBit = 16, .endBit = 16}, "8-bit digits");
  expectError({.keys = keys.id(), .count = 10, .endBit = 40}, "8-bit digits");
  expectError({.keys = keys.id(), .count = 10, .endBit = 16, .algorithm = SortAlgorithm::Bitonic}, "needs the radix");
}

// Keys [begin, end) of `input` sorted on their own (std::stable_sort), the rest as they were.
Pairs sortedWithin(const Pairs& input, const std::vector<std::pair<std::size_t, std::size_t>>& ranges, KeyFormat format,
                   SortOrder order) {
  Pairs result = input;
  for (const auto& [begin, end] : ranges) {
    Pairs part;
    part.keys.assign(input.keys.begin() + static_cast<std::ptrdiff_t>(begin), input.keys.begin() + static_cast<std::ptrdiff_t>(end));
    part.values.assign(input.values.begin() + static_cast<std::ptrdiff_t>(begin),
                       input.values.begin() + static_cast<std::ptrdiff_t>(end));
    const Pairs sorted = referenceSort(part, format, order, 0);
    std::copy(sorted.keys.begin(), sorted.keys.end(), result.keys.begin() + static_cast<std::ptrdiff_t>(begin));
    std::copy(sorted.values.begin(), sorted.values.end(), result.values.begin() + static_cast<std::ptrdiff_t>(begin));
  }
  return result;
}

// CUB's segmented form: segmentCount + 1 offsets in a GPU buffer (here from byte 8), segments of
// any length, empty ones included; keys outside every segment keep their place. Then an indirect
// count read on the GPU, alone and with segments: keys from the count on keep their place, and a
// count above the most counts as the most.
TEST(LibraryScratch, SegmentOffsetsAndAnIndirectCountSortOnTheGpu) {
  GpuSorter sorter;
  constexpr std::size_t kCount = 3000;
  const Pairs input = makePairs(KeyFormat::I32, kCount, 11, true);
  struct Case {
    std::string name;
    std::vector<std::uint32_t> offsets;  // empty: no segments
    std::optional<std::uint32_t> gpuCount;
    std::vector<std::pair<std::size_t, std::size_t>> sortedRanges;
  };
  const std::vector<Case> cases = {
      {"segments", {5, 5, 40, 41, 1200, 1200, 2990}, std::nullopt, {{5, 40}, {40, 41}, {41, 1200}, {1200, 2990}}},
      {"indirect count", {}, 1777, {{0, 1777}}},
      {"indirect count above the most", {}, 99999, {{0, kCount}}},
      {"segments and an indirect count", {0, 1000, 3000}, 2500, {{0, 1000}, {1000, 2500}}},
  };
  for (const Case& test : cases) {
    SCOPED_TRACE(test.name);
    const gl::Buffer keys = userBuffer(input.keys), values = userBuffer(input.values);
    std::vector<std::uint32_t> offsetWords = {0xBADu, 0xBADu};
    offsetWords.insert(offsetWords.end(), test.offsets.begin(), test.offsets.end());
    const gl::Buffer offsets = userBuffer(offsetWords);
    const gl::Buffer count = userBuffer({7u, test.gpuCount.value_or(0u)});
    SortRequest request{.keys = keys.id(), .values = values.id(), .count = kCount, .keyFormat = KeyFormat::I32,
                        .order = SortOrder::Descending};
    if (!test.offsets.empty()) {
      request.segmentOffsets = offsets.id();
      request.segmentOffsetsOffset = 8;
      request.segmentCount = test.offsets.size() - 1;
    }
    if (test.gpuCount) {
      request.countBuffer = count.id();
      request.countBufferOffset = 4;
    }
    sorter.sort(request);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    const Pairs expected = sortedWithin(input, test.sortedRanges, KeyFormat::I32, SortOrder::Descending);
    EXPECT_EQ(readWords(keys, kCount), expected.keys);
    EXPECT_EQ(readWords(values, kCount), expected.values);

    // Warm: the same request again makes no buffer and no program.
    const gl::CreatedObjects before = gl::createdObjects();
    sorter.sort(request);
    EXPECT_EQ(gl::createdObjects().buffers, before.buffers);
    EXPECT_EQ(gl::createdObjects().programs, before.programs);
  }
  {
    // At offsets no storage binding can take (one word in): through copies, the word before kept.
    std::vector<std::uint32_t> keyWords = {0xA5u}, valueWords = {0x5Au};
    keyWords.insert(keyWords.end(), input.keys.begin(), input.keys.end());
    valueWords.insert(valueWords.end(), input.values.begin(), input.values.end());
    const gl::Buffer keys = userBuffer(keyWords), values = userBuffer(valueWords), offsets = userBuffer({0u, 100u, 3000u});
    sorter.sort({.keys = keys.id(), .values = values.id(), .count = kCount, .keysOffset = 4, .valuesOffset = 4,
                 .keyFormat = KeyFormat::I32, .order = SortOrder::Descending, .segmentOffsets = offsets.id(),
                 .segmentCount = 2});
    const Pairs expected = sortedWithin(input, {{0, 100}, {100, 3000}}, KeyFormat::I32, SortOrder::Descending);
    std::vector<std::uint32_t> wantKeys = {0xA5u}, wantValues = {0x5Au};
    wantKeys.insert(wantKeys.end(), expected.keys.begin(), expected.keys.end());
    wantValues.insert(wantValues.end(), expected.values.begin(), expected.values.end());
    EXPECT_EQ(readWords(keys, kCount + 1), wantKeys);
    EXPECT_EQ(readWords(values, kCount + 1), wantValues);
  }
  const gl::Buffer keys = userBuffer(input.keys), offsets = userBuffer({0u, 10u});
  expectSortError(sorter, {.keys = keys.id(), .count = kCount, .segmentOffsets = offsets.id(), .segmentCount = 1,
                           .algorithm = SortAlgorithm::Bitonic},
                  "need the radix");
  expectSortError(sorter, {.keys = keys.id(), .count = kCount, .rowLength = 1000, .segmentOffsets = offsets.id(),
                           .segmentCount = 1},
                  "row length");
  expectSortError(sorter, {.keys = keys.id(), .count = kCount, .segmentOffsets = offsets.id(), .segmentCount = 5},
                  "segment offsets buffer holds 8 bytes, 24 needed");
  expectSortError(sorter, {.keys = keys.id(), .count = kCount, .countBuffer = offsets.id(), .countBufferOffset = 6},
                  "multiples of 4");
}

TEST(LibraryScratch, AMovedFromSorterSaysSoInsteadOfCrashing) {
  GpuSorter sorter;
  GpuSorter moved = std::move(sorter);
  const gl::Buffer keys = userBuffer({3, 1, 2});
  try {
    sorter.sort({.keys = keys.id(), .count = 3});  // NOLINT(bugprone-use-after-move): the point of the test
    ADD_FAILURE() << "no SortError from a moved-from sorter";
  } catch (const SortError& error) {
    EXPECT_NE(std::string(error.what()).find("moved from"), std::string::npos) << error.what();
  }
  EXPECT_THROW(sorter.reserve(10, false), SortError);
  moved.sort({.keys = keys.id(), .count = 3});
  EXPECT_EQ(readWords(keys, 3), (std::vector<std::uint32_t>{1, 2, 3}));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

// A call with another context current is refused before any GL call that would act on the
// wrong context's objects.
TEST(LibraryScratch, ACallFromAnotherContextIsRefused) {
  GpuSorter sorter;
  const EGLDisplay display = eglGetCurrentDisplay();
  const EGLContext own = eglGetCurrentContext();
  ASSERT_NE(own, EGL_NO_CONTEXT);
  const std::array<EGLint, 7> attributes = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 3,
                                            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                            EGL_NONE};
  const EGLContext other = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes.data());
  ASSERT_NE(other, EGL_NO_CONTEXT);
  ASSERT_TRUE(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, other));
  std::string message;
  try {
    sorter.sort({.keys = 1, .count = 3});
  } catch (const SortError& error) {
    message = error.what();
  }
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, own);
  eglDestroyContext(display, other);
  EXPECT_NE(message.find("another OpenGL context"), std::string::npos) << "got: '" << message << "'";
}

// count 0 with a row length: nothing to sort, and no GL error (a zero-sized binding would be one).
TEST(LibraryScratch, NoKeysWithARowLengthIsNothingToDo) {
  GpuSorter sorter;
  const gl::Buffer keys = userBuffer({7});
  for (SortAlgorithm algorithm : kAlgorithms)
    sorter.sort({.keys = keys.id(), .count = 0, .rowLength = 5, .algorithm = algorithm});
  EXPECT_EQ(readWords(keys, 1), std::vector<std::uint32_t>{7});
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

}  // namespace
}  // namespace shadersort::testing

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <numeric>
#include <random>

#include "sort_test_support.h"

namespace shadersort::testing {

std::vector<Schedule> allSchedules() {
  std::vector<Schedule> schedules;
  for (const auto& algorithm : algorithms()) {
    schedules.push_back({&algorithm, false, std::string(algorithm.name)});
    if (algorithm.hasTeachingSchedule) schedules.push_back({&algorithm, true, std::string(algorithm.name) + "/teaching"});
  }
  return schedules;
}

std::string scheduleName(const ::testing::TestParamInfo<Schedule>& info) {
  std::string name;
  for (char c : info.param.name) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return name;
}

SorterOptions optionsFor(const Schedule& schedule) {
  SorterOptions options;
  options.teaching = schedule.teaching;
  return options;
}

SortContext& testSortContext() {
  static SortContext context;
  return context;
}

const gl::Limits& testLimits() { return testSortContext().limits(); }

SortData sortOnGpu(const Schedule& schedule, const SortData& input) {
  const std::string why = schedule.algorithm->whyCannotSort(input.shape(), testLimits());
  EXPECT_TRUE(why.empty()) << why;
  auto sorter = schedule.algorithm->create(testSortContext(), optionsFor(schedule));
  sorter->load(input);
  sorter->runAll();
  EXPECT_TRUE(sorter->finished());
  return sorter->read();
}

std::string sortsLikeStableSort(Sorter& sorter, const SortData& input, bool stable) {
  sorter.load(input);
  sorter.runAll();
  if (!sorter.finished()) return "not finished after every pass";
  const SortData output = sorter.read();
  const std::size_t length = input.sequenceLength;
  for (std::size_t sequence = 0; sequence < input.sequenceCount; ++sequence) {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> expected, got;
    for (std::size_t i = sequence * length; i < (sequence + 1) * length; ++i) {
      expected.emplace_back(input.keys[i], input.values.empty() ? 0u : input.values[i]);
      got.emplace_back(output.keys[i], output.values.empty() ? 0u : output.values[i]);
    }
    std::stable_sort(expected.begin(), expected.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    if (!stable) {  // equal keys in any order: compare as sorted pairs
      std::sort(expected.begin(), expected.end());
      std::vector<std::pair<std::uint32_t, std::uint32_t>> keysInOrder = got;
      std::sort(got.begin(), got.end());
      for (std::size_t i = 1; i < keysInOrder.size(); ++i)
        if (keysInOrder[i].first < keysInOrder[i - 1].first)
          return "sequence " + std::to_string(sequence) + " is out of order at " + std::to_string(i);
    }
    for (std::size_t i = 0; i < expected.size(); ++i)
      if (expected[i] != got[i])
        return "sequence " + std::to_string(sequence) + " differs from std::stable_sort at " + std::to_string(i);
  }
  return "";
}

bool rawKeyLess(KeyType type, std::uint32_t a, std::uint32_t b) {
  switch (type) {
    case KeyType::U32: return a < b;
    case KeyType::I32: return static_cast<std::int32_t>(a) < static_cast<std::int32_t>(b);
    case KeyType::F32: {
      const bool aNegative = a >> 31, bNegative = b >> 31;
      if (aNegative != bNegative) return aNegative;
      // Same sign: positive magnitudes ascend with their bits (NaNs above +inf), negative descend.
      return aNegative ? a > b : a < b;
    }
  }
  return false;
}

SortData referenceRawSort(KeyType type, const std::vector<std::uint32_t>& keys, const std::vector<std::uint32_t>& values) {
  std::vector<std::size_t> order(keys.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return rawKeyLess(type, keys[a], keys[b]); });
  std::vector<std::uint32_t> sortedKeys, sortedValues;
  for (std::size_t i : order) {
    sortedKeys.push_back(keys[i]);
    if (!values.empty()) sortedValues.push_back(values[i]);
  }
  return singleSequence(std::move(sortedKeys), std::move(sortedValues));
}

std::uint64_t oddEvenRoundOnCpu(SortData& data, std::uint32_t round) {
  std::uint64_t swaps = 0;
  for (std::uint32_t s = 0; s < data.sequenceCount; ++s) {
    const std::size_t start = std::size_t{s} * data.sequenceLength, end = start + data.sequenceLength;
    for (std::size_t i = start + round % 2; i + 1 < end; i += 2) {
      if (data.keys[i] <= data.keys[i + 1]) continue;
      std::swap(data.keys[i], data.keys[i + 1]);
      if (!data.values.empty()) std::swap(data.values[i], data.values[i + 1]);
      ++swaps;
    }
  }
  return swaps;
}

std::vector<std::uint32_t> makeRawKeys(KeyType type, const std::vector<std::uint32_t>& pattern) {
  std::vector<std::uint32_t> keys(pattern.size());
  // Map the pattern's order onto the type's order, so sorted stays sorted and ties stay ties.
  for (std::size_t i = 0; i < pattern.size(); ++i) keys[i] = decodeKey(type, pattern[i]);
  if (type == KeyType::F32 && pattern.size() >= 16) {
    constexpr std::uint32_t specials[] = {0x7FC00000u, 0xFFC00000u, 0x7F800001u, 0xFF800001u, 0x00000000u,
                                          0x80000000u, 0x7F800000u, 0xFF800000u, 0x00000001u, 0x80000001u};
    for (std::size_t i = 0; i < std::size(specials); ++i) keys[(i * 7919) % keys.size()] = specials[i];
  }
  return keys;
}

SortData makeSequences(Pattern pattern, std::uint32_t sequenceCount, std::uint32_t sequenceLength, std::uint64_t seed) {
  SortData data;
  data.sequenceCount = sequenceCount;
  data.sequenceLength = sequenceLength;
  for (std::uint32_t s = 0; s < sequenceCount; ++s)
    for (std::uint32_t key : makePattern(pattern, sequenceLength, seed + s)) data.keys.push_back(key);
  data.values.resize(data.keys.size());
  std::iota(data.values.begin(), data.values.end(), 0u);
  return data;
}

Image randomImage(int width, int height, std::uint32_t seed) {
  Image image(width, height);
  std::mt19937 random(seed);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) image.setPixel(x, y, static_cast<std::uint32_t>(random()));
  return image;
}

ValidatorRun runGlslangValidator(const std::vector<std::string>& options, const std::string& file) {
  ValidatorRun run;
  std::vector<std::string> words = {"glslangValidator"};
  words.insert(words.end(), options.begin(), options.end());
  words.push_back(file);
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  int pipeEnds[2];
  if (::pipe(pipeEnds) != 0) return run;
  const pid_t child = ::fork();
  if (child < 0) {
    ::close(pipeEnds[0]);
    ::close(pipeEnds[1]);
    return run;
  }
  if (child == 0) {
    ::dup2(pipeEnds[1], STDOUT_FILENO);
    ::dup2(pipeEnds[1], STDERR_FILENO);
    ::close(pipeEnds[0]);
    ::close(pipeEnds[1]);
    ::execvp(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(pipeEnds[1]);
  std::array<char, 512> buffer{};
  for (ssize_t got; (got = ::read(pipeEnds[0], buffer.data(), buffer.size())) > 0;) run.output.append(buffer.data(), static_cast<std::size_t>(got));
  ::close(pipeEnds[0]);
  int status = 0;
  if (::waitpid(child, &status, 0) == child && WIFEXITED(status)) run.exitCode = WEXITSTATUS(status);
  return run;
}

}  // namespace shadersort::testing

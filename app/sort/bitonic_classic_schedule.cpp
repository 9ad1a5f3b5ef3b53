#include "sort/bitonic_classic_schedule.h"

#include <algorithm>

#include "sort/index_text.h"

namespace shadersort {
namespace {

std::string number(std::uint64_t value) { return std::to_string(value); }

}  // namespace

std::vector<BitonicPass> classicSchedule(std::uint32_t paddedLength) { return bitonicTeachingSchedule(paddedLength); }

std::vector<Comparator> classicStepComparators(std::uint32_t mergeWidth, std::uint32_t distance,
                                               std::uint32_t paddedLength, std::size_t most) {
  std::vector<Comparator> comparators;
  // 64-bit, so the block after the last cannot wrap.
  for (std::uint64_t start = 0; start < paddedLength && comparators.size() < most; start += 2 * std::uint64_t{distance})
    for (std::uint64_t j = 0; j < distance && comparators.size() < most; ++j) {
      const auto lower = static_cast<std::uint32_t>(start + j);
      const auto upper = static_cast<std::uint32_t>(start + j + distance);
      if (classicAscending(lower, mergeWidth))
        comparators.push_back({lower, upper});
      else
        comparators.push_back({upper, lower});
    }
  return comparators;
}

void applyClassicStep(std::vector<std::uint8_t>& padding, std::uint32_t mergeWidth, std::uint32_t distance) {
  for (std::size_t lower = 0; lower < padding.size(); ++lower) {
    if ((lower & distance) != 0) continue;
    const std::size_t upper = lower + distance;
    if (upper >= padding.size()) break;
    // Padding is the larger: it goes to the upper position when ascending, the lower otherwise.
    const bool ascending = classicAscending(static_cast<std::uint32_t>(lower), mergeWidth);
    if (padding[lower] != padding[upper] && (padding[lower] == 1) == ascending) std::swap(padding[lower], padding[upper]);
  }
}

std::vector<std::uint8_t> classicPaddingAfter(std::uint32_t sequenceLength, std::uint32_t paddedLength,
                                              std::uint32_t passes) {
  std::vector<std::uint8_t> padding(paddedLength, 0);
  for (std::uint32_t position = sequenceLength; position < paddedLength; ++position) padding[position] = 1;
  const std::vector<BitonicPass> schedule = classicSchedule(paddedLength);
  for (std::uint32_t pass = 0; pass < passes && pass < schedule.size(); ++pass)
    applyClassicStep(padding, schedule[pass].mergeWidth, schedule[pass].distance);
  return padding;
}

std::vector<std::uint32_t> classicRanks(const std::vector<std::uint8_t>& padding) {
  std::vector<std::uint32_t> ranks(padding.size(), kNoRank);
  std::uint32_t next = 0;
  for (std::size_t position = 0; position < padding.size(); ++position)
    if (padding[position] == 0) ranks[position] = next++;
  return ranks;
}

std::string describeClassicPass(const std::vector<BitonicPass>& schedule, std::uint32_t passIndex,
                                std::uint32_t sequenceLength, std::uint32_t paddedLength, bool descendingKeys) {
  if (passIndex >= schedule.size()) return {};
  const BitonicPass& pass = schedule[passIndex];
  // The sorter sorts ascending; inverted keys make its "smaller first" the user's larger.
  const std::string first = descendingKeys ? "larger first" : "smaller first";
  std::string text = passName(passIndex, static_cast<std::uint32_t>(schedule.size())) + ": merge " +
                     number(pass.mergeWidth) + ", distance " + number(pass.distance);
  const auto pairAt = [](std::uint64_t lower, std::uint64_t distance) { return pairText(lower, lower + distance); };
  if (pass.mergeWidth >= paddedLength) {
    text += ", whole sequence: " + pairAt(0, pass.distance) + " " + first;
  } else {
    // The first pair of the first two blocks shows the alternation; the second block's when it
    // holds real keys.
    text += ": " + pairAt(0, pass.distance) + " " + first + ", ";
    text += pass.mergeWidth + pass.distance < sequenceLength ? pairAt(pass.mergeWidth, pass.distance) + " reversed"
                                                             : "next block reversed";
  }
  if (sequenceLength < paddedLength) text += "; " + number(paddedLength - sequenceLength) + " +inf";
  return text;
}

}  // namespace shadersort

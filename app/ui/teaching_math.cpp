#include "ui/teaching_math.h"

#include <algorithm>
#include <limits>
#include <numeric>

#include "sort/index_text.h"

namespace shadersort::ui {

std::uint32_t digitOf(std::uint32_t key, DigitPlace place) {
  if (place.bits == 0 || place.shift >= 32) return 0;
  const std::uint32_t shifted = key >> place.shift;
  return place.bits >= 32 ? shifted : shifted & ((1u << place.bits) - 1u);
}

std::vector<std::uint32_t> digitHistogram(std::span<const std::uint32_t> keys, DigitPlace place) {
  if (place.bits == 0 || place.bits > kMaxDigitBits) return {};
  std::vector<std::uint32_t> counts(std::size_t{1} << place.bits, 0);
  for (std::uint32_t key : keys) ++counts[digitOf(key, place)];
  return counts;
}

std::vector<std::uint32_t> exclusivePrefixSum(std::span<const std::uint32_t> counts) {
  std::vector<std::uint32_t> starts(counts.size(), 0);
  std::exclusive_scan(counts.begin(), counts.end(), starts.begin(), 0u);
  return starts;
}

std::vector<std::uint32_t> bucketStarts(std::span<const std::uint32_t> keys, DigitPlace place,
                                        std::uint32_t sequenceLength) {
  if (sequenceLength == 0 || keys.size() % sequenceLength != 0) return {};
  std::vector<std::uint32_t> starts;
  for (std::size_t first = 0; first < keys.size(); first += sequenceLength) {
    const std::vector<std::uint32_t> inSequence =
        exclusivePrefixSum(digitHistogram(keys.subspan(first, sequenceLength), place));
    for (std::uint32_t start : inSequence) starts.push_back(static_cast<std::uint32_t>(first) + start);
  }
  return starts;
}

std::vector<bool> swappedPositions(std::span<const std::uint32_t> keysBefore, std::span<const std::uint32_t> keysAfter) {
  if (keysBefore.size() != keysAfter.size()) return {};
  std::vector<bool> swapped(keysBefore.size());
  for (std::size_t i = 0; i < keysBefore.size(); ++i) swapped[i] = keysBefore[i] != keysAfter[i];
  return swapped;
}

std::vector<std::uint32_t> comparatorLanes(const std::vector<Comparator>& comparators) {
  struct Span {
    std::uint32_t first, last;
  };
  const auto spanOf = [](const Comparator& c) { return Span{std::min(c.low, c.high), std::max(c.low, c.high)}; };
  std::vector<std::size_t> order(comparators.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const Span x = spanOf(comparators[a]), y = spanOf(comparators[b]);
    return x.last - x.first < y.last - y.first;
  });
  std::vector<std::uint32_t> lanes(comparators.size(), 0);
  std::vector<std::vector<Span>> taken;  // per lane
  for (std::size_t index : order) {
    const Span span = spanOf(comparators[index]);
    std::size_t lane = 0;
    for (; lane < taken.size(); ++lane) {
      const bool overlaps = std::any_of(taken[lane].begin(), taken[lane].end(), [&](const Span& other) {
        return std::max(span.first, other.first) <= std::min(span.last, other.last);
      });
      if (!overlaps) break;
    }
    if (lane == taken.size()) taken.emplace_back();
    taken[lane].push_back(span);
    lanes[index] = static_cast<std::uint32_t>(lane);
  }
  return lanes;
}

std::uint32_t laneCount(const std::vector<std::uint32_t>& lanes) {
  return lanes.empty() ? 0 : *std::max_element(lanes.begin(), lanes.end()) + 1;
}

NetworkColumns layoutNetworkColumns(const std::vector<std::vector<Comparator>>& passes, float availableWidth,
                                    float minLanePitch, float maxLanePitch) {
  NetworkColumns columns;
  std::vector<std::vector<std::uint32_t>> lanes;
  // A column is its lanes plus one pitch of space, half on each side.
  float units = 0;
  for (const auto& pass : passes) {
    lanes.push_back(comparatorLanes(pass));
    units += static_cast<float>(std::max(1u, laneCount(lanes.back())) + 1);
  }
  if (passes.empty()) return columns;
  const float pitch = std::clamp(availableWidth / units, minLanePitch, std::max(minLanePitch, maxLanePitch));
  float left = 0;
  for (std::size_t p = 0; p < passes.size(); ++p) {
    const float columnWidth = static_cast<float>(std::max(1u, laneCount(lanes[p])) + 1) * pitch;
    columns.passLeft.push_back(left);
    columns.passRight.push_back(left + columnWidth);
    std::vector<float>& xs = columns.comparatorX.emplace_back();
    for (std::uint32_t lane : lanes[p]) xs.push_back(left + static_cast<float>(lane + 1) * pitch);
    left += columnWidth;
  }
  columns.width = left;
  return columns;
}

ShownPass shownPass(std::uint32_t passesRun) {
  if (passesRun == 0) return {0, "brackets: pass " + indexText(0) + " (next)"};
  return {passesRun - 1, "brackets: pass " + indexText(passesRun - 1) + " (last run)"};
}

std::string bucketSlotsText(std::uint32_t start, std::uint32_t keys) {
  return keys == 0 ? "empty" : indexRangeText(start, keys);
}

std::string counterBlockName(std::uint32_t block) { return "block " + indexText(block); }

std::vector<std::uint32_t> mergeStageStarts(const std::vector<std::vector<Comparator>>& passes) {
  std::vector<std::uint32_t> starts;
  std::uint32_t previousSpan = 0;
  for (std::size_t pass = 0; pass < passes.size(); ++pass) {
    if (passes[pass].empty()) continue;
    std::uint32_t span = 0;
    for (const Comparator& pair : passes[pass]) span = std::max(span, pair.high - pair.low);
    if (starts.empty() || span > previousSpan) starts.push_back(static_cast<std::uint32_t>(pass));
    previousSpan = span;
  }
  return starts;
}

std::vector<std::uint32_t> labelledPasses(const std::vector<float>& centres, float labelWidth) {
  std::vector<std::uint32_t> shown;
  if (centres.empty()) return shown;
  // The narrowest gap between neighbouring columns decides the step, so labels space evenly.
  float narrowest = std::numeric_limits<float>::max();
  for (std::size_t i = 1; i < centres.size(); ++i) narrowest = std::min(narrowest, centres[i] - centres[i - 1]);
  std::size_t step = 1;
  for (std::size_t multiplier = 1; narrowest * static_cast<float>(step) < labelWidth; multiplier *= 10) {
    for (std::size_t candidate : {1, 2, 5}) {
      step = candidate * multiplier;
      if (narrowest * static_cast<float>(step) >= labelWidth) break;
    }
  }
  // Numbered from 0 as the pass descriptions are: 0, then the multiples of the step.
  for (std::size_t pass = 0; pass < centres.size(); ++pass)
    if (pass % step == 0) shown.push_back(static_cast<std::uint32_t>(pass));
  return shown;
}

}  // namespace shadersort::ui

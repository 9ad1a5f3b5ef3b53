#include "sort/bitonic_schedule.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string_view>

#include "sort/index_text.h"

namespace shadersort {
namespace {

// The viewer shows descriptions in a narrow panel: a line with two pairs longer than this names one.
constexpr std::size_t kLineLength = 95;

std::string number(std::uint32_t value) { return std::to_string(value); }

std::string steps(const BitonicPass& pass) { return number(pass.steps) + (pass.steps == 1 ? " step" : " steps"); }

// "(0,7), (1,6), ...", with the ellipsis only when more exist than are shown.
std::string pairList(const std::vector<Comparator>& pairs, std::size_t shown) {
  std::string text;
  for (std::size_t i = 0; i < std::min(shown, pairs.size()); ++i)
    text += (i == 0 ? "" : ", ") + pairText(pairs[i].low, pairs[i].high);
  return pairs.size() > shown ? text + ", ..." : text;
}

}  // namespace

std::uint32_t bitonicPaddedLength(std::uint32_t length) { return std::bit_ceil(std::max<std::uint32_t>(length, 1)); }

std::vector<BitonicPass> bitonicTeachingSchedule(std::uint32_t paddedLength) {
  std::vector<BitonicPass> passes;
  // 64-bit widths, so doubling past 2^31 cannot wrap to 0.
  for (std::uint64_t width = 2; width <= paddedLength; width *= 2)
    for (std::uint64_t distance = width / 2; distance >= 1; distance /= 2)
      passes.push_back({BitonicPass::Kind::GlobalSteps, static_cast<std::uint32_t>(width),
                        static_cast<std::uint32_t>(distance), 1});
  return passes;
}

std::vector<BitonicPass> bitonicFastSchedule(std::uint32_t paddedLength, std::uint32_t tileSize,
                                             std::uint32_t fusedSteps, std::uint32_t wideSteps) {
  std::vector<BitonicPass> passes;
  if (paddedLength < 2) return passes;
  const std::uint32_t sortWidth = std::min(paddedLength, tileSize);
  const auto tileLog2 = static_cast<std::uint32_t>(std::countr_zero(tileSize));
  passes.push_back({BitonicPass::Kind::SortTiles, sortWidth, sortWidth / 2,
                    static_cast<std::uint32_t>(std::countr_zero(sortWidth) * (std::countr_zero(sortWidth) + 1) / 2)});
  for (std::uint64_t wideWidth = 2ull * tileSize; wideWidth <= paddedLength; wideWidth *= 2) {
    const auto width = static_cast<std::uint32_t>(wideWidth);
    std::uint32_t distance = width / 2;
    while (distance >= tileSize) {
      // Steps left at distances >= tile: log2(distance) - log2(tile) + 1.
      const std::uint32_t left = static_cast<std::uint32_t>(std::countr_zero(distance)) - tileLog2 + 1;
      const bool inShared = wideSteps > 0 && left > fusedSteps;
      const std::uint32_t steps = std::min(inShared ? wideSteps : fusedSteps, left);
      passes.push_back({inShared ? BitonicPass::Kind::WideTiles : BitonicPass::Kind::GlobalSteps, width, distance, steps});
      distance >>= steps;
    }
    passes.push_back({BitonicPass::Kind::FinishTiles, width, tileSize / 2, tileLog2});
  }
  return passes;
}

std::vector<Comparator> bitonicStepPairs(std::uint32_t mergeWidth, std::uint32_t distance,
                                         std::uint32_t sequenceLength, std::size_t most) {
  std::vector<Comparator> pairs;
  const bool mirror = bitonicPartnerMask(mergeWidth, distance) != distance;
  // Blocks of 2 x distance: offset j < distance pairs with j + distance, or, mirrored, with
  // 2 x distance - 1 - j. 64-bit, so the block after the last cannot wrap.
  const std::uint64_t block = 2 * std::uint64_t{distance};
  for (std::uint64_t start = 0; start < sequenceLength && pairs.size() < most; start += block) {
    // Mirrored, the first offsets reach furthest: start where the partner is inside the sequence.
    const std::uint64_t reach = start + block;
    std::uint64_t j = mirror && reach > sequenceLength ? reach - sequenceLength : 0;
    for (; j < distance && pairs.size() < most; ++j) {
      const std::uint64_t high = mirror ? start + block - 1 - j : start + j + distance;
      if (high >= sequenceLength) break;  // xor pairs only reach further as j grows
      pairs.push_back({static_cast<std::uint32_t>(start + j), static_cast<std::uint32_t>(high)});
    }
  }
  return pairs;
}

std::vector<Comparator> bitonicPassComparators(const BitonicPass& pass, std::uint32_t sequenceLength,
                                               std::size_t limit) {
  if (pass.kind != BitonicPass::Kind::GlobalSteps || pass.steps != 1) return {};
  const std::size_t most = limit == SIZE_MAX ? limit : limit + 1;
  std::vector<Comparator> pairs = bitonicStepPairs(pass.mergeWidth, pass.distance, sequenceLength, most);
  if (pairs.size() > limit) return {};
  return pairs;
}

std::string describeBitonicPass(const std::vector<BitonicPass>& schedule, std::uint32_t passIndex,
                                std::uint32_t sequenceLength, std::uint32_t paddedLength, bool descendingKeys) {
  if (passIndex >= schedule.size()) return {};
  const BitonicPass& pass = schedule[passIndex];
  const std::string order = descendingKeys ? "larger" : "smaller";
  const std::string keysFirst = "; " + order + " keys first";
  const std::string text = passName(passIndex, static_cast<std::uint32_t>(schedule.size())) + ": ";
  switch (pass.kind) {
    case BitonicPass::Kind::SortTiles:
      return text + (pass.mergeWidth == paddedLength ? "each sequence" : "tiles of " + number(pass.mergeWidth)) +
             " sorted in shared memory: " +
             (pass.mergeWidth == 2 ? "merge 2, 1 step" : "merges 2-" + number(pass.mergeWidth) + ", " + steps(pass)) +
             keysFirst;
    case BitonicPass::Kind::WideTiles:
      return text + "merge " + number(pass.mergeWidth) + ", distances " + number(pass.distance) + "-" +
             number(pass.distance >> (pass.steps - 1)) + " in shared memory, strided (" + steps(pass) + ")" +
             keysFirst;
    case BitonicPass::Kind::FinishTiles:
      return text + "merge " + number(pass.mergeWidth) + ", distances " + number(pass.distance) +
             "-1 in shared memory (" + steps(pass) + ")" + keysFirst;
    case BitonicPass::Kind::GlobalSteps: {
      if (pass.steps > 1)
        return text + "merge " + number(pass.mergeWidth) + ", distances " + number(pass.distance) + "-" +
               number(pass.distance >> (pass.steps - 1)) + " fused in registers (" + steps(pass) + ")" +
               keysFirst;
      const bool mirror = bitonicPartnerMask(pass.mergeWidth, pass.distance) != pass.distance;
      const std::string step = text + "merge " + number(pass.mergeWidth) + ", " +
                               (mirror ? "mirror" : "distance " + number(pass.distance)) + ": ";
      const std::vector<Comparator> pairs = bitonicStepPairs(pass.mergeWidth, pass.distance, sequenceLength, 3);
      if (pairs.empty()) return step + "no pair within " + number(sequenceLength) + " keys; nothing moves";
      const std::string keeps = pairs.size() == 1 ? "; the left keeps the " : "; each left keeps the ";
      // Two pairs show the pattern; long positions leave room for one. Measured with the longer
      // order word, so that both orders name the same pairs.
      const std::string twoPairs = step + (pairs.size() == 1 ? "pair " : "pairs ") + pairList(pairs, 2) + keeps;
      if (twoPairs.size() + std::string_view("smaller key").size() <= kLineLength) return twoPairs + order + " key";
      return step + "pairs " + pairList(pairs, 1) + keeps + order + " key";
    }
  }
  return {};
}

}  // namespace shadersort

#include "sort/bitonic_schedule.h"

#include <algorithm>
#include <bit>

namespace shadersort {
namespace {

std::string number(std::uint32_t value) { return std::to_string(value); }

// "i with i xor 2" or, for the first step of a merge, the mirror pairing.
std::string pairing(std::uint32_t mergeWidth, std::uint32_t distance) {
  const std::uint32_t mask = bitonicPartnerMask(mergeWidth, distance);
  if (mask == distance) return "i with i xor " + number(distance);
  return "i with i xor " + number(mask) + " (its mirror in the block of " + number(mergeWidth) + ")";
}

std::string skippedPairs(std::uint32_t sequenceLength, std::uint32_t paddedLength) {
  if (sequenceLength == paddedLength) return "";
  return "; pairs reaching index " + number(sequenceLength) + " or beyond are skipped";
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
                                             std::uint32_t fusedSteps) {
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
      const std::uint32_t steps =
          std::min(fusedSteps, static_cast<std::uint32_t>(std::countr_zero(distance)) - tileLog2 + 1);
      passes.push_back({BitonicPass::Kind::GlobalSteps, width, distance, steps});
      distance >>= steps;
    }
    passes.push_back({BitonicPass::Kind::FinishTiles, width, tileSize / 2, tileLog2});
  }
  return passes;
}

std::string describeBitonicPass(const BitonicPass& pass, std::uint32_t sequenceLength, std::uint32_t paddedLength) {
  const std::string skipped = skippedPairs(sequenceLength, paddedLength);
  switch (pass.kind) {
    case BitonicPass::Kind::SortTiles: {
      const std::string blocks = pass.mergeWidth == paddedLength
                                     ? "every sequence" + (skipped.empty() ? "" : " (padded to " + number(paddedLength) + ")")
                                     : "every tile of " + number(pass.mergeWidth);
      return "sort " + blocks + " in shared memory: merge widths 2 to " + number(pass.mergeWidth) + ", " +
             number(pass.steps) + " steps in one dispatch, smaller key to the lower index" + skipped;
    }
    case BitonicPass::Kind::FinishTiles:
      return "merge width " + number(pass.mergeWidth) + ", distances " + number(pass.distance) +
             " to 1 in shared memory, " + number(pass.steps) +
             " steps in one dispatch: i with i xor d, smaller key to the lower index";
    case BitonicPass::Kind::GlobalSteps:
      if (pass.steps == 1)
        return "merge width " + number(pass.mergeWidth) + ", distance " + number(pass.distance) + ": " +
               pairing(pass.mergeWidth, pass.distance) + ", smaller key to the lower index" + skipped;
      return "merge width " + number(pass.mergeWidth) + ", distances " + number(pass.distance) + " to " +
             number(pass.distance >> (pass.steps - 1)) + " through global memory, " + number(pass.steps) +
             " steps in registers: " + pairing(pass.mergeWidth, pass.distance) +
             (pass.distance * 2 == pass.mergeWidth ? ", then i with i xor d" : " and so on") +
             ", smaller key to the lower index" + skipped;
  }
  return {};
}

}  // namespace shadersort

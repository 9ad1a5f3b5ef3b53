#pragma once
// The bitonic network as a list of GPU passes, and each pass in words.
//
// The network is the all-ascending form of bitonic sort: a merge of width k starts with a step
// that pairs i with its mirror inside the block of k (i xor (k-1)), then halves the distance
// (i with i xor d) down to 1, and every pair puts the smaller key at the lower index. Because no
// comparator ever sends the larger key down, a sequence of any length L can run the network of
// the next power of two P with every pair whose upper partner lies at L or beyond skipped: that
// is exactly the network over the sequence padded with +infinity, and every intermediate state
// is a permutation of the input (which the viewer draws).

#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "sort/sorter.h"

namespace shadersort {

struct BitonicPass {
  enum class Kind {
    SortTiles,    // shared memory: merges of width 2 .. mergeWidth, every step, in one dispatch
    FinishTiles,  // shared memory: the steps of merge `mergeWidth` at distances tile/2 .. 1
    GlobalSteps,  // global memory: `steps` steps of merge `mergeWidth` from `distance` down, fused in registers
    WideTiles,    // shared memory: `steps` steps of merge `mergeWidth` from `distance` down (all >= a tile)
  };
  Kind kind = Kind::GlobalSteps;
  std::uint32_t mergeWidth = 0;
  std::uint32_t distance = 0;  // GlobalSteps: distance of the first step; FinishTiles: tile / 2
  std::uint32_t steps = 0;     // compare-exchange steps the pass runs
};

// log2 of a power of two (the network length, a distance), as the shaders' uniforms take it.
constexpr std::uint32_t log2OfPowerOfTwo(std::uint32_t powerOfTwo) {
  return static_cast<std::uint32_t>(std::countr_zero(powerOfTwo));
}

// The partner mask of the step at `distance` in a merge of `mergeWidth`: mirror or plain xor.
constexpr std::uint32_t bitonicPartnerMask(std::uint32_t mergeWidth, std::uint32_t distance) {
  return distance * 2 == mergeWidth ? mergeWidth - 1 : distance;
}

// The network length for a sequence of `length` (at most 2^31) elements: the next power of two
// (0 and 1 need no network and give 1).
std::uint32_t bitonicPaddedLength(std::uint32_t length);

// One pass per (merge width, distance) step, all through global memory.
std::vector<BitonicPass> bitonicTeachingSchedule(std::uint32_t paddedLength);

// Tiles of `tileSize` sorted in shared memory; then, for every merge wider than a tile, the wide
// steps and the narrow ones in one shared-memory pass. The wide steps go `wideSteps` per
// shared-memory pass while more than `fusedSteps` are left, the rest fused in registers in one
// pass (wideSteps 0: all of them, `fusedSteps` per pass).
std::vector<BitonicPass> bitonicFastSchedule(std::uint32_t paddedLength, std::uint32_t tileSize,
                                             std::uint32_t fusedSteps, std::uint32_t wideSteps = 0);

// The first `most` pairs of the step at `distance` in a merge of `mergeWidth` inside a sequence of
// `sequenceLength`, lowest first; pairs whose upper index lies at sequenceLength or beyond are skipped.
std::vector<Comparator> bitonicStepPairs(std::uint32_t mergeWidth, std::uint32_t distance,
                                         std::uint32_t sequenceLength, std::size_t most);

// The comparators of a one-step pass, or nothing for a fused pass or when there are more than `limit`.
std::vector<Comparator> bitonicPassComparators(const BitonicPass& pass, std::uint32_t sequenceLength,
                                               std::size_t limit);

// What pass `pass` of `schedule` does, for a learner, in one short line ("pass 3 of 0-5: ..."; about
// 90 characters at most); passes and positions count from 0 (sort/index_text.h). `descendingKeys`: the keys were inverted, so the
// words say "larger" where the network moves the smaller key.
std::string describeBitonicPass(const std::vector<BitonicPass>& schedule, std::uint32_t pass,
                                std::uint32_t sequenceLength, std::uint32_t paddedLength, bool descendingKeys);

}  // namespace shadersort

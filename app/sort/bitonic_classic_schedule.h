#pragma once
// The textbook bitonic network (bitonic-classic), as plain data for the sorter, the viewer and the
// tests. Merge of width k: the blocks of k positions alternate direction by their index (block
// b ascending when b is even, descending when odd; the last merge, k = P, is ascending), and
// each step at distance d = k/2, ..., 1 pairs i with i + d inside its block. Two sorted halves of
// opposite directions form a bitonic sequence, which the steps merge.
//
// The network needs a power-of-two length P: a sequence of L keys is padded with P - L
// +infinity keys, which the comparators move like any key (a descending block sends them to its
// start). They compare above every real key, even one equal to the largest key, so where they
// lie after any pass depends on L and P alone (the 0-1 principle: map padding to 1, real keys to
// 0, and the network moves the 1s the same way), which is what classicPaddingAfter works out.
// shadersort's default "mirror" form (bitonic_schedule.h) needs none of this: all its blocks
// ascend, no comparator sends a larger key down, so a padding key never moves and need not exist.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "sort/bitonic_schedule.h"
#include "sort/sorter.h"

namespace shadersort {

// Why the default form needs no padding, in one line (panel, pass description, README).
inline constexpr const char* kMirrorFormNote =
    "default bitonic needs no padding: all blocks ascend and its first merge step pairs i with its mirror, so "
    "+inf keys would never move and are skipped";

// One pass per (merge width, distance) step over `paddedLength` positions (the teaching
// schedule's list; the kind of each is GlobalSteps with one step).
std::vector<BitonicPass> classicSchedule(std::uint32_t paddedLength);

// Whether position `position` of a sequence sorts ascending in a merge of `mergeWidth`.
constexpr bool classicAscending(std::uint32_t position, std::uint32_t mergeWidth) {
  return (position & mergeWidth) == 0;
}

// The first `most` comparators of a step, lowest position first, as Comparator says: `low`
// receives the smaller key, so in a descending block low > high.
std::vector<Comparator> classicStepComparators(std::uint32_t mergeWidth, std::uint32_t distance,
                                               std::uint32_t paddedLength, std::size_t most);

// Which of `paddedLength` positions hold padding after the first `passes` passes of the
// schedule, for a sequence of `sequenceLength` real keys (1 = padding).
std::vector<std::uint8_t> classicPaddingAfter(std::uint32_t sequenceLength, std::uint32_t paddedLength,
                                              std::uint32_t passes);
// One step applied to a padding map (the 0-1 image of the step).
void applyClassicStep(std::vector<std::uint8_t>& padding, std::uint32_t mergeWidth, std::uint32_t distance);

// For every position, its index among the real keys in position order, or kNoRank for padding:
// where the compacted state (Sorter::gpuState) keeps the key at that position.
inline constexpr std::uint32_t kNoRank = 0xFFFFFFFFu;
std::vector<std::uint32_t> classicRanks(const std::vector<std::uint8_t>& padding);

// Pass `pass` in one short line ("pass 1 of 0-9: merge 4, distance 2: (0,2) smaller first, (4,6)
// reversed; 3 +inf"; the last merge: "..., whole sequence: (0,1) smaller first"), the first
// pair of the first two blocks, passes and positions from 0 (sort/index_text.h); nothing past the end. Mentions the padding when
// there is some. `descendingKeys`: the keys were inverted, so the words say "larger".
std::string describeClassicPass(const std::vector<BitonicPass>& schedule, std::uint32_t pass,
                                std::uint32_t sequenceLength, std::uint32_t paddedLength, bool descendingKeys);

}  // namespace shadersort

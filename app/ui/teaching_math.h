#pragma once
// The arithmetic behind the teaching overlays and panels, kept free of ImGui so that tests can
// check it: a key's digit, a digit histogram with its prefix sum and bucket starts, which
// positions a pass changed, and where comparators go when drawn side by side.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "sort/sorter.h"

namespace shadersort::ui {

// Digits wider than this would make histograms of more than 65536 buckets; no sorter uses them.
inline constexpr std::uint32_t kMaxDigitBits = 16;

// Bits [shift, shift + bits) of `key`.
std::uint32_t digitOf(std::uint32_t key, DigitPlace place);

// How many of `keys` have each digit value: 2^bits entries (none when bits is 0 or above kMaxDigitBits).
std::vector<std::uint32_t> digitHistogram(std::span<const std::uint32_t> keys, DigitPlace place);

// Entry d is the sum of the entries before d: where bucket d starts inside its sequence.
std::vector<std::uint32_t> exclusivePrefixSum(std::span<const std::uint32_t> counts);

// Where each digit's bucket starts in the whole array after a stable pass by `place`, for keys
// laid out sequence after sequence: [sequence * 2^bits + digit] = sequence * sequenceLength + keys
// of the sequence with a smaller digit. Empty when the keys are no whole number of sequences.
std::vector<std::uint32_t> bucketStarts(std::span<const std::uint32_t> keys, DigitPlace place,
                                        std::uint32_t sequenceLength);

// True at each position whose key differs between the two states (a compare-exchange moves
// only unequal keys, so these are the swapped positions). Empty when the sizes differ.
std::vector<bool> swappedPositions(std::span<const std::uint32_t> keysBefore, std::span<const std::uint32_t> keysAfter);

// A lane for each comparator, so that comparators in one lane touch no common position span
// ([low, high] as an interval): drawn one lane per column (or depth), their lines never overlap.
// Shorter spans get the lower lanes, so nested brackets (a mirror step) sit inside each other.
std::vector<std::uint32_t> comparatorLanes(const std::vector<Comparator>& comparators);
std::uint32_t laneCount(const std::vector<std::uint32_t>& lanes);

// Where a comparator network's columns go, passes left to right, x measured from the left edge.
struct NetworkColumns {
  std::vector<float> passLeft, passRight;         // each pass's column
  std::vector<std::vector<float>> comparatorX;    // [pass][comparator]: its vertical line
  float width = 0;                                // of all columns together
};

// Lays the passes out in `availableWidth`, every lane at least `minLanePitch` wide (the result is
// wider than availableWidth when that does not fit) and at most `maxLanePitch`.
NetworkColumns layoutNetworkColumns(const std::vector<std::vector<Comparator>>& passes, float availableWidth,
                                    float minLanePitch, float maxLanePitch);

// Which pass the brackets and the network highlight after `passesRun` passes, and a caption that
// says so: before any pass, the first one to come; after that, the last one run.
struct ShownPass {
  std::uint32_t pass = 0;  // index from 0
  std::string caption;     // e.g. "brackets: pass 0 (next)" or "brackets: pass 2 (last run)"
};
ShownPass shownPass(std::uint32_t passesRun);

// The radix panel's "bucket" cell: the slots digit's keys land in ("3-5", "3"; "empty"), and a
// column header of the counter matrix ("block 0"): indices from 0, as the bars under them.
std::string bucketSlotsText(std::uint32_t start, std::uint32_t keys);
std::string counterBlockName(std::uint32_t block);

// Where a network's merge stages begin: pass 0, then every pass whose longest comparator spans
// more positions than the previous pass's (a bitonic merge starts wide and halves; odd-even
// transposition, all spans 1, is one stage). Passes without comparators continue their stage.
std::vector<std::uint32_t> mergeStageStarts(const std::vector<std::vector<Comparator>>& passes);

// Which passes (indices from 0) a row of labels `labelWidth` wide can number without overlapping,
// for columns centred at `centres`: pass 0, then every multiple of k (k in 1, 2, 5, 10, 20, 50,
// ...), as a ruler does.
std::vector<std::uint32_t> labelledPasses(const std::vector<float>& centres, float labelWidth);

}  // namespace shadersort::ui

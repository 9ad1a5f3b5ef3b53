#pragma once
// How the teaching views write an index a student reads: positions (bars, pairs, network wires,
// bucket slots), passes, blocks and sequences. Every one counts from 0, the base of the
// pseudocode's variables (p, i, j, d) and of the C++ and GLSL behind them, so that "pass 2" in a
// caption is the pseudocode's p = 2 and "(0,1)" names the bars labelled 0 and 1. Counts ("3 of
// 12 passes run") are not indices and say so in their words.

#include <cstdint>
#include <string>
#include <string_view>

namespace shadersort {

inline constexpr std::uint64_t kFirstShownIndex = 0;

// "3": index 3 as every view writes it.
std::string indexText(std::uint64_t index);
// "3-5" for `count` indices from `first`, "3" for one of them.
std::string indexRangeText(std::uint64_t first, std::uint64_t count);
// "(3,5)": the positions a comparator joins.
std::string pairText(std::uint64_t low, std::uint64_t high);
// "pass 2 of 0-11" (the pass's index and the indices all passes take); "pass 0 of 0" for a
// one-pass sort. Every Sorter::describePass starts with it.
std::string passName(std::uint32_t pass, std::uint32_t passCount);
// "3 of 12 passes run": how far a lane is, a count (the last pass run is pass 2).
std::string passesRunText(std::uint32_t passesRun, std::uint32_t passCount);

}  // namespace shadersort

#pragma once
// Short pseudocode of every algorithm and schedule the registry offers, and which of its lines a
// pass executed: teaching content, one Pseudocode per registry row (AlgorithmInfo::pseudocode).
// Plain data and pure functions (no Sorter, no GL, no ImGui), so the highlight is tested without
// a GPU; ui/pseudocode_panel.h draws it.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace shadersort {

struct PseudocodeListing {
  std::string_view title;  // "bitonic, teaching schedule", ...
  std::vector<std::string_view> lines;
};

// What is known of the pass to highlight: the registry's algorithm name, whether the lane runs
// the teaching schedule, the pass (from 0) and the sorter's describePass() of it. The radix
// pipeline and the bitonic pass kind are read from the description (the words describePass writes
// for them), so the panel needs nothing beyond the Sorter interface.
struct PassFacts {
  std::string_view algorithm;
  bool teaching = false;
  std::uint32_t pass = 0;
  std::string_view description;
};

// An algorithm's listing for the schedule (radix's fast schedule has one per pipeline) and the
// indices into its lines that a pass that ran executed, ascending.
struct Pseudocode {
  const PseudocodeListing& (*listing)(const PassFacts& facts);
  std::vector<std::size_t> (*highlighted)(const PassFacts& facts);
};

extern const Pseudocode kFragOddEvenPseudocode;
extern const Pseudocode kOddEvenPseudocode;
extern const Pseudocode kBitonicPseudocode;
extern const Pseudocode kBitonicClassicPseudocode;
extern const Pseudocode kRadixPseudocode;

// The listing of an algorithm without pseudocode (a row whose `pseudocode.listing` is null).
const PseudocodeListing& emptyListing();
// False for a pass past the end ("no pass ...: sorted") or not described: no line is lit.
bool passRan(const PassFacts& facts);

}  // namespace shadersort

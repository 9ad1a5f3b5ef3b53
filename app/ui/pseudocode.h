#pragma once
// Short pseudocode of every algorithm and schedule the registry offers, and which of its lines a
// pass executed. Plain data and pure functions (no Sorter, no GL, no ImGui), so the highlight is
// tested without a GPU; pseudocode_panel.h draws it.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace shadersort::ui {

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

// The listing for an algorithm and schedule; radix's fast schedule has one per pipeline (see
// PassFacts). An unknown algorithm gives an empty listing.
const PseudocodeListing& pseudocodeFor(const PassFacts& facts);

// Indices into pseudocodeFor(facts).lines of the lines pass `facts.pass` executed, ascending.
std::vector<std::size_t> highlightedLines(const PassFacts& facts);

}  // namespace shadersort::ui

#pragma once
// The pseudocode panel's data for a pass: the listing and lit lines of the algorithm's registry
// row (sort/pseudocode.h holds the listings). Pure functions, tested without a GPU.

#include <cstddef>
#include <string>
#include <vector>

#include "sort/pseudocode.h"

namespace shadersort::ui {

using shadersort::PassFacts;
using shadersort::PseudocodeListing;

// The listing for an algorithm and schedule; an unknown algorithm, or one whose row has no
// pseudocode, gives an empty listing.
const PseudocodeListing& pseudocodeFor(const PassFacts& facts);

// Indices into pseudocodeFor(facts).lines of the lines pass `facts.pass` executed, ascending.
std::vector<std::size_t> highlightedLines(const PassFacts& facts);
// The line over the listing naming the lit pass: "highlighted: pass 2 (p = 2)", the pass as the
// captions write it beside the listing's own variable.
std::string highlightedPassText(std::uint32_t pass);

}  // namespace shadersort::ui

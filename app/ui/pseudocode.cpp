#include "ui/pseudocode.h"

#include "sort/index_text.h"
#include "sort/registry.h"

namespace shadersort::ui {
namespace {

const Pseudocode* pseudocodeOf(std::string_view algorithm) {
  for (const AlgorithmInfo& row : algorithms())
    if (row.name == algorithm) return row.pseudocode.listing != nullptr ? &row.pseudocode : nullptr;
  return nullptr;
}

}  // namespace

const PseudocodeListing& pseudocodeFor(const PassFacts& facts) {
  const Pseudocode* pseudocode = pseudocodeOf(facts.algorithm);
  return pseudocode != nullptr ? pseudocode->listing(facts) : emptyListing();
}

std::vector<std::size_t> highlightedLines(const PassFacts& facts) {
  const Pseudocode* pseudocode = pseudocodeOf(facts.algorithm);
  if (pseudocode == nullptr || pseudocode->highlighted == nullptr || !passRan(facts)) return {};
  return pseudocode->highlighted(facts);
}

std::string highlightedPassText(std::uint32_t pass) {
  return "highlighted: pass " + indexText(pass) + " (p = " + std::to_string(pass) + ")";
}

}  // namespace shadersort::ui

// The pseudocode panel's line wrapping (ui/pseudocode_panel.h): listings written for a wide panel
// wrap to the viewer's, so no line is cut off on the right, and nothing of a line is lost.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sort/registry.h"
#include "ui/pseudocode_panel.h"

namespace shadersort::ui {
namespace {

// The text without its spaces: what wrapping must keep, in order.
std::string withoutSpaces(std::string_view text) {
  std::string kept;
  for (char c : text)
    if (c != ' ') kept += c;
  return kept;
}

TEST(PseudocodePanel, ALineThatFitsStaysWhole) {
  EXPECT_EQ(wrapPseudocodeLine("  if p is even: pairs (1,2)", 46), std::vector<std::string>{"  if p is even: pairs (1,2)"});
}

TEST(PseudocodePanel, TheCommentMovesUnderTheCodeAndLongRowsBreakAtSpaces) {
  const std::vector<std::string> rows = wrapPseudocodeLine("  for every pair (i, i+1), in parallel: // one invocation per pair", 30);
  const std::vector<std::string> expected = {"  for every pair (i, i+1), in", "      parallel:",
                                             "    // one invocation per pair"};
  EXPECT_EQ(rows, expected);
}

// Every listing line of every algorithm and schedule, wrapped at widths from the viewer's panel
// down to a narrow one: no row is wider than the panel, and its characters come out in order.
TEST(PseudocodePanel, EveryListingWrapsWithinThePanelLosingNothing) {
  std::vector<const PseudocodeListing*> listings;
  for (const AlgorithmInfo& algorithm : algorithms())
    for (bool teaching : {false, true})
      for (std::string_view description : {"", "pipeline fast", "pipeline portable", "pipeline workgroup-per-sequence"})
        listings.push_back(&pseudocodeFor({algorithm.name, teaching, 0, description}));
  for (std::size_t columns : {46u, 30u, 12u}) {
    for (const PseudocodeListing* listing : listings)
      for (std::string_view line : listing->lines) {
        SCOPED_TRACE(std::string(line) + " at " + std::to_string(columns));
        const std::vector<std::string> rows = wrapPseudocodeLine(line, columns);
        std::string joined;
        for (const std::string& row : rows) {
          EXPECT_LE(row.size(), columns);
          joined += row;
        }
        EXPECT_EQ(withoutSpaces(joined), withoutSpaces(line));
      }
  }
}

}  // namespace
}  // namespace shadersort::ui

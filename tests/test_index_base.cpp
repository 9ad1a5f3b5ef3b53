// Issue 39, item 3: every index a student reads for one pass (the pass number and positions in the
// pass description, the caption under a picture, the brackets' caption, the pseudocode's lit
// lines and its pass line, the network's wire and pass labels, the numbers under the bars and
// radix's bucket column) counts from the same base. The strings are the ones the views draw,
// made by the functions the panels call; no pixels are read.

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "render/bar_labels.h"
#include "render/caption_strip.h"
#include "render/network_svg.h"
#include "sort/index_text.h"
#include "sort/odd_even.h"
#include "sort/registry.h"
#include "sort_test_support.h"
#include "ui/pseudocode.h"
#include "ui/teaching_math.h"

namespace shadersort::testing {
namespace {

// The keys a teacher typed: view --values 5,3,9,1,7,2 (u32).
SortData typedKeys() {
  SortData data;
  data.sequenceLength = 6;
  data.sequenceCount = 1;
  data.keys = {5, 3, 9, 1, 7, 2};
  return data;
}

std::unique_ptr<Sorter> loadedSorter(std::string_view algorithm, bool teaching) {
  SorterOptions options;
  options.teaching = teaching;
  auto sorter = findAlgorithm(algorithm).create(testSortContext(), options);
  sorter->load(typedKeys());
  return sorter;
}

// The first decimal number after `words` in `text`, or -1.
long numberAfter(const std::string& text, const std::string& words) {
  const std::size_t at = text.find(words);
  if (at == std::string::npos) return -1;
  const std::string rest = text.substr(at + words.size());
  std::size_t digits = 0;
  while (digits < rest.size() && std::isdigit(static_cast<unsigned char>(rest[digits]))) ++digits;
  return digits == 0 ? -1 : std::stol(rest.substr(0, digits));
}

// Every "(a,b)" in `text`.
std::vector<std::string> pairsIn(const std::string& text) {
  static const std::regex pair(R"(\(\d+,\d+\))");
  std::vector<std::string> found;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), pair); it != std::sregex_iterator(); ++it)
    found.push_back(it->str());
  return found;
}

// The pair the network panel draws for `comparator`, in its wire labels.
std::string wirePair(const Comparator& comparator) {
  return "(" + render::networkWireLabel(comparator.low) + "," + render::networkWireLabel(comparator.high) + ")";
}

// The labels under the bars of a sequence of `count`.
std::vector<std::string> barIndexTexts(std::uint32_t count) {
  std::vector<std::string> texts;
  for (const render::TextLabel& label : render::indexLabels({0, 0, 640, 100}, count)) texts.push_back(label.text);
  return texts;
}

// What every view says of the pass `pass` of `sorter`, shown after it ran.
void expectOnePassIndexEverywhere(const Sorter& sorter, std::string_view algorithm, bool teaching, std::uint32_t pass) {
  const std::string description = sorter.describePass(pass);
  SCOPED_TRACE(std::string(algorithm) + ": " + description);
  const std::string passIndex = indexText(pass);
  // The pass number: the description, the caption's heading, the brackets' caption, the
  // pseudocode's pass line and its variable p, the network's column label.
  EXPECT_EQ(numberAfter(description, "pass "), std::stol(passIndex));
  const render::Caption caption = render::passCaption(pass + 1, sorter.passCount(), false, description);
  EXPECT_EQ(numberAfter(caption.heading, "after pass "), std::stol(passIndex)) << caption.heading;
  EXPECT_EQ(numberAfter(ui::shownPass(pass + 1).caption, "pass "), std::stol(passIndex));
  const std::string highlighted = ui::highlightedPassText(pass);
  EXPECT_EQ(numberAfter(highlighted, "pass "), std::stol(passIndex)) << highlighted;
  EXPECT_EQ(numberAfter(highlighted, "p = "), std::stol(passIndex)) << "the pseudocode's p is the caption's pass";
  EXPECT_EQ(render::networkPassLabel(pass), passIndex);

  // Positions: every pair the description names is a comparator of the pass, in the network's
  // wire labels, and its ends are labels under the bars.
  const std::uint32_t drawn = sorter.paddedState() ? sorter.paddedState()->length : typedKeys().sequenceLength;
  const std::vector<std::string> bars = barIndexTexts(drawn);
  ASSERT_EQ(bars.size(), drawn);
  for (std::uint32_t wire = 0; wire < drawn; ++wire) EXPECT_EQ(bars[wire], render::networkWireLabel(wire));
  std::set<std::string> drawnPairs;
  for (const Comparator& comparator : sorter.comparators(pass, 64)) drawnPairs.insert(wirePair(comparator));
  for (const Comparator& comparator : sorter.comparators(pass, 64)) {
    // bitonic-classic's descending comparators are drawn high to low; the text names them low first.
    drawnPairs.insert(wirePair({std::min(comparator.low, comparator.high), std::max(comparator.low, comparator.high)}));
  }
  for (const std::string& named : pairsIn(description))
    EXPECT_TRUE(drawnPairs.count(named)) << named << " is no comparator the network draws for this pass";

  // The pseudocode's lit lines name pairs of the pass too, where they name any.
  const ui::PassFacts facts{algorithm, teaching, pass, description};
  const PseudocodeListing& listing = ui::pseudocodeFor(facts);
  for (std::size_t line : ui::highlightedLines(facts)) {
    const std::string text(listing.lines.at(line));
    for (const std::string& named : pairsIn(text))
      EXPECT_TRUE(drawnPairs.count(named)) << "lit line \"" << text << "\" names " << named;
    // Odd-even: "if p is even" is lit exactly in the round the caption calls even.
    if (text.find("p is even") != std::string::npos) {
      EXPECT_NE(description.find("even round"), std::string::npos) << "lit: " << text;
    }
  }
}

TEST(IndexBase, OddEvenPassAgreesInEveryPanel) {
  auto sorter = loadedSorter("odd-even", true);
  for (std::uint32_t pass : {1u, 2u}) {
    sorter->runPass();
    expectOnePassIndexEverywhere(*sorter, "odd-even", true, pass - 1);
  }
  // The pass the teacher reported: the third (index 2) lights "if p is even" and is the even round.
  sorter->runPass();
  expectOnePassIndexEverywhere(*sorter, "odd-even", true, 2);
  EXPECT_NE(sorter->describePass(2).find("even round: pairs (0,1), (2,3)"), std::string::npos) << sorter->describePass(2);
}

TEST(IndexBase, BitonicPassAgreesInEveryPanel) {
  for (std::string_view algorithm : {"bitonic", "bitonic-classic"}) {
    auto sorter = loadedSorter(algorithm, true);
    for (std::uint32_t pass = 0; pass < 4; ++pass) {
      sorter->runPass();
      expectOnePassIndexEverywhere(*sorter, algorithm, true, pass);
    }
  }
}

// Radix: the bucket column names the slots where the pass put each digit's keys, as the bars
// under them are numbered.
TEST(IndexBase, RadixBucketColumnNamesTheBarsTheKeysLandOn) {
  auto sorter = loadedSorter("radix", true);
  const std::uint32_t pass = 0;
  const std::vector<std::uint32_t> before = typedKeys().keys;
  sorter->runPass();
  expectOnePassIndexEverywhere(*sorter, "radix", true, pass);
  const auto place = sorter->digitPlace(pass);
  ASSERT_TRUE(place);
  const std::vector<std::uint32_t> histogram = ui::digitHistogram(before, *place);
  const std::vector<std::uint32_t> starts = ui::exclusivePrefixSum(histogram);
  const std::vector<std::uint32_t> after = sorter->read().keys;
  const std::vector<std::string> bars = barIndexTexts(static_cast<std::uint32_t>(after.size()));
  std::map<std::uint32_t, std::vector<std::string>> barsOfDigit;
  for (std::size_t slot = 0; slot < after.size(); ++slot) barsOfDigit[ui::digitOf(after[slot], *place)].push_back(bars[slot]);
  for (const auto& [digit, slots] : barsOfDigit) {
    const std::string expected = slots.size() == 1 ? slots.front() : slots.front() + "-" + slots.back();
    EXPECT_EQ(ui::bucketSlotsText(starts[digit], histogram[digit]), expected) << "digit " << digit;
  }
  EXPECT_EQ(ui::counterBlockName(0), "block " + bars.front()) << "blocks count as the bars do";
}

}  // namespace
}  // namespace shadersort::testing

// The pseudocode panel's data: every schedule the registry runs has a listing, and the lines a
// pass highlights follow what the pass did (odd vs even round, bitonic mirror vs plain step and
// fused pass kinds, radix's pipeline and the chained scan's first pass). The pure functions are
// fed the sorters' own pass descriptions: the free describe functions without GL, and the
// registered sorters on a small input for the radix pipelines.

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "sort/bitonic_schedule.h"
#include "sort/odd_even.h"
#include "data/image.h"
#include "data/inputs.h"
#include "golden_support.h"
#include "sort_test_support.h"
#include "ui/pseudocode.h"
#include "ui/pseudocode_panel.h"
#include "ui/viewer_app.h"

namespace shadersort::testing {
namespace {

using Lines = std::vector<std::size_t>;

ui::PassFacts facts(std::string_view algorithm, bool teaching, std::uint32_t pass, const std::string& description) {
  return {.algorithm = algorithm, .teaching = teaching, .pass = pass, .description = description};
}

std::string lineText(const ui::PassFacts& pass, std::size_t line) {
  return std::string(ui::pseudocodeFor(pass).lines.at(line));
}

TEST(Pseudocode, OddEvenRoundsLightTheirOwnParity) {
  for (std::uint32_t pass : {0u, 1u, 6u, 7u}) {
    const std::string text = describeOddEvenRound(pass, 8, 8, false);
    const ui::PassFacts round = facts("odd-even", true, pass, text);
    const Lines lit = ui::highlightedLines(round);
    // Passes and positions count from 0, so pass 0 is the round of pairs (0,1), (2,3), ...
    const std::string pairs = pass % 2 == 0 ? "(0,1), (2,3)" : "(1,2), (3,4)";
    ASSERT_NE(text.find(pairs), std::string::npos) << text;
    std::size_t pairLines = 0;
    for (std::size_t line : lit) pairLines += lineText(round, line).find(pairs) != std::string::npos;
    EXPECT_EQ(pairLines, 1u) << text;
    for (std::size_t line : lit) EXPECT_EQ(lineText(round, line).find(pass % 2 == 0 ? "(1,2)" : "(0,1)"), std::string::npos);
    EXPECT_EQ(lit, (pass % 2 == 0 ? Lines{0, 1, 3, 4} : Lines{0, 2, 3, 4}));

    const ui::PassFacts draw = facts("frag-odd-even", false, pass, text);
    EXPECT_EQ(ui::highlightedLines(draw), (pass % 2 == 0 ? Lines{0, 1, 3, 4, 5, 6} : Lines{0, 2, 3, 4, 5, 6}));
    EXPECT_NE(lineText(draw, pass % 2 == 0 ? 1 : 2).find(pairs), std::string::npos);
  }
  // The fast schedule's pass runs the whole fused loop, whichever round it starts on.
  EXPECT_EQ(ui::highlightedLines(facts("odd-even", false, 3, "pass 3 of 0-8: rounds 96-127")), (Lines{0, 1, 2, 3, 4, 5, 6}));
}

TEST(Pseudocode, BitonicTeachingStepsLightMirrorOrPlainDistance) {
  const std::vector<BitonicPass> schedule = bitonicTeachingSchedule(16);
  ASSERT_EQ(schedule.size(), 10u);  // 1 + 2 + 3 + 4 steps
  for (std::uint32_t pass = 0; pass < schedule.size(); ++pass) {
    const std::string text = describeBitonicPass(schedule, pass, 16, 16, false);
    const ui::PassFacts step = facts("bitonic", true, pass, text);
    const bool mirror = schedule[pass].distance * 2 == schedule[pass].mergeWidth;
    EXPECT_EQ(ui::highlightedLines(step), (mirror ? Lines{0, 1, 2, 3, 4, 6} : Lines{0, 1, 2, 3, 5, 6})) << text;
    EXPECT_NE(lineText(step, mirror ? 4 : 5).find(mirror ? "k-1" : "xor d"), std::string::npos);
  }
}

TEST(Pseudocode, BitonicFastPassesLightTheirKind) {
  // 64 positions, tiles of 8: a tile sort, then for merges 16, 32, 64 the wide steps and a finish.
  for (std::uint32_t wideSteps : {0u, 2u}) {
    const std::vector<BitonicPass> schedule = bitonicFastSchedule(64, 8, 2, wideSteps);
    for (std::uint32_t pass = 0; pass < schedule.size(); ++pass) {
      const std::string text = describeBitonicPass(schedule, pass, 64, 64, false);
      Lines expected;
      switch (schedule[pass].kind) {
        case BitonicPass::Kind::SortTiles: expected = {0, 1}; break;
        case BitonicPass::Kind::WideTiles: expected = {2, 3, 4}; break;
        case BitonicPass::Kind::GlobalSteps: expected = {2, 3, 5}; break;
        case BitonicPass::Kind::FinishTiles: expected = {2, 6}; break;
      }
      EXPECT_EQ(ui::highlightedLines(facts("bitonic", false, pass, text)), expected) << text;
    }
  }
}

TEST(Pseudocode, RadixPipelinesHaveTheirOwnListing) {
  const std::string common = "pass 1 of 0-3, bits 8-15: ";
  EXPECT_EQ(ui::pseudocodeFor(facts("radix", true, 1, common + "flag scans, counter prefix sum, scatter")).title,
            "radix, teaching pipeline (4-bit digits)");
  EXPECT_EQ(ui::pseudocodeFor(facts("radix", false, 1, common + "digit counts, prefix sum, rank and scatter")).title,
            "radix, fast: reduce then scan (8-bit digits)");
  EXPECT_EQ(ui::pseudocodeFor(facts("radix", false, 1, common + "one workgroup per sequence counts, ranks and moves")).title,
            "radix, fast: one workgroup per sequence");
  // PassFacts views its description: the texts live as long as the facts do.
  const std::string firstText = "pass 0 of 0-3, bits 0-7: histograms of all places, look-back scan, scatter";
  const std::string laterText = common + "look-back scan, rank and scatter";
  const auto chainedFirst = facts("radix", false, 0, firstText);
  const auto chainedLater = facts("radix", false, 1, laterText);
  EXPECT_EQ(ui::pseudocodeFor(chainedFirst).title, "radix, fast: chained scan (8-bit digits)");
  // Only the first pass builds the histograms of every place.
  EXPECT_EQ(ui::highlightedLines(chainedFirst), (Lines{0, 1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(ui::highlightedLines(chainedLater), (Lines{1, 2, 3, 4, 5, 6}));
  EXPECT_NE(lineText(chainedFirst, 0).find("histograms"), std::string::npos);
}

TEST(Pseudocode, NothingIsLitPastTheLastPass) {
  EXPECT_TRUE(ui::highlightedLines(facts("radix", false, 4, "no pass 5: the keys are sorted")).empty());
  EXPECT_TRUE(ui::highlightedLines(facts("bitonic", true, 10, "")).empty());
  EXPECT_TRUE(ui::pseudocodeFor(facts("quick", false, 0, "pass 1")).lines.empty());
}

// Every schedule the registry runs, and radix's every pipeline, on a small input: each pass gets
// a listing and lights at least one of its lines, with the descriptions the sorters write.
TEST(Pseudocode, EveryRegisteredPassLightsItsListing) {
  std::vector<std::pair<Schedule, SorterOptions>> runs;
  for (const Schedule& schedule : allSchedules()) runs.emplace_back(schedule, optionsFor(schedule));
  for (const char* scan : {"portable", "chained", "workgroup"}) {
    Schedule radix{&findAlgorithm("radix"), false, std::string("radix/") + scan};
    SorterOptions options = optionsFor(radix);
    options.settings["scan"] = namedSettingValues("scan").at(0).value;
    for (const NamedValue& named : namedSettingValues("scan"))
      if (named.word == scan) options.settings["scan"] = named.value;
    runs.emplace_back(radix, options);
  }
  const SortData input = makeSequences(Pattern::Random, 1, 40);
  std::set<std::string> titles;
  for (const auto& [schedule, options] : runs) {
    std::unique_ptr<Sorter> sorter = schedule.algorithm->create(testSortContext(), options);
    sorter->load(input);
    ASSERT_GT(sorter->passCount(), 0u) << schedule.name;
    for (std::uint32_t pass = 0; pass < sorter->passCount(); ++pass) {
      const std::string text = sorter->describePass(pass);
      const ui::PassFacts lastPass = facts(schedule.algorithm->name, schedule.teaching, pass, text);
      const ui::PseudocodeListing& listing = ui::pseudocodeFor(lastPass);
      ASSERT_FALSE(listing.lines.empty()) << schedule.name;
      const Lines lit = ui::highlightedLines(lastPass);
      ASSERT_FALSE(lit.empty()) << schedule.name << ": " << text;
      EXPECT_LT(lit.back(), listing.lines.size());
      titles.insert(std::string(listing.title));
      // The title is one unwrapped row over the listing: 48 characters fill the panel at scale 1.
      EXPECT_LE(listing.title.size(), 48u) << listing.title;
    }
  }
  // frag, odd-even x2, bitonic x2, bitonic-classic, radix teaching + three fast pipelines.
  EXPECT_EQ(titles.size(), 10u) << "a pipeline fell back to another's listing";
}


// Rows of the panel (x below kPanelRight) where at least kLitPixels pixels are the highlight's
// exact colour, grouped into bands of consecutive rows: {top, height}.
constexpr int kPanelRight = 372, kLitPixels = 40;
std::vector<std::pair<int, int>> highlightBands(const Image& frame) {
  std::vector<std::pair<int, int>> bands;
  for (int y = 0; y < frame.height; ++y) {
    int lit = 0;
    for (int x = 0; x < kPanelRight; ++x) lit += frame.pixel(x, y) == ui::kPseudocodeHighlight;
    if (lit < kLitPixels) continue;
    if (!bands.empty() && bands.back().first + bands.back().second == y)
      ++bands.back().second;
    else
      bands.emplace_back(y, 1);
  }
  return bands;
}

void pressKeys(ui::ViewerApp& app, const std::string& script) {
  for (ui::ViewerKey key : ui::parseKeyScript(script)) {
    app.host().queueKey(key);
    app.frame();
  }
}

// The panel drawn by the viewer (offscreen): the highlight's bands sit on the lit lines, checked
// by their geometry (runs of lit lines are bands as tall as their wrapped rows, unlit lines
// between them gaps of their rows, line 0 at the same place in both passes), and the listing's
// rows (long lines wrapped, none cut off on the right) match a golden within what GL leaves to
// the driver (golden_support.h: each channel by 1). ImGui's font atlas is made on the CPU and its
// glyphs drawn at whole pixels, so one changed character fails the comparison.
TEST(PseudocodePanel, HighlightBandsSitOnTheLitLines) {
  ui::ViewerConfig config;
  config.algorithm = "odd-even";
  config.input.pattern = Pattern::Random;
  config.input.width = 1;
  config.input.height = 16;
  config.startPlaying = false;
  config.frames = 1000000;
  auto app = std::make_unique<ui::ViewerApp>(std::move(config), [] { return ui::makeOffscreenHost(800, 1200); });
  app->frame();
  EXPECT_TRUE(highlightBands(app->host().readFrame()).empty()) << "nothing is lit before the first pass";

  pressKeys(*app, "right");  // pass 0, the round of pairs (0,1), (2,3), ...: lines 0, 1, 3, 4
  const Image frame = app->host().readFrame();
  const auto even = highlightBands(frame);
  // Long lines wrap to the panel (ui::wrapPseudocodeLine): positions are counted in rows.
  const ui::PseudocodeLayout layout = ui::lastPseudocodeLayout();
  const int line = static_cast<int>(layout.rowHeight);
  ASSERT_GE(line, 10) << "a line of text is taller";
  const auto& lines = ui::pseudocodeFor({"odd-even", true, 0, ""}).lines;
  ASSERT_EQ(lines.size(), 6u);
  std::vector<int> rows, top = {0};  // rows of each listing line, and its first row
  for (std::string_view text : lines) {
    rows.push_back(static_cast<int>(ui::wrapPseudocodeLine(text, layout.columns).size()));
    top.push_back(top.back() + rows.back());
  }
  ASSERT_GT(rows[0], 1) << "line 0 is too long for the panel: it wraps";
  ASSERT_EQ(even.size(), 2u) << "lines 0-1 and 3-4";
  EXPECT_EQ(even[0].second, top[2] * line);
  EXPECT_EQ(even[1].first, even[0].first + top[3] * line) << "line 2 unlit between them";
  EXPECT_EQ(even[1].second, (top[5] - top[3]) * line);

  // The listing's rows, from line 0's top.
  const int listingHeight = top[6] * line;
  ASSERT_LE(even[0].first + listingHeight, frame.height);
  Image listing(kPanelRight, listingHeight);
  for (int y = 0; y < listingHeight; ++y)
    for (int x = 0; x < kPanelRight; ++x) listing.setPixel(x, y, frame.pixel(x, even[0].first + y));
  expectMatchesDrawnGolden(listing, "pseudocode_odd-even_pass1.png");

  pressKeys(*app, "right");  // pass 1, pairs (1,2), (3,4), ...: lines 0, 2, 3, 4
  const auto odd = highlightBands(app->host().readFrame());
  ASSERT_EQ(odd.size(), 2u) << "line 0 and lines 2-4";
  EXPECT_EQ(odd[0].first, even[0].first);
  EXPECT_EQ(odd[0].second, top[1] * line);
  EXPECT_EQ(odd[1].first, even[0].first + top[2] * line);
  EXPECT_EQ(odd[1].second, (top[5] - top[2]) * line);
}

}  // namespace
}  // namespace shadersort::testing

// Bitonic's marks in array view (issue 26): the stage brackets and the padding as plain data
// (no GL), and the screenshot of bitonic-classic with padding against a golden checked against
// a CPU rendering.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "data/inputs.h"
#include "golden_support.h"
#include "render/array_reference.h"
#include "render/bar_scale.h"
#include "render/bitonic_brackets.h"
#include "render/bitonic_overlay.h"
#include "render/network_svg.h"
#include "sort/bitonic_classic_schedule.h"
#include "sort_test_support.h"
#include "ui/bitonic_marks.h"
#include "ui/pseudocode.h"
#include "ui/teaching_overlays.h"
#include "ui/viewer_app.h"
#include "ui/viewer_keys.h"

namespace shadersort::testing {
namespace {

using render::BitonicBlock;

// Every one-step pass the sorters describe names its own merge and distance, in both forms.
TEST(BitonicBrackets, EveryTeachingPassDescriptionNamesItsStep) {
  for (std::uint32_t length : {2u, 5u, 13u, 16u, 33u}) {
    const std::uint32_t padded = bitonicPaddedLength(length);
    const std::vector<BitonicPass> schedule = bitonicTeachingSchedule(padded);
    for (std::uint32_t pass = 0; pass < schedule.size(); ++pass) {
      for (bool classic : {false, true}) {
        const std::string text = classic ? describeClassicPass(schedule, pass, length, padded, false)
                                         : describeBitonicPass(schedule, pass, length, padded, false);
        const auto step = render::bitonicStepOf(text);
        ASSERT_TRUE(step.has_value()) << text;
        EXPECT_EQ(step->mergeWidth, schedule[pass].mergeWidth) << text;
        EXPECT_EQ(step->distance, schedule[pass].distance) << text;
        EXPECT_EQ(step->alternating, classic && schedule[pass].mergeWidth < padded) << text;
      }
    }
  }
  // Passes of several steps, and other algorithms, have none.
  const std::vector<BitonicPass> fast = bitonicFastSchedule(1u << 16, 4096, 4);
  for (std::uint32_t pass = 0; pass < fast.size(); ++pass) {
    const std::string text = describeBitonicPass(fast, pass, 1u << 16, 1u << 16, false);
    const bool oneStep = fast[pass].kind == BitonicPass::Kind::GlobalSteps && fast[pass].steps == 1;
    EXPECT_EQ(render::bitonicStepOf(text).has_value(), oneStep) << text;
  }
  EXPECT_FALSE(render::bitonicStepOf("pass 2 of 0-15: pairs (1,2), (3,4), ...; each left keeps the smaller key"));
}

TEST(BitonicBrackets, ClassicBlocksAlternateAndTheStepsSequencesNestInThem) {
  const render::BitonicStageMarks marks = render::bitonicStageMarks({4, 1, true}, 16, 16, true);
  EXPECT_EQ(marks.caption, "stage 2 of 4: merging bitonic sequences of 4, step 2 of 2; blocks alternate up and down");
  const std::vector<BitonicBlock> blocks{{0, 4, true}, {4, 8, false}, {8, 12, true}, {12, 16, false}};
  EXPECT_EQ(marks.blocks, blocks);
  ASSERT_EQ(marks.sequences.size(), 8u);
  EXPECT_EQ(marks.sequences[2], (BitonicBlock{4, 6, false}));
  EXPECT_EQ(marks.sequences[7], (BitonicBlock{14, 16, false}));
}

TEST(BitonicBrackets, MirrorBlocksAllAscendAndAreClippedToTheKeys) {
  // 13 keys, merge 8's first (mirror) step: blocks [0,8) and [8,13), no smaller sequences yet.
  const render::BitonicStageMarks marks = render::bitonicStageMarks({8, 4, false}, 13, 16, false);
  EXPECT_EQ(marks.caption, "stage 3 of 4: merging bitonic sequences of 8, step 1 of 3");
  const std::vector<BitonicBlock> blocks{{0, 8, true}, {8, 13, true}};
  EXPECT_EQ(marks.blocks, blocks);
  EXPECT_TRUE(marks.sequences.empty());
}

TEST(BitonicBrackets, PaddingIsGreyedWholeHeight) {
  render::BitonicOverlay overlay;
  const render::BarArea area{.left = 10, .top = 20, .width = 160, .height = 100};
  render::addPaddingMarks(overlay, area, {0, 1, 0, 0, 1, 0, 0, 0});
  ASSERT_EQ(overlay.rects.size(), 2u);
  EXPECT_EQ(overlay.rects[0].x, 30);
  EXPECT_EQ(overlay.rects[0].width, 19);  // one background column left between bars
  EXPECT_EQ(overlay.rects[0].height, 100);
  EXPECT_EQ(overlay.rects[1].x, 90);
  EXPECT_TRUE(overlay.labels.empty()) << "the bar numbers write +inf, at their size (bar_labels.h)";
}

TEST(BitonicBrackets, ArrowsPointTheBlocksWay) {
  render::BitonicOverlay overlay;
  const render::BarArea area{.left = 0, .top = 0, .width = 160, .height = 100};
  render::addStageBrackets(overlay, area, 100, 16, render::bitonicStageMarks({8, 4, true}, 16, 16, true));
  Image band(160, 130);
  render::drawOverlay(band, overlay);
  // The arrow's tip row (one pixel) is its first row when it points up, its last when down.
  const int tipUp = 100 + 9, tipDown = 100 + 12;
  EXPECT_EQ(band.pixel(40, tipUp), render::kAscendingColour);
  EXPECT_NE(band.pixel(39, tipUp), render::kAscendingColour);
  EXPECT_EQ(band.pixel(120, tipDown), render::kDescendingColour);
  EXPECT_NE(band.pixel(119, tipDown), render::kDescendingColour);
  EXPECT_EQ(band.pixel(117, tipUp), render::kDescendingColour) << "the down arrow is widest at its top";
}

// The listing of bitonic-classic lights its step on every pass, and giving back the n real keys
// on the last one only.
TEST(BitonicClassicPseudocode, TheLastPassAlsoGivesBackTheRealKeys) {
  const std::vector<BitonicPass> schedule = classicSchedule(16);
  for (std::uint32_t pass = 0; pass < schedule.size(); ++pass) {
    const std::string text = describeClassicPass(schedule, pass, 13, 16, false);
    const ui::PassFacts facts{.algorithm = "bitonic-classic", .teaching = false, .pass = pass, .description = text};
    EXPECT_EQ(ui::pseudocodeFor(facts).title, "bitonic-classic, textbook (one step per pass)");
    const std::vector<std::size_t> lines = ui::highlightedLines(facts);
    const std::vector<std::size_t> step{0, 1, 2, 3, 4, 5};
    std::vector<std::size_t> last = step;
    last.push_back(6);
    EXPECT_EQ(lines, pass + 1 == schedule.size() ? last : step) << text;
  }
}

// The network SVG marks each descending comparator of bitonic-classic with an arrowhead (the
// larger key goes up), and the all-ascending form with none.
TEST(BitonicClassicNetwork, DescendingComparatorsCarryAnArrowhead) {
  for (bool classic : {false, true}) {
    render::Network network;
    network.wires = 16;
    std::size_t descending = 0;
    for (const BitonicPass& pass : classicSchedule(16)) {
      render::NetworkPass column;
      column.comparators = classic ? classicStepComparators(pass.mergeWidth, pass.distance, 16, SIZE_MAX)
                                   : bitonicStepPairs(pass.mergeWidth, pass.distance, 16, SIZE_MAX);
      for (const Comparator& c : column.comparators) descending += c.low > c.high;
      network.passes.push_back(column);
    }
    // Merges 2, 4 and 8 (1 + 2 + 3 steps) send half of each step's 8 pairs down; merge 16 none.
    EXPECT_EQ(descending, classic ? 24u : 0u);
    const std::string svg = render::networkSvg(network);
    std::size_t arrows = 0;
    for (std::size_t at = svg.find("class=\"descending\""); at != std::string::npos; at = svg.find("class=\"descending\"", at + 1))
      ++arrows;
    EXPECT_EQ(arrows, descending);
  }
}

// Sorting descending, the sorter sorts inverted keys: a block it sorts ascending shows its bars
// falling, so its arrow points down (and the colours swap with it).
TEST(BitonicClassicView, ArrowsFollowTheDrawnOrderWhenSortingDescending) {
  SorterOptions options;
  options.descendingKeys = true;
  const auto sorter = findAlgorithm("bitonic-classic").create(testSortContext(), options);
  sorter->load(makeSequences(Pattern::Random, 1, 16, 2));
  for (bool descending : {false, true}) {
    const ui::BitonicMarksView view{.shownPass = 0, .sequenceLength = 16, .descendingKeys = descending,
                                    .barsMin = ImVec2(0, 0), .barsMax = ImVec2(320, 100), .bandTop = 100};
    const render::BitonicOverlay overlay = ui::bitonicOverlay(*sorter, view);
    ASSERT_FALSE(overlay.rects.empty());
    // Merge 2: block 0 sorts ascending, so it reads ascending unless the keys were inverted.
    EXPECT_EQ(overlay.rects.front().colour, descending ? render::kDescendingColour : render::kAscendingColour);
  }
  // The description, written for the inverted keys, says the same.
  EXPECT_NE(sorter->describePass(0).find("(0,1) larger first"), std::string::npos) << sorter->describePass(0);
}

// --- the screenshot ---

constexpr int kFrameWidth = 800, kFrameHeight = 500;

std::unique_ptr<ui::ViewerApp> pausedViewer(const InputSpec& input, const std::string& algorithm) {
  ui::ViewerConfig config;
  config.algorithm = algorithm;
  config.input = input;
  config.startPlaying = false;
  config.arrayMode = true;
  config.frames = 1000000;
  return std::make_unique<ui::ViewerApp>(std::move(config), [] { return ui::makeOffscreenHost(kFrameWidth, kFrameHeight); });
}

void press(ui::ViewerApp& app, const std::string& script) {
  for (ui::ViewerKey key : ui::parseKeyScript(script)) {
    app.host().queueKey(key);
    app.frame();
  }
}

Image crop(const Image& frame, int x0, int y0, int x1, int y1) {
  Image part(x1 - x0, y1 - y0);
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) part.setPixel(x - x0, y - y0, frame.pixel(x, y));
  return part;
}

std::vector<std::uint32_t> downloadBuffer(GLuint buffer, std::size_t words) {
  std::vector<std::uint32_t> data(words);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  glBindBuffer(GL_COPY_READ_BUFFER, buffer);
  glGetBufferSubData(GL_COPY_READ_BUFFER, 0, static_cast<GLsizeiptr>(words * 4), data.data());
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
  return data;
}

// bitonic-classic on 13 keys (0..99) padded to 16, after 5 passes (merge 8, distance 2): the bars
// with the 3 padding bars greyed and the keys over them, then the stage band (blocks of 8 up and
// down, the sequences of 4 the step splits, the caption). Compared with a golden within what GL
// leaves to the driver (golden_support.h). The golden is checked against a CPU rendering: the CPU array picture of the padded
// state enlarged by nearest sampling at each pixel's centre, the key labels, then the overlay,
// all on the CPU. Overlay, label and band pixels must match exactly; a bar pixel may differ only
// on the first or last row or column of a texel's block (the rasterizer's rounding of an
// enlarged texel's edge may fall either way), as the NumberedArrayView golden allows.
TEST(BitonicClassicView, WithPaddingMatchesItsGoldenAndACpuRendering) {
  InputSpec input = smallTeachingInput({});
  input.height = 13;
  auto app = pausedViewer(input, "bitonic-classic");
  app->frame();
  press(*app, "right,right,right,right,right");
  ASSERT_EQ(app->lane(0).pass(), 5u);
  app->frame();

  // The reference: the same sort on its own sorter, its padded state read back.
  const ResolvedInput resolved = resolveInput(input);
  ASSERT_EQ(resolved.data.sequenceLength, 13u);
  std::unique_ptr<Sorter> reference = findAlgorithm("bitonic-classic").create(testSortContext(), {});
  reference->load(resolved.data);
  reference->seek(5);
  const auto padded = reference->paddedState();
  ASSERT_TRUE(padded.has_value());
  ASSERT_EQ(padded->length, 16u);
  ASSERT_EQ(std::count(padded->padding.begin(), padded->padding.end(), 1), 3);
  EXPECT_NE(padded->padding, classicPaddingAfter(13, 16, 0)) << "a few passes in, the padding has moved";
  SortData state;
  state.sequenceCount = 1;
  state.sequenceLength = 16;
  state.keys = downloadBuffer(padded->state.keys, 16);
  state.values = downloadBuffer(padded->state.values, 16);

  const auto placement = app->lanePlacement(0);
  const render::BarArea area = ui::barArea(placement.min, placement.max);
  const render::BarScale scale = render::barScale(KeyType::U32, *std::min_element(resolved.data.keys.begin(), resolved.data.keys.end()),
                                                  *std::max_element(resolved.data.keys.begin(), resolved.data.keys.end()), false);
  const render::ArrayLayout layout{.sequence = 0,
                                   .minKey = scale.minKey,
                                   .maxKey = scale.maxKey,
                                   .descending = false,
                                   .height = 256};
  const render::BarNumbers numbers{.keys = state.keys, .type = KeyType::U32, .descending = false, .hexadecimal = false, .layout = layout,
                                   .padding = padded->padding};
  const std::vector<render::TextLabel> keys = render::keyLabels(area, numbers);
  const std::vector<render::TextLabel> indices = render::indexLabels(area, 16);
  // 16 bars of 25 px: the labels at the readable size on every 2nd index, every 3rd key ("+inf"
  // is the widest key) (render/label_fit.h).
  ASSERT_EQ(indices.size(), 8u);
  ASSERT_EQ(render::keyLabelFit(area, numbers).every, 3u);
  ASSERT_EQ(keys.size(), 6u);
  EXPECT_NE(std::find_if(keys.begin(), keys.end(), [](const render::TextLabel& label) { return label.text == "+inf"; }), keys.end())
      << "a padding bar among the labelled ones reads +inf";
  // The band: under the indices and the comparator brackets, as the viewer stacks them.
  const int indexBottom = area.top + area.height + render::indexBandHeight(area, 16);
  const std::vector<Comparator> comparators = reference->comparators(4, ui::kMaxOverlayElements);
  ASSERT_EQ(comparators.size(), 8u);
  const float bandTop = static_cast<float>(indexBottom) +
                        ui::comparatorBracketsHeight(placement.min, ImVec2(placement.max.x, static_cast<float>(indexBottom)),
                                                     16, comparators);
  const render::BitonicOverlay overlay = ui::bitonicOverlay(
      *reference, {.shownPass = 4, .sequenceLength = 13, .barsMin = placement.min, .barsMax = placement.max, .bandTop = bandTop});
  const int bandY = static_cast<int>(std::lround(bandTop));
  ASSERT_GE(overlay.rects.size(), 2u * 3 + 4 * 3);  // blocks, sequences
  const render::BitonicOverlay padding = ui::paddingOverlay(*reference, placement.min, placement.max);
  ASSERT_EQ(padding.rects.size(), 3u);
  ASSERT_FALSE(overlay.labels.empty());
  // The caption, shortened to what fits 404 px at the readable size (the brackets tell the rest).
  EXPECT_EQ(overlay.labels.back().text.rfind("stage 3 of 4", 0), 0u)
      << overlay.labels.back().text;

  const Image frameShown = app->host().readFrame();
  const int right = area.left + area.width;
  const Image barsShown = crop(frameShown, area.left, area.top, right, area.top + area.height);
  const Image bandShown = crop(frameShown, area.left, bandY, right, bandY + render::kStageBandHeight);
  expectMatchesDrawnGolden(barsShown, "viewer_bitonic_classic_padding_pass5.png",
                           {.columns = {{0, area.width, 16}}, .rows = {{0, area.height, static_cast<int>(layout.height)}}});
  expectMatchesDrawnGolden(bandShown, "viewer_bitonic_classic_stage_pass5.png");

  // The CPU rendering in frame coordinates: bars, key labels, then the overlay.
  const Image bars = render::renderArrayOnCpu(state, layout);
  Image frame(right, bandY + render::kStageBandHeight);
  std::vector<bool> edge(static_cast<std::size_t>(frame.width) * frame.height, false);
  const Image background = crop(frameShown, 0, 0, frame.width, frame.height);
  for (int y = 0; y < frame.height; ++y)
    for (int x = 0; x < frame.width; ++x) frame.setPixel(x, y, background.pixel(x, y));
  for (int y = area.top; y < area.top + area.height; ++y)
    for (int x = area.left; x < right; ++x) {
      const double u = (x + 0.5 - area.left) * bars.width / area.width, v = (y + 0.5 - area.top) * bars.height / area.height;
      frame.setPixel(x, y, bars.pixel(static_cast<int>(u), static_cast<int>(v)) | 0xFF000000u);
      const double du = bars.width / static_cast<double>(area.width), dv = bars.height / static_cast<double>(area.height);
      edge[static_cast<std::size_t>(y) * frame.width + x] =
          static_cast<int>(u - du) != static_cast<int>(u) || static_cast<int>(u + du) != static_cast<int>(u) ||
          static_cast<int>(v - dv) != static_cast<int>(v) || static_cast<int>(v + dv) != static_cast<int>(v);
    }
  // The band's background: what the frame has where the overlay draws nothing.
  for (int y = bandY; y < bandY + render::kStageBandHeight; ++y)
    for (int x = area.left; x < right; ++x) frame.setPixel(x, y, 0);
  // As the viewer draws them: the padding greyed, the keys over it ("+inf" on the padding), the band.
  render::drawOverlay(frame, padding);
  render::drawLabels(frame, keys);
  render::drawOverlay(frame, overlay);
  std::vector<bool> drawnOver(edge.size(), false);
  std::vector<render::FilledRect> rects = padding.rects;
  rects.insert(rects.end(), overlay.rects.begin(), overlay.rects.end());
  for (const render::FilledRect& rect : rects)
    for (int y = rect.y; y < rect.y + rect.height; ++y)
      for (int x = rect.x; x < rect.x + rect.width; ++x) drawnOver[static_cast<std::size_t>(y) * frame.width + x] = true;
  std::vector<render::TextLabel> labels = keys;
  labels.insert(labels.end(), overlay.labels.begin(), overlay.labels.end());
  for (const render::TextLabel& label : labels)
    for (int y = label.y; y < label.y + label.height; ++y)
      for (int x = label.x; x < label.x + label.width; ++x) drawnOver[static_cast<std::size_t>(y) * frame.width + x] = true;

  const Image goldenBars = loadImage(goldenPath("viewer_bitonic_classic_padding_pass5.png"));
  const Image goldenBand = loadImage(goldenPath("viewer_bitonic_classic_stage_pass5.png"));
  ASSERT_EQ(goldenBars.width, barsShown.width);
  ASSERT_EQ(goldenBars.height, barsShown.height);
  ASSERT_EQ(goldenBand.width, bandShown.width);
  int overlayMismatches = 0, barMismatches = 0, edgeMismatches = 0, greyPixels = 0;
  for (int y = area.top; y < area.top + area.height; ++y)
    for (int x = area.left; x < right; ++x) {
      const std::uint32_t golden = goldenBars.pixel(x - area.left, y - area.top);
      greyPixels += golden == render::kPaddingColour;
      if (sameWithinDriverRounding(golden, frame.pixel(x, y))) continue;
      const std::size_t at = static_cast<std::size_t>(y) * frame.width + x;
      if (drawnOver[at]) ++overlayMismatches;
      else if (edge[at]) ++edgeMismatches;
      else ++barMismatches;
    }
  // The band holds the overlay and, elsewhere, the lane's background alone (one colour).
  const std::uint32_t bandBackground = goldenBand.pixel(goldenBand.width - 1, goldenBand.height - 1);
  int strayBandPixels = 0;
  for (int y = bandY; y < bandY + render::kStageBandHeight; ++y)
    for (int x = area.left; x < right; ++x) {
      const std::size_t at = static_cast<std::size_t>(y) * frame.width + x;
      const std::uint32_t golden = goldenBand.pixel(x - area.left, y - bandY);
      if (drawnOver[at] && !sameWithinDriverRounding(golden, frame.pixel(x, y))) ++overlayMismatches;
      if (!drawnOver[at] && !sameWithinDriverRounding(golden, bandBackground)) ++strayBandPixels;
    }
  EXPECT_EQ(strayBandPixels, 0) << "the band has pixels the overlay does not draw";
  EXPECT_EQ(overlayMismatches, 0) << "the padding, labels or brackets differ from the CPU rendering";
  EXPECT_EQ(barMismatches, 0) << "the bars differ from the CPU rendering away from texel edges";
  EXPECT_GE(greyPixels, 3 * (area.width / 16 - 1) * area.height * 9 / 10) << "three greyed bars";
  RecordProperty("edge_mismatches", edgeMismatches);
}

}  // namespace
}  // namespace shadersort::testing

// The GPU view (g): Sorter::workgroupLayout against the sorters' own comparators and shapes, and
// the viewer's picture against a CPU rendering of the same rules (render/workgroup_view.h), with
// goldens of both views. The pictures are integer arithmetic (paint, recolour, nearest
// enlargement), so the tolerance is zero: every channel of every sampled pixel.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>
#include <string>

#include "data/image_sequences.h"
#include "data/inputs.h"
#include "golden_support.h"
#include "render/array_reference.h"
#include "render/bar_scale.h"
#include "render/workgroup_view.h"
#include "sort/state_readback.h"
#include "sort_test_support.h"
#include "ui/viewer_app.h"

namespace shadersort::testing {
namespace {

constexpr int kFrameWidth = 800, kFrameHeight = 500;

std::unique_ptr<Sorter> loadedSorter(std::string_view algorithm, SorterOptions options, const SortData& input) {
  std::unique_ptr<Sorter> sorter = findAlgorithm(algorithm).create(testSortContext(), options);
  sorter->load(input);
  return sorter;
}

// Every pass of the one-step schedules: the two ends of each compared pair lie in one unit, and
// the units follow the pairs in order (invocation i takes the i-th pair); with a power-of-two
// length and no pair skipped, pair j is unit j exactly, and its workgroup unit / size.
TEST(GpuView, TeachingLayoutsPutEachComparedPairInItsInvocationsUnit) {
  for (std::string_view algorithm : {"odd-even", "bitonic"}) {
    for (std::uint32_t length : {64u, 40u}) {
      SorterOptions options{.teaching = true, .descendingKeys = false, .settings = {{"workgroup-size", 4}}};
      if (algorithm == "bitonic") options.settings["tile-size"] = 8;  // at most 32 items per invocation
      auto sorter = loadedSorter(algorithm, options, makeSequences(Pattern::Random, 1, length));
      for (std::uint32_t pass = 0; pass < sorter->passCount(); ++pass) {
        const auto layout = sorter->workgroupLayout(pass);
        ASSERT_TRUE(layout) << algorithm;
        EXPECT_EQ(layout->workgroupSize, 4u);
        const std::vector<Comparator> pairs = sorter->comparators(pass, 1000);
        ASSERT_FALSE(pairs.empty());
        std::optional<std::uint64_t> previous;
        std::set<std::uint64_t> groups;
        for (std::size_t j = 0; j < pairs.size(); ++j) {
          const auto low = render::unitOf(*layout, 0, pairs[j].low), high = render::unitOf(*layout, 0, pairs[j].high);
          ASSERT_TRUE(low && high) << algorithm << " pass " << pass;
          EXPECT_EQ(*low, *high) << algorithm << " pass " << pass << " pair " << pairs[j].low << "," << pairs[j].high;
          if (previous) {
            EXPECT_GT(*low, *previous) << algorithm << " pass " << pass;
          }
          previous = low;
          if (length == 64 && algorithm == "bitonic") {
            EXPECT_EQ(*low, j) << "pass " << pass;
          }
          const auto group = render::workgroupOf(*layout, 0, pairs[j].low);
          EXPECT_EQ(*group, *low / 4);
          groups.insert(*group);
          EXPECT_LT(*group, layout->workgroupCount);
        }
        // Padding (40 keys run the network of 64) may leave whole workgroups without a real pair.
        if (length == 64 || algorithm == "odd-even") {
          EXPECT_EQ(layout->workgroupCount, groups.size()) << algorithm << " pass " << pass;
        } else {
          EXPECT_LE(groups.size(), layout->workgroupCount);
        }
      }
    }
  }
}

// Every schedule (and radix pipeline) on several sequences: each element lies in a unit whose
// workgroup was dispatched, and a workgroup's elements lie in one sequence's neighbourhood.
TEST(GpuView, EveryScheduleGivesEachElementADispatchedWorkgroup) {
  std::vector<std::pair<std::string, SorterOptions>> runs;
  for (const Schedule& schedule : allSchedules()) runs.emplace_back(std::string(schedule.algorithm->name), optionsFor(schedule));
  SorterOptions smallTiles;
  smallTiles.settings = {{"tile-size", 8}, {"workgroup-size", 2}};
  runs.emplace_back("bitonic", smallTiles);
  for (const NamedValue& scan : namedSettingValues("scan")) {
    SorterOptions options;
    options.settings["scan"] = scan.value;
    runs.emplace_back("radix", options);
  }
  const SortData input = makeSequences(Pattern::Random, 3, 40);
  for (const auto& [algorithm, options] : runs) {
    auto sorter = loadedSorter(algorithm, options, input);
    for (std::uint32_t pass = 0; pass < sorter->passCount(); ++pass) {
      const auto layout = sorter->workgroupLayout(pass);
      if (algorithm == "frag-odd-even") {
        EXPECT_FALSE(layout) << "a fragment shader has no workgroups";
        continue;
      }
      ASSERT_TRUE(layout) << algorithm;
      EXPECT_GT(layout->workgroupSize, 0u);
      // The first and last positions are in no odd-round pair; every other element has a workgroup.
      for (std::uint32_t sequence = 0; sequence < 3; ++sequence)
        for (std::uint32_t position = 1; position + 1 < 40; ++position) {
          const auto group = render::workgroupOf(*layout, sequence, position);
          ASSERT_TRUE(group) << algorithm << " pass " << pass << " position " << position;
          EXPECT_LT(*group, layout->workgroupCount) << algorithm << " pass " << pass << " " << layout->dispatch;
        }
    }
    EXPECT_FALSE(sorter->workgroupLayout(sorter->passCount())) << algorithm;
  }
}

std::unique_ptr<ui::ViewerApp> makeViewer(const InputSpec& input, std::string algorithm, SorterOptions sorter) {
  ui::ViewerConfig config;
  config.algorithm = std::move(algorithm);
  config.input = input;
  config.startPlaying = false;
  config.frames = 1000000;
  config.sorter = std::move(sorter);
  return std::make_unique<ui::ViewerApp>(std::move(config), [] { return ui::makeOffscreenHost(kFrameWidth, kFrameHeight); });
}

void press(ui::ViewerApp& app, const std::string& script) {
  for (ui::ViewerKey key : ui::parseKeyScript(script)) {
    app.host().queueKey(key);
    app.frame();
  }
}

InputSpec patternInput(int width, int height) {
  InputSpec input;
  input.pattern = Pattern::Random;
  input.width = width;
  input.height = height;
  return input;
}

// One frame pixel from the middle of each texel of the `width` x `height` picture drawn at `placement`.
Image pictureRegion(const Image& frame, const ui::SortLane::Placement& placement, int width, int height) {
  const float texelWidth = (placement.max.x - placement.min.x) / static_cast<float>(width);
  const float texelHeight = (placement.max.y - placement.min.y) / static_cast<float>(height);
  Image picture(width, height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      picture.setPixel(x, y, frame.pixel(static_cast<int>(placement.min.x + (static_cast<float>(x) + 0.5f) * texelWidth),
                                         static_cast<int>(placement.min.y + (static_cast<float>(y) + 0.5f) * texelHeight)));
  return picture;
}

SortData stateAfter(std::string_view algorithm, const SorterOptions& options, const SortData& input, std::uint32_t passes) {
  auto reference = loadedSorter(algorithm, options, input);
  reference->seek(passes);
  return reference->read();
}

// Array view: 64 keys, bitonic teaching with workgroups of 4 invocations; after two passes the
// last one run is merge 4's mirror step, whose pairs (i, i xor 3) give 8 workgroups of 4 pairs.
TEST(GpuView, ArrayViewColoursEachBarByItsWorkgroupAndDrawsTheTileLines) {
  const InputSpec input = patternInput(1, 64);
  SorterOptions options{.teaching = true, .descendingKeys = false, .settings = {{"workgroup-size", 4}, {"tile-size", 8}}};
  auto app = makeViewer(input, "bitonic", options);
  app->frame();
  press(*app, "right,right,a,g");
  ASSERT_EQ(app->lane(0).pass(), 2u);
  ASSERT_TRUE(app->view().gpuView);
  const auto layout = app->lane(0).workgroups();
  ASSERT_TRUE(layout);
  EXPECT_EQ(layout->workgroupCount, 8u);
  EXPECT_EQ(layout->mirrorWidth, 4u);

  const ResolvedInput resolved = resolveInput(input);
  const SortData state = stateAfter("bitonic", options, resolved.data, 2);
  const render::BarScale scale = render::barScale(KeyType::U32, *std::min_element(resolved.data.keys.begin(), resolved.data.keys.end()),
                                                  *std::max_element(resolved.data.keys.begin(), resolved.data.keys.end()), false);
  const render::ArrayLayout arrayLayout{.sequence = 0,
                                        .minKey = scale.minKey,
                                        .maxKey = scale.maxKey,
                                        .descending = false,
                                        .height = 256};
  Image expected = render::renderArrayOnCpu(state, arrayLayout);
  for (int y = 0; y < expected.height; ++y)
    for (int x = 0; x < expected.width; ++x) {
      const std::uint32_t colour = render::workgroupColour(render::workgroupOf(*layout, 0, static_cast<std::uint32_t>(x)));
      expected.setPixel(x, y, expected.pixel(x, y) == render::kArrayBackground ? render::backgroundColour(colour) : colour);
    }
  const Image frame = app->host().readFrame();
  const ui::SortLane::Placement bars = app->lanePlacement(0);
  const Image picture = pictureRegion(frame, bars, expected.width, expected.height);
  EXPECT_EQ(picture.rgba, expected.rgba) << "the bars are not coloured by their workgroups";
  expectMatchesGolden(picture, "gpu_view_array_bitonic_pass2.png");

  // Merge 4's mirror pairs (0,3), (1,2), (4,7), (5,6): a workgroup of 4 pairs holds 8 positions.
  const std::vector<std::uint32_t> starts = render::workgroupStarts(*layout, 0, 64);
  EXPECT_EQ(starts, (std::vector<std::uint32_t>{8, 16, 24, 32, 40, 48, 56}));
  const float barWidth = (bars.max.x - bars.min.x) / 64.0f;
  ASSERT_GE(barWidth, 4.0f) << "bars too narrow to tell a line from a bar";
  const int middle = static_cast<int>((bars.min.y + bars.max.y) / 2);
  for (std::uint32_t start : starts)
    EXPECT_EQ(frame.pixel(static_cast<int>(std::floor(bars.min.x + static_cast<float>(start) * barWidth)) - 1, middle),
              render::kUnitBoundaryColour) << "no tile line before position " << start;
}

// Image view: 16 sequences of 12 keys, odd-even teaching, workgroups of 8: pass 1's 96 pairs
// (6 per sequence) in 12 workgroups, so a workgroup boundary falls inside every other column.
TEST(GpuView, ImageViewBlendsEachPixelWithItsWorkgroupAndDarkensWorkgroupStarts) {
  const InputSpec input = patternInput(16, 12);
  SorterOptions options{.teaching = true, .descendingKeys = false, .settings = {{"workgroup-size", 8}}};
  auto app = makeViewer(input, "odd-even", options);
  app->frame();
  const std::uint64_t readBacks = stateReadbackCount();
  press(*app, "right,g");
  EXPECT_EQ(stateReadbackCount(), readBacks) << "the GPU view is painted from the sorter's own buffers";
  const auto layout = app->lane(0).workgroups();
  ASSERT_TRUE(layout);
  EXPECT_EQ(layout->workgroupCount, 12u);

  const SortData state = stateAfter("odd-even", options, resolveInput(input).data, 1);
  Image expected = sortDataToImage(state, Axis::Columns);
  for (int y = 0; y < expected.height; ++y)
    for (int x = 0; x < expected.width; ++x) {
      const auto sequence = static_cast<std::uint32_t>(x), position = static_cast<std::uint32_t>(y);
      const auto group = render::workgroupOf(*layout, sequence, position);
      const bool groupStart = position > 0 && group != render::workgroupOf(*layout, sequence, position - 1);
      expected.setPixel(x, y, render::imageColour(expected.pixel(x, y) | 0xFF000000u, render::workgroupColour(group), groupStart));
    }
  const Image picture = pictureRegion(app->host().readFrame(), app->lanePlacement(0), 16, 12);
  EXPECT_EQ(picture.rgba, expected.rgba) << "the image view is not the CPU rendering of the workgroups";
  expectMatchesGolden(picture, "gpu_view_image_odd-even_pass1.png");

  press(*app, "g");
  EXPECT_FALSE(app->view().gpuView);
  EXPECT_EQ(pictureRegion(app->host().readFrame(), app->lanePlacement(0), 16, 12).rgba,
            [&] {
              Image plain = sortDataToImage(state, Axis::Columns);
              for (std::size_t i = 3; i < plain.rgba.size(); i += 4) plain.rgba[i] = 255;
              return plain.rgba;
            }())
      << "g again shows the plain picture";
}

}  // namespace
}  // namespace shadersort::testing

// Pixel-sort art: paths, spans, the GPU pipeline (map, keys, spans, packing, write-back) that lets
// every sorter sort spans, and the `run` options. The CPU reference (art_plan: the path map, the
// spans, and referenceSources, a stable sort of every span) is the oracle; the GPU's map and
// keys must equal it, and every sorter's result is held to it (stable sorts exactly, bitonic by
// checkSources: spans ordered, each holding its own pixels, the rest in place).

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <webp/decode.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <fstream>
#include <numeric>
#include <set>

#include "art/art_pipeline.h"
#include "art/presets.h"
#include "cli_support.h"
#include "core/error.h"
#include "core/input_file.h"
#include "data/default_image.h"
#include "data/inputs.h"
#include "sort/registry.h"
#include "gl_test_environment.h"
#include "golden_support.h"
#include "sort_test_support.h"

namespace shadersort::testing {
namespace {

using namespace shadersort::art;

ArtSettings settingsFor(const std::string& path, SpanMode spans, PixelKey key = PixelKey::Lightness) {
  ArtSettings settings;
  settings.path = parsePathSpec(path);
  settings.spans = spans;
  settings.key = key;
  return settings;
}

// Every pixel once, every line non-empty.
std::string checkPartition(const PathMap& map) {
  const std::size_t count = static_cast<std::size_t>(map.width) * map.height;
  if (map.pixels.size() != count) return "holds " + std::to_string(map.pixels.size()) + " of " + std::to_string(count);
  std::vector<bool> seen(count, false);
  for (std::uint32_t pixel : map.pixels) {
    if (pixel >= count || seen[pixel]) return "pixel " + std::to_string(pixel) + " twice or out of range";
    seen[pixel] = true;
  }
  if (map.lineStarts.front() != 0 || map.lineStarts.back() != count) return "lines do not cover the pixels";
  for (std::uint32_t line = 0; line < map.lineCount(); ++line)
    if (map.lineStarts[line + 1] <= map.lineStarts[line]) return "line " + std::to_string(line) + " is empty";
  return {};
}

// A digital line: consecutive pixels touch (8-connected) and advance along the direction.
std::string checkAngleLines(const PathMap& map, double degrees) {
  const double radians = degrees * std::numbers::pi / 180.0;
  const double dx = std::cos(radians), dy = std::sin(radians);
  for (std::uint32_t line = 0; line < map.lineCount(); ++line)
    for (std::uint32_t at = map.lineStarts[line] + 1; at < map.lineStarts[line + 1]; ++at) {
      const int x0 = static_cast<int>(map.pixels[at - 1] % map.width), y0 = static_cast<int>(map.pixels[at - 1] / map.width);
      const int x1 = static_cast<int>(map.pixels[at] % map.width), y1 = static_cast<int>(map.pixels[at] / map.width);
      if (std::abs(x1 - x0) > 1 || std::abs(y1 - y0) > 1 || (x1 == x0 && y1 == y0))
        return "line " + std::to_string(line) + " jumps at " + std::to_string(at);
      if ((x1 - x0) * dx + (y1 - y0) * dy <= 0) return "line " + std::to_string(line) + " turns back at " + std::to_string(at);
    }
  return {};
}

TEST(ArtPaths, EveryAngleMapsEveryPixelToOneLineAndPosition) {
  const std::pair<int, int> sizes[] = {{1021, 769}, {64, 48}, {7, 5}, {1, 9}, {9, 1}};
  for (const auto& [width, height] : sizes)
    for (int degrees = 0; degrees < 360; ++degrees) {
      SCOPED_TRACE(std::to_string(width) + "x" + std::to_string(height) + " at " + std::to_string(degrees));
      const PathMap map = buildPathMap(parsePathSpec("angle:" + std::to_string(degrees)), width, height);
      ASSERT_EQ(checkPartition(map), "");
      ASSERT_EQ(checkAngleLines(map, degrees), "");
    }
}

TEST(ArtPaths, RightAnglesAreRowsAndColumns) {
  const PathMap rows = buildPathMap(parsePathSpec("rows"), 5, 3), columns = buildPathMap(parsePathSpec("columns"), 5, 3);
  EXPECT_EQ(rows.pixels, buildPathMap(parsePathSpec("angle:0"), 5, 3).pixels);
  EXPECT_EQ(rows.pixels, (std::vector<std::uint32_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14}));
  EXPECT_EQ(rows.lineCount(), 3u);
  EXPECT_EQ(columns.pixels, (std::vector<std::uint32_t>{0, 5, 10, 1, 6, 11, 2, 7, 12, 3, 8, 13, 4, 9, 14}));
  EXPECT_EQ(buildPathMap(parsePathSpec("angle:180"), 5, 3).pixels,
            (std::vector<std::uint32_t>{4, 3, 2, 1, 0, 9, 8, 7, 6, 5, 14, 13, 12, 11, 10}));
  EXPECT_EQ(buildPathMap(parsePathSpec("angle:270"), 5, 3).pixels,
            (std::vector<std::uint32_t>{10, 5, 0, 11, 6, 1, 12, 7, 2, 13, 8, 3, 14, 9, 4}));
}

TEST(ArtPaths, RingsAndSpokesMapEveryPixelOnceInOrder) {
  const std::pair<int, int> sizes[] = {{1021, 769}, {64, 48}, {7, 5}, {1, 1}};
  for (const auto& [width, height] : sizes)
    for (const std::string path : {"rings", "spokes", "rings:0,0", "spokes:0.25,0.9", "rings:1,1"}) {
      SCOPED_TRACE(path + " " + std::to_string(width) + "x" + std::to_string(height));
      const PathSpec spec = parsePathSpec(path);
      const PathMap map = buildPathMap(spec, width, height);
      ASSERT_EQ(checkPartition(map), "");
      // The centre the map uses: rounded to the nearest half pixel.
      const RadialGeometry geometry = radialGeometry(spec, width, height);
      const double cx = geometry.centreX2 / 2.0, cy = geometry.centreY2 / 2.0;
      const auto polar = [&](std::uint32_t pixel) {
        const double dx = pixel % width + 0.5 - cx, dy = pixel / width + 0.5 - cy;
        double turns = std::atan2(dy, dx) / (2 * std::numbers::pi);
        return std::pair{std::hypot(dx, dy), turns < 0 ? turns + 1 : turns};
      };
      for (std::uint32_t line = 0; line < map.lineCount(); ++line) {
        const std::uint32_t first = map.pixels[map.lineStarts[line]];
        for (std::uint32_t at = map.lineStarts[line] + 1; at < map.lineStarts[line + 1]; ++at) {
          const auto [radius0, turns0] = polar(map.pixels[at - 1]);
          const auto [radius1, turns1] = polar(map.pixels[at]);
          if (spec.kind == PathKind::Rings) {
            ASSERT_EQ(std::floor(radius1), std::floor(polar(first).first)) << "ring " << line << " mixes radii";
            // Angles closer than the map's 2^-30 quadrant steps may come in pixel order.
            ASSERT_LE(turns0, turns1 + 1e-9) << "ring " << line << " is not in clockwise order";
          } else {
            ASSERT_LE(radius0, radius1) << "spoke " << line << " does not go outwards";
          }
        }
      }
    }
}

// The GPU builds the same map as the CPU: every angle on the small sizes, rings and spokes, odd and
// even sizes. The large size, whose lines span many workgroups, takes the axes, the diagonals and
// their neighbours and every 15th degree: its 367 maps took most of a minute on llvmpipe.
TEST(ArtPaths, TheGpuMapIsTheCpuMap) {
  const std::pair<int, int> sizes[] = {{1021, 769}, {64, 48}, {7, 5}, {1, 9}};
  ArtPipeline pipeline(testSortContext());
  for (const auto& [width, height] : sizes) {
    const Image picture(width, height);
    pipeline.setImages({&picture});
    const bool large = width * height > 64 * 48;
    std::vector<std::string> paths = {"rows", "columns", "rings", "spokes", "rings:0,0", "spokes:0.25,0.9", "rings:1,1"};
    for (int degrees = 0; degrees < 360; ++degrees) {
      const int fromAxisOrDiagonal = std::min(degrees % 45, 45 - degrees % 45);
      if (!large || degrees % 15 == 0 || fromAxisOrDiagonal <= 1 || degrees % 45 == 22)
        paths.push_back("angle:" + std::to_string(degrees));
    }
    for (const std::string& path : paths) {
      SCOPED_TRACE(path + " " + std::to_string(width) + "x" + std::to_string(height));
      pipeline.setSettings(settingsFor(path, SpanMode::None));
      const PathMap gpu = pipeline.readMap(), cpu = buildPathMap(parsePathSpec(path), width, height);
      ASSERT_EQ(checkPartition(gpu), "");
      ASSERT_TRUE(gpu.pixels == cpu.pixels) << "the pixels along the lines differ";
      ASSERT_EQ(gpu.lineStarts, cpu.lineStarts);
      ASSERT_EQ(gpu.lineIds, cpu.lineIds);
    }
    // Rings that start at an angle, each moved by its draw (Sapphire's start angle, vary start);
    // the small sizes only, since a map of the large one takes seconds on llvmpipe.
    if (large) continue;
    for (const double vary : {0.0, 0.7}) {
      SCOPED_TRACE("rings from 123 degrees, vary " + std::to_string(vary));
      ArtSettings settings = settingsFor("rings:0.3,0.6", SpanMode::None);
      settings.radial.startDegrees = 123;
      settings.radial.varyStart = vary;
      settings.seed = 5;
      pipeline.setSettings(settings);
      const PathMap gpu = pipeline.readMap();
      const PathMap cpu = buildPathMap(settings.path, width, height, radialWindow(settings, radialGeometry(settings.path, width, height)));
      ASSERT_EQ(checkPartition(gpu), "");
      ASSERT_TRUE(gpu.pixels == cpu.pixels) << "the pixels along the rings differ";
      ASSERT_EQ(gpu.lineStarts, cpu.lineStarts);
    }
  }
}

// Sapphire S_PixelSort's circular (rings) and radial (spokes) controls: the arc from the start
// angle, the inner radius, the thickness or ray length, and vary start.
TEST(ArtPaths, RadialControlsChooseTheArcTheRadiiAndTheStart) {
  const int size = 61;
  Image picture = randomImage(size, size, 21);
  for (std::size_t i = 3; i < picture.rgba.size(); i += 4) picture.rgba[i] = 255;
  const RadialGeometry geometry = radialGeometry(parsePathSpec("rings"), size, size);
  const auto dxOf = [&](std::uint32_t pixel) { return 2 * static_cast<std::int64_t>(pixel % size) + 1 - geometry.centreX2; };
  const auto dyOf = [&](std::uint32_t pixel) { return 2 * static_cast<std::int64_t>(pixel / size) + 1 - geometry.centreY2; };
  const auto sortedPixels = [](const ArtPlan& plan) {
    std::set<std::uint32_t> sorted;
    for (const Span& span : plan.spans)
      for (std::uint32_t at = span.start; at < span.start + span.length; ++at) sorted.insert(plan.map.pixels[at]);
    return sorted;
  };

  // A quarter turn from 0 degrees (x right, y down), rings 5 to 14.
  ArtSettings rings = settingsFor("rings", SpanMode::None);
  rings.radial = {.startDegrees = 0, .degreesSorted = 90, .innerRadius = 5, .thickness = 10};
  const std::set<std::uint32_t> sorted = sortedPixels(planArt(rings, {&picture}));
  for (std::uint32_t pixel = 0; pixel < size * size; ++pixel) {
    const std::int64_t dx = dxOf(pixel), dy = dyOf(pixel);
    const std::uint32_t ring = ringOf(dx, dy);
    const bool wanted = dx > 0 && dy >= 0 && ring >= 5 && ring < 15;
    ASSERT_EQ(sorted.count(pixel) == 1, wanted) << "pixel " << pixel << " ring " << ring << " dx " << dx << " dy " << dy;
  }

  // Each ring's line starts at the start angle: at 90 degrees, just below the centre.
  rings.radial = {.startDegrees = 90};
  const PathMap map = planArt(rings, {&picture}).map;
  for (std::uint32_t line = 3; line < size / 2; ++line) {  // whole rings: the outer ones are corners
    const std::uint32_t first = map.pixels[map.lineStarts[line]];
    ASSERT_TRUE(dyOf(first) > 0 && -dxOf(first) < dyOf(first)) << "ring " << line << " starts elsewhere";
  }
  // Vary start: the rings start at angles drawn from the seed.
  rings.radial.varyStart = 1.0;
  const PathMap varied = planArt(rings, {&picture}).map;
  std::set<std::uint32_t> startQuadrants;
  for (std::uint32_t line = 3; line < varied.lineCount(); ++line)
    startQuadrants.insert(diamondTurns(dxOf(varied.pixels[varied.lineStarts[line]]), dyOf(varied.pixels[varied.lineStarts[line]])) >> 30);
  EXPECT_EQ(startQuadrants.size(), 4u) << "the starts spread around the turn";
  rings.seed = 2;
  EXPECT_NE(planArt(rings, {&picture}).map.pixels, varied.pixels) << "another seed, other starts";

  // Spokes: rays sorted from radius 4 for 6 pixels; with vary radius each ray's start moves out by
  // up to half its length.
  ArtSettings spokes = settingsFor("spokes", SpanMode::None);
  spokes.radial = {.innerRadius = 4, .rayLength = 6};
  const auto ringsSorted = [&](const ArtSettings& settings) {
    std::map<std::uint32_t, std::uint32_t> count;  // by ring
    for (std::uint32_t pixel : sortedPixels(planArt(settings, {&picture}))) ++count[ringOf(dxOf(pixel), dyOf(pixel))];
    return count;
  };
  const std::map<std::uint32_t, std::uint32_t> plain = ringsSorted(spokes);
  ASSERT_FALSE(plain.empty());
  EXPECT_EQ(plain.begin()->first, 4u);
  EXPECT_EQ(plain.rbegin()->first, 9u);
  spokes.radial.varyStart = 0.5;  // starts moved out by 0, 1 or 2 pixels
  const std::map<std::uint32_t, std::uint32_t> moved = ringsSorted(spokes);
  EXPECT_GE(moved.rbegin()->first, 10u);
  EXPECT_LE(moved.rbegin()->first, 11u);
  EXPECT_LT(moved.at(4), plain.at(4)) << "some rays start further out";
}

// Keys, and the spans found on the GPU, equal the CPU's: an unsorted packing (no pass run) puts
// every pixel back, and its shape follows the spans the CPU finds.
TEST(ArtPipeline, KeysAndPackingFollowTheCpuPlan) {
  const Image image = randomImage(61, 47, 8);
  ArtPipeline pipeline(testSortContext());
  pipeline.setImages({&image});
  for (PixelKey key : {PixelKey::Luminance, PixelKey::Lightness, PixelKey::Hue, PixelKey::Saturation}) {
    SCOPED_TRACE(std::string(pixelKeyName(key)));
    ArtSettings settings = settingsFor("angle:37", SpanMode::Random, key);
    settings.spanLength = 6;
    settings.descending = key == PixelKey::Hue;
    pipeline.setSettings(settings);
    const ArtPlan plan = planArt(settings, {&image});
    auto sorter = findAlgorithm("odd-even").create(testSortContext(), {});
    pipeline.load(*sorter);
    EXPECT_EQ(pipeline.readKeys(), plan.sortKeys);
    EXPECT_EQ(pipeline.spanCounts().spanCount, plan.spans.size());
    EXPECT_EQ(pipeline.spanCounts().spanPixels, plan.spanPixels());
    EXPECT_EQ(pipeline.spanCounts().longestSpan, plan.longestSpan());
    std::vector<std::uint32_t> identity(image.pixelCount());
    std::iota(identity.begin(), identity.end(), 0u);
    EXPECT_EQ(pipeline.sources(*sorter), identity) << "an unsorted packing must put every pixel back";
  }
}

// A video's next frame: setPicture uploads it into the picture's GPU buffer (immutable storage),
// and the pipeline then sorts it as one made for that picture does, with no GL error.
TEST(ArtPipeline, SetPictureSortsTheNewPictureAsAFreshPipelineDoes) {
  const Image first = randomImage(45, 31, 21), next = randomImage(45, 31, 22);
  const ArtSettings settings = settingsFor("angle:30", SpanMode::Threshold);
  const auto sorted = [&](ArtPipeline& pipeline) {
    auto sorter = findAlgorithm("odd-even").create(testSortContext(), {});
    pipeline.sort(*sorter);
    return pipeline.readResult();
  };
  ArtPipeline fresh(testSortContext());
  fresh.setImages({&next});
  fresh.setSettings(settings);
  const Image expected = sorted(fresh);

  ArtPipeline pipeline(testSortContext());
  pipeline.setImages({&first});
  pipeline.setSettings(settings);
  const Image before = sorted(pipeline);
  ASSERT_NE(before.rgba, expected.rgba) << "the two test pictures must sort differently";
  pipeline.setPicture(next);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR)) << "the upload of the new picture";
  EXPECT_EQ(sorted(pipeline).rgba, expected.rgba);
  EXPECT_THROW(pipeline.setPicture(randomImage(44, 31, 1)), UsageError);
}

// Radix takes the whole picture as one sequence, in one sort when the pixel key and a group
// number (half the position) fit in 32 bits, else in two; a radix sorter loaded to be stepped
// takes rows of bins then. The compare-exchange sorts take short rows and bitonic long ones.
TEST(ArtPipeline, EachSorterGetsItsPacking) {
  const Image small = randomImage(32, 32, 3), large = randomImage(256, 256, 4);  // groups of 9 and 15 bits
  // The packing sort() uses and the one load() uses.
  const auto packing = [](const Image& image, PixelKey key, const char* algorithm) {
    ArtPipeline pipeline(testSortContext());
    pipeline.setImages({&image});
    pipeline.setSettings(settingsFor("angle:30", SpanMode::Threshold, key));
    auto sorter = findAlgorithm(algorithm).create(testSortContext(), {});
    const Packing sorted = pipeline.packingFor(*sorter);
    pipeline.load(*sorter);
    return std::pair{sorted, pipeline.packed().packing};
  };
  const std::pair oneSort{Packing::OneSequence, Packing::OneSequence};
  EXPECT_EQ(packing(small, PixelKey::Luminance, "radix"), oneSort);  // 22 + 9 bits
  EXPECT_EQ(packing(large, PixelKey::Hue, "radix"), std::pair(Packing::OneSequence, Packing::LongRows));  // 19 + 15
  EXPECT_EQ(packing(large, PixelKey::Saturation, "radix"), oneSort);  // 16 + 15 bits
  EXPECT_EQ(packing(large, PixelKey::Saturation, "bitonic"), std::pair(Packing::LongRows, Packing::LongRows));
  EXPECT_EQ(packing(large, PixelKey::Saturation, "odd-even"), std::pair(Packing::ShortRows, Packing::ShortRows));
  EXPECT_EQ(packing(small, PixelKey::Hue, "frag-odd-even"), std::pair(Packing::ShortRows, Packing::ShortRows));
}

// The one-sequence packing moves only the sorted spans' pixels, whatever lies next to them:
// spans of two and three pixels back to back (starting at odd and even positions), skipped
// spans, lone pixels between, either direction; the span counts come back on demand.
TEST(ArtPipeline, OneSequencePackingSortsEverySpanInPlace) {
  const Image picture = randomImage(61, 23, 5);
  auto sorter = findAlgorithm("radix").create(testSortContext(), {});
  for (const bool descending : {false, true})
    for (const double skip : {0.0, 30.0}) {
      SCOPED_TRACE(std::string(descending ? "descending" : "ascending") + " skip " + std::to_string(skip));
      ArtSettings settings = settingsFor("angle:20", SpanMode::Random, PixelKey::Blue);
      settings.spanLength = 2;
      settings.skipPercent = skip;
      settings.descending = descending;
      ArtPipeline pipeline(testSortContext());
      pipeline.setImages({&picture});
      pipeline.setSettings(settings);
      ASSERT_EQ(pipeline.packingFor(*sorter), Packing::OneSequence);
      pipeline.sort(*sorter);
      EXPECT_EQ(pipeline.packed().shape.elementCount(), picture.pixelCount()) << "no padding";
      const ArtPlan plan = planArt(settings, {&picture});
      ASSERT_GT(plan.spans.size(), 100u);
      EXPECT_EQ(pipeline.spanCounts().spanCount, plan.spans.size());
      EXPECT_EQ(pipeline.spanCounts().spanPixels, plan.spanPixels());
      EXPECT_EQ(pipeline.spanCounts().longestSpan, plan.longestSpan());
      const std::vector<std::uint32_t> sources = pipeline.sources(*sorter);
      EXPECT_TRUE(sources == referenceSources(plan)) << checkSources(plan, sources, true);
      EXPECT_TRUE(pipeline.readResult().rgba == applySources(picture, sources).rgba);
    }
}

// A key and group too wide for one sort (hue: 19 bits, groups of 15) sort in two, and match the
// CPU reference exactly, in both directions.
TEST(ArtPipeline, OneSequenceInTwoSortsMatchesTheReference) {
  const Image picture = randomImage(256, 200, 6);
  auto sorter = findAlgorithm("radix").create(testSortContext(), {});
  for (const bool descending : {false, true}) {
    SCOPED_TRACE(descending ? "descending" : "ascending");
    ArtSettings settings = settingsFor("angle:30", SpanMode::Random, PixelKey::Hue);
    settings.spanLength = 5;
    settings.descending = descending;
    ArtPipeline pipeline(testSortContext());
    pipeline.setImages({&picture});
    pipeline.setSettings(settings);
    ASSERT_FALSE(pipeline.oneSequenceFitsOneSort());
    pipeline.sort(*sorter);
    EXPECT_EQ(pipeline.packed().packing, Packing::OneSequence);
    EXPECT_GT(pipeline.packed().sortedBits, 32u);
    const ArtPlan plan = planArt(settings, {&picture});
    const std::vector<std::uint32_t> sources = pipeline.sources(*sorter);
    EXPECT_TRUE(sources == referenceSources(plan)) << checkSources(plan, sources, true);
    EXPECT_TRUE(pipeline.readResult().rgba == applySources(picture, sources).rgba);
  }
}

// A span as long as an 8K row sorts with no padding limit: radix in one sequence (one sort with
// lightness, two with luminance) and bitonic in rows of bins, each equal to the CPU reference.
Image photograph(int width, int height);

// A then path (ASDFPixelSort's columns, then rows): the second pass sorts the first one's result
// along its own path with the same settings, exactly as the CPU reference of each pass does.
TEST(ArtPipeline, ThenPassSortsTheFirstResultAlongItsPath) {
  Image picture = photograph(96, 80);
  const Image mask = randomImage(96, 80, 5);
  for (const char* algorithm : {"radix", "odd-even", "bitonic"}) {
    for (const bool masked : {false, true}) {
      SCOPED_TRACE(std::string(algorithm) + (masked ? " masked" : ""));
      ArtSettings settings = settingsFor("columns", SpanMode::Black, PixelKey::Rgb);
      settings.then = parsePathSpec("angle:10");
      const ArtImages images{&picture, masked ? &mask : nullptr};
      ArtPipeline pipeline(testSortContext());
      pipeline.setImages(images);
      pipeline.setSettings(settings);
      auto sorter = findAlgorithm(algorithm).create(testSortContext(), SorterOptions{});
      pipeline.sort(*sorter);
      ASSERT_NE(pipeline.thenPass(), nullptr);
      const std::vector<std::uint32_t> first = pipeline.sources(*sorter);
      EXPECT_EQ(checkSources(planArt(settings, images), first, findAlgorithm(algorithm).stable), "");
      const Image firstResult = applySources(picture, first);
      ArtImages thenImages = images;
      thenImages.picture = &firstResult;
      const ArtPlan thenPlan = planArt(thenPassSettings(settings), thenImages);
      ASSERT_FALSE(thenPlan.spans.empty());
      EXPECT_TRUE(pipeline.thenSources() == referenceSources(thenPlan));
      const Image result = pipeline.readResult();
      EXPECT_TRUE(result.rgba == applySources(firstResult, referenceSources(thenPlan)).rgba);
      EXPECT_FALSE(result.rgba == firstResult.rgba) << "the then pass moved nothing";
      // Without it the result is the first pass's.
      settings.then.reset();
      pipeline.setSettings(settings);
      pipeline.sort(*sorter);
      EXPECT_EQ(pipeline.thenPass(), nullptr);
    }
  }
}

TEST(ArtPipeline, SpansAsLongAsAnEightKRowMatchTheReference) {
  const Image picture = randomImage(8192, 3, 7);
  for (const char* algorithm : {"radix", "bitonic"})
    for (const PixelKey key : {PixelKey::Lightness, PixelKey::Luminance}) {
      SCOPED_TRACE(std::string(algorithm) + " " + std::string(pixelKeyName(key)));
      ArtSettings settings = settingsFor("rows", SpanMode::None, key);
      settings.sortTransparent = true;  // no transparent pixel breaks a row
      ArtPipeline pipeline(testSortContext());
      pipeline.setImages({&picture});
      pipeline.setSettings(settings);
      auto sorter = findAlgorithm(algorithm).create(testSortContext(), {});
      pipeline.sort(*sorter);
      EXPECT_EQ(pipeline.spanCounts().longestSpan, 8192u);
      const ArtPlan plan = planArt(settings, {&picture});
      const std::vector<std::uint32_t> sources = pipeline.sources(*sorter);
      EXPECT_EQ(checkSources(plan, sources, findAlgorithm(algorithm).stable), "");
      if (findAlgorithm(algorithm).stable) {
        EXPECT_TRUE(sources == referenceSources(plan));
      }
    }
}

// Spans none on an opaque picture: every line of the path is one span, so the one-sequence
// packing takes line numbers as groups and finds no runs. Every path, one sort and two (rgb: 24
// bits, with 300 lines), both directions, equal the CPU reference; a transparent pixel, a mask or
// a cap each need runs again, and so does the span overlay, which then equals a pipeline's that
// found them.
TEST(ArtPipeline, WholeLineSpansNeedNoRunsAndMatchTheReference) {
  const auto opaqueImage = [](int width, int height, std::uint32_t seed) {
    Image picture = randomImage(width, height, seed);
    for (std::size_t alpha = 3; alpha < picture.rgba.size(); alpha += 4) picture.rgba[alpha] |= 1;  // none 0
    return picture;
  };
  auto radix = findAlgorithm("radix").create(testSortContext(), {});
  struct Case {
    const char* path;
    PixelKey key;
    int width, height;
  };
  for (const Case& test : {Case{"rows", PixelKey::Lightness, 57, 31}, Case{"columns", PixelKey::Luminance, 40, 33},
                           Case{"angle:30", PixelKey::Hue, 61, 23}, Case{"angle:137", PixelKey::Lightness, 33, 47},
                           Case{"rings:0.5,0.4", PixelKey::Luminance, 50, 41}, Case{"spokes", PixelKey::Red, 45, 45},
                           Case{"rows", PixelKey::Rgb, 20, 300}}) {
    for (const bool descending : {false, true}) {
      SCOPED_TRACE(std::string(test.path) + " " + std::string(pixelKeyName(test.key)) + (descending ? " descending" : ""));
      const Image picture = opaqueImage(test.width, test.height, 17);
      ArtSettings settings = settingsFor(test.path, SpanMode::None, test.key);
      settings.descending = descending;
      ArtPipeline pipeline(testSortContext());
      pipeline.setImages({&picture});
      pipeline.setSettings(settings);
      pipeline.sort(*radix);
      EXPECT_TRUE(pipeline.packed().wholeLines);
      if (test.key == PixelKey::Rgb) {
        EXPECT_GT(pipeline.packed().sortedBits, 32u) << "two sorts";
      }
      const ArtPlan plan = planArt(settings, {&picture});
      EXPECT_EQ(pipeline.spanCounts().spanCount, plan.spans.size());
      EXPECT_EQ(pipeline.spanCounts().spanPixels, plan.spanPixels());
      EXPECT_EQ(pipeline.spanCounts().longestSpan, plan.longestSpan());
      const std::vector<std::uint32_t> sources = pipeline.sources(*radix);
      EXPECT_TRUE(sources == referenceSources(plan)) << checkSources(plan, sources, true);
      EXPECT_TRUE(pipeline.readResult().rgba == applySources(picture, sources).rgba);
    }
  }

  const Image picture = opaqueImage(48, 36, 23);
  Image transparent = picture;
  transparent.setPixel(20, 5, 0x00808080u);
  const Image mask = opaqueImage(48, 36, 29);
  struct Fallback {
    const char* why;
    const Image* picture;
    const Image* mask;
    std::uint32_t maxSpan;
  };
  for (const Fallback& test : {Fallback{"a transparent pixel", &transparent, nullptr, 0},
                               Fallback{"a mask", &picture, &mask, 0}, Fallback{"a cap", &picture, nullptr, 7}}) {
    SCOPED_TRACE(test.why);
    ArtSettings settings = settingsFor("angle:30", SpanMode::None, PixelKey::Lightness);
    settings.maxSpan = test.maxSpan;
    ArtPipeline pipeline(testSortContext());
    pipeline.setImages({.picture = test.picture, .mask = test.mask});
    pipeline.setSettings(settings);
    pipeline.sort(*radix);
    EXPECT_FALSE(pipeline.packed().wholeLines);
    const ArtPlan plan = planArt(settings, {.picture = test.picture, .mask = test.mask});
    EXPECT_TRUE(pipeline.sources(*radix) == referenceSources(plan));
  }

  ArtSettings settings = settingsFor("angle:30", SpanMode::None, PixelKey::Lightness);
  ArtPipeline wholeLines(testSortContext()), runs(testSortContext());
  for (ArtPipeline* pipeline : {&wholeLines, &runs}) {
    pipeline->setImages({&picture});
    pipeline->setSettings(settings);
  }
  wholeLines.sort(*radix);
  ASSERT_TRUE(wholeLines.packed().wholeLines);
  auto bitonic = findAlgorithm("bitonic").create(testSortContext(), {});
  runs.sort(*bitonic);
  wholeLines.paintSpanOverlay();
  runs.paintSpanOverlay();
  EXPECT_TRUE(wholeLines.readResult().rgba == runs.readResult().rgba) << "the overlay finds the runs it needs";
}

// Live settings (a viewer's sliders) reuse what the pipeline made: once each setting has been
// seen, changing between them (paths and their maps, spans, keys, thresholds, a then pass, the
// key histogram) creates no buffer and no program.
TEST(ArtPipeline, SettingsChangedAfterWarmUpCreateNoGlObject) {
  const Image picture = randomImage(64, 48, 31);
  auto radix = findAlgorithm("radix").create(testSortContext(), {});
  std::vector<ArtSettings> looks;
  for (const char* path : {"angle:30", "rows", "angle:137", "columns", "rings:0.5,0.4", "spokes"})
    for (const SpanMode spans : {SpanMode::Threshold, SpanMode::None, SpanMode::Random}) {
      ArtSettings settings = settingsFor(path, spans, spans == SpanMode::None ? PixelKey::Luminance : PixelKey::Lightness);
      settings.sortTransparent = spans == SpanMode::None;  // whole lines too
      looks.push_back(settings);
    }
  looks.push_back(settingsFor("angle:30", SpanMode::Threshold, PixelKey::Hue));
  looks.back().lower = 0.1;
  looks.push_back(settingsFor("columns", SpanMode::Threshold, PixelKey::Luminance));
  looks.back().then = PathSpec{.kind = PathKind::Rows};
  ArtPipeline pipeline(testSortContext());
  pipeline.setImages({&picture});
  const auto runAll = [&] {
    for (const ArtSettings& settings : looks) {
      pipeline.setSettings(settings);
      pipeline.sort(*radix);
      pipeline.keyHistogram(64);
    }
  };
  runAll();
  const gl::CreatedObjects before = gl::createdObjects();
  runAll();
  EXPECT_EQ(gl::createdObjects().buffers, before.buffers);
  EXPECT_EQ(gl::createdObjects().programs, before.programs);
  const ArtPlan plan = planArt(looks.front(), {&picture});
  pipeline.setSettings(looks.front());
  pipeline.sort(*radix);
  EXPECT_TRUE(pipeline.sources(*radix) == referenceSources(plan)) << "and the pictures are still right";
}

// Packings stay within the row limit and hold little padding: many short spans, and spans the
// luminance key's slots limit (1023 a row).
TEST(ArtPipeline, PackingsStayWithinTheRowLimitWithLittlePadding) {
  const Image image = randomImage(300, 300, 2);
  ArtPipeline pipeline(testSortContext());
  pipeline.setImages({&image});
  for (const bool random : {true, false}) {
    ArtSettings settings = settingsFor("rows", random ? SpanMode::Random : SpanMode::None, PixelKey::Luminance);
    settings.sortTransparent = true;
    settings.spanLength = 2;
    settings.maxSpan = random ? 0 : 2;
    pipeline.setSettings(settings);
    for (Packing packing : {Packing::ShortRows, Packing::LongRows}) {
      pipeline.prepare(packing);
      const PackedSpans& packed = pipeline.packed();
      EXPECT_LE(packed.shape.sequenceCount, 16384u);
      EXPECT_LE(packed.shape.elementCount(), 3 * pipeline.spanCounts().spanPixels) << packed.shape.sequenceCount << " rows of "
                                                                     << packed.shape.sequenceLength;
    }
  }
}

// One row of pixels whose lightness (max + min) is 2 * level.
Image greyRow(const std::vector<int>& levels) {
  Image image(static_cast<int>(levels.size()), 1);
  for (std::size_t x = 0; x < levels.size(); ++x)
    image.setPixel(static_cast<int>(x), 0, levels[x] * 0x010101u | 0xFF000000u);
  return image;
}

std::vector<std::pair<std::uint32_t, std::uint32_t>> spanList(const ArtPlan& plan) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> list;
  for (const Span& span : plan.spans) list.emplace_back(span.start, span.length);
  return list;
}

// The refusal of an unknown mode names every mode there is (it listed six of ten).
TEST(ArtSpans, AnUnknownModeIsRefusedNamingEveryMode) {
  try {
    parseSpanMode("wave");
    ADD_FAILURE() << "'wave' was taken as a span mode";
  } catch (const UsageError& refused) {
    const std::string message = refused.what();
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    EXPECT_EQ(spanModeNames().size(), 10u);
    for (std::string_view mode : spanModeNames())
      EXPECT_NE(message.find(std::string(mode)), std::string::npos) << mode << " missing from: " << message;
  }
}

TEST(ArtSpans, ThresholdBoundsAreInclusiveAndInvertTakesTheRest) {
  // lightness / 510: 0, 0.25, 0.5, 0.5, 0.75, 1, 0.5, 0.5
  const Image row = greyRow({0, 64, 128, 127, 191, 255, 128, 128});
  ArtSettings settings = settingsFor("rows", SpanMode::Threshold);
  settings.lower = 254.0 / 510;  // 127's lightness is 254: inside
  settings.upper = 256.0 / 510;  // 128's is 256: inside
  using Spans = std::vector<std::pair<std::uint32_t, std::uint32_t>>;
  EXPECT_EQ(spanList(planArt(settings, {&row})), (Spans{{2, 2}, {6, 2}}));
  settings.invert = true;
  EXPECT_EQ(spanList(planArt(settings, {&row})), (Spans{{0, 2}, {4, 2}}));
}

// A mask beside the threshold: the threshold's spans cut where the mask is black (invert flips the
// band, not the mask); pixels on black never move.
TEST(ArtSpans, AMaskNarrowsThresholdSpansAndItsBlackPixelsStay) {
  // lightness / 510 of 0, 0.25, 0.5, 0.5, 0.75, 1, 0.5, 0.5, 0.5, 0.5
  const Image row = greyRow({0, 64, 128, 127, 191, 255, 128, 128, 128, 128});
  const Image mask = greyRow({255, 255, 255, 255, 255, 255, 255, 0, 255, 255});
  ArtSettings settings = settingsFor("rows", SpanMode::Threshold);
  settings.lower = 0.45;
  settings.upper = 0.55;
  using Spans = std::vector<std::pair<std::uint32_t, std::uint32_t>>;
  EXPECT_EQ(spanList(planArt(settings, {&row})), (Spans{{2, 2}, {6, 4}}));
  EXPECT_EQ(spanList(planArt(settings, {&row, &mask})), (Spans{{2, 2}, {8, 2}})) << "pixel 7 is black in the mask";
  settings.invert = true;
  EXPECT_EQ(spanList(planArt(settings, {&row, &mask})), (Spans{{0, 2}, {4, 2}}));
  // A bigger picture: every pixel on the mask's black keeps its place in the reference.
  const Image picture = randomImage(61, 47, 5), dots = randomImage(61, 47, 6);
  ArtSettings wide = settingsFor("angle:30", SpanMode::Threshold);
  wide.lower = 0.1;
  const ArtPlan plan = planArt(wide, {&picture, &dots});
  const std::vector<std::uint32_t> sources = referenceSources(plan);
  std::size_t black = 0, moved = 0;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const int x = static_cast<int>(i % 61), y = static_cast<int>(i / 61);
    if (pixelKey(PixelKey::Luminance, dots.pixel(x, y)) * 2 >= pixelKeyMax(PixelKey::Luminance)) {
      moved += sources[i] != i;
      continue;
    }
    ++black;
    EXPECT_EQ(sources[i], i) << "pixel " << i << " is on the mask's black";
  }
  EXPECT_GT(black, 100u);
  EXPECT_GT(moved, 100u) << "the white part sorted";
}

// --span-key: the threshold reads one key, the spans sort by another.
TEST(ArtSpans, TheSpanKeyCutsAndTheKeySorts) {
  // Pure red (hue 0, lightness 255), grey 128 (hue 0, lightness 256), pure blue (hue 240, lightness 255).
  Image row(4, 1);
  const std::uint32_t blue = 0xFFFF0000u, red = 0xFF0000FFu, grey = 0xFF808080u, black = 0xFF000000u;
  row.setPixel(0, 0, blue);
  row.setPixel(1, 0, red);
  row.setPixel(2, 0, grey);
  row.setPixel(3, 0, black);
  ArtSettings settings = settingsFor("rows", SpanMode::Threshold, PixelKey::Hue);
  settings.lower = 0.4;
  settings.upper = 0.6;
  using Spans = std::vector<std::pair<std::uint32_t, std::uint32_t>>;
  // Hue / 360 of 0.67, 0, 0, 0: no two neighbours inside.
  EXPECT_EQ(spanList(planArt(settings, {&row})), Spans{});
  settings.spanKey = PixelKey::Lightness;  // 0.5, 0.5, 0.5, 0: the first three
  const ArtPlan plan = planArt(settings, {&row});
  EXPECT_EQ(spanList(plan), (Spans{{0, 3}}));
  // Sorted by hue: red and grey (hue 0, in their order) before blue.
  EXPECT_EQ(referenceSources(plan), (std::vector<std::uint32_t>{1, 2, 0, 3}));
}

// pixelsort's waves: every line cut into spans of L to L + 10 pixels drawn from the seed, no gaps
// (the last span of a line is what is left of it).
TEST(ArtSpans, WavesCutEveryLineIntoSpansOfLToLPlusTen) {
  const Image picture = randomImage(97, 13, 3);
  Image opaque = picture;
  for (std::size_t i = 3; i < opaque.rgba.size(); i += 4) opaque.rgba[i] = 255;
  ArtSettings settings = settingsFor("rows", SpanMode::Waves);
  settings.spanLength = 20;
  const ArtPlan plan = planArt(settings, {&opaque});
  std::vector<std::uint32_t> covered(97 * 13, 0);
  std::set<std::uint32_t> lengths;
  for (const Span& span : plan.spans) {
    for (std::uint32_t at = span.start; at < span.start + span.length; ++at) ++covered[at];
    const bool lastOfLine = (span.start + span.length) % 97 == 0;
    if (!lastOfLine) {
      EXPECT_GE(span.length, 20u);
      EXPECT_LE(span.length, 30u);
      lengths.insert(span.length);
    }
  }
  EXPECT_GT(lengths.size(), 5u) << "the lengths are drawn";
  for (std::uint32_t at = 0; at < covered.size(); ++at) {
    if (at % 97 < 96) {
      EXPECT_LE(covered[at], 1u);  // a one-pixel tail may be left out
    }
  }
  EXPECT_GE(std::count(covered.begin(), covered.end(), 1u), 97 * 13 - 13) << "every pixel but one-pixel tails";
  settings.seed = 2;
  EXPECT_NE(spanList(planArt(settings, {&opaque})), spanList(plan)) << "another seed, other waves";
}

// pixelsort's file intervals: along the line, a black pixel of the interval image (luminance under
// half) that follows a non-black one starts a span; everything is sorted, the black run with the
// span it starts.
TEST(ArtSpans, FileIntervalsStartASpanAtEachBlackRun) {
  const Image row = greyRow({200, 200, 0, 0, 0, 200, 200, 200, 0, 200});
  const Image picture = randomImage(10, 1, 4);
  Image opaque = picture;
  for (std::size_t i = 3; i < opaque.rgba.size(); i += 4) opaque.rgba[i] = 255;
  ArtSettings settings = settingsFor("rows", SpanMode::File);
  using Spans = std::vector<std::pair<std::uint32_t, std::uint32_t>>;
  EXPECT_EQ(spanList(planArt(settings, {&opaque, nullptr, &row})), (Spans{{0, 2}, {2, 6}, {8, 2}}));
}

// ASDFPixelSort's black and white modes compare the colour as one number (R << 16 | G << 8 | B)
// with its black value (-16000000 as a colour int: above 0x0BDC00 sorts) and white value
// (-13000000: below 0x39A2C0 sorts); red dominates, as in ASDF.
TEST(ArtSpans, AsdfBlackAndWhiteModesCompareTheColourNumber) {
  Image row(6, 1);
  const std::uint32_t colours[] = {0x0BDC00u, 0x0BDC01u, 0x200000u, 0x39A2BFu, 0x39A2C0u, 0xFFFFFFu};
  for (int x = 0; x < 6; ++x) {
    const std::uint32_t rgb = colours[x];
    row.setPixel(x, 0, (rgb >> 16 & 0xFFu) | (rgb >> 8 & 0xFFu) << 8 | (rgb & 0xFFu) << 16 | 0xFF000000u);
  }
  using Spans = std::vector<std::pair<std::uint32_t, std::uint32_t>>;
  EXPECT_EQ(spanList(planArt(settingsFor("rows", SpanMode::Black), {&row})), (Spans{{1, 5}}));
  EXPECT_EQ(spanList(planArt(settingsFor("rows", SpanMode::White), {&row})), (Spans{{0, 4}}));
  EXPECT_EQ(pixelKey(PixelKey::Rgb, row.pixel(2, 0)), 0x200000u);
  EXPECT_EQ(pixelKeyMax(PixelKey::Rgb), 0xFFFFFFu);
}

TEST(ArtSpans, TransparentPixelsBreakSpansUnlessSorted) {
  Image row = greyRow({10, 20, 30, 40, 50});
  row.setPixel(2, 0, 0x00808080u);
  ArtSettings settings = settingsFor("rows", SpanMode::None);
  using Spans = std::vector<std::pair<std::uint32_t, std::uint32_t>>;
  EXPECT_EQ(spanList(planArt(settings, {&row})), (Spans{{0, 2}, {3, 2}}));
  settings.sortTransparent = true;
  EXPECT_EQ(spanList(planArt(settings, {&row})), (Spans{{0, 5}}));
}

TEST(ArtSpans, MaxSpanCutsAtOffsetsThatDifferBetweenLines) {
  const Image image = randomImage(97, 40, 5);
  ArtSettings settings = settingsFor("rows", SpanMode::None);
  settings.sortTransparent = true;
  settings.maxSpan = 10;
  const ArtPlan plan = planArt(settings, {&image});
  // Every span but a line's first starts at a cut: position = offset (mod 10), one offset a line.
  std::vector<int> offsetOfLine(40, -1);
  for (const Span& span : plan.spans) {
    EXPECT_LE(span.length, 10u);
    const std::uint32_t line = span.start / 97, position = span.start % 97;
    if (position == 0) continue;
    const int offset = static_cast<int>(position % 10);
    if (offsetOfLine[line] < 0) offsetOfLine[line] = offset;
    EXPECT_EQ(offsetOfLine[line], offset) << "line " << line << " is cut off its grid";
  }
  std::sort(offsetOfLine.begin(), offsetOfLine.end());
  EXPECT_GT(std::unique(offsetOfLine.begin(), offsetOfLine.end()) - offsetOfLine.begin(), 5) << "lines cut at the same places";
}

TEST(ArtSpans, RandomLengthsStayAroundTheMeanAndFollowTheSeed) {
  const Image image = randomImage(300, 20, 9);
  ArtSettings settings = settingsFor("rows", SpanMode::Random);
  settings.sortTransparent = true;
  settings.spanLength = 20;
  const ArtPlan plan = planArt(settings, {&image});
  double total = 0;
  for (const Span& span : plan.spans) {
    total += span.length;
    const bool lineEnd = (span.start + span.length) % 300 == 0;
    EXPECT_GE(span.length, lineEnd ? 2u : 10u);
    EXPECT_LE(span.length, 30u);
  }
  EXPECT_NEAR(total / plan.spans.size(), 20.0, 2.5);
  EXPECT_EQ(spanList(planArt(settings, {&image})), spanList(plan));
  settings.seed = 2;
  EXPECT_NE(spanList(planArt(settings, {&image})), spanList(plan));
}

TEST(ArtSpans, SkipLeavesItsShareOfSpansUnsorted) {
  const Image image = randomImage(200, 50, 4);
  ArtSettings settings = settingsFor("rows", SpanMode::Random);
  settings.sortTransparent = true;
  settings.spanLength = 10;
  const std::size_t all = planArt(settings, {&image}).spans.size();
  settings.skipPercent = 30;
  EXPECT_NEAR(static_cast<double>(planArt(settings, {&image}).spans.size()) / all, 0.7, 0.05);
  settings.skipPercent = 100;
  EXPECT_TRUE(planArt(settings, {&image}).spans.empty());
}

TEST(ArtSpans, EdgesBreakAtASharpStepAndMasksChooseThePixels) {
  // Left half black, right half white: the step's two columns are edges.
  Image step(8, 2);
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 8; ++x) step.setPixel(x, y, (x < 4 ? 0u : 0xFFFFFFu) | 0xFF000000u);
  ArtSettings settings = settingsFor("rows", SpanMode::Edges);
  settings.lower = 0.5;
  using Spans = std::vector<std::pair<std::uint32_t, std::uint32_t>>;
  EXPECT_EQ(spanList(planArt(settings, {&step})), (Spans{{0, 3}, {5, 3}, {8, 3}, {13, 3}}));
  // The same step as a mask: only the white half sorts.
  settings.spans = SpanMode::Mask;
  const Image picture = randomImage(8, 2, 1);
  Image opaque = picture;
  for (std::size_t i = 3; i < opaque.rgba.size(); i += 4) opaque.rgba[i] = 255;
  EXPECT_EQ(spanList(planArt(settings, {&opaque, &step})), (Spans{{4, 4}, {12, 4}}));
  // Intervals: the other image's edges break the picture's spans.
  settings.spans = SpanMode::Intervals;
  EXPECT_EQ(spanList(planArt(settings, {&opaque, nullptr, &step})), (Spans{{0, 3}, {5, 3}, {8, 3}, {13, 3}}));
}

TEST(ArtSpans, ImagesOfAnotherSizeAndContradictionsAreRefused) {
  const Image picture = randomImage(8, 2, 1), other = randomImage(8, 3, 1);
  ArtSettings settings = settingsFor("rows", SpanMode::Mask);
  EXPECT_THROW(planArt(settings, {&picture, &other}), UsageError);
  EXPECT_THROW(planArt(settings, {&picture}), UsageError);
  settings.spans = SpanMode::Threshold;
  settings.lower = 0.9;
  settings.upper = 0.1;
  EXPECT_THROW(planArt(settings, {&picture}), UsageError);
  settings = settingsFor("rows", SpanMode::None);
  EXPECT_THROW(planArt(settings, {&picture, nullptr, nullptr, &other}), UsageError);
  EXPECT_THROW(parsePathSpec("angle:abc"), UsageError);
  EXPECT_THROW(parsePathSpec("angle:1e3"), UsageError);
  EXPECT_THROW(parsePathSpec("rings:0.5"), UsageError);
  EXPECT_THROW(parsePathSpec("diagonal"), UsageError);
}

// The oracle's own check must catch wrong answers, or the GPU tests below prove nothing.
TEST(ArtReference, CheckCatchesDisorderStrayPixelsAndInstability) {
  const Image image = randomImage(40, 30, 3);
  ArtSettings settings = settingsFor("angle:30", SpanMode::Threshold, PixelKey::Red);
  settings.lower = 0.1;
  settings.upper = 0.9;
  const ArtPlan plan = planArt(settings, {&image});
  const std::vector<std::uint32_t> reference = referenceSources(plan);
  EXPECT_EQ(checkSources(plan, reference, true), "");
  std::vector<std::uint32_t> identity(reference.size());
  std::iota(identity.begin(), identity.end(), 0u);
  EXPECT_NE(checkSources(plan, identity, false), "") << "unsorted spans passed";
  std::vector<std::uint32_t> moved = reference;
  const Span& span = plan.spans.front();
  std::swap(moved[plan.map.pixels[span.start]], moved[plan.map.pixels[plan.spans.back().start]]);
  EXPECT_NE(checkSources(plan, moved, false), "") << "pixels swapped between spans passed";
  std::vector<std::uint32_t> duplicated = reference;
  duplicated[plan.map.pixels[span.start + 1]] = duplicated[plan.map.pixels[span.start]];
  EXPECT_NE(checkSources(plan, duplicated, false), "") << "a duplicated pixel passed";
  // Two equal keys of one span swapped: ordered, but not stable.
  bool found = false;
  for (const Span& s : plan.spans)
    for (std::uint32_t j = 1; j < s.length && !found; ++j) {
      const std::uint32_t a = plan.map.pixels[s.start + j - 1], b = plan.map.pixels[s.start + j];
      if (plan.sortKeys[reference[a]] != plan.sortKeys[reference[b]]) continue;
      std::vector<std::uint32_t> swapped = reference;
      std::swap(swapped[a], swapped[b]);
      EXPECT_EQ(checkSources(plan, swapped, false), "");
      EXPECT_NE(checkSources(plan, swapped, true), "") << "swapped equal keys passed as stable";
      found = true;
    }
  EXPECT_TRUE(found) << "the picture has no equal keys in a span to test stability with";
}

// A real photograph: the top left of NASA's portrait of Eileen Collins (assets/astronaut.png).
Image photograph(int width, int height) {
  const Image whole = loadImage(SHADERSORT_SOURCE_DIR "/assets/astronaut.png");
  Image crop(width, height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) crop.setPixel(x, y, whole.pixel(x + 64, y + 8));
  return crop;
}

struct ArtCase {
  std::string path;
  SpanMode spans;
  PixelKey key;
  bool masked = false;  // the mask image given: the mask mode's spans, or a narrowing of another's
  std::optional<PixelKey> spanKey = std::nullopt;
  RadialControls radial = {};
};

class ArtSort : public ::testing::TestWithParam<Schedule> {};

// Every sorter against the CPU reference, on random images of odd sizes and on a real picture
// (the built-in photograph), for each path and span mode.
TEST_P(ArtSort, EverySpanOfEveryPathMatchesTheReference) {
  const Schedule& schedule = GetParam();
  Image noise = randomImage(37, 29, 12);
  for (std::size_t i = 3; i < noise.rgba.size(); i += 4) noise.rgba[i] = i % 7 == 0 ? 0 : 255;  // a few transparent
  // The teaching schedules run a pass per basic step: the small picture is enough for them.
  std::vector<Image> pictures = {noise};
  if (!schedule.teaching) pictures.push_back(photograph(128, 112));
  const ArtCase cases[] = {
      {"angle:30", SpanMode::Threshold, PixelKey::Lightness},
      {"rings", SpanMode::Random, PixelKey::Luminance},
      {"spokes:0.3,0.6", SpanMode::Edges, PixelKey::Hue},
      {"angle:200", SpanMode::Mask, PixelKey::Intensity, true},
      {"columns", SpanMode::None, PixelKey::Minimum},
      {"angle:-75", SpanMode::Intervals, PixelKey::Red},
      {"rows", SpanMode::Threshold, PixelKey::Hue, true},  // a mask narrowing threshold spans
      {"angle:60", SpanMode::Threshold, PixelKey::Hue, false, PixelKey::Lightness},  // cut by one key, sorted by another
      {"columns", SpanMode::Random, PixelKey::Saturation, true},
      {"angle:110", SpanMode::Waves, PixelKey::Value},  // pixelsort's waves
      {"rows", SpanMode::File, PixelKey::Luminance},    // pixelsort's file intervals
      {"spokes", SpanMode::File, PixelKey::Blue, true},
      {"columns", SpanMode::Black, PixelKey::Rgb},  // ASDFPixelSort's modes
      {"angle:45", SpanMode::White, PixelKey::Rgb},
      // Sapphire's circular and radial controls.
      {"rings:0.4,0.55", SpanMode::Threshold, PixelKey::Lightness, false, std::nullopt,
       RadialControls{.startDegrees = 45, .degreesSorted = 250, .innerRadius = 3, .thickness = 9, .varyStart = 0.3}},
      {"spokes:0.6,0.4", SpanMode::None, PixelKey::Luminance, true, std::nullopt,
       RadialControls{.startDegrees = 300, .degreesSorted = 140, .innerRadius = 2, .rayLength = 11, .varyStart = 0.5}},
  };
  for (const Image& picture : pictures) {
    const Image mask = randomImage(picture.width, picture.height, 13);
    const Image intervals = makeDefaultImage(picture.width, picture.height);
    for (const ArtCase& artCase : cases) {
      SCOPED_TRACE(artCase.path + " " + std::string(spanModeName(artCase.spans)) + " " +
                   std::to_string(picture.width) + "x" + std::to_string(picture.height));
      ArtSettings settings = settingsFor(artCase.path, artCase.spans, artCase.key);
      settings.spanKey = artCase.spanKey;
      settings.radial = artCase.radial;
      settings.spanLength = 9;
      settings.maxSpan = artCase.spans == SpanMode::Threshold ? 40 : 0;
      settings.lower = artCase.spans == SpanMode::Threshold ? 0.2 : 0.05;
      settings.descending = artCase.spans == SpanMode::Random;
      const ArtImages images{&picture, artCase.masked ? &mask : nullptr, &intervals};
      const ArtPlan plan = planArt(settings, images);
      ArtPipeline pipeline(testSortContext());
      pipeline.setImages(images);
      pipeline.setSettings(settings);
      auto sorter = schedule.algorithm->create(testSortContext(), optionsFor(schedule));
      pipeline.prepare(pipeline.packingFor(*sorter));
      ASSERT_FALSE(pipeline.empty());
      requireSortable(*schedule.algorithm, pipeline.packed().shape, testLimits());
      pipeline.sort(*sorter);
      ASSERT_TRUE(sorter->finished());
      const std::vector<std::uint32_t> sources = pipeline.sources(*sorter);
      EXPECT_EQ(checkSources(plan, sources, schedule.algorithm->stable), "");
      if (schedule.algorithm->stable) {
        EXPECT_TRUE(sources == referenceSources(plan)) << "a stable sort must equal the CPU reference";
      }
      // The picture written back on the GPU is the source map's.
      EXPECT_TRUE(pipeline.readResult().rgba == applySources(picture, sources).rgba);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllAlgorithms, ArtSort, ::testing::ValuesIn(allSchedules()), scheduleName);

// The command line: the spelling, the output equal to the CPU reference, bad values
// refused in one line with exit 2 and nothing written.
TEST(ArtCommand, RunWritesTheReferencePicture) {
  ScratchFolder folder;
  const std::string input = folder.path("in.png"), out = folder.path("out.png");
  const Image picture = makeDefaultImage();
  savePng(picture, input);
  const auto result = runShadersort("run " + input + " --algo radix --path angle:30 --spans threshold --lower 0.25 "
                                    "--upper 0.8 --key lightness --out " + out + " --verify --stats");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_NE(result.out.find("spans threshold"), std::string::npos) << result.out;
  ArtSettings settings = settingsFor("angle:30", SpanMode::Threshold);
  const ArtPlan plan = planArt(settings, {&picture});
  EXPECT_TRUE(loadImage(out).rgba == applySources(picture, referenceSources(plan)).rgba);
}

// Issue 36's combinations as a user types them: a mask beside threshold spans, and a span key
// apart from the sort key; the output equals the CPU reference, and --stats names both keys.
TEST(ArtCommand, AMaskOnThresholdSpansAndASpanKeyMatchTheReference) {
  ScratchFolder folder;
  const std::string input = folder.path("in.png"), maskPath = folder.path("mask.png"), out = folder.path("out.png");
  const Image picture = makeDefaultImage();
  const Image mask = randomImage(picture.width, picture.height, 21);
  savePng(picture, input);
  savePng(mask, maskPath);
  const auto result = runShadersort("run " + input + " --path angle:30 --spans threshold --span-key lightness --key hue "
                                    "--mask " + maskPath + " --out " + out + " --verify --stats");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_NE(result.out.find("span key lightness"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("one run"), std::string::npos) << "--stats times one run: " << result.out;
  ArtSettings settings = settingsFor("angle:30", SpanMode::Threshold, PixelKey::Hue);
  settings.spanKey = PixelKey::Lightness;
  const ArtPlan plan = planArt(settings, {&picture, &mask});
  EXPECT_TRUE(loadImage(out).rgba == applySources(picture, referenceSources(plan)).rgba);
  const ArtPlan unmasked = planArt(settings, {&picture});
  EXPECT_NE(spanList(plan), spanList(unmasked)) << "the mask changed nothing";
}

// Still output in the format the name says: WebP is lossless (the PNG's pixels exactly), JPEG at
// quality 95 stays close to them; other names are refused before any work.
TEST(ArtCommand, OutWritesPngJpegOrWebpByItsName) {
  ScratchFolder folder;
  const std::string input = folder.path("in.png");
  savePng(makeDefaultImage(), input);
  const std::string art = " --path angle:30 --spans threshold --key lightness";
  ASSERT_EQ(runShadersort("run " + input + art + " --out " + folder.path("a.png")).exitCode, 0);
  const Image png = loadImage(folder.path("a.png"));
  ASSERT_EQ(runShadersort("run " + input + art + " --out " + folder.path("a.WEBP")).exitCode, 0);
  const std::vector<std::uint8_t> webpBytes = readWholeFile(folder.path("a.WEBP"), 1u << 26);
  int width = 0, height = 0;
  std::uint8_t* decoded = WebPDecodeRGBA(webpBytes.data(), webpBytes.size(), &width, &height);
  ASSERT_NE(decoded, nullptr) << "not a WebP file";
  EXPECT_EQ(width, png.width);
  EXPECT_EQ(height, png.height);
  EXPECT_TRUE(std::equal(png.rgba.begin(), png.rgba.end(), decoded)) << "WebP is written lossless";
  WebPFree(decoded);
  ASSERT_EQ(runShadersort("run " + input + art + " --out " + folder.path("a.jpg")).exitCode, 0);
  const Image jpeg = loadImage(folder.path("a.jpg"));
  ASSERT_EQ(jpeg.rgba.size(), png.rgba.size());
  double squared = 0;
  for (std::size_t i = 0; i < png.rgba.size(); ++i)
    if (i % 4 != 3) squared += std::pow(static_cast<double>(png.rgba[i]) - jpeg.rgba[i], 2.0);
  const double psnr = 10 * std::log10(255.0 * 255.0 / (squared / (png.rgba.size() / 4 * 3)));
  EXPECT_GT(psnr, 30.0) << "JPEG at quality 95";
  for (const char* name : {"a.bmp", "a.gif", "a"}) {
    const auto refused = runShadersort("run " + input + art + " --out " + folder.path(name));
    EXPECT_EQ(refused.exitCode, 2) << refused.err;
    EXPECT_EQ(lineCount(refused.err), 1) << refused.err;
    EXPECT_NE(refused.err.find("JPEG"), std::string::npos) << refused.err;
  }
}

TEST(ArtCommand, BadValuesAreRefusedInOneLineAndWriteNothing) {
  ScratchFolder folder;
  const std::string small = folder.path("small.png");
  savePng(randomImage(5, 5, 1), small);
  const std::string out = folder.path("out.png");
  const std::string cases[] = {
      "--path angle:abc", "--path angle:30deg", "--spans threshold --lower 0.9 --upper 0.1",
      "--spans mask --mask " + small, "--spans mask", "--spans edges --upper 0.5", "--path spiral",
      "--spans threshold --lower 2", "--path rows --axis rows", "--spans random --span-length 1",
      "--spans none --skip 101", "--algo bitonic --spans none --passes 3",
      "--algo radix --spans none --gif " + folder.path("a.gif"),
      "--spans threshold --mask " + small, "--spans edges --span-key hue", "--spans threshold --span-key shade",
      // Sapphire's radial controls: only on the paths that read them, within their ranges.
      "--path rows --inner-radius 3", "--path angle:30 --start-angle 10", "--path spokes --thickness 4",
      "--path rings --ray-length 9", "--path rings --degrees-sorted 400", "--path spokes --vary-start 1.5",
      "--path rings --thickness 0", "--then spokes", "--then sideways",
  };
  for (const std::string& arguments : cases) {
    SCOPED_TRACE(arguments);
    const auto result = runShadersort("run --out " + out + " " + arguments);
    EXPECT_EQ(result.exitCode, 2) << result.err;
    EXPECT_EQ(lineCount(result.err), 1) << result.err;
    EXPECT_FALSE(std::filesystem::exists(out));
  }
}

// A side past GL_MAX_TEXTURE_SIZE in art mode: refused in words before anything is made (it was
// exit 3, "the GL driver reported an error", when the result texture was made).
TEST(ArtCommand, APictureWiderThanTheGpusTexturesIsRefusedInWords) {
  ScratchFolder folder;
  const int side = testLimits().maxTextureSize + 1;
  savePng(randomImage(side, 2, 3), folder.path("wide.png"));
  const auto result = runShadersort("run " + folder.path("wide.png") + " --algo radix --path angle:30 --out " + folder.path("o.png"));
  EXPECT_NE(result.exitCode, 0);
  EXPECT_NE(result.exitCode, 3) << "a GL error: " << result.err;
  EXPECT_EQ(lineCount(result.err), 1) << result.err;
  EXPECT_NE(result.err.find("GL_MAX_TEXTURE_SIZE"), std::string::npos) << result.err;
  EXPECT_FALSE(std::filesystem::exists(folder.path("o.png")));
}

TEST(ArtGolden, OneRenderPerSpanModeMatchesItsGoldenAndTheReference) {
  const std::pair<const char*, const char*> cases[] = {
      {"none", "path = \"angle:45\"\nspans = \"none\"\nkey = \"luminance\"\n"},
      {"threshold", "path = \"angle:30\"\nspans = \"threshold\"\nkey = \"lightness\"\nlower = 0.25\nupper = 0.8\n"},
      {"edges", "path = \"rows\"\nspans = \"edges\"\nkey = \"hue\"\nlower = 0.15\n"},
      {"random", "path = \"rings\"\nspans = \"random\"\nspan-length = 12\nseed = 5\nskip = 20\nmax-span = 10\n"},
      {"mask", "path = \"columns\"\nspans = \"mask\"\nkey = \"value\"\nmask = \"input.png\"\n"},
      {"intervals", "path = \"spokes\"\nspans = \"intervals\"\nintervals = \"input.png\"\nlower = 0.1\n"
                    "key = \"intensity\"\ndescending = true\n"},
  };
  ScratchFolder folder;
  const Image input = loadImage(goldenPath("art_input_64x64.png"));
  savePng(input, folder.path("input.png"));
  std::vector<std::vector<std::uint8_t>> renders;
  for (const auto& [mode, toml] : cases) {
    SCOPED_TRACE(mode);
    {
      std::ofstream preset(folder.path("look.toml"));
      preset << toml;
    }
    const std::string out = folder.path(std::string(mode) + ".png"), golden = "art_" + std::string(mode) + ".png";
    const auto result = runShadersort("run " + folder.path("input.png") + " --algo radix --preset " +
                                      folder.path("look.toml") + " --out " + out);
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const Image render = loadImage(out);
    expectMatchesGolden(render, golden);
    const Preset preset = parsePreset(toml, "look.toml", folder.root().string());
    const Image mask = loadImage(folder.path("input.png"));
    // The images the preset names: a mask given narrows any mode, so only the mask case has one.
    const ArtPlan plan = planArt(preset.settings, {&input, preset.maskPath.empty() ? nullptr : &mask, &mask});
    EXPECT_EQ(differenceFromGolden(applySources(input, referenceSources(plan)), golden), "") << "the golden is not the reference";
    EXPECT_FALSE(render.rgba == input.rgba) << "nothing was sorted";
    renders.push_back(render.rgba);
  }
  // Each mode makes its own picture, so a golden cannot stand in for another.
  for (std::size_t a = 0; a < renders.size(); ++a)
    for (std::size_t b = a + 1; b < renders.size(); ++b) EXPECT_NE(renders[a], renders[b]) << cases[a].first << " " << cases[b].first;
}

TEST(ArtPresets, EveryBuiltInLoadsAndATomlFileRoundTrips) {
  for (const BuiltInPreset& builtIn : builtInPresets()) {
    SCOPED_TRACE(std::string(builtIn.name));
    const Preset preset = loadPreset(std::string(builtIn.name));
    EXPECT_FALSE(preset.given.empty());
    const Preset again = parsePreset(presetToml(preset), "again.toml", "");
    EXPECT_EQ(presetToml(again), presetToml(preset));
  }
  Preset odd;
  odd.settings = settingsFor("spokes:0.1,0.7", SpanMode::Mask, PixelKey::Hue);
  odd.settings.lower = 0.1 + 0.2;  // not exactly 0.3: must still read back exactly
  odd.settings.skipPercent = 12.5;
  odd.settings.seed = 99;
  odd.settings.spanKey = PixelKey::Saturation;
  odd.maskPath = "my \"mask\".png";
  const Preset back = parsePreset(presetToml(odd), "odd.toml", "");
  EXPECT_EQ(back.settings.lower, odd.settings.lower);
  EXPECT_EQ(back.settings.spanKey, PixelKey::Saturation);
  EXPECT_EQ(parsePreset("key = \"hue\"\n", "plain.toml", "").settings.spanKey, std::nullopt) << "no span key: the sort key";
  EXPECT_EQ(back.settings.path.centreX, 0.1);
  EXPECT_EQ(back.maskPath, odd.maskPath);
  EXPECT_EQ(presetToml(back), presetToml(odd));
  // An angle between -1 and 0, as the viewer's slider saves it, reads back (it was refused).
  Preset slight;
  slight.settings = settingsFor("angle:-0.5", SpanMode::None);
  EXPECT_EQ(parsePreset(presetToml(slight), "slight.toml", "").settings.path.angleDegrees, -0.5);
  // Sapphire's circular controls on rings.
  Preset circular;
  circular.settings = settingsFor("rings:0.4,0.6", SpanMode::Threshold);
  circular.settings.radial = {.startDegrees = 12.5, .degreesSorted = 270, .innerRadius = 30, .thickness = 80, .varyStart = 0.25};
  const Preset circularBack = parsePreset(presetToml(circular), "circular.toml", "");
  EXPECT_EQ(circularBack.settings.radial, circular.settings.radial);
  EXPECT_EQ(presetToml(circularBack), presetToml(circular));
  // Values whose shortest form would be an exponent, seeds past TOML's integers, paths relative to the file.
  Preset hard;
  hard.settings = settingsFor("angle:0.0001", SpanMode::Edges);
  hard.settings.lower = 0.95;  // above the unread upper: edges reads lower alone
  hard.settings.skipPercent = 1e-7;
  hard.settings.seed = UINT64_MAX;
  hard.maskPath = "looks/m.png";
  hard.folder = "/somewhere";
  const Preset hardBack = parsePreset(presetToml(hard), "hard.toml", "/somewhere");
  EXPECT_EQ(hardBack.settings.path.angleDegrees, 0.0001);
  EXPECT_EQ(hardBack.settings.lower, 0.95);
  EXPECT_EQ(hardBack.settings.skipPercent, 1e-7);
  EXPECT_EQ(hardBack.settings.seed, UINT64_MAX);
  EXPECT_EQ(hardBack.maskPath, "looks/m.png");
  EXPECT_EQ(hardBack.resolve(hardBack.maskPath), "/somewhere/looks/m.png");
  EXPECT_EQ(presetToml(hardBack), presetToml(hard));
}

TEST(ArtPresets, BadPresetsAreRefusedNamingTheLine) {
  const std::pair<std::string, std::string> cases[] = {
      {"path = \"angle:30\"\ncolour = 3\n", "line 2: unknown setting"},
      {"lower = \"high\"\n", "line 1: lower wants a number"},
      {"spans = \"threshold\"\nlower = 0.9\nupper = 0.2\n", "above --upper"},
      {"path = \"angle:abc\"\n", "line 1"},
      {"spans = [1, 2\n", "line"},
      {"max-span = 1\n", "max-span wants"},
      {"key = \"loudness\"\n", "unknown key"},
      {"lower = nan\n", "lower wants a number"},
      {"skip = inf\n", "skip wants a number"},
      {"span-length = 1\n", "span-length wants"},
      {"path = \"rows\"\ninner-radius = 4\n", "inner-radius needs --path rings or spokes (path is rows)"},
      {"path = \"rings\"\nthickness = -1\n", "thickness wants 1 to 2^30"},
      {"path = \"spokes\"\ndegrees-sorted = 361\n", "degrees-sorted wants a number"},
      // toml++ recursed once per dotted part: 40,000 crashed the process.
      {"a" + [] { std::string parts; for (int i = 0; i < 40000; ++i) parts += ".a"; return parts; }() + " = 1\n",
       "line 1: a key of more than 64 dotted parts"},
      {"[a" + [] { std::string parts; for (int i = 0; i < 40000; ++i) parts += ".a"; return parts; }() + "]\n",
       "line 1: a key of more than 64 dotted parts"},
      {"descending = 2\n", "descending wants true or false"},
      {"invert = 0\n", "invert wants true or false"},
      // Found by fuzz_presets: toml++ 3.3.0 reached __builtin_unreachable on these characters.
      {"\xEF\xBB\x88\x06", "line 1: a character outside ASCII outside a quoted string or a comment"},
      {"path = \"rows\"\xC2\xA1\n", "line 1: a character outside ASCII outside a quoted string or a comment"},
      {"lower = 0.2\npath = \"\"\"\\\n \xE3\x80\x81rows\"\"\"\n", "line 2: a character outside ASCII in a multi-line string"},
      {"pth =0\"angde:e\xC6\x86qns\" = 1\n", "line 1: a character outside ASCII outside a quoted string"},
      // A line break in a file name came back from presetToml as a ''' string that is not TOML.
      {"intervals = \"\"\"\nab\nc'''d\"\"\"\n", "line 1: intervals wants a file name without control characters"},
      // toml++'s own description quoted a line break: the message stays one line.
      {"path = n\n", "line 1: "},
  };
  for (const auto& [toml, expected] : cases) {
    SCOPED_TRACE(toml);
    try {
      parsePreset(toml, "bad.toml", "");
      ADD_FAILURE() << "accepted";
    } catch (const UsageError& error) {
      EXPECT_NE(std::string(error.what()).find(expected), std::string::npos) << error.what();
      EXPECT_EQ(std::string(error.what()).find('\n'), std::string::npos);
    }
  }
  EXPECT_THROW(loadPreset("no-such-look"), UsageError);
  EXPECT_THROW(loadPreset("/nonexistent/p.toml"), UsageError);
}

// Non-ASCII text stays allowed where TOML puts it: in strings and comments (a byte order mark
// first, as some editors write it).
TEST(ArtPresets, NonAsciiTextInStringsAndCommentsIsRead) {
  const Preset preset = parsePreset("\xEF\xBB\xBF# caf\xC3\xA9\nmask = \"masque-\xC3\xA9t\xC3\xA9.png\"\n"
                                    "key-image = 'cl\xC3\xA9.png'\n", "unicode.toml", "");
  EXPECT_EQ(preset.maskPath, "masque-\xC3\xA9t\xC3\xA9.png");
}

// A number far from 1 in a preset: written in full (not 32 bytes of it and garbage after), it reads
// back the same. Found by fuzz_presets' round trip.
TEST(ArtPresets, TinyAndHugeNumbersRoundTrip) {
  Preset preset;
  preset.settings.spans = SpanMode::Threshold;
  preset.settings.lower = 1e-300;
  preset.settings.upper = 0.5;
  const Preset back = parsePreset(presetToml(preset), "tiny.toml", "");
  EXPECT_EQ(back.settings.lower, 1e-300);
  EXPECT_EQ(decimalText(1.7976931348623157e308).size(), 309u);
  EXPECT_EQ(std::strtod(decimalText(4.9406564584124654e-324).c_str(), nullptr), 4.9406564584124654e-324);
}

// An angle of -0 (`--path angle:-0.0`, or the viewer's slider rounding a small negative angle):
// the viewer's `s` wrote "angle:-0", which run --preset then refused as not a number.
TEST(ArtPresets, ANegativeZeroAngleIsSavedAsOneThatReadsBack) {
  Preset zero;
  zero.settings = settingsFor("angle:-0.0", SpanMode::None);
  EXPECT_EQ(pathSpecText(zero.settings.path), "angle:0");
  EXPECT_EQ(decimalText(-0.0), "0");
  EXPECT_EQ(parsePreset(presetToml(zero), "zero.toml", "").settings.path.angleDegrees, 0.0);
}

// A preset name that is a FIFO or a folder is refused saying what it is (it was "no such file").
TEST(ArtPresets, APresetThatIsNotARegularFileIsRefusedSayingWhatItIs) {
  ScratchFolder folder;
  ASSERT_EQ(::mkfifo(folder.path("fifo.toml").c_str(), 0600), 0);
  std::filesystem::create_directory(folder.path("folder.toml"));
  const auto refusal = [](const std::string& path) {
    try {
      loadPreset(path);
    } catch (const UsageError& error) {
      return std::string(error.what());
    }
    return std::string("loaded");
  };
  EXPECT_EQ(refusal(folder.path("fifo.toml")), "cannot read preset '" + folder.path("fifo.toml") + "': it is not a regular file (a FIFO)");
  EXPECT_EQ(refusal(folder.path("folder.toml")), "cannot read preset '" + folder.path("folder.toml") + "': it is not a regular file (a directory)");
  EXPECT_EQ(refusal(folder.path("missing.toml")), "cannot read preset '" + folder.path("missing.toml") + "': no such file");
}

TEST(ArtCommand, PresetFileAndOverridesGiveTheSamePictureAsOptions) {
  ScratchFolder folder;
  const std::string input = folder.path("in.png");
  savePng(makeDefaultImage(64, 48), input);
  writeBytes(folder.path("look.toml"), {});
  {
    std::ofstream preset(folder.path("look.toml"));
    preset << "path = \"angle:120\"\nspans = \"threshold\"\nkey = \"intensity\"\nlower = 0.1\nupper = 0.7\n";
  }
  const auto fromPreset = runShadersort("run " + input + " --algo odd-even --preset " + folder.path("look.toml") +
                                        " --upper 0.6 --out " + folder.path("a.png"));
  ASSERT_EQ(fromPreset.exitCode, 0) << fromPreset.err;
  const auto fromOptions = runShadersort("run " + input + " --algo odd-even --path angle:120 --spans threshold --key "
                                         "intensity --lower 0.1 --upper 0.6 --out " + folder.path("b.png"));
  ASSERT_EQ(fromOptions.exitCode, 0) << fromOptions.err;
  EXPECT_TRUE(loadImage(folder.path("a.png")).rgba == loadImage(folder.path("b.png")).rgba);
  const auto builtIn = runShadersort("run " + input + " --preset melt --out " + folder.path("c.png") + " --verify");
  EXPECT_EQ(builtIn.exitCode, 0) << builtIn.err;
  const auto unreadable = runShadersort("run " + input + " --preset " + folder.path("missing.toml") + " --out " +
                                        folder.path("d.png"));
  EXPECT_EQ(unreadable.exitCode, 2);
  EXPECT_EQ(lineCount(unreadable.err), 1) << unreadable.err;
  EXPECT_FALSE(std::filesystem::exists(folder.path("d.png")));
}

// An odd-even pixel-sort recorded pass by pass: every kept state has each pixel in its own span,
// the last is the finished result, and the sheet's cells come from the same states.
// What --passes, --gif and --sheet draw for the compare-exchange sorts: after every pass of each
// of their schedules, each pixel is still inside its own span.
TEST(ArtSort, UnfinishedStatesOfCompareExchangeSortsKeepEveryPixelInItsSpan) {
  const Image picture = photograph(48, 40);
  ArtSettings settings = settingsFor("angle:60", SpanMode::Threshold, PixelKey::Luminance);
  settings.lower = 0.2;
  settings.upper = 0.9;
  const ArtPlan plan = planArt(settings, {&picture});
  ArtPipeline pipeline(testSortContext());
  pipeline.setImages({&picture});
  pipeline.setSettings(settings);
  int checked = 0;
  for (const Schedule& schedule : allSchedules()) {
    if (schedule.algorithm->name != "odd-even" && schedule.algorithm->name != "frag-odd-even") continue;
    SCOPED_TRACE(schedule.name);
    auto sorter = schedule.algorithm->create(testSortContext(), optionsFor(schedule));
    pipeline.load(*sorter);
    bool sawUnsorted = false;
    while (!sorter->finished()) {
      sorter->runPass();
      const std::vector<std::uint32_t> sources = pipeline.sources(*sorter);
      ASSERT_EQ(checkSources(plan, sources, SourceCheck::SpansKeepTheirPixels), "") << "pass " << sorter->passesRun();
      sawUnsorted = sawUnsorted || !checkSources(plan, sources, SourceCheck::Sorted).empty();
    }
    EXPECT_TRUE(sawUnsorted || sorter->passesRun() == 1) << "no unfinished state was checked";
    EXPECT_EQ(checkSources(plan, pipeline.sources(*sorter), SourceCheck::SortedStably), "");
    ++checked;
  }
  EXPECT_EQ(checked, 3) << "odd-even (fast and teaching) and frag-odd-even";
}

TEST(ArtCommand, GifAndSheetRecordTheSpansPassByPass) {
  ScratchFolder folder;
  const std::string input = folder.path("in.png");
  const Image picture = photograph(40, 30);
  savePng(picture, input);
  const auto result = runShadersort("run " + input + " --algo odd-even --teaching --path angle:60 --spans threshold "
                                    "--lower 0.2 --upper 0.9 --gif " + folder.path("a.gif") + " --sheet " +
                                    folder.path("s.png") + " --out " + folder.path("out.png") + " --stats");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_NE(result.out.find("gif:"), std::string::npos) << result.out;
  EXPECT_TRUE(std::filesystem::file_size(folder.path("a.gif")) > 0);
  EXPECT_TRUE(std::filesystem::file_size(folder.path("s.png")) > 0);
  ArtSettings settings = settingsFor("angle:60", SpanMode::Threshold, PixelKey::Luminance);
  settings.lower = 0.2;
  settings.upper = 0.9;
  EXPECT_TRUE(loadImage(folder.path("out.png")).rgba == applySources(picture, referenceSources(planArt(settings, {&picture}))).rgba);
}

// A pixel-sort holds more per pixel than a whole-column sort: the memory budget counts it.
TEST(ArtCommand, MemoryBudgetCountsWhatSpansNeed) {
  ScratchFolder folder;
  const std::string input = "--pattern random --size 128x128 --max-memory 1M --out " + folder.path("out.png");
  const auto plain = runShadersort("run " + input);
  EXPECT_EQ(plain.exitCode, 0) << plain.err;
  std::filesystem::remove(folder.path("out.png"));
  const auto art = runShadersort("run " + input + " --spans random");
  EXPECT_EQ(art.exitCode, 2) << art.err;
  EXPECT_NE(art.err.find("as a pixel-sort"), std::string::npos) << art.err;
  EXPECT_FALSE(std::filesystem::exists(folder.path("out.png")));
}

TEST(ArtCommand, InfoListsPathsSpanModesKeysAndPresets) {
  const auto result = runShadersort("info");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  for (const char* expected : {"art paths       rows, columns, angle:DEG, rings[:CX,CY], spokes[:CX,CY]",
                               "art span modes  none, threshold, edges, random, mask, intervals", "lightness",
                               "radial-burst"})
    EXPECT_NE(result.out.find(expected), std::string::npos) << expected;
}

}  // namespace
}  // namespace shadersort::testing

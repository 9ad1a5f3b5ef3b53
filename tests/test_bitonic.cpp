// The bitonic sorter beyond the registry-wide matrix: sizes around the tile (with tiny tiles, so
// the global-memory steps run on llvmpipe), both schedules agreeing, every teaching pass a
// permutation, segmented inputs, grids beyond 65535 workgroups, pass descriptions, settings.

#include <gtest/gtest.h>

#include <bit>
#include <map>
#include <random>

#include "core/error.h"
#include "sort/bitonic.h"
#include "sort/bitonic_schedule.h"
#include "sort/verify.h"
#include "sort_test_support.h"

namespace shadersort::testing {
namespace {

using Settings = std::map<std::string, int, std::less<>>;

// Random keys with a fifth of them the largest key (the padding's key), values distinct.
SortData randomInput(std::uint32_t sequenceCount, std::uint32_t sequenceLength, std::uint32_t seed) {
  SortData data;
  data.sequenceCount = sequenceCount;
  data.sequenceLength = sequenceLength;
  std::mt19937 random(seed);
  for (std::uint64_t i = 0; i < static_cast<std::uint64_t>(sequenceCount) * sequenceLength; ++i) {
    data.keys.push_back(random() % 5 == 0 ? 0xFFFFFFFFu : random() % 1000u);
    data.values.push_back(static_cast<std::uint32_t>(i) + 0x100u);
  }
  return data;
}

std::unique_ptr<Sorter> makeSorter(const Settings& settings, bool teaching = false) {
  SorterOptions options;
  options.teaching = teaching;
  options.settings = settings;
  return std::make_unique<BitonicSorter>(testSortContext(), options);
}

SortData sortWith(const Settings& settings, bool teaching, const SortData& input) {
  auto sorter = makeSorter(settings, teaching);
  sorter->load(input);
  sorter->runAll();
  EXPECT_TRUE(sorter->finished());
  return sorter->read();
}

class Bitonic : public ::testing::Test {};

// fused-steps auto: pairs take 5 register steps per global pass from 2^24 positions (one
// sequence or many), keys and smaller pair sorts 4. Only the schedule is read: nothing sorts.
TEST_F(Bitonic, AutomaticFusedStepsTakeFiveForPairsFromTwoToTheTwentyFourPositions) {
  auto mostFused = [](std::uint32_t sequences, std::uint32_t length, bool values) {
    SortData input;
    input.sequenceCount = sequences;
    input.sequenceLength = length;
    input.keys.assign(std::size_t{sequences} * length, 7u);
    if (values) input.values.assign(input.keys.size(), 1u);
    auto sorter = makeSorter({});
    sorter->load(input);
    std::uint32_t most = 0;
    const std::string fused = "fused in registers (";
    for (std::uint32_t pass = 0; pass < sorter->passCount(); ++pass) {
      const std::string text = sorter->describePass(pass);
      const std::size_t at = text.find(fused);
      if (at != std::string::npos)
        most = std::max(most, static_cast<std::uint32_t>(std::stoul(text.substr(at + fused.size()))));
    }
    return most;
  };
  EXPECT_EQ(mostFused(1, (1u << 23) + 1, true), 5u);  // padded to 2^24
  EXPECT_EQ(mostFused(4, 1u << 22, true), 5u);
  EXPECT_EQ(mostFused(1, 1u << 23, true), 4u);
  EXPECT_EQ(mostFused(1, 1u << 24, false), 4u);
}

// The pass counts behind docs/BENCHMARKS.md's figures (tile 4096, 4 fused steps; 8 wide steps
// since run 47, 7 before): a merge with more wide steps than fused-steps takes up to 8 (7) in a
// strided shared-memory pass, the rest (4 or fewer) in registers; every wide step runs exactly
// once, widest first.
TEST(BitonicSchedule, WideStepsGoEightPerSharedPassThenFourInRegisters) {
  struct Expected {
    std::uint32_t log2Length, wideSteps, passes, global, wide;
  };
  for (const Expected& expected : {Expected{24, 8, 29, 8, 8}, Expected{28, 8, 41, 8, 16}, Expected{24, 7, 30, 8, 9},
                                   Expected{28, 7, 44, 10, 17}}) {
    SCOPED_TRACE("2^" + std::to_string(expected.log2Length) + ", wide-steps " + std::to_string(expected.wideSteps));
    const auto passes = bitonicFastSchedule(1u << expected.log2Length, 4096, 4, expected.wideSteps);
    std::map<BitonicPass::Kind, std::uint32_t> count;
    for (const BitonicPass& pass : passes) ++count[pass.kind];
    EXPECT_EQ(passes.size(), expected.passes);
    EXPECT_EQ(count[BitonicPass::Kind::SortTiles], 1u);
    EXPECT_EQ(count[BitonicPass::Kind::GlobalSteps], expected.global);
    EXPECT_EQ(count[BitonicPass::Kind::WideTiles], expected.wide);
    EXPECT_EQ(count[BitonicPass::Kind::FinishTiles], expected.log2Length - 12);
    // Each merge's wide passes cover its distances from width / 2 down to the tile, in order.
    std::uint32_t expectedDistance = 0;
    for (const BitonicPass& pass : passes) {
      if (pass.kind == BitonicPass::Kind::SortTiles) continue;
      if (pass.kind == BitonicPass::Kind::FinishTiles) {
        EXPECT_EQ(expectedDistance, 2048u) << "merge " << pass.mergeWidth << " left wide steps out";
        expectedDistance = 0;
        continue;
      }
      if (expectedDistance == 0) expectedDistance = pass.mergeWidth / 2;
      EXPECT_EQ(pass.distance, expectedDistance) << "merge " << pass.mergeWidth;
      EXPECT_LE(pass.steps, pass.kind == BitonicPass::Kind::WideTiles ? expected.wideSteps : 4u);
      expectedDistance = pass.distance >> pass.steps;
    }
  }
  // wide-steps 0: every wide step in registers, as before.
  const auto registersOnly = bitonicFastSchedule(1u << 24, 4096, 4, 0);
  EXPECT_EQ(registersOnly.size(), 37u);
}

TEST(BitonicSchedule, PassCountsFollowTheNetwork) {
  // log2(P) (log2(P) + 1) / 2 steps for P = 8.
  EXPECT_EQ(bitonicTeachingSchedule(bitonicPaddedLength(5)).size(), 6u);
  EXPECT_EQ(bitonicTeachingSchedule(bitonicPaddedLength(1)).size(), 0u);
  // Tile 16, P = 128, 2 fused: sort tiles; merge 32: 1 global + finish; 64: 1 + finish; 128: 2 + finish.
  const auto passes = bitonicFastSchedule(128, 16, 2);
  ASSERT_EQ(passes.size(), 8u);
  EXPECT_EQ(passes[0].kind, BitonicPass::Kind::SortTiles);
  EXPECT_EQ(passes[5].kind, BitonicPass::Kind::GlobalSteps);
  EXPECT_EQ(passes[5].distance, 64u);
  EXPECT_EQ(passes[5].steps, 2u);
  EXPECT_EQ(passes[6].distance, 16u);
  EXPECT_EQ(passes[6].steps, 1u);
  EXPECT_EQ(passes[7].kind, BitonicPass::Kind::FinishTiles);
  // Sequences that fit a tile: one pass.
  EXPECT_EQ(bitonicFastSchedule(256, 4096, 4).size(), 1u);
}

TEST_F(Bitonic, DescribesEachPassInWords) {
  auto teaching = makeSorter({}, true);
  teaching->load(singleSequence({5, 4, 3, 2, 1}));
  ASSERT_EQ(teaching->passCount(), 6u);
  // Passes and positions from 0; only the pairs inside the 5 keys are named.
  EXPECT_EQ(teaching->describePass(0),
            "pass 0 of 0-5: merge 2, distance 1: pairs (0,1), (2,3); each left keeps the smaller key");
  EXPECT_EQ(teaching->describePass(3), "pass 3 of 0-5: merge 8, mirror: pair (3,4); the left keeps the smaller key");
  EXPECT_EQ(teaching->describePass(4),
            "pass 4 of 0-5: merge 8, distance 2: pairs (0,2), (1,3); each left keeps the smaller key");
  teaching->load(singleSequence(std::vector<std::uint32_t>(16, 7)));
  EXPECT_EQ(teaching->describePass(6),
            "pass 6 of 0-9: merge 16, mirror: pairs (0,15), (1,14), ...; each left keeps the smaller key");

  auto fast = makeSorter({{"tile-size", 16}, {"fused-steps", 2}});
  fast->load(singleSequence(std::vector<std::uint32_t>(128, 7)));
  ASSERT_EQ(fast->passCount(), 8u);
  EXPECT_EQ(fast->describePass(0),
            "pass 0 of 0-7: tiles of 16 sorted in shared memory: merges 2-16, 10 steps; smaller keys first");
  EXPECT_EQ(fast->describePass(5),
            "pass 5 of 0-7: merge 128, distances 64-32 fused in registers (2 steps); smaller keys first");
  EXPECT_EQ(fast->describePass(7),
            "pass 7 of 0-7: merge 128, distances 8-1 in shared memory (4 steps); smaller keys first");
}

TEST_F(Bitonic, SortsSizesAroundTheTileWithEveryFusion) {
  constexpr std::uint32_t kTile = 16;
  for (std::uint32_t size : {1u, 2u, 3u, kTile - 1, kTile, kTile + 1, 2 * kTile - 1, 2 * kTile + 1, 4 * kTile + 1,
                             16 * kTile + 3}) {
    const SortData input = randomInput(1, size, size);
    const SortData teaching = sortWith({}, true, input);
    ASSERT_EQ(verifySorted(input, teaching), "") << "teaching, size " << size;
    for (int fused : {1, 2, 3, 4, 5}) {
      SCOPED_TRACE("size " + std::to_string(size) + ", fused-steps " + std::to_string(fused));
      const SortData fast = sortWith({{"tile-size", kTile}, {"fused-steps", fused}}, false, input);
      ASSERT_EQ(verifySorted(input, fast), "");
      EXPECT_EQ(fast.keys, teaching.keys);
    }
  }
}

TEST_F(Bitonic, WideStepsInStridedTilesSortEverySize) {
  // Tiles of 16 (4 bits): up to 3 wide steps per shared-memory pass, the rest (up to
  // fused-steps) in registers; sizes whose merges have 1 to 6 wide steps, some with the mirror.
  constexpr std::uint32_t kTile = 16;
  for (std::uint32_t size : {kTile + 1, 3 * kTile, 4 * kTile + 1, 16 * kTile + 3, 64 * kTile - 5}) {
    SortData input = randomInput(1, size, size + 7);
    for (int wide : {1, 2, 3}) {
      for (int fused : {1, 2}) {
        SCOPED_TRACE("size " + std::to_string(size) + ", wide-steps " + std::to_string(wide) + ", fused-steps " +
                     std::to_string(fused));
        const Settings settings = {{"tile-size", kTile}, {"wide-steps", wide}, {"fused-steps", fused}};
        ASSERT_EQ(verifySorted(input, sortWith(settings, false, input)), "");
        SortData keys = input;
        keys.values.clear();
        ASSERT_EQ(verifySorted(keys, sortWith(settings, false, keys)), "");
      }
    }
  }
  // Several sequences, each spanning many strided tiles, padded to the next power of two.
  const SortData many = randomInput(5, 300, 9);
  EXPECT_EQ(verifySorted(many, sortWith({{"tile-size", 16}, {"wide-steps", 3}, {"fused-steps", 1}}, false, many)), "");
  // Few workgroups, each taking many tiles and fetching the next; and one per tile.
  for (const char* setting : {"tile-groups", "wide-groups"})
    for (int groups : {3, 0})
      EXPECT_EQ(verifySorted(many, sortWith({{"tile-size", 16}, {"wide-steps", 3}, {"fused-steps", 1}, {setting, groups}},
                                            false, many)),
                "")
          << setting << " " << groups;
  auto sorter = makeSorter({{"tile-size", 16}, {"wide-steps", 3}, {"fused-steps", 1}});
  sorter->load(singleSequence(std::vector<std::uint32_t>(256, 7)));
  std::string descriptions;
  for (std::uint32_t pass = 0; pass < sorter->passCount(); ++pass) descriptions += sorter->describePass(pass) + "\n";
  EXPECT_NE(descriptions.find("merge 256, distances 128-32 in shared memory, strided (3 steps)"), std::string::npos)
      << descriptions;
}

TEST_F(Bitonic, WideTilesLargerThanTheTileSortEverySize) {
  // Strided tiles of 32 and 64 positions over tiles of 16: wide passes of 2 to 5 steps whose
  // runs of consecutive positions are up to a whole tile long; 2 to 16 items per invocation.
  constexpr int kTile = 16;
  for (std::uint32_t size : {4u * kTile + 1, 16u * kTile + 3, 64u * kTile - 5, 256u * kTile + 9}) {
    SortData input = randomInput(1, size, size + 3);
    for (const auto& [wideTile, wideWorkgroup, wide, fused] :
         std::vector<std::tuple<int, int, int, int>>{{32, 16, 3, 1}, {32, 4, 4, 2}, {64, 8, 5, 1}, {64, 32, 4, 2},
                                                     {64, 4, 2, 1}}) {
      SCOPED_TRACE("size " + std::to_string(size) + ", wide tile " + std::to_string(wideTile) + " / " +
                   std::to_string(wideWorkgroup) + ", wide-steps " + std::to_string(wide) + ", fused-steps " +
                   std::to_string(fused));
      const Settings settings = {{"tile-size", kTile},
                                 {"wide-tile-size", wideTile},
                                 {"wide-workgroup-size", wideWorkgroup},
                                 {"wide-steps", wide},
                                 {"fused-steps", fused}};
      ASSERT_EQ(verifySorted(input, sortWith(settings, false, input)), "");
      SortData keys = input;
      keys.values.clear();
      ASSERT_EQ(verifySorted(keys, sortWith(settings, false, keys)), "");
    }
  }
  const SortData many = randomInput(5, 300, 11);
  EXPECT_EQ(verifySorted(many, sortWith({{"tile-size", 16}, {"wide-tile-size", 64}, {"wide-steps", 3},
                                         {"fused-steps", 1}, {"wide-groups", 3}},
                                        false, many)),
            "");
  // Resident: on a GPU whose driver counts its multiprocessors (an H100: 396 workgroups), 2^17
  // positions in wide tiles of 64 give each workgroup several tiles; elsewhere one each.
  const SortData large = randomInput(1, 100000, 12);
  EXPECT_EQ(verifySorted(large, sortWith({{"tile-size", 16}, {"wide-tile-size", 64}, {"wide-steps", 3},
                                          {"fused-steps", 1}, {"wide-groups", BitonicSettings::kWideGroupsResident}},
                                         false, large)),
            "");
  // Runs longer than the tile would mix positions the wide steps do not own: refused.
  EXPECT_THROW(makeSorter({{"tile-size", 16}, {"wide-tile-size", 64}, {"wide-steps", 1}}), UserError);
  EXPECT_THROW(makeSorter({{"tile-size", 16}, {"wide-tile-size", 128}}), UserError);
}

TEST(BitonicSettings, ResidentWideGroupsFollowTheMultiprocessorCount) {
  BitonicSettings settings;
  settings.wideGroups = BitonicSettings::kWideGroupsResident;
  settings.wideWorkgroupSize = 512;
  gl::Limits limits;
  EXPECT_EQ(BitonicSorter::wideGroupsInUse(settings, limits), 0) << "no count from the driver: one per tile";
  limits.multiprocessorCount = 132;
  EXPECT_EQ(BitonicSorter::wideGroupsInUse(settings, limits), 396);
  settings.wideWorkgroupSize = 1024;  // 3 x 1024 would not stay resident
  EXPECT_EQ(BitonicSorter::wideGroupsInUse(settings, limits), 132);
  settings.wideWorkgroupSize = 256;
  EXPECT_EQ(BitonicSorter::wideGroupsInUse(settings, limits), 792);
  settings.wideGroups = 1000;  // a number is taken as given
  EXPECT_EQ(BitonicSorter::wideGroupsInUse(settings, limits), 1000);
}

TEST_F(Bitonic, AutoWideStepsAreTheWideTileLessFourBitsForKeysAndNoneForPairs) {
  // Tiles of 64: auto = 2 wide steps per strided pass; merge 1024's wide distances 512-64 go in
  // two of them. Pairs run no strided passes.
  const Settings settings = {{"tile-size", 64}, {"fused-steps", 1}};
  SortData input = randomInput(1, 1024, 5);
  auto pairs = makeSorter(settings);
  pairs->load(input);
  input.values.clear();
  auto keys = makeSorter(settings);
  keys->load(input);
  std::string keyPasses, pairPasses;
  for (std::uint32_t pass = 0; pass < keys->passCount(); ++pass) keyPasses += keys->describePass(pass) + "\n";
  for (std::uint32_t pass = 0; pass < pairs->passCount(); ++pass) pairPasses += pairs->describePass(pass) + "\n";
  EXPECT_NE(keyPasses.find("merge 1024, distances 512-256 in shared memory, strided (2 steps)"), std::string::npos)
      << keyPasses;
  EXPECT_NE(keyPasses.find("merge 1024, distances 128-64 in shared memory, strided (2 steps)"), std::string::npos)
      << keyPasses;
  EXPECT_EQ(pairPasses.find("strided"), std::string::npos) << pairPasses;
}

TEST_F(Bitonic, SortsWithEveryItemsPerInvocation) {
  const SortData input = randomInput(3, 300, 7);
  for (int workgroupSize : {32, 16, 8, 4, 2}) {  // 2 to 32 items per invocation in tiles of 64
    SCOPED_TRACE("workgroup-size " + std::to_string(workgroupSize));
    EXPECT_EQ(verifySorted(input, sortWith({{"tile-size", 64}, {"workgroup-size", workgroupSize}}, false, input)), "");
  }
}

TEST_F(Bitonic, DefaultSettingsSortImagesAndSizesAroundTheTile) {
  const auto tile = static_cast<std::uint32_t>(BitonicSettings::fromOptions({}, testLimits()).tileSize);
  for (const auto& [count, length] : std::vector<std::pair<std::uint32_t, std::uint32_t>>{
           {256, 192}, {1, tile - 1}, {1, tile + 1}, {1, 2 * tile + 1}, {1, 5 * tile}}) {
    SortData input = randomInput(count, length, count);
    EXPECT_EQ(verifySorted(input, sortWith({}, false, input)), "") << "pairs, " << count << " x " << length;
    // Pairs may run a smaller tile (keys and values must fit shared memory) than keys alone.
    input.values.clear();
    EXPECT_EQ(verifySorted(input, sortWith({}, false, input)), "") << "keys, " << count << " x " << length;
  }
}

TEST_F(Bitonic, EveryTeachingPassKeepsEachSequenceAPermutation) {
  const SortData input = randomInput(3, 13, 5);
  auto sorter = makeSorter({}, true);
  sorter->load(input);
  while (!sorter->finished()) {
    sorter->runPass();
    ASSERT_EQ(verifyConserved(input, sorter->read()), "") << "after pass " << sorter->passesRun();
  }
  EXPECT_EQ(verifySorted(input, sorter->read()), "");
}

TEST_F(Bitonic, SortsManySequencesIndependently) {
  const Settings smallTile = {{"tile-size", 16}};
  // Tiny sequences packed many to a tile; sequences spanning several tiles; exactly one tile each.
  for (const auto& [count, length] :
       std::vector<std::pair<std::uint32_t, std::uint32_t>>{{4096, 3}, {5, 33}, {7, 70}, {37, 16}}) {
    SCOPED_TRACE(std::to_string(count) + " sequences of " + std::to_string(length));
    const SortData input = randomInput(count, length, length);
    EXPECT_EQ(verifySorted(input, sortWith(smallTile, false, input)), "");
    EXPECT_EQ(verifySorted(input, sortWith({}, false, input)), "");
    EXPECT_EQ(verifySorted(input, sortWith({}, true, input)), "");
  }
}

TEST_F(Bitonic, GridsBeyond65535WorkgroupsSortEverything) {
  // 35000 sequences of 5 with tiles of 4 and one invocation per workgroup: 70000 tile
  // workgroups and 140000 global-step workgroups, beyond one grid dimension.
  const SortData input = randomInput(35000, 5, 11);
  EXPECT_EQ(verifySorted(input, sortWith({{"tile-size", 4}, {"workgroup-size", 1}, {"tile-groups", 0}}, false, input)), "");
  // A few workgroups taking many tiles each, fetching the next while sorting one.
  EXPECT_EQ(verifySorted(input, sortWith({{"tile-size", 4}, {"workgroup-size", 1}, {"tile-groups", 7}}, false, input)), "");
  EXPECT_EQ(verifySorted(input, sortWith({{"tile-size", 4}, {"workgroup-size", 1}}, true, input)), "");
}

TEST_F(Bitonic, KeyOnlySortsOrderTheKeys) {
  SortData input = randomInput(2, 50, 3);
  input.values.clear();
  const SortData output = sortWith({{"tile-size", 16}}, false, input);
  EXPECT_FALSE(output.hasValues());
  EXPECT_EQ(verifySorted(input, output), "");
}

TEST_F(Bitonic, RejectsUnusableSettingsInOneLine) {
  const int sharedBytes = testLimits().maxComputeSharedMemorySize;
  // As many positions as shared memory has bytes: 4 bytes per position cannot fit.
  const int tooBigTile = static_cast<int>(std::bit_ceil(static_cast<unsigned>(sharedBytes)));
  const std::vector<std::pair<Settings, std::string>> cases = {
      {{{"tile-size", tooBigTile}}, "shared memory"},
      {{{"tile-size", 3000}}, "power of two"},
      {{{"tile-size", 0}}, "power of two"},
      {{{"workgroup-size", 48}}, "power of two"},
      {{{"workgroup-size", 2 * testLimits().maxComputeWorkGroupInvocations}}, "power of two up to"},
      {{{"tile-size", 256}, {"workgroup-size", 256}}, "items per invocation"},
      {{{"tile-size", 4096}, {"workgroup-size", 64}}, "items per invocation"},
      {{{"fused-steps", 0}}, "fused-steps"},
      {{{"fused-steps", 6}}, "fused-steps"},
      {{{"radix-bits", 4}}, "no setting 'radix-bits'"},
  };
  for (const auto& [settings, expected] : cases) {
    try {
      makeSorter(settings);
      ADD_FAILURE() << "accepted " << settings.begin()->first << "=" << settings.begin()->second;
    } catch (const UserError& error) {
      const std::string message = error.what();
      EXPECT_NE(message.find(expected), std::string::npos) << message;
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
  }
}

// Each candidate the tuner may pick sorts: two sequences of an odd length past a workgroup, with
// values (accepted was all this checked before; nothing was compiled).
TEST_F(Bitonic, EveryTunableCandidateSorts) {
  const SortData input = makeSequences(Pattern::Random, 2, 1537);
  for (const Tunable& tunable : BitonicSettings::table().tunables(testLimits())) {
    EXPECT_FALSE(tunable.candidates.empty()) << tunable.name;
    for (int value : tunable.candidates) {
      SCOPED_TRACE(tunable.name + "=" + std::to_string(value));
      auto sorter = makeSorter({{tunable.name, value}});
      EXPECT_EQ(sortsLikeStableSort(*sorter, input, false), "");
    }
  }
}

}  // namespace
}  // namespace shadersort::testing

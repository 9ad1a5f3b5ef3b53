// bench --art: the pixel-sort pipeline timed whole and by stage, as a user runs it (a small
// picture, few runs and no warm-up: llvmpipe is slow), its statistics and the pipeline's stage
// observer behind it.

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <regex>
#include <sstream>

#include "art/art_pipeline.h"
#include "bench/spread.h"
#include "cli_support.h"
#include "sort/registry.h"
#include "sort_test_support.h"

namespace shadersort::testing {
namespace {

const std::string kAstronaut = std::string(SHADERSORT_SOURCE_DIR) + "/assets/astronaut.png";
const char* const kStageOrder[] = {"map", "keys", "spans", "sort", "write-back", "whole"};

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> all;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) all.push_back(line);
  return all;
}

struct StageLine {
  std::string stage;
  double median = 0, p10 = 0, p90 = 0, min = 0, max = 0;
};

// The table under the "stage median ms ..." header, in printed order.
std::vector<StageLine> stageTable(const std::string& out) {
  std::vector<StageLine> table;
  bool inTable = false;
  const std::regex row(R"(^(\S+) +(\d+\.\d{4}) +(\d+\.\d{4}) +(\d+\.\d{4}) +(\d+\.\d{4}) +(\d+\.\d{4})$)");
  for (const std::string& line : lines(out)) {
    if (line.rfind("stage ", 0) == 0) {
      inTable = true;
      continue;
    }
    std::smatch match;
    if (!inTable) continue;
    EXPECT_TRUE(std::regex_match(line, match, row)) << "not a stage line: " << line;
    if (match.empty()) continue;
    table.push_back({match[1], std::stod(match[2]), std::stod(match[3]), std::stod(match[4]), std::stod(match[5]),
                     std::stod(match[6])});
  }
  return table;
}

// Every stage's figures in order, and the whole's consistent with them: per run the whole is the
// sum of its stages, so the stages' minimums add up to no more than the whole's minimum and their
// maximums to no less than its maximum (up to the printed rounding).
void expectSaneTable(const std::vector<StageLine>& table, const std::vector<std::string>& stages) {
  ASSERT_EQ(table.size(), stages.size());
  double medians = 0, mins = 0, maxes = 0;
  for (std::size_t i = 0; i < table.size(); ++i) {
    const StageLine& line = table[i];
    SCOPED_TRACE(line.stage);
    EXPECT_EQ(line.stage, stages[i]);
    EXPECT_GE(line.min, 0.0);
    EXPECT_LE(line.min, line.p10);
    EXPECT_LE(line.p10, line.median);
    EXPECT_LE(line.median, line.p90);
    EXPECT_LE(line.p90, line.max);
    if (line.stage == "whole") continue;
    medians += line.median;
    mins += line.min;
    maxes += line.max;
  }
  const StageLine& whole = table.back();
  const double rounding = 0.0001 * static_cast<double>(table.size());
  EXPECT_GT(whole.median, 0.0);
  EXPECT_LE(mins, whole.min + rounding);
  EXPECT_GE(maxes, whole.max - rounding);
  EXPECT_LE(medians, 1.5 * whole.median + 0.05) << "the stages take far longer than the whole";
}

std::string artArguments() {
  return "--art " + kAstronaut + " --path angle:30 --spans threshold --lower 0.25 --upper 0.8 --key lightness";
}

TEST(BenchArt, PrintsEveryStageThenTheWholeWithOrderedSpreadsAndWritesTheCsv) {
  ScratchFolder folder;
  const std::string csv = folder.path("art.csv");
  const auto result = runShadersort("bench " + artArguments() + " --reps 5 --warmup-seconds 0 --csv " + csv);
  ASSERT_EQ(result.exitCode, 0) << result.err;
  const std::string clock = testLimits().timerQueriesTrustworthy ? "gpu" : "wall";
  const auto out = lines(result.out);
  ASSERT_GE(out.size(), 6u) << result.out;
  EXPECT_EQ(out[0], "input: image '" + kAstronaut + "' (256x256)");
  EXPECT_EQ(out[1].rfind("settings: path=angle:30 spans=threshold key=lightness descending=no lower=0.25 upper=0.8 ", 0), 0u)
      << out[1];
  EXPECT_EQ(out[2].rfind("sorter: " + sorterLabel(findAlgorithm("radix"), {}) + "; ", 0), 0u) << out[2];
  EXPECT_NE(out[2].find("; verified"), std::string::npos) << out[2];
  EXPECT_EQ(out[3].rfind("renderer: ", 0), 0u) << out[3];
  EXPECT_EQ(out[4].rfind("clock: " + clock + " (", 0), 0u) << out[4];
  EXPECT_NE(out[4].find("(0 runs); 5 timed runs; path map rebuilt in every run"), std::string::npos) << out[4];
  const auto table = stageTable(result.out);
  expectSaneTable(table, {std::begin(kStageOrder), std::end(kStageOrder)});

  // The CSV: a row per printed line with the same figures, and nothing else left in the folder.
  EXPECT_EQ(folder.entries(), std::vector<std::string>{"art.csv"});
  const auto rows = lines(readText(csv));
  ASSERT_EQ(rows.size(), 1u + table.size());
  EXPECT_EQ(rows[0], "stage,runs,median_ms,p10_ms,p90_ms,min_ms,max_ms,clock,width,height,sorter,map,warmup_s,settings,image");
  for (std::size_t i = 0; i < table.size(); ++i) {
    SCOPED_TRACE(rows[i + 1]);
    std::vector<std::string> fields;
    std::istringstream row(rows[i + 1]);
    for (std::string field; std::getline(row, field, ',');) fields.push_back(field);
    ASSERT_EQ(fields.size(), 15u);
    EXPECT_EQ(fields[0], table[i].stage);
    EXPECT_EQ(fields[1], "5");
    EXPECT_NEAR(std::stod(fields[2]), table[i].median, 0.00006);
    EXPECT_NEAR(std::stod(fields[5]), table[i].min, 0.00006);
    EXPECT_NEAR(std::stod(fields[6]), table[i].max, 0.00006);
    EXPECT_EQ(fields[7], clock);
    EXPECT_EQ(fields[8] + "x" + fields[9], "256x256");
    EXPECT_EQ(fields[11], "rebuilt");
    EXPECT_EQ(fields[14], kAstronaut);
  }
}

TEST(BenchArt, KeepMapTimesNoMapStage) {
  const auto result = runShadersort("bench " + artArguments() + " --reps 3 --warmup-seconds 0 --keep-map --algo bitonic");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_NE(result.out.find("sorter: " + sorterLabel(findAlgorithm("bitonic"), {}) + "; "), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("3 timed runs; path map built once before timing (--keep-map)"), std::string::npos) << result.out;
  expectSaneTable(stageTable(result.out), {"keys", "spans", "sort", "write-back", "whole"});
}

TEST(BenchArt, WarmsUpForTheTimeAsked) {
  const auto result = runShadersort("bench " + artArguments() + " --reps 1 --warmup-seconds 0.3");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  std::smatch warmup;
  ASSERT_TRUE(std::regex_search(result.out, warmup, std::regex(R"(warm-up (\d+\.\d\d) s \((\d+) runs\))"))) << result.out;
  EXPECT_GE(std::stod(warmup[1]), 0.3);
  EXPECT_GE(std::stoi(warmup[2]), 1);
}

TEST(BenchArt, BadOptionsGiveOneLineAndExit2WritingNothing) {
  ScratchFolder folder;
  const std::string csv = " --csv " + folder.path("art.csv");
  const std::string art = "bench --art " + kAstronaut + " --warmup-seconds 0";
  const std::string cases[] = {
      art + " --frobnicate",           art + " --reps 0",
      "bench --art",                   "bench --path angle:30",
      "bench --spans threshold",       "bench --preset melt",
      "bench --keep-map",              "bench --warmup-seconds 1",
      "bench --key hue",               art + " --warmup-seconds -1",
      art + " --warmup-seconds 601",   art + " --sizes 2^10",
      art + " --pairs",                art + " --algo radix,bitonic",
      art + " --algo quantum",         art + " --spans edges --upper 0.5",
      art + " --path rows --axis rows",
  };
  for (const std::string& arguments : cases) {
    SCOPED_TRACE(arguments);
    const auto result = runShadersort(arguments + csv);
    EXPECT_EQ(result.exitCode, 2) << result.err;
    EXPECT_EQ(lineCount(result.err), 1) << result.err;
    EXPECT_EQ(result.out, "");
  }
  // An image that is not there is a failed input, as `run` reports it: exit 1, one line naming it.
  const auto missing = runShadersort("bench --art " + folder.path("missing.png") + csv);
  EXPECT_EQ(missing.exitCode, 1) << missing.err;
  EXPECT_EQ(lineCount(missing.err), 1) << missing.err;
  EXPECT_NE(missing.err.find("missing.png"), std::string::npos) << missing.err;
  EXPECT_TRUE(folder.entries().empty());
}

TEST(BenchSpread, PercentilesInterpolateBetweenRanks) {
  const bench::Spread eleven = bench::spreadOf({11, 3, 1, 2, 4, 5, 6, 7, 8, 9, 10});
  EXPECT_EQ(eleven.count, 11);
  EXPECT_DOUBLE_EQ(eleven.median, 6);
  EXPECT_DOUBLE_EQ(eleven.p10, 2);
  EXPECT_DOUBLE_EQ(eleven.p90, 10);
  EXPECT_DOUBLE_EQ(eleven.min, 1);
  EXPECT_DOUBLE_EQ(eleven.max, 11);
  const bench::Spread four = bench::spreadOf({4, 1, 3, 2});
  EXPECT_DOUBLE_EQ(four.median, 2.5);
  EXPECT_DOUBLE_EQ(four.p10, 1.3);
  EXPECT_DOUBLE_EQ(four.p90, 3.7);
  const bench::Spread one = bench::spreadOf({0.25});
  EXPECT_DOUBLE_EQ(one.p10, 0.25);
  EXPECT_DOUBLE_EQ(one.p90, 0.25);
  EXPECT_EQ(bench::spreadOf({}).count, 0);
}

// The observer sees each stage once, in order, the map only when it is built; unset, nothing.
TEST(ArtPipeline, StageObserverSeesEachStageInOrder) {
  const Image image = randomImage(40, 30, 3);
  art::ArtPipeline pipeline(testSortContext());
  pipeline.setImages({&image});
  art::ArtSettings settings;
  settings.path = art::parsePathSpec("angle:30");
  settings.spans = art::SpanMode::Threshold;
  pipeline.setSettings(settings);
  auto sorter = findAlgorithm("radix").create(testSortContext(), {});
  std::vector<std::string> seen;
  pipeline.observeStages([&](art::ArtStage stage) { seen.emplace_back(art::artStageName(stage)); });
  pipeline.sort(*sorter);
  EXPECT_EQ(seen, (std::vector<std::string>{"map", "keys", "spans", "sort", "write-back"}));
  seen.clear();
  pipeline.setSettings(settings);
  pipeline.sort(*sorter);
  EXPECT_EQ(seen, (std::vector<std::string>{"keys", "spans", "sort", "write-back"})) << "the map was current";
  seen.clear();
  pipeline.observeStages({});
  pipeline.forgetMap();
  pipeline.setSettings(settings);
  pipeline.sort(*sorter);
  EXPECT_TRUE(seen.empty());
}

}  // namespace
}  // namespace shadersort::testing

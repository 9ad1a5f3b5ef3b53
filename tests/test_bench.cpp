// bench, plot and the tuning cache, as a user runs them (tiny sizes: llvmpipe is slow).

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <sstream>

#include "bench/bench_report.h"
#include "bench/tune_cache.h"
#include "cli_support.h"
#include "core/error.h"
#include "data/image.h"
#include "sort_test_support.h"

namespace shadersort::testing {
namespace {

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> all;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) all.push_back(line);
  return all;
}

TEST(Bench, CsvHasOneVerifiedRowPerCaseWithTheDocumentedColumns) {
  ScratchFolder folder;
  const auto result = runShadersort("bench --algo frag-odd-even --sizes 64,2^7,100 --dist random,entropy --reps 2 --csv " +
                                    folder.path("b.csv") + " --json " + folder.path("b.json"));
  ASSERT_EQ(result.exitCode, 0) << result.err;
  const auto rows = lines(readText(folder.path("b.csv")));
  ASSERT_EQ(rows.size(), 1u + 3 * 2);
  std::string header;
  for (const auto& [name, meaning] : bench::csvColumns()) header += (header.empty() ? "" : ",") + name;
  EXPECT_EQ(rows[0], header);
  const auto results = bench::fromCsv(readText(folder.path("b.csv")), "b.csv");
  for (const auto& r : results) {
    EXPECT_TRUE(r.verified) << r.algorithm << " " << r.count;
    EXPECT_GT(r.medianMs, 0.0);
    EXPECT_GT(r.cpuMedianMs, 0.0);
    EXPECT_EQ(r.clock, testLimits().timerQueriesTrustworthy ? "gpu" : "wall");
  }
  EXPECT_EQ(results[2].count, 128u);
  EXPECT_NE(readText(folder.path("b.json")).find("\"median_ms\""), std::string::npos);
}

TEST(Bench, StepsListEachKindOfDispatchWithItsCountAndTime) {
  // Radix, one sequence: the chained scan while small (its histogram once, whose last workgroup
  // works out the digit starts, then a downsweep per digit), then forced to one workgroup per
  // sequence and to reduce-then-scan.
  const auto radix = runShadersort("bench --algo radix --sizes 5000,40000 --reps 2 --steps");
  ASSERT_EQ(radix.exitCode, 0) << radix.err;
  const auto radixLines = lines(radix.out);
  // Header, then per size its row, its steps and the device copy of the same bytes.
  ASSERT_EQ(radixLines.size(), 1u + 3 + 3) << radix.out;
  const std::string clock = testLimits().timerQueriesTrustworthy ? "gpu" : "wall";
  EXPECT_EQ(radixLines[2], "  steps (" + clock + " clock, median of 2 sorts):" + radixLines[2].substr(radixLines[2].find(':') + 1));
  for (const char* step : {" histogram 1x ", " downsweep 4x "})
    EXPECT_NE(radixLines[2].find(step), std::string::npos) << radixLines[2];
  EXPECT_EQ(radixLines[2].find("digit-starts"), std::string::npos) << radixLines[2];
  EXPECT_EQ(radixLines[3].rfind("  copy of the same 20000 bytes by a compute shader, buffer to buffer: ", 0), 0u) << radixLines[3];
  EXPECT_NE(radixLines[3].find(" GB/s read + write"), std::string::npos) << radixLines[3];
  EXPECT_EQ(radixLines[6].rfind("  copy of the same 160000 bytes", 0), 0u) << radixLines[6];
  const auto sequence = runShadersort("bench --algo radix --sizes 5000 --reps 2 --steps --set scan=3");
  ASSERT_EQ(sequence.exitCode, 0) << sequence.err;
  EXPECT_NE(sequence.out.find(" sequence-sort 4x "), std::string::npos) << sequence.out;
  const auto portable =
      runShadersort("bench --algo radix --sizes 40000 --reps 2 --steps --set scan=1 --set keys-per-thread=16");
  ASSERT_EQ(portable.exitCode, 0) << portable.err;
  const auto portableLines = lines(portable.out);
  ASSERT_EQ(portableLines.size(), 1u + 3) << portable.out;
  EXPECT_EQ(portableLines[2].rfind("  steps (" + clock + " clock, median of 2 sorts): upsweep 4x ", 0), 0u) << portableLines[2];
  for (const char* step : {" prefix-scan ", " downsweep 4x "})
    EXPECT_NE(portableLines[2].find(step), std::string::npos) << portableLines[2];
  // Each step's bandwidth is the bytes it must move over its time, and its share of the copy's.
  std::smatch downsweep, copy;
  ASSERT_TRUE(std::regex_search(portableLines[2], downsweep,
                                std::regex(R"( downsweep 4x ([0-9.]+) ms \(([0-9.]+) GB/s, ([0-9]+)% of copy\);)")))
      << portableLines[2];
  ASSERT_TRUE(std::regex_search(portableLines[3], copy, std::regex(R"(: ([0-9.]+) ms, ([0-9.]+) GB/s read \+ write$)"))) << portableLines[3];
  const double downsweepMs = std::stod(downsweep[1]), downsweepRate = std::stod(downsweep[2]);
  const std::string printedRate = downsweep[2];
  const auto point = printedRate.find('.');
  const double lastDigit = std::pow(10.0, -static_cast<double>(point == std::string::npos ? 0 : printedRate.size() - point - 1));
  // Keys in and out, and each of the 10 partitions' 256 counters read, in each of 4 passes; the
  // rate is printed to 3 significant digits or more, the time to 0.1 us.
  const double moved = 4.0 * 40000 * 4 * 2 + 4.0 * 256 * 4 * 10;
  EXPECT_NEAR(downsweepRate, moved / (downsweepMs * 1e6), lastDigit / 2 + (0.00005 / downsweepMs + 0.001) * downsweepRate)
      << portableLines[2];
  EXPECT_NEAR(std::stod(copy[2]), 2 * 160000 / (std::stod(copy[1]) * 1e6), 0.1 + 0.01 * std::stod(copy[2])) << portableLines[3];
  EXPECT_NEAR(std::stod(downsweep[3]), 100 * downsweepRate / std::stod(copy[2]), 1.0 + 0.02 * std::stod(downsweep[3]) + 10 / std::stod(copy[2])) << portableLines[2];

  const auto result = runShadersort("bench --algo bitonic,odd-even --sizes 5000 --reps 2 --steps");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  const auto output = lines(result.out);
  // Header, then per algorithm its row and (for sorters that report steps) one steps line.
  ASSERT_EQ(output.size(), 1u + 3 + 1) << result.out;
  EXPECT_NE(output[2].find(" sort-tiles 1x "), std::string::npos) << output[2];
  EXPECT_EQ(output[4].rfind("odd-even", 0), 0u) << "odd-even reports no steps: no steps or copy line";
  // Without --steps, no steps lines.
  const auto plain = runShadersort("bench --algo radix --sizes 5000 --reps 1");
  ASSERT_EQ(plain.exitCode, 0) << plain.err;
  EXPECT_EQ(plain.out.find("steps ("), std::string::npos) << plain.out;
}

// The step names of a `bench --steps` run's first steps line, in order ("upsweep", ...).
std::vector<std::string> stepNames(const std::string& output) {
  const auto all = lines(output);
  const auto steps = std::find_if(all.begin(), all.end(), [](const std::string& line) {
    return line.rfind("  steps (", 0) == 0;
  });
  if (steps == all.end()) return {};
  std::vector<std::string> names;
  const std::regex step(R"(([a-z-]+) [0-9]+x )");
  for (auto match = std::sregex_iterator(steps->begin(), steps->end(), step); match != std::sregex_iterator(); ++match)
    names.push_back((*match)[1]);
  return names;
}

TEST(Bench, RadixScanWordsRunTheSameStepsAsTheirNumbers) {
  const std::pair<const char*, const char*> scans[] = {{"portable", "1"}, {"chained", "2"}, {"workgroup", "3"}};
  const std::vector<std::string> expected[] = {
      {"upsweep", "prefix-scan", "downsweep"}, {"histogram", "downsweep"}, {"sequence-sort"}};
  for (std::size_t i = 0; i < std::size(scans); ++i) {
    const auto [word, number] = scans[i];
    const auto named = runShadersort(std::string("bench --algo radix --sizes 5000 --reps 1 --steps --set scan=") + word);
    ASSERT_EQ(named.exitCode, 0) << word << ": " << named.err;
    const auto numbered = runShadersort(std::string("bench --algo radix --sizes 5000 --reps 1 --steps --set scan=") + number);
    ASSERT_EQ(numbered.exitCode, 0) << number << ": " << numbered.err;
    EXPECT_EQ(stepNames(named.out), expected[i]) << named.out;
    EXPECT_EQ(stepNames(named.out), stepNames(numbered.out)) << word;
  }
}

TEST(Bench, PlotWritesAReadablePng) {
  ScratchFolder folder;
  auto result = runShadersort("bench --algo frag-odd-even --sizes 32,64,128 --reps 1 --pairs --csv " + folder.path("b.csv") +
                              " --plot " + folder.path("b.png"));
  ASSERT_EQ(result.exitCode, 0) << result.err;
  const Image plot = loadImage(folder.path("b.png"));
  EXPECT_EQ(plot.width, 1000);
  EXPECT_EQ(plot.height, 650);
  result = runShadersort("plot --csv " + folder.path("b.csv") + " --out " + folder.path("again.png"));
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_EQ(loadImage(folder.path("again.png")).width, 1000);
}

TEST(Bench, ReferenceCsvIsReadIntoItsSeries) {
  const auto references = bench::referencesFromCsv(
      "series,n,g_keys_per_s\r\n"
      "CUB 3.0.1 SortKeys,1048576,13.34\r\n"
      "Onesweep (H100) [paper],65536,2.5e-1\n"
      "\n"
      "CUB 3.0.1 SortKeys,4096,0.75\n",
      "ref.csv");
  ASSERT_EQ(references.size(), 2u);
  EXPECT_EQ(references[0].name, "CUB 3.0.1 SortKeys");
  EXPECT_EQ(references[0].gkeysPerSecond, (std::map<std::uint64_t, double>{{4096, 0.75}, {1048576, 13.34}}));
  EXPECT_EQ(references[1].name, "Onesweep (H100) [paper]");
  EXPECT_EQ(references[1].gkeysPerSecond, (std::map<std::uint64_t, double>{{65536, 0.25}}));
}

TEST(Bench, ReferenceCsvRefusesAnythingButCheckedNamesAndPositiveNumbers) {
  const std::string header = "series,n,g_keys_per_s\n";
  const std::pair<std::string, std::string> refused[] = {
      {"series,n,gkeys_per_s\nCUB,1024,1\n", "first line"},
      {"\xEF\xBB\xBF" + header + "CUB,1024,1\n", "first line"},  // a byte-order mark is not the header
      {header, "no rows"},
      {header + "CUB's sort,1024,1\n", "line 2: series"},
      {header + "CUB \"sort\",1024,1\n", "line 2: series"},
      {header + "`touch x`,1024,1\n", "line 2: series"},
      {header + "CUB $HOME,1024,1\n", "line 2: series"},
      {header + "CUB\\,1024,1\n", "line 2: series"},
      {header + "CUB @x,1024,1\n", "line 2: series"},
      {header + ",1024,1\n", "line 2: series"},
      {header + "CUB,1024,fast\n", "line 2: g_keys_per_s"},
      {header + "CUB,1024,-1\n", "line 2: g_keys_per_s"},
      {header + "CUB,1024,0\n", "line 2: g_keys_per_s"},
      {header + "CUB,1024,inf\n", "line 2: g_keys_per_s"},
      {header + "CUB,1024,nan\n", "line 2: g_keys_per_s"},
      {header + "CUB,1024,1.5x\n", "line 2: g_keys_per_s"},
      {header + "CUB,1024,\n", "line 2: g_keys_per_s"},
      {header + "CUB,0,1\n", "line 2: n"},
      {header + "CUB,-4,1\n", "line 2: n"},
      {header + "CUB,1.5,1\n", "line 2: n"},
      {header + "CUB,2^20,1\n", "line 2: n"},
      {header + "CUB,1024,1\nCUB,2048\n", "line 3 has 2 fields"},
      {header + "CUB,1024,1,extra\n", "line 2 has 4 fields"},
      {header + "CUB,1024,1\nCUB,1024,2\n", "line 3: series 'CUB' already has"},
  };
  for (const auto& [text, mention] : refused) {
    SCOPED_TRACE(text);
    try {
      bench::referencesFromCsv(text, "ref.csv");
      ADD_FAILURE() << "accepted";
    } catch (const UserError& error) {
      const std::string message = error.what();
      EXPECT_EQ(message.rfind("'ref.csv'", 0), 0u) << message;
      EXPECT_NE(message.find(mention), std::string::npos) << message;
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
  }
}

TEST(Bench, PlotDrawsReferenceSeriesBesideTheBenchCsv) {
  ScratchFolder folder;
  std::vector<bench::BenchResult> results;
  for (std::size_t count : {1024u, 4096u, 16384u}) {
    bench::BenchResult r;
    r.algorithm = "radix", r.distribution = "random", r.type = "u32", r.clock = "gpu", r.settings = "defaults";
    r.count = count, r.repetitions = 1, r.medianMs = r.minMs = 0.01, r.cpuMedianMs = 0.05, r.verified = true;
    results.push_back(r);
  }
  const std::string benchCsv = bench::toCsv(results);
  writeBytes(folder.path("b.csv"), {benchCsv.begin(), benchCsv.end()});
  const std::string cub = "series,n,g_keys_per_s\nCUB 3.0.1 SortKeys,1024,0.9\nCUB 3.0.1 SortKeys,16384,13.34\n";
  writeBytes(folder.path("cub.csv"), {cub.begin(), cub.end()});
  const std::string paper = "series,n,g_keys_per_s\nOnesweep (paper),4096,2.5\n";
  writeBytes(folder.path("paper.csv"), {paper.begin(), paper.end()});

  auto result = runShadersort("plot --csv " + folder.path("b.csv") + " --out " + folder.path("plain.png"));
  ASSERT_EQ(result.exitCode, 0) << result.err;
  result = runShadersort("plot --csv " + folder.path("b.csv") + " --reference " + folder.path("cub.csv") + " --reference " +
                         folder.path("paper.csv") + " --out " + folder.path("with.png"));
  ASSERT_EQ(result.exitCode, 0) << result.err;
  const Image plain = loadImage(folder.path("plain.png")), with = loadImage(folder.path("with.png"));
  EXPECT_EQ(with.width, 1000);
  EXPECT_EQ(with.height, 650);
  EXPECT_NE(with.rgba, plain.rgba) << "the reference series were not drawn";

  // A bad reference is refused in one line naming it, and no picture is written. Names that
  // would be gnuplot code never run.
  const std::string marker = folder.path("PWNED");
  for (const std::string& name : {"x'; system('touch " + marker + "'); '", "x\"; system(\"touch " + marker + "\"); \"",
                                  "`touch " + marker + "`", "$(touch " + marker + ")"}) {
    SCOPED_TRACE(name);
    const std::string evil = "series,n,g_keys_per_s\n" + name + ",1024,1\n";
    writeBytes(folder.path("evil.csv"), {evil.begin(), evil.end()});
    result = runShadersort("plot --csv " + folder.path("b.csv") + " --reference " + folder.path("evil.csv") + " --out " +
                           folder.path("evil.png"));
    EXPECT_EQ(result.exitCode, 1) << result.err;
    EXPECT_EQ(lineCount(result.err), 1) << result.err;
    EXPECT_NE(result.err.find("evil.csv' line 2"), std::string::npos) << result.err;
    EXPECT_FALSE(std::filesystem::exists(marker)) << "gnuplot ran a command from a reference name";
    EXPECT_FALSE(std::filesystem::exists(folder.path("evil.png")));
  }
  // The quoting: a name of allowed characters that would be gnuplot commands outside quotes
  // (`;` ends a command, system() runs one, `|` and `<` pipe) is accepted and drawn as its
  // text inside single quotes: the plot is written and nothing runs.
  const std::string code = "x; system(touch " + marker + "); plot <touch " + marker + " | touch " + marker;
  const std::string quoted = "series,n,g_keys_per_s\n" + code + ",1024,1\n";
  writeBytes(folder.path("quoted.csv"), {quoted.begin(), quoted.end()});
  result = runShadersort("plot --csv " + folder.path("b.csv") + " --reference " + folder.path("quoted.csv") + " --out " +
                         folder.path("quoted.png"));
  EXPECT_EQ(result.exitCode, 0) << result.err;
  EXPECT_TRUE(std::filesystem::exists(folder.path("quoted.png")));
  EXPECT_FALSE(std::filesystem::exists(marker)) << "gnuplot ran a command from a reference name";
}

// Segments: each sorted on its own and checked against a segment-wise std::sort (the verified
// column), named in the distribution column; the library's call checked and listed beside.
TEST(Bench, SegmentsAndTheLibrarysCallAreVerifiedAndNamed) {
  ScratchFolder folder;
  const auto segments = runShadersort("bench --algo radix,odd-even --sizes 640,3200 --segment-length 5 --pairs --reps 2 --csv " +
                                      folder.path("s.csv"));
  ASSERT_EQ(segments.exitCode, 0) << segments.err;
  const auto rows = bench::fromCsv(readText(folder.path("s.csv")), "s.csv");
  ASSERT_EQ(rows.size(), 4u);
  for (const auto& r : rows) {
    EXPECT_TRUE(r.verified) << r.algorithm << " " << r.count;
    EXPECT_EQ(r.distribution, "random/5");
  }
  const auto library = runShadersort("bench --through-library --sizes 1000,70000 --pairs --type f32 --reps 2 --csv " +
                                     folder.path("l.csv"));
  ASSERT_EQ(library.exitCode, 0) << library.err;
  const auto calls = bench::fromCsv(readText(folder.path("l.csv")), "l.csv");
  ASSERT_EQ(calls.size(), 2u);
  for (const auto& r : calls) {
    EXPECT_EQ(r.algorithm, "radix-library");
    EXPECT_TRUE(r.verified) << r.count;
    EXPECT_GT(r.medianMs, 0.0);
  }
  for (const char* bad : {"--sizes 1000 --segment-length 3", "--through-library --algo bitonic",
                          "--through-library --steps", "--art x.png --segment-length 4"}) {
    const auto refused = runShadersort(std::string("bench ") + bad);
    EXPECT_EQ(refused.exitCode, 2) << bad;
    EXPECT_EQ(lineCount(refused.err), 1) << bad << ": " << refused.err;
  }
}

TEST(Bench, BadArgumentsGiveOneLine) {
  ScratchFolder folder;
  for (const std::string& arguments : std::vector<std::string>{"bench --dist lumpy", "bench --sizes 12q", "bench --type f64", "bench --reps 0",
                                      "plot --csv /nonexistent.csv --out " + folder.path("p.png"), "tune --algo quantum"}) {
    const auto result = runShadersort(arguments);
    EXPECT_NE(result.exitCode, 0) << arguments;
    EXPECT_EQ(lineCount(result.err), 1) << arguments << ": " << result.err;
  }
  EXPECT_TRUE(folder.entries().empty());
}

class TuneCache : public ::testing::Test {
 protected:
  void SetUp() override {
    ::testing::Test::SetUp();
    setenv("XDG_CACHE_HOME", folder_.root().c_str(), 1);
  }
  void TearDown() override {
    unsetenv("XDG_CACHE_HOME");
    ::testing::Test::TearDown();
  }
  ScratchFolder folder_;
};

TEST_F(TuneCache, StoresPerGpuAndAlgorithmAndExplicitSettingsWin) {
  const gl::Limits& limits = testLimits();
  EXPECT_EQ(bench::tuneCachePath(), folder_.path("shadersort/tuning.tsv"));
  EXPECT_TRUE(bench::loadTunedSettings(limits).empty());
  bench::storeTunedSettings(limits, "alpha", {{"workgroup-size", 128}, {"tile-size", 2048}});
  bench::storeTunedSettings(limits, "beta", {{"workgroup-size", 64}});
  bench::storeTunedSettings(limits, "alpha", {{"workgroup-size", 256}});  // replaces alpha's entry
  gl::Limits otherGpu = limits;
  otherGpu.renderer = "another GPU";
  bench::storeTunedSettings(otherGpu, "alpha", {{"workgroup-size", 32}});
  const auto loaded = bench::loadTunedSettings(limits);
  ASSERT_EQ(loaded.size(), 2u);
  EXPECT_EQ(loaded.at("alpha"), (bench::TunedSettings{{"workgroup-size", 256}}));
  EXPECT_EQ(loaded.at("beta"), (bench::TunedSettings{{"workgroup-size", 64}}));
  EXPECT_EQ(bench::loadTunedSettings(otherGpu).at("alpha").at("workgroup-size"), 32);
}

struct TuneRow {
  std::string settings;
  double medianMs = 0;
  std::string verdict;
};

// The trial rows of `tune`'s table for one algorithm ("  SETTINGS  MEDIAN  VERDICT").
std::vector<TuneRow> tuneRows(const std::string& out) {
  std::vector<TuneRow> rows;
  const std::regex row(R"(^  (\S.*?) +(\d+\.\d{4})  (.+)$)");
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) {
    std::smatch match;
    if (line.rfind("  best: ", 0) != 0 && std::regex_match(line, match, row))
      rows.push_back({match[1], std::stod(match[2]), match[3]});
  }
  return rows;
}

TEST(Tune, FindsSettingsNoSlowerThanTheDefaultsAndTheNextRunUsesThem) {
  ScratchFolder folder;
  const std::string cache = "XDG_CACHE_HOME=" + folder.root().string();
  const auto before = runShadersort("info", cache);
  ASSERT_EQ(before.exitCode, 0) << before.err;
  EXPECT_NE(before.out.find("bitonic          fused-steps=auto tile-groups=1024 tile-size=4096 wide-groups=resident wide-steps=auto wide-tile-size=4096 wide-workgroup-size=512 workgroup-size=512 (defaults)"), std::string::npos)
      << before.out;
  const auto tune = runShadersort("tune --algo bitonic --size 4096 --reps 1", cache);
  ASSERT_EQ(tune.exitCode, 0) << tune.err;
  EXPECT_EQ(tune.out.find("wrong output"), std::string::npos) << "a candidate sorted wrongly: " << tune.out;

  // The first trial is the defaults; the best is the fastest trial that sorted right, and so no
  // slower than the defaults.
  const std::vector<TuneRow> rows = tuneRows(tune.out);
  ASSERT_GE(rows.size(), 2u) << tune.out;
  EXPECT_EQ(rows.front().verdict, "ok");
  const TuneRow* fastest = &rows.front();
  for (const TuneRow& row : rows)
    if (row.verdict == "ok" && row.medianMs < fastest->medianMs) fastest = &row;
  const std::regex bestLine(R"(\n  best: (.+), (\d+\.\d{4}) ms \(defaults (\d+\.\d{4}) ms, )");
  std::smatch best;
  ASSERT_TRUE(std::regex_search(tune.out, best, bestLine)) << tune.out;
  // Medians are printed to 4 places: any of the trials that print as the fastest may be it.
  EXPECT_TRUE(std::any_of(rows.begin(), rows.end(), [&](const TuneRow& row) {
    return row.verdict == "ok" && row.medianMs == fastest->medianMs && row.settings == best[1];
  })) << tune.out;
  EXPECT_EQ(std::stod(best[2]), fastest->medianMs) << tune.out;
  EXPECT_EQ(std::stod(best[3]), rows.front().medianMs) << tune.out;
  EXPECT_LE(std::stod(best[2]), std::stod(best[3])) << tune.out;

  // The cache holds the best settings, and the next run takes them from it.
  const std::string cached = readText(folder.path("shadersort/tuning.tsv"));
  std::istringstream settings{std::string(best[1])};
  for (std::string setting; settings >> setting;) {
    const std::string name = setting.substr(0, setting.find('=')), value = setting.substr(setting.find('=') + 1);
    EXPECT_NE(cached.find("\tbitonic\t" + name + "\t" + value + "\n"), std::string::npos) << setting << "\n" << cached;
  }
  const auto after = runShadersort("info", cache);
  EXPECT_NE(after.out.find("(tuned)"), std::string::npos) << after.out;
  EXPECT_NE(runShadersort("info --no-tune-cache", cache).out.find("(ignored: --no-tune-cache)"), std::string::npos);
}

}  // namespace
}  // namespace shadersort::testing

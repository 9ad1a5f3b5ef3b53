// A bench CSV as `shadersort plot --csv` reads it (bench/bench_report.h: fromCsv). Refusal is a
// UserError. What it accepts must survive being written and read again (toCsv, fromCsv) with the
// same text and integer fields, and turn into JSON; anything else is a finding. The same bytes as
// a `plot --reference` CSV (referencesFromCsv): accepted names must be plot title text (they go
// into gnuplot's script), rates positive and finite.

#include <cmath>
#include <cstdint>
#include <string>

#include "bench/bench_report.h"
#include "core/error.h"
#include "fuzz_support.h"

using namespace shadersort;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fuzz::silenceMessages();
  return 0;
}

namespace {

void checkReferences(const std::string& text) {
  std::vector<bench::ReferenceSeries> references;
  try {
    references = bench::referencesFromCsv(text, "reference.csv");
  } catch (const UserError&) {
    return;
  }
  for (const bench::ReferenceSeries& series : references) {
    try {
      bench::requirePlotTitle(series.name);
    } catch (const UserError&) {
      __builtin_trap();
    }
    for (const auto& [count, rate] : series.gkeysPerSecond)
      if (count == 0 || !std::isfinite(rate) || rate <= 0) __builtin_trap();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  checkReferences(std::string(reinterpret_cast<const char*>(data), size));
  std::vector<bench::BenchResult> results;
  try {
    results = bench::fromCsv(std::string(reinterpret_cast<const char*>(data), size), "fuzz.csv");
  } catch (const UserError&) {
    return 0;
  }
  const std::vector<bench::BenchResult> again = bench::fromCsv(bench::toCsv(results), "written");
  if (again.size() != results.size()) __builtin_trap();
  for (std::size_t i = 0; i < results.size(); ++i) {
    const bench::BenchResult &a = results[i], &b = again[i];
    if (a.algorithm != b.algorithm || a.count != b.count || a.distribution != b.distribution || a.type != b.type ||
        a.pairs != b.pairs || a.clock != b.clock || a.repetitions != b.repetitions || a.verified != b.verified ||
        a.passesRun != b.passesRun || a.passCount != b.passCount || a.settings != b.settings)
      __builtin_trap();
  }
  bench::toJson(results, "renderer", "version");
  return 0;
}

#pragma once
// Benchmark results as CSV, JSON and a log-log plot.

#include <string>
#include <vector>

#include "bench/benchmark.h"

namespace shadersort::bench {

// The CSV columns, in order, each with its meaning (README and `bench --help` print these).
const std::vector<std::pair<std::string, std::string>>& csvColumns();

std::string toCsv(const std::vector<BenchResult>& results);
std::string toJson(const std::vector<BenchResult>& results, const std::string& renderer, const std::string& glVersion);
// Reads what toCsv wrote; throws UserError for anything else.
std::vector<BenchResult> fromCsv(const std::string& text, const std::string& nameForErrors);

// Keys per second against N, log-log, one line per algorithm (first distribution and type in the
// results; verified cases only) plus std::sort. Renders with gnuplot; throws UserError when gnuplot is missing.
void plotResults(const std::vector<BenchResult>& results, const std::string& title, const std::string& pngPath);

}  // namespace shadersort::bench

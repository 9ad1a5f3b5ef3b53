#pragma once
// Benchmark results as CSV, JSON and a log-log plot.

#include <cstdint>
#include <string>
#include <vector>

#include "bench/benchmark.h"

namespace shadersort::bench {

// The CSV columns, in order, each with its meaning (README and `bench --help` print these).
const std::vector<std::pair<std::string, std::string>>& csvColumns();

std::string toCsv(const std::vector<BenchResult>& results);
std::string toJson(const std::vector<BenchResult>& results, const std::string& renderer, const std::string& glVersion);
// The largest CSV `plot` reads (a bench of every algorithm, size and distribution is far below).
constexpr std::uint64_t kMaxCsvBytes = 64ull << 20;

// Reads what toCsv wrote: the exact header, then rows whose every field is checked (known
// algorithm, distribution and type names, strict numbers). Throws UserError for anything else,
// naming the file and line.
std::vector<BenchResult> fromCsv(const std::string& text, const std::string& nameForErrors);

// Plot titles hold letters, digits, spaces and these only: no quote, backslash, backquote, $,
// @ or braces, nothing gnuplot could read as anything but text.
const std::string& plotTitlePunctuation();
// Throws UsageError (it is the --title option) for any other character.
void requirePlotTitle(const std::string& title);
// `text` (a renderer name) with every other character replaced by '?'.
std::string plotTitleFrom(const std::string& text);

// A PNG of keys per second against N, log-log, one line per algorithm (first distribution and
// type in the results; verified cases only) plus std::sort. Renders with gnuplot; throws
// UserError saying why when it cannot (gnuplot missing, or gnuplot's own error).
std::vector<std::uint8_t> renderPlot(const std::vector<BenchResult>& results, const std::string& title);

}  // namespace shadersort::bench

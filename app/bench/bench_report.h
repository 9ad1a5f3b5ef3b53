#pragma once
// Benchmark results as CSV, JSON and a log-log plot.

#include <cstdint>
#include <map>
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

// A line measured by another program (NVIDIA CUB, say) to draw beside bench's own.
struct ReferenceSeries {
  std::string name;                              // the key's label: plot title characters only
  std::map<std::uint64_t, double> gkeysPerSecond;  // N -> 10^9 keys per second, N ascending
};

// Reference CSVs are a handful of figures typed or exported by hand; anything near this is not one.
constexpr std::uint64_t kMaxReferenceCsvBytes = 1u << 20;

// The reference CSV's one header line; rows are `NAME,N,RATE`, e.g. `CUB 3.0.1 SortKeys,1048576,13.34`.
const std::string& referenceCsvHeader();

// Reads a reference CSV: the exact header, then rows whose name holds plot title characters only,
// whose N is a positive integer and whose rate is a positive finite number. Rows with the same name
// make one series (in the order the names first appear); a name may give each N once. Throws
// UserError for anything else, naming the file and line.
std::vector<ReferenceSeries> referencesFromCsv(const std::string& text, const std::string& nameForErrors);

// A PNG of keys per second against N, log-log, one line per algorithm (first distribution and
// type in the results; verified cases only) plus std::sort, plus one line per reference series.
// Renders with gnuplot; throws UserError saying why when it cannot (gnuplot missing, or gnuplot's
// own error), or when a reference's name holds a character a plot title may not.
std::vector<std::uint8_t> renderPlot(const std::vector<BenchResult>& results, const std::string& title,
                                     const std::vector<ReferenceSeries>& references = {});

}  // namespace shadersort::bench

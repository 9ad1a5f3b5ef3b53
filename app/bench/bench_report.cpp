#include "bench/bench_report.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <sstream>
#include <unistd.h>

#include "bench/gnuplot.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/input_file.h"
#include "core/quoting.h"
#include "core/temporary_files.h"
#include "data/key_encoding.h"

namespace shadersort::bench {
namespace {

std::string number(double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%.6g", value);
  return text;
}

std::string jsonString(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) continue;
    out += c;
  }
  return out + "\"";
}

std::vector<std::string> splitCsvLine(const std::string& line) {
  std::vector<std::string> fields;
  std::string field;
  std::istringstream stream(line);
  while (std::getline(stream, field, ',')) fields.push_back(field);
  if (!line.empty() && line.back() == ',') fields.emplace_back();
  return fields;
}

void stripCarriageReturn(std::string& line) {
  if (!line.empty() && line.back() == '\r') line.pop_back();
}

struct CsvRow {
  std::string where;  // "'file' line N", for errors
  std::vector<std::string> fields;
};

// The rows of a CSV whose first line must be `header` (else UserError "'file' <notHeader>"):
// carriage returns stripped, blank lines skipped, each row exactly `columns` fields (else
// UserError "'file' line N has F fields, not <columns><columnsHint>").
std::vector<CsvRow> csvRows(const std::string& text, const std::string& header, std::size_t columns,
                            const std::string& nameForErrors, const std::string& notHeader,
                            const std::string& columnsHint = "") {
  std::istringstream lines(text);
  std::string line;
  if (!std::getline(lines, line) || (stripCarriageReturn(line), line != header))
    throw UserError(quote(nameForErrors) + " " + notHeader);
  std::vector<CsvRow> rows;
  for (int number = 2; std::getline(lines, line); ++number) {
    stripCarriageReturn(line);
    if (line.empty()) continue;
    CsvRow row{quote(nameForErrors) + " line " + std::to_string(number), splitCsvLine(line)};
    if (row.fields.size() != columns)
      throw UserError(row.where + " has " + std::to_string(row.fields.size()) + " fields, not " +
                      std::to_string(columns) + columnsHint);
    rows.push_back(std::move(row));
  }
  return rows;
}

// The whole field is the number, digits only (no sign, space or trailing text), within the range.
std::optional<std::uint64_t> wholeNumber(const std::string& field, std::uint64_t least, std::uint64_t most) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
  if (field.empty() || error != std::errc() || end != field.data() + field.size() || value < least || value > most)
    return std::nullopt;
  return value;
}

// The whole field is a finite decimal number (no "inf" or "nan", which the plot could not place).
std::optional<double> finiteNumber(const std::string& field) {
  double value = 0;
  const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
  if (field.empty() || error != std::errc() || end != field.data() + field.size() || !std::isfinite(value))
    return std::nullopt;
  return value;
}

}  // namespace

const std::vector<std::pair<std::string, std::string>>& csvColumns() {
  static const std::vector<std::pair<std::string, std::string>> columns = {
      {"algorithm", "registry name"},
      {"n", "keys sorted (one sequence)"},
      {"distribution", "random, sorted, reversed, few-unique, all-equal, sawtooth, nearly-sorted or entropy"},
      {"type", "u32, i32 or f32"},
      {"pairs", "1 when u32 values travelled with the keys"},
      {"clock", "gpu (timer query) or wall (wall clock around glFinish, where timer queries are not trusted)"},
      {"reps", "timed repetitions, after one verified warm-up"},
      {"median_ms", "median time of one whole sort, upload and read-back excluded"},
      {"min_ms", "fastest repetition"},
      {"gkeys_per_s", "n / median_ms, in 10^9 keys per second"},
      {"cpu_ms", "std::sort (keys) or std::stable_sort (pairs) of the same data, one CPU thread"},
      {"cpu_gkeys_per_s", "n / cpu_ms"},
      {"speedup_vs_cpu", "cpu_ms / median_ms"},
      {"verified", "1 when the GPU output equalled the CPU reference"},
      {"passes_run", "passes the sort took"},
      {"pass_count", "worst-case passes"},
      {"settings", "algorithm settings in use (space separated NAME=VALUE, or defaults)"},
  };
  return columns;
}

std::string toCsv(const std::vector<BenchResult>& results) {
  std::string csv;
  for (const auto& [name, meaning] : csvColumns()) csv += (csv.empty() ? "" : ",") + name;
  csv += "\n";
  for (const BenchResult& r : results) {
    csv += r.algorithm + "," + std::to_string(r.count) + "," + r.distribution + "," + r.type + "," +
           (r.pairs ? "1" : "0") + "," + r.clock + "," + std::to_string(r.repetitions) + "," + number(r.medianMs) + "," +
           number(r.minMs) + "," + number(r.keysPerSecond() / 1e9) + "," + number(r.cpuMedianMs) + "," +
           number(r.cpuKeysPerSecond() / 1e9) + "," + number(r.medianMs > 0 ? r.cpuMedianMs / r.medianMs : 0) + "," +
           (r.verified ? "1" : "0") + "," + std::to_string(r.passesRun) + "," + std::to_string(r.passCount) + "," +
           r.settings + "\n";
  }
  return csv;
}

std::vector<BenchResult> fromCsv(const std::string& text, const std::string& nameForErrors) {
  std::string header;
  for (const auto& [name, meaning] : csvColumns()) header += (header.empty() ? "" : ",") + name;
  // Every field is checked: names against the registry and the known lists, numbers strictly.
  // Nothing from the file reaches the plot unless it is one of those names or a number.
  std::vector<BenchResult> results;
  for (const CsvRow& row : csvRows(text, header, csvColumns().size(), nameForErrors,
                                   "is not a shadersort bench CSV (its first line is not the header bench writes)")) {
    // Plain references, not structured bindings: the fuzz build's clang cannot capture those.
    const std::string& where = row.where;
    const std::vector<std::string>& f = row.fields;
    auto bad = [&](std::size_t column, const std::string& wanted) {
      return UserError(where + ": " + csvColumns()[column].first + " must be " + wanted + ", got " + quote(f[column]));
    };
    auto integer = [&](std::size_t column, std::uint64_t least, std::uint64_t most) {
      const auto value = wholeNumber(f[column], least, most);
      if (!value) throw bad(column, "a whole number from " + std::to_string(least) + " to " + std::to_string(most));
      return *value;
    };
    auto decimal = [&](std::size_t column) {
      const auto value = finiteNumber(f[column]);
      if (!value || *value < 0) throw bad(column, "a number of at least 0");
      return *value;
    };
    auto flag = [&](std::size_t column) {
      if (f[column] != "0" && f[column] != "1") throw bad(column, "0 or 1");
      return f[column] == "1";
    };
    auto oneOf = [&](std::size_t column, const std::vector<std::string>& known) {
      if (std::find(known.begin(), known.end(), f[column]) == known.end()) {
        std::string list;
        for (const std::string& name : known) list += (list.empty() ? "" : ", ") + name;
        throw bad(column, "one of " + list);
      }
      return f[column];
    };
    // Checked sets still (the names reach gnuplot's script): the registry's names and radix's
    // call through the library (bench --through-library); the distributions, each also with a
    // segment length (bench --segment-length: "random/5").
    std::vector<std::string> algorithmList;
    for (const AlgorithmInfo& algorithm : algorithms()) algorithmList.emplace_back(algorithm.name);
    algorithmList.emplace_back("radix-library");
    BenchResult r;
    r.algorithm = oneOf(0, algorithmList);
    r.count = integer(1, 1, 0xFFFFFFFFu);
    {
      const std::string whole = f[2];
      const std::size_t slash = whole.find('/');
      const bool segmented = slash != std::string::npos && slash + 1 < whole.size() && whole.size() - slash <= 11 &&
                             std::all_of(whole.begin() + static_cast<std::ptrdiff_t>(slash + 1), whole.end(),
                                         [](char c) { return c >= '0' && c <= '9'; });
      const std::vector<std::string> known = distributionNames();
      if (segmented && std::find(known.begin(), known.end(), whole.substr(0, slash)) != known.end())
        r.distribution = whole;
      else
        r.distribution = oneOf(2, known);
    }
    r.type = oneOf(3, {"u32", "i32", "f32"});
    r.pairs = flag(4);
    r.clock = oneOf(5, {"gpu", "wall"});
    r.repetitions = static_cast<int>(integer(6, 1, 0x7FFFFFFF));
    r.medianMs = decimal(7);
    r.minMs = decimal(8);
    for (std::size_t derived : {9u, 11u, 12u}) decimal(derived);
    r.cpuMedianMs = decimal(10);
    r.verified = flag(13);
    r.passesRun = static_cast<std::uint32_t>(integer(14, 0, 0xFFFFFFFFu));
    r.passCount = static_cast<std::uint32_t>(integer(15, 0, 0xFFFFFFFFu));
    r.settings = f[16];
    const bool settingsOk = r.settings == "defaults" || std::all_of(r.settings.begin(), r.settings.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '=' || c == ' ';
    });
    if (r.settings.empty() || !settingsOk) throw bad(16, "'defaults' or NAME=VALUE words");
    results.push_back(r);
  }
  return results;
}

std::string toJson(const std::vector<BenchResult>& results, const std::string& renderer, const std::string& glVersion) {
  std::string json = "{\n  \"renderer\": " + jsonString(renderer) + ",\n  \"gl_version\": " + jsonString(glVersion) +
                     ",\n  \"results\": [\n";
  for (std::size_t i = 0; i < results.size(); ++i) {
    const BenchResult& r = results[i];
    json += "    {\"algorithm\": " + jsonString(r.algorithm) + ", \"n\": " + std::to_string(r.count) +
            ", \"distribution\": " + jsonString(r.distribution) + ", \"type\": " + jsonString(r.type) +
            ", \"pairs\": " + (r.pairs ? "true" : "false") + ", \"clock\": " + jsonString(r.clock) +
            ", \"reps\": " + std::to_string(r.repetitions) + ", \"median_ms\": " + number(r.medianMs) +
            ", \"min_ms\": " + number(r.minMs) + ", \"gkeys_per_s\": " + number(r.keysPerSecond() / 1e9) +
            ", \"cpu_ms\": " + number(r.cpuMedianMs) + ", \"verified\": " + (r.verified ? "true" : "false") +
            ", \"passes_run\": " + std::to_string(r.passesRun) + ", \"pass_count\": " + std::to_string(r.passCount) +
            ", \"settings\": " + jsonString(r.settings) + "}" + (i + 1 < results.size() ? "," : "") + "\n";
  }
  return json + "  ]\n}\n";
}

namespace {

bool isTitleCharacter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ' ' ||
         plotTitlePunctuation().find(c) != std::string::npos;
}

}  // namespace

const std::string& plotTitlePunctuation() {
  static const std::string punctuation = "+-*/=.,:;()[]_^%#!?<>|&~";
  return punctuation;
}

void requirePlotTitle(const std::string& title) {
  if (!std::all_of(title.begin(), title.end(), isTitleCharacter))
    throw UsageError("--title may hold letters, digits, spaces and " + plotTitlePunctuation() + " only, got " + quote(title));
}

std::string plotTitleFrom(const std::string& text) {
  std::string title = text;
  std::replace_if(title.begin(), title.end(), [](char c) { return !isTitleCharacter(c); }, '?');
  return title;
}

const std::string& referenceCsvHeader() {
  static const std::string header = "series,n,g_keys_per_s";
  return header;
}

std::vector<ReferenceSeries> referencesFromCsv(const std::string& text, const std::string& nameForErrors) {
  // The name becomes script text (single-quoted, as a key label), so it is held to the title's
  // characters, none of which can end a single-quoted gnuplot string; the numbers only ever go
  // to data files, and are checked so that the line drawn is the one the file meant.
  std::vector<ReferenceSeries> references;
  for (const CsvRow& row : csvRows(text, referenceCsvHeader(), 3, nameForErrors,
                                   "is not a reference CSV (its first line must be exactly " + referenceCsvHeader() + ")",
                                   " (" + referenceCsvHeader() + ")")) {
    const std::string& where = row.where;
    const std::vector<std::string>& f = row.fields;
    const std::string& name = f[0];
    if (name.empty() || !std::all_of(name.begin(), name.end(), isTitleCharacter))
      throw UserError(where + ": series must be a name of letters, digits, spaces and " + plotTitlePunctuation() +
                      " only, got " + quote(name));
    const auto count = wholeNumber(f[1], 1, UINT64_MAX);
    if (!count) throw UserError(where + ": n must be a whole number of at least 1, got " + quote(f[1]));
    const auto rate = finiteNumber(f[2]);
    if (!rate || *rate <= 0) throw UserError(where + ": g_keys_per_s must be a number above 0, got " + quote(f[2]));
    auto series = std::find_if(references.begin(), references.end(), [&](const ReferenceSeries& r) { return r.name == name; });
    if (series == references.end()) series = references.insert(references.end(), ReferenceSeries{name, {}});
    // Two rates for one N would be drawn as one point, silently dropping the other.
    if (!series->gkeysPerSecond.emplace(*count, *rate).second)
      throw UserError(where + ": series " + quote(name) + " already has a rate for n = " + f[1]);
  }
  if (references.empty()) throw UserError(quote(nameForErrors) + " holds no rows after its header");
  return references;
}

std::vector<std::uint8_t> renderPlot(const std::vector<BenchResult>& results, const std::string& title,
                                     const std::vector<ReferenceSeries>& references) {
  if (results.empty()) throw UserError("nothing to plot");
  requirePlotTitle(title);
  // Checked again here, whoever built the series: their names are script text.
  for (const ReferenceSeries& reference : references)
    if (reference.name.empty() || !std::all_of(reference.name.begin(), reference.name.end(), isTitleCharacter))
      throw UserError("a reference series may be named with letters, digits, spaces and " + plotTitlePunctuation() +
                      " only, got " + quote(reference.name));
  const std::string distribution = results.front().distribution, type = results.front().type;
  const bool pairs = results.front().pairs;
  // One series per algorithm, plus the CPU reference, each sorted by N.
  std::map<std::string, std::map<std::size_t, double>> series;
  for (const BenchResult& r : results) {
    // A wrong result's time means nothing: only verified cases are drawn.
    if (r.distribution != distribution || r.type != type || r.pairs != pairs || !r.verified) continue;
    series[r.algorithm][r.count] = r.keysPerSecond() / 1e9;
    series[pairs ? "std::stable_sort (CPU)" : "std::sort (CPU)"][r.count] = r.cpuKeysPerSecond() / 1e9;
  }
  if (series.empty()) throw UserError("nothing to plot: no verified results");
  // The script is all our own text: the data goes in files gnuplot reads, the strings in it are
  // single-quoted (gnuplot expands nothing inside those) and drawn without enhanced-text markup,
  // and they come from a checked set: the title's characters (requirePlotTitle), algorithm names
  // from the registry, distribution and type names from their lists, reference names held to
  // the title's characters. Files are named relative to the folder gnuplot runs in, so no path
  // is script text either.
  const TemporaryFolder folder("shadersort-plot");  // removed at the end, and at SIGINT / SIGTERM / SIGHUP
  std::string script = "set terminal png size 1000,650 font ',11'\nset output 'plot.png'\n";
  script += "set title '" + title + " (" + distribution + " " + type + (pairs ? " pairs" : " keys") + ")' noenhanced\n";
  script += "set logscale xy\nset xlabel 'N (keys)'\nset ylabel 'G keys / s (median)'\nset grid\nset key left top noenhanced\n";
  script += "set format x '2^{%L}'\nset logscale x 2\nset format y '10^{%L}'\n";
  std::string plot = "plot ";
  int index = 0;
  auto addLine = [&](const std::string& name, const auto& points) {
    std::string data;
    for (const auto& [count, rate] : points) data += std::to_string(count) + " " + number(rate) + "\n";
    const std::string file = "series" + std::to_string(index) + ".dat";
    writeFileAtomically(folder.file(file), std::vector<std::uint8_t>(data.begin(), data.end()));
    plot += std::string(index ? ", " : "") + "'" + file + "' using 1:2 with linespoints lw 2 title '" + name + "'";
    ++index;
  };
  for (const auto& [name, points] : series) addLine(name, points);
  for (const ReferenceSeries& reference : references) addLine(reference.name, reference.gkeysPerSecond);
  script += plot + "\n";
  writeFileAtomically(folder.file("plot.gp"), std::vector<std::uint8_t>(script.begin(), script.end()));
  runGnuplot(folder.path(), "plot.gp");
  try {
    return readWholeFile(folder.file("plot.png"), 1u << 26);
  } catch (const UserError&) {
    throw UserError("gnuplot ran but wrote no picture");
  }
}

}  // namespace shadersort::bench

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
#include <sstream>
#include <unistd.h>

#include "bench/gnuplot.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/input_file.h"
#include "core/quoting.h"
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
  std::istringstream lines(text);
  std::string line;
  std::string header;
  for (const auto& [name, meaning] : csvColumns()) header += (header.empty() ? "" : ",") + name;
  auto stripReturn = [](std::string& row) {
    if (!row.empty() && row.back() == '\r') row.pop_back();
  };
  if (!std::getline(lines, line) || (stripReturn(line), line != header))
    throw UserError(quote(nameForErrors) + " is not a shadersort bench CSV (its first line is not the header bench writes)");
  // Every field is checked: names against the registry and the known lists, numbers strictly.
  // Nothing from the file reaches the plot unless it is one of those names or a number.
  std::vector<BenchResult> results;
  for (int number = 2; std::getline(lines, line); ++number) {
    stripReturn(line);
    if (line.empty()) continue;
    const std::string where = quote(nameForErrors) + " line " + std::to_string(number);
    const auto f = splitCsvLine(line);
    if (f.size() != csvColumns().size())
      throw UserError(where + " has " + std::to_string(f.size()) + " fields, not " + std::to_string(csvColumns().size()));
    auto bad = [&](std::size_t column, const std::string& wanted) {
      return UserError(where + ": " + csvColumns()[column].first + " must be " + wanted + ", got " + quote(f[column]));
    };
    auto integer = [&](std::size_t column, std::uint64_t least, std::uint64_t most) {
      std::uint64_t value = 0;
      const std::string& field = f[column];
      const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
      if (field.empty() || error != std::errc() || end != field.data() + field.size() || value < least || value > most)
        throw bad(column, "a whole number from " + std::to_string(least) + " to " + std::to_string(most));
      return value;
    };
    auto decimal = [&](std::size_t column) {
      double value = 0;
      const std::string& field = f[column];
      const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
      if (field.empty() || error != std::errc() || end != field.data() + field.size() || !std::isfinite(value) || value < 0)
        throw bad(column, "a number of at least 0");
      return value;
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
    std::vector<std::string> algorithmList;
    for (const AlgorithmInfo& algorithm : algorithms()) algorithmList.emplace_back(algorithm.name);
    BenchResult r;
    r.algorithm = oneOf(0, algorithmList);
    r.count = integer(1, 1, 0xFFFFFFFFu);
    r.distribution = oneOf(2, distributionNames());
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

// A folder of our own, made by mkdtemp (a fresh name, mode 0700: nobody can have planted it),
// removed with everything in it when the plot is done.
class TemporaryFolder {
 public:
  TemporaryFolder() {
    std::error_code ec;
    const std::filesystem::path base = std::filesystem::temp_directory_path(ec);  // $TMPDIR, else /tmp
    if (ec) throw UserError("cannot make a temporary folder for the plot: " + ec.message() + " (check TMPDIR)");
    std::string pattern = (base / "shadersort-plot-XXXXXX").string();
    if (!::mkdtemp(pattern.data()))
      throw UserError("cannot make a temporary folder for the plot in " + quote(base.string()) + ": " + std::strerror(errno));
    path_ = pattern;
  }
  ~TemporaryFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TemporaryFolder(const TemporaryFolder&) = delete;
  TemporaryFolder& operator=(const TemporaryFolder&) = delete;
  std::string file(const std::string& name) const { return path_ + "/" + name; }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

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

std::vector<std::uint8_t> renderPlot(const std::vector<BenchResult>& results, const std::string& title) {
  if (results.empty()) throw UserError("nothing to plot");
  requirePlotTitle(title);
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
  // from the registry, distribution and type names from their lists. Files are named relative
  // to the folder gnuplot runs in, so no path is script text either.
  const TemporaryFolder folder;
  std::string script = "set terminal png size 1000,650 font ',11'\nset output 'plot.png'\n";
  script += "set title '" + title + " (" + distribution + " " + type + (pairs ? " pairs" : " keys") + ")' noenhanced\n";
  script += "set logscale xy\nset xlabel 'N (keys)'\nset ylabel 'G keys / s (median)'\nset grid\nset key left top noenhanced\n";
  script += "set format x '2^{%L}'\nset logscale x 2\nset format y '10^{%L}'\n";
  std::string plot = "plot ";
  int index = 0;
  for (const auto& [name, points] : series) {
    std::string data;
    for (const auto& [count, rate] : points) data += std::to_string(count) + " " + number(rate) + "\n";
    const std::string file = "series" + std::to_string(index) + ".dat";
    writeFileAtomically(folder.file(file), std::vector<std::uint8_t>(data.begin(), data.end()));
    plot += std::string(index ? ", " : "") + "'" + file + "' using 1:2 with linespoints lw 2 title '" + name + "'";
    ++index;
  }
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

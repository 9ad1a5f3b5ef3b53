#include "bench/bench_report.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

#include "core/atomic_file.h"
#include "core/error.h"

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
  if (!std::getline(lines, line) || splitCsvLine(line).size() != csvColumns().size() || line.rfind("algorithm,", 0) != 0)
    throw UserError("'" + nameForErrors + "' is not a shadersort bench CSV");
  std::vector<BenchResult> results;
  while (std::getline(lines, line)) {
    if (line.empty()) continue;
    const auto f = splitCsvLine(line);
    if (f.size() != csvColumns().size()) throw UserError("'" + nameForErrors + "' has a malformed row: " + line);
    try {
      BenchResult r;
      r.algorithm = f[0];
      r.count = std::stoull(f[1]);
      r.distribution = f[2];
      r.type = f[3];
      r.pairs = f[4] == "1";
      r.clock = f[5];
      r.repetitions = std::stoi(f[6]);
      r.medianMs = std::stod(f[7]);
      r.minMs = std::stod(f[8]);
      r.cpuMedianMs = std::stod(f[10]);
      r.verified = f[13] == "1";
      r.passesRun = static_cast<std::uint32_t>(std::stoul(f[14]));
      r.passCount = static_cast<std::uint32_t>(std::stoul(f[15]));
      r.settings = f[16];
      results.push_back(r);
    } catch (const std::exception&) {
      throw UserError("'" + nameForErrors + "' has a malformed row: " + line);
    }
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

void plotResults(const std::vector<BenchResult>& results, const std::string& title, const std::string& pngPath) {
  if (results.empty()) throw UserError("nothing to plot");
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
  const std::filesystem::path folder = std::filesystem::temp_directory_path() / ("shadersort-plot-" + std::to_string(::getpid()));
  std::filesystem::create_directories(folder);
  std::string script = "set terminal png size 1000,650 font ',11'\nset output '" + (folder / "plot.png").string() + "'\n";
  script += "set title \"" + title + " (" + distribution + " " + type + (pairs ? " pairs" : " keys") + ")\"\n";
  script += "set logscale xy\nset xlabel 'N (keys)'\nset ylabel 'G keys / s (median)'\nset grid\nset key left top\n";
  script += "set format x '2^{%L}'\nset logscale x 2\nset format y '10^{%L}'\n";
  std::string plot = "plot ";
  int index = 0;
  for (const auto& [name, points] : series) {
    std::string data;
    for (const auto& [count, rate] : points) data += std::to_string(count) + " " + number(rate) + "\n";
    const std::string file = (folder / ("series" + std::to_string(index) + ".dat")).string();
    writeFileAtomically(file, std::vector<std::uint8_t>(data.begin(), data.end()));
    plot += std::string(index ? ", " : "") + "'" + file + "' using 1:2 with linespoints lw 2 title \"" + name + "\"";
    ++index;
  }
  script += plot + "\n";
  const std::string scriptPath = (folder / "plot.gp").string();
  writeFileAtomically(scriptPath, std::vector<std::uint8_t>(script.begin(), script.end()));
  const std::string command = "gnuplot " + scriptPath + " >/dev/null 2>&1";
  const int status = std::system(command.c_str());
  const bool ok = status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0 && std::filesystem::exists(folder / "plot.png");
  if (ok) {
    const std::vector<std::uint8_t> png = readWholeFile((folder / "plot.png").string());
    std::filesystem::remove_all(folder);
    writeFileAtomically(pngPath, png);
    return;
  }
  std::filesystem::remove_all(folder);
  throw UserError("--plot needs gnuplot (Debian: apt-get install gnuplot-nox)");
}

}  // namespace shadersort::bench

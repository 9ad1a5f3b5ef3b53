#include "bench/tune_cache.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/atomic_file.h"

namespace shadersort::bench {
namespace {

// One line per setting: renderer <TAB> GL version <TAB> algorithm <TAB> name <TAB> value.
struct CacheLine {
  std::string renderer, version, algorithm, name;
  int value = 0;
};

std::vector<CacheLine> readCache() {
  std::vector<CacheLine> lines;
  std::ifstream file(tuneCachePath());
  std::string text;
  while (std::getline(file, text)) {
    if (text.empty() || text[0] == '#') continue;
    std::istringstream fields(text);
    CacheLine line;
    std::string value;
    if (!std::getline(fields, line.renderer, '\t') || !std::getline(fields, line.version, '\t') ||
        !std::getline(fields, line.algorithm, '\t') || !std::getline(fields, line.name, '\t') ||
        !std::getline(fields, value))
      continue;  // a damaged line is skipped, never fatal: the cache only speeds things up
    try {
      line.value = std::stoi(value);
    } catch (const std::exception&) {
      continue;
    }
    lines.push_back(line);
  }
  return lines;
}

}  // namespace

std::string tuneCachePath() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  const char* home = std::getenv("HOME");
  std::filesystem::path base = xdg && *xdg ? std::filesystem::path(xdg)
                               : home && *home ? std::filesystem::path(home) / ".cache"
                                               : std::filesystem::temp_directory_path();
  return (base / "shadersort" / "tuning.tsv").string();
}

std::map<std::string, TunedSettings> loadTunedSettings(const gl::Limits& limits) {
  std::map<std::string, TunedSettings> settings;
  for (const CacheLine& line : readCache())
    if (line.renderer == limits.renderer && line.version == limits.version) settings[line.algorithm][line.name] = line.value;
  return settings;
}

void storeTunedSettings(const gl::Limits& limits, const std::string& algorithm, const TunedSettings& settings) {
  std::string text = "# shadersort tuning cache: renderer, GL version, algorithm, setting, value (tab separated)\n";
  for (const CacheLine& line : readCache()) {
    if (line.renderer == limits.renderer && line.version == limits.version && line.algorithm == algorithm) continue;
    text += line.renderer + "\t" + line.version + "\t" + line.algorithm + "\t" + line.name + "\t" +
            std::to_string(line.value) + "\n";
  }
  for (const auto& [name, value] : settings)
    text += limits.renderer + "\t" + limits.version + "\t" + algorithm + "\t" + name + "\t" + std::to_string(value) + "\n";
  const std::filesystem::path path = tuneCachePath();
  std::filesystem::create_directories(path.parent_path());
  writeFileAtomically(path.string(), std::vector<std::uint8_t>(text.begin(), text.end()));
}

SorterOptions withTunedSettings(const AlgorithmInfo& algorithm, SorterOptions options, const gl::Limits& limits,
                                bool useCache) {
  if (!useCache) return options;
  const auto cached = loadTunedSettings(limits);
  const auto entry = cached.find(std::string(algorithm.name));
  if (entry == cached.end()) return options;
  const std::vector<Tunable> known = algorithm.tunables(limits);
  for (const auto& [name, value] : entry->second) {
    // name captured by copy: clang 14 (the fuzz build) cannot capture a structured binding.
    const bool stillKnown =
        std::any_of(known.begin(), known.end(), [&, name = name](const Tunable& t) { return t.name == name; });
    if (stillKnown) options.settings.emplace(name, value);  // emplace: an explicit --set wins
  }
  return options;
}

}  // namespace shadersort::bench

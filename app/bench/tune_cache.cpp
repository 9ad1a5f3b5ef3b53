#include "bench/tune_cache.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <sstream>
#include <vector>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/input_file.h"
#include "core/quoting.h"

namespace shadersort::bench {
namespace {

// A cache of every algorithm on many GPUs is a few KiB; anything near this is not one.
constexpr std::uint64_t kMaxCacheBytes = 1u << 20;

// One line per setting: renderer <TAB> GL version <TAB> algorithm <TAB> name <TAB> value.
struct CacheLine {
  std::string renderer, version, algorithm, name;
  int value = 0;
  int number = 0;  // line number in the file, for warnings
};

// Prints the first problem found in the cache, once per run: a bench or `info` consults the
// cache many times and one line is enough to say it needs a look (`shadersort tune` rewrites it).
void warnAboutCache(const std::string& problem) {
  static bool warned = false;
  if (warned) return;
  warned = true;
  warn("tuning cache " + quote(tuneCachePath()) + ": " + problem + "; ignored");
}

std::optional<int> strictInteger(const std::string& text) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::vector<CacheLine> readCache() {
  std::vector<CacheLine> lines;
  const std::string path = tuneCachePath();
  std::error_code missing;
  if (!std::filesystem::exists(std::filesystem::symlink_status(path, missing))) return lines;  // nothing tuned yet
  std::vector<std::uint8_t> bytes;
  try {
    // Regular files only, and capped: a FIFO here must not hang a run, nor /dev/zero fill it.
    bytes = readWholeFile(path, kMaxCacheBytes);
  } catch (const UserError& unreadable) {
    warnAboutCache(unreadable.what());
    return lines;
  }
  std::istringstream file(std::string(bytes.begin(), bytes.end()));
  std::string text;
  for (int number = 1; std::getline(file, text); ++number) {
    if (text.empty() || text[0] == '#') continue;
    std::vector<std::string> fields;
    std::istringstream split(text);
    for (std::string field; std::getline(split, field, '\t');) fields.push_back(field);
    const std::optional<int> value = fields.size() == 5 ? strictInteger(fields[4]) : std::nullopt;
    if (!value) {
      warnAboutCache("line " + std::to_string(number) + " is not renderer, version, algorithm, setting and integer value, "
                     "tab separated");
      continue;
    }
    lines.push_back({fields[0], fields[1], fields[2], fields[3], *value, number});
  }
  return lines;
}

// This GPU's well-formed lines for `algorithm`.
std::vector<CacheLine> cachedLines(const gl::Limits& limits, std::string_view algorithm) {
  std::vector<CacheLine> found;
  for (const CacheLine& line : readCache())
    if (line.renderer == limits.renderer && line.version == limits.version && line.algorithm == algorithm) found.push_back(line);
  return found;
}

}  // namespace

std::string tuneCachePath() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  const char* home = std::getenv("HOME");
  std::error_code ec;
  std::filesystem::path base = xdg && *xdg ? std::filesystem::path(xdg)
                               : home && *home ? std::filesystem::path(home) / ".cache"
                                               : std::filesystem::temp_directory_path(ec);
  return (base / "shadersort" / "tuning.tsv").string();
}

std::map<std::string, TunedSettings> loadTunedSettings(const gl::Limits& limits) {
  std::map<std::string, TunedSettings> settings;
  for (const CacheLine& line : readCache())
    if (line.renderer == limits.renderer && line.version == limits.version) settings[line.algorithm][line.name] = line.value;
  return settings;
}

void requireTuneCacheWritable() {
  const std::filesystem::path path = tuneCachePath();
  std::error_code ec;
  std::filesystem::create_directories(path.parent_path(), ec);
  if (ec) throw UserError("cannot write the tuning cache " + quote(path.string()) + ": " + ec.message());
  try {
    requireWritableOutput(path.string());
  } catch (const UserError& refused) {
    throw UserError(std::string("tuning cache: ") + refused.what());
  }
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
  requireTuneCacheWritable();
  writeFileAtomically(tuneCachePath(), std::vector<std::uint8_t>(text.begin(), text.end()));
}

SorterOptions withTunedSettings(const AlgorithmInfo& algorithm, SorterOptions options, const gl::Limits& limits,
                                bool useCache) {
  if (!useCache) return options;
  const std::vector<CacheLine> cached = cachedLines(limits, algorithm.name);
  if (cached.empty()) return options;
  // Each value must be one tune could have stored: the default or a candidate on this GPU.
  const std::vector<Tunable> tunables = algorithm.tunables(limits);
  SorterOptions withCache = options;
  bool added = false;
  for (const CacheLine& line : cached) {
    const auto tunable = std::find_if(tunables.begin(), tunables.end(), [&](const Tunable& t) { return t.name == line.name; });
    const std::string shown = std::string(algorithm.name) + " " + line.name + "=" + std::to_string(line.value);
    if (tunable == tunables.end()) {
      warnAboutCache("line " + std::to_string(line.number) + ": " + std::string(algorithm.name) + " tunes no setting " + quote(line.name));
      continue;
    }
    const bool chosenByTune = line.value == tunable->defaultValue ||
                              std::count(tunable->candidates.begin(), tunable->candidates.end(), line.value) > 0;
    if (!chosenByTune) {
      warnAboutCache("line " + std::to_string(line.number) + ": " + shown + " is not a value tune tries on this GPU");
      continue;
    }
    added = withCache.settings.emplace(line.name, line.value).second || added;  // an explicit --set wins
  }
  if (!added) return options;
  // Values fine one by one may still not go together; the sorter is the judge. Its refusal is
  // the cache's fault only if the command line's own settings are accepted.
  try {
    algorithm.create(withCache);
  } catch (const UserError& refused) {
    try {
      algorithm.create(options);
    } catch (const UserError&) {
      return options;  // the command line's own mistake: reported where the sorter is made
    }
    warnAboutCache(std::string(algorithm.name) + "'s cached settings are refused (" + refused.what() + ")");
    return options;
  }
  return withCache;
}

}  // namespace shadersort::bench

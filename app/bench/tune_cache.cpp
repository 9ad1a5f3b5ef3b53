#include "bench/tune_cache.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <sstream>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

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

// Why `folder` (the cache's own folder, or the one it sits in) must not hold the cache, or ""
// when it may: another user could replace the cache there, and a link could aim root's write
// anywhere (the issue with the old fallback, a fixed /tmp/shadersort). `mayBeLink` allows a
// link for the folder it sits in (~/.cache is often one), never for our own folder.
std::string folderProblem(const std::filesystem::path& folder, bool mayBeLink) {
  struct stat status {};
  if ((mayBeLink ? ::stat(folder.c_str(), &status) : ::lstat(folder.c_str(), &status)) != 0)
    return quote(folder.string()) + ": " + std::strerror(errno);
  if (S_ISLNK(status.st_mode)) return quote(folder.string()) + " is a symbolic link";
  if (!S_ISDIR(status.st_mode)) return quote(folder.string()) + " is not a folder";
  if (status.st_uid != ::geteuid()) return quote(folder.string()) + " belongs to another user";
  if (!mayBeLink && (status.st_mode & S_IWOTH)) return quote(folder.string()) + " is writable by every user";
  return {};
}

bool entryExists(const std::filesystem::path& path) {
  struct stat status {};
  return ::lstat(path.c_str(), &status) == 0;
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
  if (path.empty() || !entryExists(path)) return lines;  // nowhere to keep one, or nothing tuned yet
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  std::string problem = folderProblem(folder.parent_path(), true);
  if (problem.empty()) problem = folderProblem(folder, false);
  std::error_code ignored;
  if (problem.empty() && std::filesystem::is_symlink(std::filesystem::symlink_status(path, ignored)))
    problem = "it is a symbolic link";
  if (!problem.empty()) {
    warnAboutCache(problem);
    return lines;
  }
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
  // Relative values are ignored, as the XDG base directory spec says; there is no fallback in a
  // shared folder such as /tmp.
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  const char* home = std::getenv("HOME");
  std::filesystem::path base;
  if (xdg && *xdg == '/') base = xdg;
  else if (home && *home == '/') base = std::filesystem::path(home) / ".cache";
  else return {};
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
  if (path.empty()) throw UserError("no tuning cache: neither XDG_CACHE_HOME nor HOME is set to an absolute path");
  const std::filesystem::path folder = path.parent_path(), base = folder.parent_path();
  auto refuse = [&](const std::string& why) {
    throw UserError("cannot write the tuning cache " + quote(path.string()) + ": " + why);
  };
  // One level at a time, mode 0700, and never a home: with HOME=/nonexistent, nothing is made.
  for (const std::filesystem::path& made : {base, folder})
    if (!entryExists(made) && ::mkdir(made.c_str(), 0700) != 0 && errno != EEXIST)
      refuse(quote(made.string()) + ": " + std::strerror(errno));
  if (const std::string problem = folderProblem(base, true); !problem.empty()) refuse(problem);
  if (const std::string problem = folderProblem(folder, false); !problem.empty()) refuse(problem);
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

SorterOptions withTunedSettings(const AlgorithmInfo& algorithm, SorterOptions options, SortContext& context,
                                bool useCache) {
  if (!useCache) return options;
  const gl::Limits& limits = context.limits();
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
    algorithm.create(context, withCache);
  } catch (const UserError& refused) {
    try {
      algorithm.create(context, options);
    } catch (const UserError&) {
      return options;  // the command line's own mistake: reported where the sorter is made
    }
    warnAboutCache(std::string(algorithm.name) + "'s cached settings are refused (" + refused.what() + ")");
    return options;
  }
  return withCache;
}

}  // namespace shadersort::bench

#pragma once
// The tuning cache: the fastest settings `shadersort tune` found, per GPU (renderer and driver
// version) and algorithm, in $XDG_CACHE_HOME/shadersort/tuning.tsv (~/.cache/... by default).
// Sorters get cached settings through withTunedSettings(); settings given on the command line win.

#include <map>
#include <string>

#include "gl/limits.h"
#include "sort/registry.h"

namespace shadersort::bench {

std::string tuneCachePath();

using TunedSettings = std::map<std::string, int, std::less<>>;

// Every algorithm's cached settings for this GPU; empty when there is no cache or no entry.
std::map<std::string, TunedSettings> loadTunedSettings(const gl::Limits& limits);
// Replaces this GPU's entry for `algorithm`; the file is rewritten whole.
void storeTunedSettings(const gl::Limits& limits, const std::string& algorithm, const TunedSettings& settings);

// `options` with this GPU's cached settings for `algorithm` filled in where the caller set none.
// Cached names the algorithm no longer knows are ignored (a cache may outlive a build).
SorterOptions withTunedSettings(const AlgorithmInfo& algorithm, SorterOptions options, const gl::Limits& limits,
                                bool useCache);

}  // namespace shadersort::bench

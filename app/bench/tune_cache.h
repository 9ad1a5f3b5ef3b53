#pragma once
// The tuning cache: the fastest settings `shadersort tune` found, per GPU (renderer and driver
// version) and algorithm, in $XDG_CACHE_HOME/shadersort/tuning.tsv (~/.cache/... by default).
// Sorters get cached settings through withTunedSettings(); settings given on the command line win.
// The cache only speeds things up: whatever is wrong in it (a damaged line, a value tune would
// never choose, settings the sorter refuses, a FIFO in its place) is ignored with one warning
// line per run, never fatal, and never blamed on the command line.

#include <map>
#include <string>

#include "gl/limits.h"
#include "sort/registry.h"

namespace shadersort::bench {

// $XDG_CACHE_HOME/shadersort/tuning.tsv, else $HOME/.cache/shadersort/tuning.tsv; empty when
// neither variable is an absolute path (then there is no cache, and `tune` says so). The cache is
// used only in a folder of this user that is not a link (the folder it sits in may be one).
std::string tuneCachePath();

using TunedSettings = std::map<std::string, int, std::less<>>;

// Every algorithm's cached settings for this GPU as the file holds them (well-formed lines
// only); empty when there is no cache or no entry.
std::map<std::string, TunedSettings> loadTunedSettings(const gl::Limits& limits);
// Replaces this GPU's entry for `algorithm`; the file is rewritten whole. Throws UserError
// naming the cache when it cannot be written.
void storeTunedSettings(const gl::Limits& limits, const std::string& algorithm, const TunedSettings& settings);
// Throws UserError naming the cache and why when storeTunedSettings() could not write it
// (making its folder, and the cache folder it sits in, one level each, if missing; never a
// home): for `tune` to say so before its sweep, not after.
void requireTuneCacheWritable();

// `options` with this GPU's cached settings for `algorithm` filled in where the caller set none.
// Cached names the algorithm does not tune, values that are not among its defaults and tuning
// candidates on this GPU, and combinations its sorter refuses are dropped (one warning).
SorterOptions withTunedSettings(const AlgorithmInfo& algorithm, SorterOptions options, SortContext& context,
                                bool useCache);

}  // namespace shadersort::bench

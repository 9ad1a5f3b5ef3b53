#pragma once
// How radix's partitions rank their keys on this GPU: subgroup ballots where a probe dispatch
// shows subgroups laid out as shaders/sort/radix/match.glsl expects, else shared memory.

#include <cstdint>
#include <map>
#include <string>
#include <utility>

#include "gl/limits.h"
#include "sort/radix/ballot_kind.h"
#include "sort/radix/layout.h"
#include "sort/radix/settings.h"
#include "sort/sort_context.h"

namespace shadersort::radix {

struct Ranking {
  BallotKind ballotKind = BallotKind::Shared;
  std::uint32_t subgroupWidth = kCoreSubgroupWidth;  // invocations that rank together
};

// The ranking `settings.ballot` asks for, as far as this GPU has it; the probe shader is read
// through `shaders`. Throws UserError when the match instruction is asked for where the driver
// lacks it.
Ranking probeRanking(const RadixSettings& settings, const gl::Limits& limits, const gl::ShaderSource& shaders);

// The probes run on one context (SortContext::rankingCache()), by what a probe depends on: the
// ballot setting and the smallest workgroup.
struct RankingCache {
  std::map<std::pair<int, std::uint32_t>, Ranking> probed;
};

// probeRanking() once per context: later sorters with the same ballot setting and smallest
// workgroup get the answer without another dispatch and read-back.
Ranking cachedRanking(SortContext& context, const RadixSettings& settings);

}  // namespace shadersort::radix

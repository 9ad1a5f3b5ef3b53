#pragma once
// How radix's partitions rank their keys, as the shaders' BALLOT_KIND define says it. This enum
// is the only numbering: the define's value and the names the shaders compare it with
// (BALLOT_SHARED, BALLOT_ARB, BALLOT_KHR, BALLOT_MATCH_NV) are all injected from kBallotKinds,
// so no shader or C++ comparison spells a kind as a number.
//
// The `ballot` setting (auto, off, match) is what a user asks for; RadixSettings numbers it for
// --set, and radix/ranking_probe.h turns a request into the kinds this GPU is probed for.

#include <array>
#include <string_view>

#include "gl/program.h"

namespace shadersort::radix {

enum class BallotKind {
  Shared,   // core GL 4.3: SUBGROUP_WIDTH neighbouring invocations compare digits in shared memory
  Arb,      // GL_ARB_shader_ballot: one ballot per digit bit
  Khr,      // GL_KHR_shader_subgroup_ballot (with arithmetic and shuffles): one ballot per digit bit
  MatchNv,  // GL_NV_shader_subgroup_partitioned: one match instruction finds a digit's peers
};

struct BallotKindFacts {
  BallotKind kind;
  std::string_view define;  // the shaders' name for it
  std::string_view name;    // as RadixSorter::rankingName() says it
};

inline constexpr std::array<BallotKindFacts, 4> kBallotKinds = {{
    {BallotKind::Shared, "BALLOT_SHARED", "shared memory"},
    {BallotKind::Arb, "BALLOT_ARB", "ballot ARB"},
    {BallotKind::Khr, "BALLOT_KHR", "ballot KHR"},
    {BallotKind::MatchNv, "BALLOT_MATCH_NV", "match NV"},
}};

// Whether `kind` ranks with KHR subgroup operations (ballots or the match, shuffles, arithmetic).
constexpr bool usesKhrSubgroups(BallotKind kind) { return kind == BallotKind::Khr || kind == BallotKind::MatchNv; }

// "match NV", "ballot KHR", "ballot ARB" or "shared memory".
std::string_view rankingName(BallotKind kind);
// The shaders' name for `kind`: "BALLOT_SHARED", "BALLOT_ARB", ...
std::string_view ballotDefineName(BallotKind kind);

// BALLOT_KIND for `kind`, and every kind's named define to compare it with.
gl::ShaderDefines ballotDefines(BallotKind kind);

}  // namespace shadersort::radix

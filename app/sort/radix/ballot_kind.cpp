#include "sort/radix/ballot_kind.h"

#include <cstdint>
#include <string>

namespace shadersort::radix {
namespace {

const BallotKindFacts& factsOf(BallotKind kind) {
  for (const BallotKindFacts& facts : kBallotKinds)
    if (facts.kind == kind) return facts;
  return kBallotKinds.front();
}

}  // namespace

std::string_view rankingName(BallotKind kind) { return factsOf(kind).name; }

std::string_view ballotDefineName(BallotKind kind) { return factsOf(kind).define; }

gl::ShaderDefines ballotDefines(BallotKind kind) {
  gl::ShaderDefines defines;
  for (const BallotKindFacts& facts : kBallotKinds)
    defines.set(std::string(facts.define), static_cast<std::int64_t>(facts.kind));
  defines.set("BALLOT_KIND", std::string(ballotDefineName(kind)));
  return defines;
}

}  // namespace shadersort::radix

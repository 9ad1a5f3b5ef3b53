#include "sort/radix/ranking_probe.h"

#include <algorithm>
#include <array>
#include <vector>

#include "core/error.h"
#include "gl/compute.h"
#include "sort/compute/kernel.h"
#include "sort/compute/storage_buffer.h"

namespace shadersort::radix {
namespace {

// Not in glad's GL 4.3 core header: GL_KHR_shader_subgroup queries.
constexpr GLenum kSubgroupSupportedStages = 0x9533;
constexpr GLenum kSubgroupSupportedFeatures = 0x9534;
constexpr GLint kSubgroupFeatureArithmetic = 0x04;
constexpr GLint kSubgroupFeatureBallot = 0x08;
constexpr GLint kSubgroupFeatureShuffle = 0x10;

// shaders/sort/radix/ballot_probe.comp reads no uniforms.
struct ProbeUniforms {
  static std::array<compute::UniformField<ProbeUniforms>, 0> fields() { return {}; }
};

bool hasKhrBallots(const gl::Limits& limits) {
  if (!limits.hasKhrSubgroup) return false;
  GLint stages = 0, features = 0;
  glGetIntegerv(kSubgroupSupportedStages, &stages);
  glGetIntegerv(kSubgroupSupportedFeatures, &features);
  const GLint needed = kSubgroupFeatureArithmetic | kSubgroupFeatureBallot | kSubgroupFeatureShuffle;
  return (stages & GL_COMPUTE_SHADER_BIT) != 0 && (features & needed) == needed;
}

}  // namespace

Ranking probeRanking(const RadixSettings& settings, const gl::Limits& limits, const gl::ShaderSource& shaders) {
  // Ballots per digit bit (KHR, then ARB); the NV match instruction only when asked for: on an
  // H100 it ranked slower than eight ballots (docs/BENCHMARKS.md).
  std::vector<BallotKind> kinds;
  const bool khrBallots = hasKhrBallots(limits);
  if (settings.ballot == RadixSettings::kBallotMatch) {
    if (!khrBallots || !limits.hasExtension("GL_NV_shader_subgroup_partitioned"))
      throw UserError(
          "radix: ballot 2 needs GL_NV_shader_subgroup_partitioned and KHR subgroup arithmetic, ballots and shuffles");
    kinds.push_back(BallotKind::MatchNv);
  }
  if (settings.ballot == RadixSettings::kBallotAuto && khrBallots) kinds.push_back(BallotKind::Khr);
  if (settings.ballot == RadixSettings::kBallotAuto && limits.hasArbShaderBallot) kinds.push_back(BallotKind::Arb);
  // The smallest workgroup these settings use (auto: 256 or 512): a subgroup width that divides
  // it divides the others.
  const std::uint32_t smallest = classicWorkgroupSize(settings);
  const std::size_t workgroup = smallest;
  for (BallotKind kind : kinds) {
    gl::ShaderDefines defines = ballotDefines(kind);
    defines.set("WORKGROUP_SIZE", smallest).set("PROBE_BINDING", kProbeBinding);
    const compute::Kernel<ProbeUniforms> probe(shaders, "shaders/sort/radix/ballot_probe.comp", defines);
    // Each invocation writes the subgroup size it sees.
    const compute::StorageBuffer report("radix: ballot probe", workgroup * 4);
    report.bind(kProbeBinding);
    probe.dispatch({}, 1);
    const auto sizes = gl::downloadWords(report.buffer(), workgroup);
    // The probe's program is deleted at the end of this scope: left current, it would be a dead
    // name for whoever saves and restores the current program (the library's state guard).
    glUseProgram(0);
    const std::uint32_t size = sizes.front();
    if (size != 0 && smallest % size == 0 &&
        std::all_of(sizes.begin(), sizes.end(), [&](std::uint32_t s) { return s == size; }))
      return {.ballotKind = kind, .subgroupWidth = size};
  }
  return {};
}

Ranking cachedRanking(SortContext& context, const RadixSettings& settings) {
  std::map<std::pair<int, std::uint32_t>, Ranking>& probed = context.rankingCache().probed;
  const std::pair<int, std::uint32_t> key{settings.ballot, classicWorkgroupSize(settings)};
  if (const auto found = probed.find(key); found != probed.end()) return found->second;
  const Ranking ranking = probeRanking(settings, context.limits(), context.shaders());
  probed.emplace(key, ranking);
  return ranking;
}

}  // namespace shadersort::radix

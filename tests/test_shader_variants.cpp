// Shader variants this machine's GL cannot compile: llvmpipe has no KHR subgroups, so radix's
// subgroup rankings (BallotKind::Khr, KHR ballots and shuffles; MatchNv, NVIDIA's match instruction)
// would first meet a compiler on an NVIDIA GPU. glslangValidator (Debian's glslang-tools,
// installed by .ci/quickstart) checks the exact text the GL compiler would get.

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "gl/program.h"
#include "sort/radix/radix_sorter.h"
#include "sort_test_support.h"
#include "sorter_test_access.h"

namespace shadersort::testing {
namespace {

struct Validation {
  int exitCode = -1;
  std::string output;
};

// Runs glslangValidator on `source` as a compute shader.
Validation validateComputeShader(const std::string& source, const std::string& name) {
  const auto path = std::filesystem::temp_directory_path() / ("shadersort_" + name + ".comp");
  std::ofstream(path) << source;
  const testing::ValidatorRun run = testing::runGlslangValidator({"-S", "comp"}, path.string());
  std::filesystem::remove(path);
  return {run.exitCode, run.output};
}

class ShaderVariants : public ::testing::Test {};

TEST_F(ShaderVariants, AFileNameReachesTheValidatorAsOneArgument) {
  // No shell between us and glslangValidator: quotes and $(...) in a name stay characters.
  const auto folder = std::filesystem::temp_directory_path() / "shadersort_validator_name";
  std::filesystem::create_directories(folder);
  // A shell would run `touch shadersort-validator-ran` in the working folder.
  const std::filesystem::path marker = "shadersort-validator-ran";
  const auto path = folder / ("it's $(touch " + marker.string() + "); \"x.comp");
  std::ofstream(path) << "#version 430 core\nlayout(local_size_x = 1) in;\nvoid main() {}\n";
  ASSERT_TRUE(std::filesystem::exists(path));
  const testing::ValidatorRun run = testing::runGlslangValidator({"-S", "comp"}, path.string());
  EXPECT_EQ(run.exitCode, 0) << run.output;
  EXPECT_FALSE(std::filesystem::exists(marker)) << "part of the name ran as a command";
  std::filesystem::remove_all(folder);
}

TEST_F(ShaderVariants, TheValidatorRejectsABrokenShader) {
  // Without this, a missing validator or a harness that never reports errors would pass below.
  const Validation broken = validateComputeShader(
      "#version 430 core\nlayout(local_size_x = 1) in;\nvoid main() { uint x = UNDEFINED_NAME; }\n", "broken");
  EXPECT_NE(broken.exitCode, 0) << broken.output;
  EXPECT_NE(broken.output.find("UNDEFINED_NAME"), std::string::npos) << broken.output;
  const Validation fine =
      validateComputeShader("#version 430 core\nlayout(local_size_x = 1) in;\nvoid main() {}\n", "fine");
  EXPECT_EQ(fine.exitCode, 0) << fine.output;
}

TEST_F(ShaderVariants, RadixSubgroupRankingsCompile) {
  RadixSorter sorter(testSortContext(), SorterOptions{});
  for (const radix::BallotKind ballotKind : {radix::BallotKind::Khr, radix::BallotKind::MatchNv}) {
    const std::string kind(radix::ballotDefineName(ballotKind));
    for (int chained : {0, 1}) {
      gl::ShaderDefines defines = RadixSorterTestAccess::kernelDefines(sorter, ballotKind, 32);
      defines.set("CHAINED", chained);
      const std::string name = "downsweep_" + kind + "_chained" + std::to_string(chained);
      const Validation result = validateComputeShader(gl::expandedSource(gl::ShaderSource(), "shaders/sort/radix/downsweep.comp", defines), name);
      EXPECT_EQ(result.exitCode, 0) << name << ":\n" << result.output;
    }
    for (std::uint32_t workgroup : {32u, 1024u}) {
      const std::string name = "sequence_" + kind + "_workgroup" + std::to_string(workgroup);
      const Validation result = validateComputeShader(
          gl::expandedSource(gl::ShaderSource(), "shaders/sort/radix/sequence.comp", RadixSorterTestAccess::sequenceKernelDefines(sorter, ballotKind, 32, workgroup)), name);
      EXPECT_EQ(result.exitCode, 0) << name << ":\n" << result.output;
    }
    gl::ShaderDefines probe = radix::ballotDefines(ballotKind);
    probe.set("WORKGROUP_SIZE", 256).set("PROBE_BINDING", 0);
    const std::string name = "probe_" + kind;
    const Validation result = validateComputeShader(gl::expandedSource(gl::ShaderSource(), "shaders/sort/radix/ballot_probe.comp", probe), name);
    EXPECT_EQ(result.exitCode, 0) << name << ":\n" << result.output;
  }
}

}  // namespace
}  // namespace shadersort::testing

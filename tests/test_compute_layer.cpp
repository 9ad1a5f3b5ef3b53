// The compute sorters' shared plumbing (app/sort/compute/) and settings tables: a kernel refuses
// a uniform its program lacks, a storage buffer binds exactly the range it is asked to, a step
// reports to the observer, and a settings table parses, refuses and names values in one way.

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>

#include "core/error.h"
#include "gl/compute.h"
#include "sort/compute/dispatch.h"
#include "sort/compute/kernel.h"
#include "sort/compute/storage_buffer.h"
#include "sort/setting_table.h"
#include "sort_test_support.h"

namespace shadersort::testing {
namespace {

constexpr const char* kCopyShader = "shaders/bench/copy.comp";  // uvec4 from binding 0 to binding 1
constexpr int kCopyWorkgroup = 64;

gl::ShaderDefines copyDefines() { return gl::ShaderDefines().set("WORKGROUP_SIZE", kCopyWorkgroup); }

struct CopyUniforms {
  std::uint32_t vectors = 0;
  static std::vector<compute::UniformField<CopyUniforms>> fields() {
    return {compute::uniform("u_vectors", &CopyUniforms::vectors)};
  }
};

struct MisspeltUniforms {
  std::uint32_t vectors = 0;
  static std::vector<compute::UniformField<MisspeltUniforms>> fields() {
    return {compute::uniform("u_vector", &MisspeltUniforms::vectors)};
  }
};

struct WronglyTypedUniforms {
  std::int32_t vectors = 0;  // the shader's u_vectors is a uint
  static std::vector<compute::UniformField<WronglyTypedUniforms>> fields() {
    return {compute::uniform("u_vectors", &WronglyTypedUniforms::vectors)};
  }
};

class ComputeLayer : public ::testing::Test {};

template <typename Uniforms>
std::string buildError() {
  try {
    compute::Kernel<Uniforms> kernel(gl::ShaderSource(), kCopyShader, copyDefines());
  } catch (const GpuError& error) {
    return error.what();
  }
  return "";
}

TEST_F(ComputeLayer, AKernelWithAMisspeltUniformNamesTheFileAndTheUniform) {
  const std::string message = buildError<MisspeltUniforms>();
  EXPECT_NE(message.find(kCopyShader), std::string::npos) << message;
  EXPECT_NE(message.find("'u_vector'"), std::string::npos) << message;
}

TEST_F(ComputeLayer, AKernelRefusesAUniformOfAnotherType) {
  const std::string message = buildError<WronglyTypedUniforms>();
  EXPECT_NE(message.find("'u_vectors' is a uint"), std::string::npos) << message;
  EXPECT_NE(message.find("set as a int"), std::string::npos) << message;
}

TEST_F(ComputeLayer, AStorageBufferBindsTheRangeItSays) {
  GLint alignment = 1;
  glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &alignment);
  // An offset past the first 16 bytes, so a binding that ignored it would write elsewhere.
  const std::size_t offset = gl::divideRoundingUp(32, static_cast<std::uint64_t>(alignment)) * alignment;
  constexpr std::size_t kCopiedWords = 8;  // two uvec4
  std::vector<std::uint32_t> words(kCopiedWords);
  for (std::size_t i = 0; i < words.size(); ++i) words[i] = static_cast<std::uint32_t>(100 + i);
  const compute::StorageBuffer source("test: copy source", words);
  const std::size_t targetWords = offset / 4 + kCopiedWords + 16;
  const compute::StorageBuffer target("test: copy target", std::vector<std::uint32_t>(targetWords, 0));
  EXPECT_EQ(target.bytes(), targetWords * 4);

  const compute::Kernel<CopyUniforms> copy(gl::ShaderSource(), kCopyShader, copyDefines());
  source.bind(0);
  target.bindRange(1, offset, kCopiedWords * 4);
  copy.dispatch({.vectors = kCopiedWords / 4}, 1);

  std::vector<std::uint32_t> expected(targetWords, 0);
  std::copy(words.begin(), words.end(), expected.begin() + static_cast<std::ptrdiff_t>(offset / 4));
  EXPECT_EQ(gl::downloadWords(target.buffer(), targetWords), expected);
}

TEST_F(ComputeLayer, AStorageRangeOutsideTheBufferIsRefused) {
  const compute::StorageBuffer buffer("test: small", 64);
  EXPECT_THROW(buffer.bindRange(0, 0, 68), std::out_of_range);
  EXPECT_THROW(buffer.bindRange(0, 64, 4), std::out_of_range);
  GLint alignment = 1;
  glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &alignment);
  if (alignment > 4) {
    EXPECT_THROW(buffer.bindRange(0, 4, 4), std::out_of_range);
  }
  EXPECT_THROW(compute::StorageBuffer().bind(0), std::out_of_range);
}

TEST_F(ComputeLayer, AStorageBufferClearsToZero) {
  const compute::StorageBuffer buffer("test: cleared", std::vector<std::uint32_t>(6, 0xdeadbeefu));
  buffer.clear();
  EXPECT_EQ(gl::downloadWords(buffer.buffer(), 6), std::vector<std::uint32_t>(6, 0));
  EXPECT_NO_THROW(compute::StorageBuffer().clear());  // holds nothing: nothing to clear
}

TEST_F(ComputeLayer, ADispatchReportsItsStepAfterItsBarrier) {
  std::vector<std::pair<std::string, std::uint64_t>> reported;
  const Sorter::StepObserver observer = [&](std::string_view step, std::uint64_t bytes) {
    reported.emplace_back(std::string(step), bytes);
  };
  const compute::StorageBuffer source("test: copy source", std::vector<std::uint32_t>(4, 7));
  const compute::StorageBuffer target("test: copy target", 16);
  source.bind(0);
  target.bind(1);
  const compute::Kernel<CopyUniforms> copy(gl::ShaderSource(), kCopyShader, copyDefines());
  copy.dispatch({.vectors = 1}, 1, {"copy", 32}, observer);
  copy.dispatch({.vectors = 1}, 1);  // no observer: nothing to report to
  ASSERT_EQ(reported.size(), 1u);
  EXPECT_EQ(reported[0], (std::pair<std::string, std::uint64_t>{"copy", 32}));
  EXPECT_EQ(gl::downloadWords(target.buffer(), 4), std::vector<std::uint32_t>(4, 7));
}

// A table like the ones the sorters declare: a bounded power of two, a setting whose bound
// depends on the one before it, and one with named values.
struct TestSettings {
  int size = 0;
  int share = 0;
  int scan = 0;
};

constexpr NamedValue kScanNames[] = {{"auto", 0}, {"portable", 1}, {"chained", 2}};

const SettingTable<TestSettings>& testTable() {
  static const SettingTable<TestSettings> table("test-sort", {
      {.name = "size",
       .meaning = "a power of two",
       .field = &TestSettings::size,
       .defaultValue = [](const TestSettings&, const SettingContext&) { return 64; },
       .kind = NumberKind::PowerOfTwo,
       .least = 4,
       .most = [](const TestSettings&, const SettingContext&) { return 256; },
       .mostReason = "the test's limit",
       .candidates = [](const TestSettings&, const gl::Limits&) { return std::vector<int>{16, 128}; }},
      {.name = "share",
       .meaning = "at most half the size",
       .field = &TestSettings::share,
       .defaultValue = [](const TestSettings& earlier, const SettingContext& context) {
         return context.teaching ? 1 : earlier.size / 4;
       },
       .least = 1,
       .most = [](const TestSettings& earlier, const SettingContext&) { return earlier.size / 2; }},
      {.name = "scan",
       .meaning = "which scan",
       .field = &TestSettings::scan,
       .defaultValue = [](const TestSettings&, const SettingContext&) { return 0; },
       .namedValues = kScanNames,
       .rule = [](const TestSettings& settings, const SettingContext&) -> std::string {
         return settings.scan == 2 && settings.size < 16 ? "the chained scan needs size 16 or more" : "";
       }},
  });
  return table;
}

std::string refusal(const std::map<std::string, int, std::less<>>& settings) {
  SorterOptions options;
  options.settings = settings;
  try {
    testTable().parse(options, testLimits());
  } catch (const UserError& error) {
    return error.what();
  }
  return "";
}

// Where the driver names its multiprocessors, grids sized to stay resident use the count (bitonic's
// wide-groups=resident); elsewhere it is 0 and they fall back to a workgroup per tile.
TEST_F(ComputeLayer, TheMultiprocessorCountIsTheDriversOrZero) {
  const gl::Limits& limits = testLimits();
  if (!limits.hasExtension("GL_NV_shader_thread_group")) {
    EXPECT_EQ(limits.multiprocessorCount, 0);
    return;
  }
  EXPECT_GT(limits.multiprocessorCount, 0);
  EXPECT_LE(limits.multiprocessorCount, 1024);
}

TEST(SettingTable, ParsesGivenValuesAndDefaultsInDeclarationOrder) {
  SorterOptions options;
  TestSettings settings = testTable().parse(options, testLimits());
  EXPECT_EQ(settings.size, 64);
  EXPECT_EQ(settings.share, 16);
  EXPECT_EQ(settings.scan, 0);
  options.settings = {{"size", 128}, {"scan", 2}};
  settings = testTable().parse(options, testLimits());
  EXPECT_EQ(settings.share, 32) << "a default may depend on the settings declared before it";
  options.teaching = true;
  EXPECT_EQ(testTable().parse(options, testLimits()).share, 1);
}

TEST(SettingTable, RefusesUnknownNamesAndValuesInOneMessageFormat) {
  EXPECT_EQ(refusal({{"sparkle", 3}}), "test-sort has no setting 'sparkle' (known: size, share, scan)");
  EXPECT_EQ(refusal({{"size", 48}}), "test-sort: size 48 must be a power of two from 4 to 256 (the test's limit)");
  EXPECT_EQ(refusal({{"size", 512}}), "test-sort: size 512 must be a power of two from 4 to 256 (the test's limit)");
  EXPECT_EQ(refusal({{"size", 16}, {"share", 9}}), "test-sort: share 9 must be from 1 to 8");
  EXPECT_EQ(refusal({{"scan", 3}}), "test-sort: scan 3 must be auto (0), portable (1) or chained (2)");
  EXPECT_EQ(refusal({{"size", 8}, {"scan", 2}}), "test-sort: the chained scan needs size 16 or more");
  EXPECT_EQ(refusal({{"size", 8}, {"scan", 1}}), "");
}

TEST(SettingTable, NamesValuesForTheCommandLineAndCandidatesForTune) {
  const std::vector<SettingFacts> facts = testTable().facts();
  ASSERT_EQ(facts.size(), 3u);
  EXPECT_EQ(facts[2].name, "scan");
  EXPECT_EQ(valueOfWord(facts[2], "chained"), 2);
  EXPECT_EQ(valueOfWord(facts[2], "portable"), 1);
  EXPECT_EQ(valueOfWord(facts[2], "onesweep"), std::nullopt);
  EXPECT_EQ(valueOfWord(facts[0], "auto"), std::nullopt);

  const std::vector<Tunable> tunables = testTable().tunables(testLimits());
  ASSERT_EQ(tunables.size(), 1u) << "only settings with candidates are tuned";
  EXPECT_EQ(tunables[0].name, "size");
  EXPECT_EQ(tunables[0].defaultValue, 64);
  EXPECT_EQ(tunables[0].candidates, (std::vector<int>{16, 128}));
}

}  // namespace
}  // namespace shadersort::testing

// Regression tests for the file-handling defects of issue 28: shader includes under --shader-dir
// (5), the tuning cache's folder (6), and links, owners and leftover temporary files of outputs
// (12). The interruption cases (7, and SIGXFSZ of 12) live in test_interrupt.cpp.

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>

#include "bench/tune_cache.h"
#include "cli_support.h"
#include "core/error.h"
#include "data/inputs.h"
#include "gl/program.h"
#include "gl/shader_source.h"
#include "process_support.h"
#include "ui/viewer_app.h"
#include "ui/viewer_host.h"
#include "sort_test_support.h"

namespace shadersort::testing {
namespace {

namespace fs = std::filesystem;

std::vector<std::uint8_t> bytesOf(const std::string& text) { return {text.begin(), text.end()}; }

ProcessResult run(const std::vector<std::string>& arguments, const std::vector<std::string>& environment = {},
                  double timeoutSeconds = 60) {
  ProcessOptions options;
  options.environment = environment;
  options.timeoutSeconds = timeoutSeconds;
  options.addressSpaceBytes = 6ull << 30;  // a runaway allocation fails at once
  return runShadersortArgs(arguments, options);
}

void expectOneLineRefusal(const ProcessResult& result, int exitCode, const std::string& mention) {
  EXPECT_FALSE(result.timedOut) << "hung";
  EXPECT_EQ(result.exitCode, exitCode) << result.err;
  EXPECT_EQ(lineCount(result.err), 1) << "stderr: " << result.err;
  EXPECT_NE(result.err.find(mention), std::string::npos) << "should mention '" << mention << "': " << result.err;
  EXPECT_EQ(result.err.find("internal error"), std::string::npos) << result.err;
}

// --- 5: shader includes ----------------------------------------------------------------------------

// A copy of shaders/ whose grid.glsl (included by nearly every compute shader, the viewer's
// painting among them) gets `extra` appended.
fs::path shaderCopyWith(const ScratchFolder& folder, const std::string& extra) {
  const fs::path shaders = folder.root() / "shaders";
  fs::copy(fs::path(SHADERSORT_SOURCE_DIR) / "shaders", shaders, fs::copy_options::recursive);
  std::ofstream(shaders / "common" / "grid.glsl", std::ios::app) << "\n" << extra << "\n";
  return shaders;
}

// Files fan/level0.glsl .. level<depth>.glsl, each including the next `width` times.
void writeFanOut(const fs::path& shaders, int depth, int width) {
  fs::create_directories(shaders / "fan");
  for (int level = 0; level <= depth; ++level) {
    std::ofstream file(shaders / "fan" / ("level" + std::to_string(level) + ".glsl"));
    file << "// level " << level << "\n";
    if (level < depth)
      for (int i = 0; i < width; ++i) file << "#include \"shaders/fan/level" << level + 1 << ".glsl\"\n";
  }
}

TEST(ShaderIncludes, EachFileIsExpandedOncePerShader) {
  ScratchFolder folder;
  const fs::path shaders = folder.root() / "shaders";
  fs::create_directories(shaders / "x");
  writeBytes((shaders / "x" / "twice.glsl").string(), bytesOf("float twice() { return 2.0; }\n"));
  writeBytes((shaders / "x" / "top.comp").string(),
             bytesOf("#include \"shaders/x/twice.glsl\"\n#include \"shaders/x/twice.glsl\"\nvoid main() {}\n"));
  writeFanOut(shaders, 3, 40);  // 64,000 leaf includes when each is expanded every time
  writeBytes((shaders / "x" / "fan.comp").string(), bytesOf("#include \"shaders/fan/level0.glsl\"\nvoid main() {}\n"));
  const gl::ShaderSource use(shaders);
  const std::string twice = gl::expandedSource(use, "shaders/x/top.comp", {});
  EXPECT_EQ(twice.find("twice()"), twice.rfind("twice()")) << twice;
  const std::string fan = gl::expandedSource(use, "shaders/x/fan.comp", {});
  EXPECT_LT(fan.size(), 2000u);
  for (int level = 0; level <= 3; ++level) EXPECT_NE(fan.find("// level " + std::to_string(level)), std::string::npos);
}

// A shader's text holds only the defines it (or what it includes) names, so a change to another
// kernel's constant leaves it byte for byte the same and the driver's shader cache serves it.
TEST(ShaderIncludes, EachShaderGetsOnlyTheDefinesItNames) {
  ScratchFolder folder;
  const fs::path shaders = folder.root() / "shaders";
  fs::create_directories(shaders / "x");
  writeBytes((shaders / "x" / "named.glsl").string(), bytesOf("uint fromInclude() { return INCLUDED_ONE; }\n"));
  writeBytes((shaders / "x" / "top.comp").string(),
             bytesOf("#include \"shaders/x/named.glsl\"\n#if MODE == MODE_FAST\nvoid main() {}\n#endif\n"));
  const gl::ShaderSource use(shaders);
  gl::ShaderDefines defines;
  defines.set("MODE", "MODE_FAST").set("MODE_FAST", 1).set("MODE_SLOW", 2).set("INCLUDED_ONE", 1).set("OTHER", 7);
  const std::string text = gl::expandedSource(use, "shaders/x/top.comp", defines);
  for (const char* kept : {"#define MODE MODE_FAST\n", "#define MODE_FAST 1\n", "#define INCLUDED_ONE 1\n"})
    EXPECT_NE(text.find(kept), std::string::npos) << kept << " missing from:\n" << text;
  for (const char* dropped : {"MODE_SLOW", "OTHER"}) EXPECT_EQ(text.find(dropped), std::string::npos) << text;
  EXPECT_EQ(text.rfind("#version 430 core\n", 0), 0u) << text;

  // Radix: the look-back constant reaches the downsweep only, not the prefix scan.
  auto radix = [](int spins) {
    gl::ShaderDefines radixDefines;
    radixDefines.set("WORKGROUP_SIZE", 256).set("SCAN_BLOCK", 1024).set("LOOK_BACK_SPINS", spins);
    return radixDefines;
  };
  const gl::ShaderSource embedded;
  EXPECT_TRUE(gl::expandedSource(embedded, "shaders/sort/radix/prefix_scan.comp", radix(4)) ==
              gl::expandedSource(embedded, "shaders/sort/radix/prefix_scan.comp", radix(64)))
      << "the prefix scan's text changes with LOOK_BACK_SPINS";
  EXPECT_TRUE(gl::expandedSource(embedded, "shaders/sort/radix/downsweep.comp", radix(4)) !=
              gl::expandedSource(embedded, "shaders/sort/radix/downsweep.comp", radix(64)))
      << "the downsweep's text lacks LOOK_BACK_SPINS";
}

TEST(ShaderIncludes, ExpandedSizeIsCapped) {
  ScratchFolder folder;
  const fs::path shaders = folder.root() / "shaders";
  fs::create_directories(shaders / "x");
  // Five distinct files, each under the one-file cap, over the expanded cap together.
  const std::string line = "// " + std::string(76, 'x') + "\n";
  std::string big;
  while (big.size() + line.size() < gl::kMaxShaderFileBytes) big += line;
  std::string top;
  for (int i = 0; i < 5; ++i) {
    writeBytes((shaders / "x" / ("big" + std::to_string(i) + ".glsl")).string(), bytesOf(big));
    top += "#include \"shaders/x/big" + std::to_string(i) + ".glsl\"\n";
  }
  writeBytes((shaders / "x" / "top.comp").string(), bytesOf(top + "void main() {}\n"));
  const gl::ShaderSource use(shaders);
  try {
    gl::expandedSource(use, "shaders/x/top.comp", {});
    ADD_FAILURE() << "a shader of 5 MiB with its includes was expanded";
  } catch (const UserError& refused) {
    EXPECT_NE(std::string(refused.what()).find("with its includes expanded"), std::string::npos) << refused.what();
  }
}

TEST(ShaderIncludes, FanOutOfIncludesDoesNotHangTheViewer) {
  // The shape: seven files, each including the next 40 times (40^6 leaves).
  ScratchFolder folder;
  const fs::path shaders = shaderCopyWith(folder, "#include \"shaders/fan/level0.glsl\"");
  writeFanOut(shaders, 6, 40);
  const auto result = run({"view", "--offscreen", "--frames", "2", "--shader-dir", shaders.string()}, {}, 60);
  EXPECT_FALSE(result.timedOut) << "hung";
  EXPECT_EQ(result.exitCode, 0) << result.err;
}

TEST(ShaderIncludes, FanOutSwappedInDuringHotReloadDoesNotFreezeTheViewer) {
  ScratchFolder folder;
  const fs::path shaders = shaderCopyWith(folder, "");
  writeFanOut(shaders, 6, 40);
  ui::ViewerConfig config;
  config.algorithm = "odd-even";
  config.input.pattern = Pattern::Reversed;
  config.input.width = 8;
  config.input.height = 8;
  config.startPlaying = false;
  config.frames = 1000000;  // scripted: the folder is looked at every frame
  config.shaderDirectory = shaders.string();
  ui::ViewerApp app(config, [] { return ui::makeOffscreenHost(320, 200); });
  app.frame();
  const fs::path grid = shaders / "common" / "grid.glsl";
  std::ofstream(grid, std::ios::app) << "#include \"shaders/fan/level0.glsl\"\n";
  fs::last_write_time(grid, fs::last_write_time(grid) + std::chrono::seconds(2));
  app.frame();
  EXPECT_TRUE(app.shaderError().empty()) << app.shaderError();
  EXPECT_EQ(app.message(), "shaders reloaded");
}

TEST(ShaderIncludes, IncludesStayInsideTheShaderFolder) {
  ScratchFolder folder;
  writeBytes(folder.path("outside.glsl"), bytesOf("SECRET_OUTSIDE_TEXT\n"));
  {
    const fs::path shaders = shaderCopyWith(folder, "#include \"shaders/../../../../../../../../etc/passwd\"");
    const auto result = run({"view", "--offscreen", "--frames", "2", "--shader-dir", shaders.string()});
    expectOneLineRefusal(result, 1, "#include may only name a file below shaders/");
    EXPECT_EQ(result.err.find("passwd"), std::string::npos) << result.err;
    EXPECT_EQ(result.err.find("root:"), std::string::npos) << result.err;
  }
  // A link inside the folder that leads out of it.
  fs::remove_all(folder.root() / "shaders");
  const fs::path shaders = shaderCopyWith(folder, "#include \"shaders/common/outside.glsl\"");
  fs::create_symlink(folder.path("outside.glsl"), shaders / "common" / "outside.glsl");
  const auto result = run({"view", "--offscreen", "--frames", "2", "--shader-dir", shaders.string()});
  expectOneLineRefusal(result, 1, "leads outside the shader folder");
  EXPECT_EQ(result.err.find("SECRET_OUTSIDE_TEXT"), std::string::npos) << result.err;
  EXPECT_EQ(result.err.find(folder.path("outside.glsl")), std::string::npos) << result.err;
}

TEST(ShaderIncludes, OversizedShaderFileIsOneLineNotBadAlloc) {
  ScratchFolder folder;
  const fs::path shaders = shaderCopyWith(folder, "");
  // Sparse: 3 GiB as the issue's, without using the disk.
  ASSERT_EQ(::truncate((shaders / "common" / "grid.glsl").c_str(), 3ll << 30), 0);
  const auto result = run({"view", "--offscreen", "--frames", "2", "--shader-dir", shaders.string()});
  expectOneLineRefusal(result, 1, "grid.glsl");
  EXPECT_NE(result.err.find("more than 1 MiB"), std::string::npos) << result.err;
}

// --shader-dir belongs to one SortContext, not to the process: a context without a folder, made
// before or after one with a folder, builds its programs from the embedded shaders (issue 27).
TEST(ShaderSourcePerContext, AContextWithoutAFolderIsUnaffectedByAnotherContextsFolder) {
  ScratchFolder folder;
  const fs::path shaders = folder.root() / "shaders";
  fs::create_directories(shaders / "sort" / "frag_odd_even");
  // A transposition that never swaps: a sort through it leaves its input as it was.
  std::ofstream(shaders / "sort" / "frag_odd_even" / "transposition.frag")
      << "uniform usampler2D u_state;\n"
         "layout(location = 0) out uvec2 o_element;\n"
         "void main() { o_element = texelFetch(u_state, ivec2(gl_FragCoord.xy), 0).xy; }\n";
  const SortData input = makeSequences(Pattern::Reversed, 3, 16);
  SortData expected = input;
  for (std::uint32_t pass = 0; pass < input.sequenceLength; ++pass) oddEvenRoundOnCpu(expected, pass);
  ASSERT_NE(expected.keys, input.keys);

  auto sortWith = [&input](SortContext& context) {
    std::unique_ptr<Sorter> sorter = findAlgorithm("frag-odd-even").create(context, SorterOptions{});
    sorter->load(input);
    sorter->runAll();
    return sorter->read();
  };
  SortContext before;
  SortContext withFolder(gl::ShaderSource{shaders});
  SortContext after;
  EXPECT_FALSE(before.shaders().folder());
  EXPECT_EQ(withFolder.shaders().folder(), shaders);
  EXPECT_FALSE(after.shaders().folder());
  EXPECT_EQ(sortWith(withFolder).keys, input.keys) << "the folder's shader was not used";
  EXPECT_EQ(sortWith(before).keys, expected.keys);
  EXPECT_EQ(sortWith(after).keys, expected.keys);
  EXPECT_EQ(sortWith(withFolder).keys, input.keys);
  // The same holds for the text a program is built from.
  const std::string path = "shaders/sort/frag_odd_even/transposition.frag";
  EXPECT_NE(gl::expandedSource(withFolder.shaders(), path, {}), gl::expandedSource(after.shaders(), path, {}));
  EXPECT_EQ(gl::expandedSource(before.shaders(), path, {}), gl::expandedSource(gl::ShaderSource(), path, {}));
}

// --- 6: the tuning cache's folder ------------------------------------------------------------------

// Sets (or, with nullopt, unsets) environment variables for one test, and puts them back.
class EnvironmentForTest {
 public:
  void set(const std::string& name, const std::optional<std::string>& value) {
    const char* old = std::getenv(name.c_str());
    saved_.emplace_back(name, old ? std::optional<std::string>(old) : std::nullopt);
    if (value) ::setenv(name.c_str(), value->c_str(), 1);
    else ::unsetenv(name.c_str());
  }
  ~EnvironmentForTest() {
    for (auto it = saved_.rbegin(); it != saved_.rend(); ++it) {
      if (it->second) ::setenv(it->first.c_str(), it->second->c_str(), 1);
      else ::unsetenv(it->first.c_str());
    }
  }

 private:
  std::vector<std::pair<std::string, std::optional<std::string>>> saved_;
};

std::string refusalOf(const std::function<void()>& action) {
  try {
    action();
  } catch (const UserError& refused) {
    return refused.what();
  }
  return "(not refused)";
}

TEST(TuneCacheFolder, WithoutHomeOrXdgThereIsNoCacheAndNothingInTmp) {
  ScratchFolder folder;
  EnvironmentForTest environment;
  environment.set("HOME", std::nullopt);
  environment.set("XDG_CACHE_HOME", std::nullopt);
  environment.set("TMPDIR", folder.root().string());  // where the old fallback wrote
  EXPECT_EQ(bench::tuneCachePath(), "");
  EXPECT_NE(refusalOf(bench::requireTuneCacheWritable).find("no tuning cache"), std::string::npos);
  EXPECT_TRUE(folder.entries().empty());
  // Relative values are not used either (the XDG spec says to ignore them).
  environment.set("XDG_CACHE_HOME", "relative/cache");
  environment.set("HOME", "also-relative");
  EXPECT_EQ(bench::tuneCachePath(), "");
}

TEST(TuneCacheFolder, TuneWithoutHomeSaysSoOnceAndWritesNothingToTmp) {
  ScratchFolder folder;
  fs::create_directory(folder.path("tmp"));
  const std::string environment = "env -u HOME -u XDG_CACHE_HOME MESA_SHADER_CACHE_DISABLE=true TMPDIR=" + folder.path("tmp");
  const auto result = runShadersort("tune --algo odd-even --size 256 --reps 1", environment);
  EXPECT_EQ(result.exitCode, 1) << result.err;
  EXPECT_EQ(lineCount(result.err), 1) << result.err;
  EXPECT_NE(result.err.find("no tuning cache"), std::string::npos) << result.err;
  EXPECT_NE(result.out.find("best: "), std::string::npos) << "the results were not printed: " << result.out;
  EXPECT_TRUE(fs::is_empty(folder.path("tmp"))) << "the cache went to $TMPDIR";
}

TEST(TuneCacheFolder, AMissingHomeIsNotCreated) {
  ScratchFolder folder;
  EnvironmentForTest environment;
  environment.set("XDG_CACHE_HOME", std::nullopt);
  environment.set("HOME", folder.path("nonexistent"));
  EXPECT_NE(refusalOf(bench::requireTuneCacheWritable).find("cannot write the tuning cache"), std::string::npos);
  EXPECT_TRUE(folder.entries().empty());
  // An existing home gets ~/.cache/shadersort, private to its user.
  fs::create_directory(folder.path("home"));
  environment.set("HOME", folder.path("home"));
  EXPECT_EQ(refusalOf(bench::requireTuneCacheWritable), "(not refused)");
  struct stat status {};
  ASSERT_EQ(::stat(folder.path("home/.cache/shadersort").c_str(), &status), 0);
  EXPECT_EQ(status.st_mode & 0777, 0700u);
}

TEST(TuneCacheFolder, ALinkOrAnotherUsersFolderIsNeverUsed) {
  ScratchFolder folder;
  EnvironmentForTest environment;
  environment.set("XDG_CACHE_HOME", folder.root().string());
  // Someone else's folder, linked where the cache's folder goes.
  fs::create_directory(folder.path("victim"));
  fs::create_directory_symlink(folder.path("victim"), folder.path("shadersort"));
  const gl::Limits& limits = testLimits();
  EXPECT_NE(refusalOf(bench::requireTuneCacheWritable).find("symbolic link"), std::string::npos);
  const std::string storing = refusalOf([&] { bench::storeTunedSettings(limits, "radix", {{"workgroup-size", 128}}); });
  EXPECT_NE(storing.find("symbolic link"), std::string::npos) << storing;
  EXPECT_TRUE(fs::is_empty(folder.path("victim"))) << "the cache was written through a link";
  // A cache planted behind the link is not read.
  writeBytes(folder.path("victim/tuning.tsv"),
             bytesOf(limits.renderer + "\t" + limits.version + "\tradix\tworkgroup-size\t128\n"));
  EXPECT_TRUE(bench::loadTunedSettings(limits).empty());
  // As root: a real folder that another user owns.
  if (::geteuid() != 0) return;
  fs::remove(folder.path("shadersort"));
  fs::create_directory(folder.path("shadersort"));
  ASSERT_EQ(::chown(folder.path("shadersort").c_str(), 65534, 65534), 0);
  EXPECT_NE(refusalOf(bench::requireTuneCacheWritable).find("belongs to another user"), std::string::npos);
  EXPECT_TRUE(fs::is_empty(folder.path("shadersort")));
}

// --- 12: links, owners and leftovers of outputs --------------------------------------------------

const std::vector<std::uint32_t> unsortedKeys = {3, 1, 2}, sortedKeys = {1, 2, 3};

ProcessResult sortInPlace(const std::string& in, const std::string& out) {
  return run({"sort", "--algo", "radix", "--in", in, "--out", out});
}

TEST(Outputs, ALinkAsOutputIsRefusedNeitherReplacedNorFollowed) {
  ScratchFolder folder;
  writeWords(folder.path("keys.bin"), unsortedKeys);
  fs::create_symlink("keys.bin", folder.path("link.bin"));
  auto result = sortInPlace(folder.path("link.bin"), folder.path("link.bin"));
  expectOneLineRefusal(result, 1, "symbolic link");
  EXPECT_TRUE(fs::is_symlink(folder.path("link.bin")));
  EXPECT_EQ(readWordsFile(folder.path("keys.bin")), unsortedKeys);
  // run --out too, and a link to nothing yet.
  fs::create_symlink("picture.png", folder.path("link.png"));
  result = run({"run", "--pattern", "random", "--size", "4x4", "--out", folder.path("link.png")});
  expectOneLineRefusal(result, 1, "symbolic link");
  EXPECT_TRUE(fs::is_symlink(folder.path("link.png")));
  EXPECT_FALSE(fs::exists(folder.path("picture.png")));
  EXPECT_EQ(folder.entries(), (std::vector<std::string>{"keys.bin", "link.bin", "link.png"}));
}

TEST(Outputs, AnOutputWithOtherHardLinksSaysTheyKeepTheOldContent) {
  ScratchFolder folder;
  writeWords(folder.path("keys.bin"), unsortedKeys);
  fs::create_hard_link(folder.path("keys.bin"), folder.path("other-name.bin"));
  const auto result = sortInPlace(folder.path("keys.bin"), folder.path("keys.bin"));
  EXPECT_EQ(result.exitCode, 0) << result.err;
  EXPECT_EQ(lineCount(result.err), 1) << result.err;
  EXPECT_NE(result.err.find("warning: '" + folder.path("keys.bin") + "' has 1 other hard link"), std::string::npos)
      << result.err;
  EXPECT_EQ(readWordsFile(folder.path("keys.bin")), sortedKeys);
  EXPECT_EQ(readWordsFile(folder.path("other-name.bin")), unsortedKeys);
}

TEST(Outputs, RootReplacingAnotherUsersFileKeepsItsOwner) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root to own a file as another user";
  ScratchFolder folder;
  writeWords(folder.path("keys.bin"), unsortedKeys);
  ASSERT_EQ(::chown(folder.path("keys.bin").c_str(), 65534, 65534), 0);
  ASSERT_EQ(::chmod(folder.path("keys.bin").c_str(), 0640), 0);
  const auto result = sortInPlace(folder.path("keys.bin"), folder.path("keys.bin"));
  ASSERT_EQ(result.exitCode, 0) << result.err;
  struct stat status {};
  ASSERT_EQ(::stat(folder.path("keys.bin").c_str(), &status), 0);
  EXPECT_EQ(status.st_uid, 65534u);
  EXPECT_EQ(status.st_gid, 65534u);
  EXPECT_EQ(status.st_mode & 07777, 0640u);
  EXPECT_EQ(readWordsFile(folder.path("keys.bin")), sortedKeys);
}

TEST(Outputs, OnlyStaleTemporariesOfOurOwnAreRemoved) {
  ScratchFolder folder;
  const std::vector<std::uint8_t> clutter = {1, 2, 3};
  writeBytes(folder.path(".shadersort-St4le9"), clutter);  // no process holds it: removed
  // Kept: one whose maker still holds its lock (here: this test)...
  writeBytes(folder.path(".shadersort-L1veXx"), clutter);
  const int live = ::open(folder.path(".shadersort-L1veXx").c_str(), O_RDWR | O_CLOEXEC);
  ASSERT_GE(live, 0);
  ASSERT_EQ(::flock(live, LOCK_EX), 0);
  // ...names not quite of our pattern, a link of our pattern, a file with a second name...
  writeBytes(folder.path(".shadersort-short"), clutter);
  writeBytes(folder.path(".shadersort-T00long"), clutter);
  writeBytes(folder.path("shadersort-N0tDot"), clutter);
  writeBytes(folder.path("precious"), clutter);
  fs::create_symlink("precious", folder.path(".shadersort-L1nk00"));
  writeBytes(folder.path("twice"), clutter);
  fs::create_hard_link(folder.path("twice"), folder.path(".shadersort-Tw1ce0"));
  std::vector<std::string> kept = {".shadersort-L1nk00", ".shadersort-L1veXx", ".shadersort-T00long", ".shadersort-Tw1ce0",
                                   ".shadersort-short",  "precious",           "shadersort-N0tDot",   "twice"};
  // ...and, as root, one of another user.
  if (::geteuid() == 0) {
    writeBytes(folder.path(".shadersort-N0b0dy"), clutter);
    ASSERT_EQ(::chown(folder.path(".shadersort-N0b0dy").c_str(), 65534, 65534), 0);
    kept.push_back(".shadersort-N0b0dy");
  }
  const auto result = run({"run", "--pattern", "random", "--size", "4x4", "--out", folder.path("o.png")});
  ::close(live);
  EXPECT_EQ(result.exitCode, 0) << result.err;
  kept.push_back("o.png");
  std::sort(kept.begin(), kept.end());
  EXPECT_EQ(folder.entries(), kept);
  EXPECT_EQ(readText(folder.path("precious")), std::string("\x01\x02\x03"));
}

}  // namespace
}  // namespace shadersort::testing

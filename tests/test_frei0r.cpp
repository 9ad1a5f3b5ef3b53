// The frei0r filter (frei0r/) in the hosts artists use: FFmpeg's `-vf frei0r=...` and MLT's
// `melt ... -filter frei0r.shadersort`, with FREI0R_PATH at the build, give through FFV1 the
// frames `run --video` gives of the same clip; and the plug-in, loaded here, sorts frames called
// from several threads at once. The hosts are what .ci/quickstart installs (ffmpeg, melt).

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "cli_support.h"
#include "data/image.h"
#include "process_support.h"
#include "video_clips.h"

namespace shadersort::testing {
namespace {

const std::string kPluginDir = SHADERSORT_FREI0R_DIR;

// The art of the comparisons, as run's options, as FFmpeg's filter_params (the plug-in's
// parameters in order: preset, path, spans, key, span key, lower, upper, max span, ...; ':' escaped
// for the filter graph) and as melt's properties.
const std::vector<std::string> kRunArt = {"--path", "angle:30", "--spans", "threshold", "--key", "lightness",
                                          "--lower", "0.2", "--upper", "0.8", "--max-span", "7"};
const std::string kFfmpegArt = "|angle\\\\:30|threshold|lightness||0.2|0.8|7";
const std::string kMeltArt = "path=angle:30 spans=threshold key=lightness lower=0.2 upper=0.8 'max span=7'";

// 48 pixels wide: FFmpeg 5.1's frei0r filter hands a plug-in its frames' rows as if packed, which
// they are only when a row is a multiple of 64 bytes (docs/HOSTS.md). MLT packs them: its clip is
// of an odd size.
const ClipSpec kSpec{.width = 48, .height = 32, .frames = 5, .rateNum = 25, .rateDen = 1, .codec = "ffv1"};
const ClipSpec kOddSpec{.width = 37, .height = 29, .frames = 5, .rateNum = 25, .rateDen = 1, .codec = "ffv1"};

// `run --video` of the clip with `art` (the seed kept for every frame, as the plug-in keeps it).
std::vector<Image> runVideoFrames(const ScratchFolder& folder, const std::vector<std::string>& art) {
  std::vector<std::string> arguments = {"run", "--video", folder.path("in.mkv"), "--out", folder.path("run.mkv"),
                                        "--temporal-seed", "--quiet"};
  arguments.insert(arguments.end(), art.begin(), art.end());
  const ProcessResult result = runShadersortArgs(arguments);
  EXPECT_EQ(result.exitCode, 0) << result.err;
  return decodeAllFrames(folder.path("run.mkv"));
}

// Runs a host's command line with FREI0R_PATH at the build's plug-in.
CommandResult runHost(const std::string& command) {
  return runScript("export FREI0R_PATH=" + singleQuotedForShell(kPluginDir) + "\n" + command);
}

void expectSameFrames(const std::vector<Image>& host, const std::vector<Image>& run, const ClipSpec& spec = kSpec) {
  ASSERT_EQ(host.size(), static_cast<std::size_t>(spec.frames));
  ASSERT_EQ(run.size(), host.size());
  bool anyMoved = false;
  for (int k = 0; k < spec.frames; ++k) {
    EXPECT_EQ(host[k].rgba, run[k].rgba) << "frame " << k;
    anyMoved = anyMoved || run[k].rgba != testClipFrame(spec, k).rgba;
  }
  EXPECT_TRUE(anyMoved) << "the settings sorted nothing: the comparison would prove nothing";
}

TEST(Frei0r, FfmpegFramesEqualRunVideo) {
  ScratchFolder folder;
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), kSpec));
  const CommandResult host = runHost("ffmpeg -nostdin -v error -y -i " + singleQuotedForShell(folder.path("in.mkv")) +
                                     " -vf " + singleQuotedForShell("frei0r=filter_name=shadersort:filter_params=" + kFfmpegArt) +
                                     " -c:v ffv1 -pix_fmt bgr0 " + singleQuotedForShell(folder.path("ffmpeg.mkv")));
  ASSERT_EQ(host.exitCode, 0) << host.err;
  expectSameFrames(decodeAllFrames(folder.path("ffmpeg.mkv")), runVideoFrames(folder, kRunArt));
}

TEST(Frei0r, MeltFramesEqualRunVideo) {
  ScratchFolder folder;
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), kOddSpec));
  // RGBA through MLT's consumer (bgr0 would go through 4:2:2); no audio track added.
  const CommandResult host = runHost("melt -quiet " + singleQuotedForShell(folder.path("in.mkv")) +
                                     " -filter frei0r.shadersort " + kMeltArt + " -consumer avformat:" +
                                     singleQuotedForShell(folder.path("melt.mkv")) + " vcodec=ffv1 pix_fmt=bgra an=1");
  ASSERT_EQ(host.exitCode, 0) << host.err;
  expectSameFrames(decodeAllFrames(folder.path("melt.mkv")), runVideoFrames(folder, kRunArt), kOddSpec);
}

// A keyframed preset takes each frame's time, which MLT gives in seconds. (Debian 12's FFmpeg 5.1
// gives no usable time, -9.2e18 for every frame: the plug-in then takes 0 s.)
TEST(Frei0r, MeltKeyframedPresetFollowsTheFrameTime) {
  ScratchFolder folder;
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), kSpec));
  {
    std::ofstream preset(folder.path("turn.toml"));
    preset << "path = \"angle:0\"\nangle = [[0.0, 0], [0.16, 90]]\nspans = \"threshold\"\nlower = [[0.0, 0.1], [0.16, 0.5]]\n";
  }
  const CommandResult host = runHost("melt -quiet " + singleQuotedForShell(folder.path("in.mkv")) +
                                     " -filter frei0r.shadersort " + singleQuotedForShell("preset=" + folder.path("turn.toml")) +
                                     " -consumer avformat:" + singleQuotedForShell(folder.path("melt.mkv")) +
                                     " vcodec=ffv1 pix_fmt=bgra an=1");
  ASSERT_EQ(host.exitCode, 0) << host.err;
  const std::vector<Image> run = runVideoFrames(folder, {"--preset", folder.path("turn.toml")});
  expectSameFrames(decodeAllFrames(folder.path("melt.mkv")), run);
  // The same frame sorted at 0 s differs: the time reached the preset.
  const Image still = testClipFrame(kSpec, 3);
  savePng(still, folder.path("still.png"));
  const ProcessResult atZero = runShadersortArgs({"run", folder.path("still.png"), "--out", folder.path("still-out.png"),
                                                  "--preset", folder.path("turn.toml")});
  ASSERT_EQ(atZero.exitCode, 0) << atZero.err;
  ASSERT_EQ(run.size(), 5u);
  EXPECT_NE(run[3].rgba, loadImage(folder.path("still-out.png")).rgba) << "the preset's keyframes changed nothing";
}

// The plug-in's C entry points, as a host calls them.
struct Plugin {
  void* handle = dlopen((kPluginDir + "/shadersort.so").c_str(), RTLD_NOW | RTLD_LOCAL);
  template <typename Function>
  Function* get(const char* name) const {
    return reinterpret_cast<Function*>(dlsym(handle, name));
  }
};

// Instances updated from several threads at once (as MLT's per-thread instances are) all get
// `run --out`'s picture; a bad setting leaves the frame as it came, and the plug-in goes on.
TEST(Frei0r, UpdatesFromManyThreadsEachGetRunsPicture) {
  const Plugin plugin;
  ASSERT_NE(plugin.handle, nullptr) << dlerror();
  const auto init = plugin.get<int()>("f0r_init");
  const auto deinit = plugin.get<void()>("f0r_deinit");
  const auto construct = plugin.get<void*(unsigned, unsigned)>("f0r_construct");
  const auto destruct = plugin.get<void(void*)>("f0r_destruct");
  const auto setParam = plugin.get<void(void*, void*, int)>("f0r_set_param_value");
  const auto update = plugin.get<void(void*, double, const std::uint32_t*, std::uint32_t*)>("f0r_update");
  ASSERT_TRUE(init && deinit && construct && destruct && setParam && update);
  ASSERT_EQ(init(), 1);

  ScratchFolder folder;
  const Image picture = testClipFrame(kSpec, 2);
  savePng(picture, folder.path("in.png"));
  std::vector<std::string> arguments = {"run", folder.path("in.png"), "--out", folder.path("out.png")};
  arguments.insert(arguments.end(), kRunArt.begin(), kRunArt.end());
  const ProcessResult result = runShadersortArgs(arguments);
  ASSERT_EQ(result.exitCode, 0) << result.err;
  const Image expected = loadImage(folder.path("out.png"));
  ASSERT_NE(expected.rgba, picture.rgba);

  const auto text = [&](void* instance, int index, const char* value) {
    const char* pointer = value;
    setParam(instance, &pointer, index);
  };
  constexpr int kThreads = 4;
  std::vector<std::vector<std::uint8_t>> outputs(kThreads + 1, std::vector<std::uint8_t>(picture.rgba.size()));
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      void* instance = construct(kSpec.width, kSpec.height);
      text(instance, 1, "angle:30"), text(instance, 2, "threshold"), text(instance, 3, "lightness");
      text(instance, 5, "0.2"), text(instance, 6, "0.8"), text(instance, 7, "7");
      for (int repeat = 0; repeat < 2; ++repeat)
        update(instance, 0.0, reinterpret_cast<const std::uint32_t*>(picture.rgba.data()),
               reinterpret_cast<std::uint32_t*>(outputs[t].data()));
      destruct(instance);
    });
  for (std::thread& thread : threads) thread.join();
  for (int t = 0; t < kThreads; ++t) EXPECT_EQ(outputs[t], expected.rgba) << "thread " << t;

  void* bad = construct(kSpec.width, kSpec.height);
  text(bad, 0, "no-such-look");
  update(bad, 0.0, reinterpret_cast<const std::uint32_t*>(picture.rgba.data()),
         reinterpret_cast<std::uint32_t*>(outputs[kThreads].data()));
  EXPECT_EQ(outputs[kThreads], picture.rgba) << "a bad setting must leave the frame as it came";
  destruct(bad);
  deinit();
}

}  // namespace
}  // namespace shadersort::testing

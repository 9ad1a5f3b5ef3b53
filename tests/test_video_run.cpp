// `run --video`: a clip pixel-sorted frame by frame through the art pipeline. The clips are made
// by the test with FFmpeg's libraries (tests/video_clips.h), and every output frame is held to
// what `run --out` makes of the same input frame: exactly through the lossless FFV1 .mkv, within a
// stated PSNR through H.264.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>

#include <cmath>
#include <utility>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "art/animation.h"
#include "cli_support.h"
#include "core/progress_bar.h"
#include "data/image.h"
#include "process_support.h"
#include "video/codec_threads.h"
#include "video_clips.h"

namespace shadersort::testing {
namespace {

// The art settings of most cases: threshold spans at 30 degrees, capped so that the seed matters.
const std::vector<std::string> kArt = {"--path", "angle:30", "--spans", "threshold", "--lower", "0.2",
                                       "--upper", "0.8", "--max-span", "7", "--seed", "5"};

std::vector<std::string> joined(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// What `run IMAGE --out` makes of one picture with `options`.
Image runOutOf(const ScratchFolder& folder, const Image& picture, const std::vector<std::string>& options,
               const std::string& name) {
  const std::string in = folder.path(name + "-in.png"), out = folder.path(name + "-out.png");
  savePng(picture, in);
  const ProcessResult result = runShadersortArgs(joined({"run", in, "--out", out}, options));
  EXPECT_EQ(result.exitCode, 0) << result.err;
  return loadImage(out);
}

TEST(VideoRun, LosslessOutputFramesEqualRunOutOfEachInputFrame) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 37, .height = 29, .frames = 5, .rateNum = 25, .rateDen = 1, .codec = "ffv1"};
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), spec));
  for (const std::string algorithm : {"radix", "odd-even"}) {
    SCOPED_TRACE(algorithm);
    const std::vector<std::string> art = joined({"--algo", algorithm}, kArt);
    const ProcessResult result = runShadersortArgs(
        joined({"run", "--video", folder.path("in.mkv"), "--out", folder.path("out.mkv"), "--temporal-seed", "--quiet"}, art));
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const std::vector<Image> frames = decodeAllFrames(folder.path("out.mkv"));
    ASSERT_EQ(frames.size(), 5u);
    bool anyMoved = false;
    for (int k = 0; k < spec.frames; ++k) {
      const Image input = testClipFrame(spec, k);
      const Image expected = runOutOf(folder, input, art, "frame" + std::to_string(k));
      EXPECT_EQ(frames[k].rgba, expected.rgba) << "frame " << k;
      anyMoved = anyMoved || expected.rgba != input.rgba;
    }
    EXPECT_TRUE(anyMoved) << "the settings sorted nothing: the comparison would prove nothing";
  }
}

// An animated matte: frame k of the mask clip narrows the threshold spans of frame k, exactly as
// `run FRAME --mask MATTE_FRAME` does; a matte of another size or shorter than the clip is refused,
// and a still takes no clip as its mask.
TEST(VideoRun, AnAnimatedMaskMasksEachFrameWithItsOwnFrame) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 37, .height = 29, .frames = 4, .rateNum = 25, .rateDen = 1, .codec = "ffv1"};
  ClipSpec matteSpec = spec;
  matteSpec.seed = 9;
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), spec));
  ASSERT_TRUE(writeTestClip(folder.path("matte.mkv"), matteSpec));
  const std::vector<std::string> art = {"--path", "angle:30", "--spans", "threshold", "--lower", "0.1", "--upper", "0.9"};
  const ProcessResult result = runShadersortArgs(joined(
      {"run", "--video", folder.path("in.mkv"), "--mask", folder.path("matte.mkv"), "--out", folder.path("out.mkv"),
       "--quiet", "--verify"},
      art));
  ASSERT_EQ(result.exitCode, 0) << result.err;
  const std::vector<Image> frames = decodeAllFrames(folder.path("out.mkv"));
  ASSERT_EQ(frames.size(), 4u);
  bool masksDiffer = false;
  for (int k = 0; k < spec.frames; ++k) {
    const Image matteFrame = testClipFrame(matteSpec, k);
    const std::string mattePath = folder.path("matte" + std::to_string(k) + ".png");
    savePng(matteFrame, mattePath);
    const Image expected =
        runOutOf(folder, testClipFrame(spec, k), joined(art, {"--mask", mattePath}), "frame" + std::to_string(k));
    EXPECT_EQ(frames[k].rgba, expected.rgba) << "frame " << k;
    // The first frame's matte on every frame would give another picture: the test can tell.
    if (k > 0) {
      const Image firstMatte = runOutOf(folder, testClipFrame(spec, k), joined(art, {"--mask", folder.path("matte0.png")}),
                                        "first" + std::to_string(k));
      masksDiffer = masksDiffer || firstMatte.rgba != expected.rgba;
    }
  }
  EXPECT_TRUE(masksDiffer) << "the matte's frames mask alike: the comparison would prove nothing";

  ClipSpec small = spec;
  small.width = 20;
  ClipSpec shorter = matteSpec;
  shorter.frames = 2;
  ASSERT_TRUE(writeTestClip(folder.path("small.mkv"), small));
  ASSERT_TRUE(writeTestClip(folder.path("short.mkv"), shorter));
  for (const std::string matte : {"small.mkv", "short.mkv"}) {
    SCOPED_TRACE(matte);
    const ProcessResult refused = runShadersortArgs(joined(
        {"run", "--video", folder.path("in.mkv"), "--mask", folder.path(matte), "--out", folder.path("no.mkv"), "--quiet"},
        art));
    EXPECT_NE(refused.exitCode, 0);
    EXPECT_NE(refused.err.find("mask clip"), std::string::npos) << refused.err;
    EXPECT_FALSE(std::filesystem::exists(folder.path("no.mkv")));
  }
  savePng(testClipFrame(spec, 0), folder.path("still.png"));
  const ProcessResult still = runShadersortArgs(
      joined({"run", folder.path("still.png"), "--mask", folder.path("matte.mkv"), "--out", folder.path("no.png")}, art));
  EXPECT_EQ(still.exitCode, 2) << still.err;
  EXPECT_NE(still.err.find("only run --video"), std::string::npos) << still.err;
}

// The other lossless RGB inputs the issue names decode exactly too: PNG frames in .mkv and raw
// RGB in .avi and .mov, through to an exact FFV1 output.
TEST(VideoRun, LosslessRgbInputsDecodeExactly) {
  ScratchFolder folder;
  for (const auto& [codec, name] : {std::pair<std::string, std::string>{"png", "in.mkv"}, {"rawvideo-bgr", "in.avi"},
                                    {"rawvideo", "in.mov"}}) {
    SCOPED_TRACE(name);
    const ClipSpec spec{.width = 21, .height = 15, .frames = 2, .rateNum = 25, .rateDen = 1, .codec = codec};
    ASSERT_TRUE(writeTestClip(folder.path(name), spec));
    const ProcessResult result = runShadersortArgs(joined(
        {"run", "--video", folder.path(name), "--out", folder.path("out.mkv"), "--temporal-seed", "--quiet"}, kArt));
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const std::vector<Image> frames = decodeAllFrames(folder.path("out.mkv"));
    ASSERT_EQ(frames.size(), 2u);
    EXPECT_EQ(frames[1].rgba, runOutOf(folder, testClipFrame(spec, 1), joined({"--algo", "radix"}, kArt), "l1").rgba);
  }
}

TEST(VideoRun, WithoutTheTemporalSeedEachFrameDrawsItsSpansAnew) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 40, .height = 24, .frames = 3, .rateNum = 10, .rateDen = 1, .codec = "ffv1"};
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), spec));
  const std::vector<std::string> art = {"--algo", "radix", "--path", "rows", "--spans", "random", "--span-length", "6",
                                        "--skip", "30", "--seed", "9"};
  ProcessResult result = runShadersortArgs(
      joined({"run", "--video", folder.path("in.mkv"), "--out", folder.path("out.mkv"), "--quiet"}, art));
  ASSERT_EQ(result.exitCode, 0) << result.err;
  const std::vector<Image> frames = decodeAllFrames(folder.path("out.mkv"));
  ASSERT_EQ(frames.size(), 3u);
  for (int k = 0; k < spec.frames; ++k) {
    std::vector<std::string> perFrame = art;
    perFrame.back() = std::to_string(art::frameSeed(9, k, false));
    EXPECT_EQ(frames[k].rgba, runOutOf(folder, testClipFrame(spec, k), perFrame, "f" + std::to_string(k)).rgba)
        << "frame " << k;
    if (k > 0) {
      EXPECT_NE(art::frameSeed(9, k, false), art::frameSeed(9, 0, false));
    }
  }
}

TEST(VideoRun, AudioFrameCountAndRateAreKept) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 32, .height = 18, .frames = 12, .rateNum = 24, .rateDen = 1, .codec = "ffv1",
                      .withAudio = true};
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), spec));
  const ProcessResult result = runShadersortArgs(
      joined({"run", "--video", folder.path("in.mkv"), "--out", folder.path("out.mkv"), "--algo", "bitonic"}, kArt));
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_NE(result.err.find("audio copied"), std::string::npos) << result.err;
  const ClipProbe in = probeClip(folder.path("in.mkv")), out = probeClip(folder.path("out.mkv"));
  ASSERT_TRUE(out.opened);
  EXPECT_EQ(out.frames, 12);
  EXPECT_EQ(out.rateNum * in.rateDen, in.rateNum * out.rateDen);
  EXPECT_EQ(out.width, 32);
  EXPECT_EQ(out.height, 18);
  ASSERT_TRUE(out.hasAudio);
  EXPECT_EQ(out.audioCodec, in.audioCodec);
  EXPECT_NEAR(out.audioSeconds, in.audioSeconds, in.audioPacketSeconds + 1e-6);

  const ProcessResult silent = runShadersortArgs(joined(
      {"run", "--video", folder.path("in.mkv"), "--out", folder.path("silent.mkv"), "--no-audio", "--quiet"}, kArt));
  ASSERT_EQ(silent.exitCode, 0) << silent.err;
  EXPECT_FALSE(probeClip(folder.path("silent.mkv")).hasAudio);
}

// H.264 is lossy: each frame is held to `run --out` of the same decoded input frame within a PSNR
// bound. libx264 at crf 18 keeps these small noisy frames above 30 dB (measured: see the failure
// message when it does not).
TEST(VideoRun, H264OutputIsWithinItsPsnrBoundOfRunOut) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 48, .height = 32, .frames = 4, .rateNum = 30, .rateDen = 1, .codec = "libx264",
                      .withAudio = true, .audioCodec = "aac"};
  ASSERT_TRUE(writeTestClip(folder.path("in.mp4"), spec));
  const ProcessResult result = runShadersortArgs(
      joined({"run", "--video", folder.path("in.mp4"), "--out", folder.path("out.mp4"), "--temporal-seed"}, kArt));
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_NE(result.err.find("H.264"), std::string::npos) << result.err;
  EXPECT_TRUE(probeClip(folder.path("out.mp4")).hasAudio);
  const std::vector<Image> inputs = decodeAllFrames(folder.path("in.mp4"));
  const std::vector<Image> outputs = decodeAllFrames(folder.path("out.mp4"));
  ASSERT_EQ(inputs.size(), 4u);
  ASSERT_EQ(outputs.size(), 4u);
  constexpr double kMinimumPsnr = 30.0;
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    const Image expected = runOutOf(folder, inputs[k], kArt, "h264-" + std::to_string(k));
    EXPECT_GE(psnr(expected, outputs[k]), kMinimumPsnr) << "frame " << k;
  }
}

TEST(VideoRun, KeyframedPresetUsesTheInterpolatedValueInEachFrame) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 40, .height = 30, .frames = 5, .rateNum = 10, .rateDen = 1, .codec = "ffv1"};
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), spec));
  {
    std::ofstream preset(folder.path("ramp.toml"));
    preset << "path = \"angle:20\"\nspans = \"threshold\"\nkey = \"lightness\"\nupper = 1.0\n"
              "lower = [[0.0, 0.1], [0.4, 0.7]]\n";
  }
  const ProcessResult result = runShadersortArgs({"run", "--video", folder.path("in.mkv"), "--out", folder.path("out.mkv"),
                                                  "--preset", folder.path("ramp.toml"), "--algo", "radix", "--quiet"});
  ASSERT_EQ(result.exitCode, 0) << result.err;
  const std::vector<Image> frames = decodeAllFrames(folder.path("out.mkv"));
  ASSERT_EQ(frames.size(), 5u);
  const std::vector<std::string> base = {"--algo", "radix", "--path", "angle:20", "--spans", "threshold", "--key",
                                         "lightness", "--upper", "1.0", "--lower"};
  for (int k = 0; k < spec.frames; ++k) {
    // Frame k is at k / 10 s: lower goes from 0.1 at 0 s to 0.7 at 0.4 s.
    const double lower = 0.1 + 0.6 * (k / 10.0) / 0.4;
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", lower);
    const Image input = testClipFrame(spec, k);
    EXPECT_EQ(frames[k].rgba, runOutOf(folder, input, joined(base, {text}), "key" + std::to_string(k)).rgba)
        << "frame " << k << ", lower " << text;
    if (k > 0) {  // the span map changed with the value: the check can tell frames apart
      EXPECT_NE(frames[k].rgba, runOutOf(folder, input, joined(base, {"0.1"}), "key0-" + std::to_string(k)).rgba)
          << "frame " << k;
    }
  }
}

TEST(VideoRun, FromAndToSelectATimeRange) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 24, .height = 16, .frames = 10, .rateNum = 10, .rateDen = 1, .codec = "ffv1"};
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), spec));
  const ProcessResult result =
      runShadersortArgs(joined({"run", "--video", folder.path("in.mkv"), "--out", folder.path("out.mkv"), "--from",
                                "0.3", "--to", "0.7", "--temporal-seed", "--quiet", "--algo", "radix"},
                               kArt));
  ASSERT_EQ(result.exitCode, 0) << result.err;
  const std::vector<Image> frames = decodeAllFrames(folder.path("out.mkv"));
  ASSERT_EQ(frames.size(), 4u);  // 0.3, 0.4, 0.5, 0.6
  EXPECT_EQ(frames[0].rgba, runOutOf(folder, testClipFrame(spec, 3), joined({"--algo", "radix"}, kArt), "r3").rgba);
  EXPECT_EQ(frames[3].rgba, runOutOf(folder, testClipFrame(spec, 6), joined({"--algo", "radix"}, kArt), "r6").rgba);
}

TEST(VideoRun, AnimatedGifInAndOut) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 30, .height = 20, .frames = 4, .rateNum = 10, .rateDen = 1, .codec = "gif"};
  ASSERT_TRUE(writeTestClip(folder.path("in.gif"), spec));
  const ProcessResult result = runShadersortArgs(
      joined({"run", "--video", folder.path("in.gif"), "--out", folder.path("out.gif"), "--quiet", "--algo", "radix"},
             kArt));
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_EQ(decodeAllFrames(folder.path("out.gif")).size(), 4u);
  const ProcessResult toMkv = runShadersortArgs(joined(
      {"run", "--video", folder.path("in.gif"), "--out", folder.path("out.mkv"), "--quiet", "--temporal-seed",
       "--algo", "radix"},
      kArt));
  ASSERT_EQ(toMkv.exitCode, 0) << toMkv.err;
  const std::vector<Image> frames = decodeAllFrames(folder.path("out.mkv"));
  ASSERT_EQ(frames.size(), 4u);
  // The GIF's colours are exact (a fixed palette), so its frames sort as the pictures do.
  EXPECT_EQ(frames[2].rgba, runOutOf(folder, testClipFrame(spec, 2), joined({"--algo", "radix"}, kArt), "g2").rgba);
}

TEST(VideoRun, DamagedVideosGiveOneLineErrorsAndNoOutput) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 32, .height = 24, .frames = 8, .rateNum = 25, .rateDen = 1, .codec = "ffv1"};
  ASSERT_TRUE(writeTestClip(folder.path("good.mkv"), spec));
  std::vector<std::uint8_t> bytes;
  {
    std::ifstream file(folder.path("good.mkv"), std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(file), {});
  }
  writeBytes(folder.path("truncated.mkv"), std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + bytes.size() / 2));
  std::mt19937 random(3);
  std::vector<std::uint8_t> noise(4096);
  for (auto& byte : noise) byte = static_cast<std::uint8_t>(random());
  writeBytes(folder.path("noise.mp4"), noise);
  writeBytes(folder.path("empty.mkv"), {});
  for (const std::string name : {"truncated.mkv", "noise.mp4", "empty.mkv", "missing.mp4"}) {
    SCOPED_TRACE(name);
    const ProcessResult result =
        runShadersortArgs({"run", "--video", folder.path(name), "--out", folder.path("out.mkv"), "--quiet"});
    EXPECT_EQ(result.exitCode, 1) << result.err;
    EXPECT_EQ(lineCount(result.err), 1) << result.err;
    EXPECT_NE(result.err.find(name), std::string::npos) << result.err;
    EXPECT_FALSE(std::filesystem::exists(folder.path("out.mkv")));
  }
  const std::vector<std::string> entries = folder.entries();
  EXPECT_EQ(entries, (std::vector<std::string>{"empty.mkv", "good.mkv", "noise.mp4", "truncated.mkv"}));
}

// A video is written as every output is (core/atomic_file.h): a replaced file keeps its mode.
TEST(VideoRun, AReplacedOutputKeepsItsPermissionBits) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 16, .height = 12, .frames = 2, .rateNum = 25, .rateDen = 1, .codec = "ffv1"};
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), spec));
  writeBytes(folder.path("out.mkv"), {1, 2, 3});
  std::filesystem::permissions(folder.path("out.mkv"), std::filesystem::perms(0640));
  const ProcessResult result =
      runShadersortArgs({"run", "--video", folder.path("in.mkv"), "--out", folder.path("out.mkv"), "--quiet"});
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_EQ(std::filesystem::status(folder.path("out.mkv")).permissions(), std::filesystem::perms(0640));
  EXPECT_EQ(decodeAllFrames(folder.path("out.mkv")).size(), 2u);
}

// --threads N bounds the decoder's and the encoder's threads (their counts once opened, as
// --stats prints them); without it each gets one per core but two (at least one), so that the
// thread driving the GPU is not starved.
TEST(CodecThreads, AreOnePerCoreButTwoAndAtLeastOne) {
  const int cores = static_cast<int>(std::thread::hardware_concurrency());
  EXPECT_EQ(video::defaultCodecThreads(), cores > 3 ? cores - 2 : 1);
  EXPECT_EQ(video::codecThreads(0), video::defaultCodecThreads());
  EXPECT_EQ(video::codecThreads(5), 5);
}

TEST(VideoRun, ThreadsBoundsTheDecodersAndTheEncodersThreads) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 48, .height = 32, .frames = 3, .rateNum = 30, .rateDen = 1, .codec = "libx264"};
  ASSERT_TRUE(writeTestClip(folder.path("in.mp4"), spec));
  for (const std::string threads : {"1", "2", ""}) {
    SCOPED_TRACE("--threads " + threads);
    std::vector<std::string> arguments = {"run", "--video", folder.path("in.mp4"), "--out", folder.path("out.mp4"), "--stats"};
    if (!threads.empty()) arguments.insert(arguments.end(), {"--threads", threads});
    const ProcessResult result = runShadersortArgs(joined(arguments, kArt));
    ASSERT_EQ(result.exitCode, 0) << result.err;
    std::smatch counts;
    ASSERT_TRUE(std::regex_search(result.out, counts, std::regex("threads: decoding ([0-9]+), encoding ([0-9]+|its own choice)"))) << result.out;
    if (threads.empty()) {
      const std::string expected = std::to_string(video::defaultCodecThreads());
      EXPECT_EQ(counts[1].str(), expected);
      EXPECT_EQ(counts[2].str(), expected);
      EXPECT_NE(result.out.find("(--threads not given: " + expected + ", one per core but two)"), std::string::npos)
          << result.out;
    } else {
      EXPECT_EQ(counts[1].str(), threads);
      EXPECT_EQ(counts[2].str(), threads);
    }
  }
}

// --hw-decode decodes on the GPU where FFmpeg and the machine have NVDEC; elsewhere (this machine,
// CI) it says why in one line and decodes on the CPU. Either way every frame comes out.
TEST(VideoRun, HwDecodeDecodesOnTheGpuOrSaysWhyInOneLine) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 48, .height = 32, .frames = 4, .rateNum = 30, .rateDen = 1, .codec = "libx264"};
  ASSERT_TRUE(writeTestClip(folder.path("in.mp4"), spec));
  const ProcessResult result = runShadersortArgs(
      joined({"run", "--video", folder.path("in.mp4"), "--out", folder.path("out.mkv"), "--hw-decode", "--stats", "--quiet"}, kArt));
  ASSERT_EQ(result.exitCode, 0) << result.err;
  const bool onGpu = result.out.find("decoding on: the GPU (NVDEC)") != std::string::npos;
  const bool onCpu = result.out.find("decoding on: the CPU") != std::string::npos;
  EXPECT_NE(onGpu, onCpu) << result.out;
  const std::regex fallback("shadersort: --hw-decode: [^\n]+; decoding on the CPU\n");
  const auto said = std::distance(std::sregex_iterator(result.err.begin(), result.err.end(), fallback), std::sregex_iterator());
  EXPECT_EQ(said, onCpu ? 1 : 0) << result.err;
  EXPECT_EQ(decodeAllFrames(folder.path("out.mkv")).size(), 4u);
}

TEST(VideoRun, BadCommandLinesAreRefusedBeforeAnyWork) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 16, .height = 16, .frames = 2, .rateNum = 25, .rateDen = 1, .codec = "ffv1"};
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), spec));
  const std::string in = folder.path("in.mkv");
  const std::vector<std::vector<std::string>> cases = {
      {"run", "--video", in, "--out", folder.path("out.avi")},
      {"run", "--video", in, "--out", folder.path("out.png")},
      {"run", "--video", in},
      {"run", "--video", in, "--out", folder.path("o.mkv"), "--passes", "3"},
      {"run", "--video", in, "--out", folder.path("o.mkv"), "--pattern", "random"},
      {"run", "--video", in, "--out", folder.path("o.mkv"), "--from", "2", "--to", "1"},
      {"run", "--video", in, "--out", folder.path("o.mkv"), "--from", "-1"},
      {"run", "--video", in, "--out", folder.path("o.mkv"), "--encoder", "no-such-encoder"},
      {"run", "--out", folder.path("o.png"), "--temporal-seed"},
      {"run", "--out", folder.path("o.png"), "--from", "1"},
      {"run", "--out", folder.path("o.png"), "--strict"},
      {"run", "--out", folder.path("o.png"), "--threads", "2"},
      {"run", "--video", in, "--out", folder.path("o.mkv"), "--threads", "0"},
      {"run", "--video", in, "--out", folder.path("o.mkv"), "--threads", "257"},
      {"run", "--video", in, "--out", folder.path("o.mkv"), "--threads", "two"},
  };
  for (const auto& arguments : cases) {
    std::string shown;
    for (const auto& argument : arguments) shown += argument + " ";
    SCOPED_TRACE(shown);
    const ProcessResult result = runShadersortArgs(arguments);
    EXPECT_EQ(result.exitCode, 2) << result.err;
    EXPECT_EQ(lineCount(result.err), 1) << result.err;
  }
  EXPECT_EQ(folder.entries(), std::vector<std::string>{"in.mkv"});
}

// A FIFO as the input would block FFmpeg's open until a writer came (the timeout turns a hang
// into a failure); a device never ends. Both are refused at once, in one line, with no output.
TEST(VideoRun, AFifoOrADeviceAsTheInputIsRefusedAtOnce) {
  ScratchFolder folder;
  ASSERT_EQ(mkfifo(folder.path("f.mp4").c_str(), 0600), 0);
  ProcessOptions bounded;
  bounded.timeoutSeconds = 30;
  for (const std::string& in : {folder.path("f.mp4"), std::string("/dev/zero")}) {
    SCOPED_TRACE(in);
    const ProcessResult result = runShadersortArgs({"run", "--video", in, "--out", folder.path("o.mkv"), "--quiet"}, bounded);
    EXPECT_FALSE(result.timedOut);
    EXPECT_EQ(result.exitCode, 1) << result.err;
    EXPECT_EQ(lineCount(result.err), 1) << result.err;
    EXPECT_NE(result.err.find("not a regular file"), std::string::npos) << result.err;
  }
  EXPECT_EQ(folder.entries(), std::vector<std::string>{"f.mp4"});
}

// Bytes changed inside an FFV1 clip: read past with one warning line that counts the damage, or
// refused in one line with --strict, which writes no output.
TEST(VideoRun, DamagedInputIsWarnedOfAndRefusedWithStrict) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 32, .height = 24, .frames = 20, .rateNum = 25, .rateDen = 1, .codec = "ffv1"};
  ASSERT_TRUE(writeTestClip(folder.path("good.mkv"), spec));
  std::string bytes = readText(folder.path("good.mkv"));
  std::mt19937 random(11);
  std::uniform_int_distribution<std::size_t> where(bytes.size() / 4, bytes.size() * 3 / 4);
  for (int i = 0; i < 200; ++i) bytes[where(random)] = static_cast<char>(random());
  writeBytes(folder.path("damaged.mkv"), std::vector<std::uint8_t>(bytes.begin(), bytes.end()));

  const ProcessResult clean =
      runShadersortArgs({"run", "--video", folder.path("good.mkv"), "--out", folder.path("clean.mkv"), "--quiet", "--strict"});
  EXPECT_EQ(clean.exitCode, 0) << clean.err;
  EXPECT_EQ(clean.err, "");

  const ProcessResult warned =
      runShadersortArgs({"run", "--video", folder.path("damaged.mkv"), "--out", folder.path("out.mkv"), "--quiet"});
  EXPECT_EQ(warned.exitCode, 0) << warned.err;
  EXPECT_EQ(lineCount(warned.err), 1) << warned.err;
  EXPECT_NE(warned.err.find("warning: '" + folder.path("damaged.mkv") + "' is damaged: "), std::string::npos) << warned.err;
  EXPECT_NE(warned.err.find("decode error"), std::string::npos) << warned.err;
  EXPECT_NE(warned.err.find("missing"), std::string::npos) << warned.err;
  EXPECT_TRUE(std::filesystem::exists(folder.path("out.mkv")));

  const ProcessResult refused = runShadersortArgs(
      {"run", "--video", folder.path("damaged.mkv"), "--out", folder.path("strict.mkv"), "--quiet", "--strict"});
  EXPECT_EQ(refused.exitCode, 1) << refused.err;
  EXPECT_EQ(lineCount(refused.err), 1) << refused.err;
  EXPECT_NE(refused.err.find("damaged.mkv"), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("--strict"), std::string::npos) << refused.err;
  EXPECT_FALSE(std::filesystem::exists(folder.path("strict.mkv")));
}

// An .mkv shadersort wrote, damaged: its FFV1 carries slice checksums, so changed bytes inside
// the frames are found (without them FFV1 decoded 36 of 40 frames wrong with no word of it).
TEST(VideoRun, DamageInsideTheFramesOfAnMkvItWroteIsWarnedOf) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 64, .height = 48, .frames = 12, .rateNum = 25, .rateDen = 1, .codec = "ffv1"};
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), spec));
  const ProcessResult wrote =
      runShadersortArgs({"run", "--video", folder.path("in.mkv"), "--out", folder.path("ours.mkv"), "--quiet"});
  ASSERT_EQ(wrote.exitCode, 0) << wrote.err;
  std::string bytes = readText(folder.path("ours.mkv"));
  std::mt19937 random(3);
  std::uniform_int_distribution<std::size_t> where(bytes.size() / 4, bytes.size() * 3 / 4);
  for (int i = 0; i < 200; ++i) bytes[where(random)] = static_cast<char>(random());
  writeBytes(folder.path("damaged.mkv"), std::vector<std::uint8_t>(bytes.begin(), bytes.end()));
  const ProcessResult warned =
      runShadersortArgs({"run", "--video", folder.path("damaged.mkv"), "--out", folder.path("out.mkv"), "--quiet"});
  EXPECT_NE(warned.err.find("warning: '" + folder.path("damaged.mkv") + "' is damaged: "), std::string::npos) << warned.err;
  const ProcessResult refused = runShadersortArgs(
      {"run", "--video", folder.path("damaged.mkv"), "--out", folder.path("strict.mkv"), "--quiet", "--strict"});
  EXPECT_EQ(refused.exitCode, 1) << refused.err;
  EXPECT_NE(refused.err.find("--strict"), std::string::npos) << refused.err;
}

// Memory holds a few frames whatever the clip's length: eight times the frames, the same peak.
TEST(VideoRun, PeakMemoryDoesNotGrowWithTheClip) {
  ScratchFolder folder;
  ClipSpec spec{.width = 192, .height = 108, .frames = 10, .rateNum = 25, .rateDen = 1, .codec = "ffv1"};
  ASSERT_TRUE(writeTestClip(folder.path("short.mkv"), spec));
  spec.frames = 80;
  ASSERT_TRUE(writeTestClip(folder.path("long.mkv"), spec));
  std::uint64_t peak[2] = {};
  int i = 0;
  // Under ASan, freed blocks wait in a quarantine (16 MiB in the preset) and stay resident, so
  // the longer clip's per-frame allocations would show as growth the program does not hold: the
  // child gets no quarantine (its other ASan options kept; a later option wins).
  const char* asanOptions = std::getenv("ASAN_OPTIONS");
  const std::vector<std::string> environment = {"ASAN_OPTIONS=" + std::string(asanOptions ? asanOptions : "") +
                                                ":quarantine_size_mb=0"};
  for (const std::string name : {"short", "long"}) {
    const ProcessResult result = runShadersortArgs(
        {"run", "--video", folder.path(name + ".mkv"), "--out", folder.path(name + "-out.mkv"), "--algo", "radix",
         "--path", "angle:30", "--spans", "threshold", "--quiet"},
        ProcessOptions{.environment = environment, .timeoutSeconds = 120, .addressSpaceBytes = 0, .beforeExec = {}});
    ASSERT_EQ(result.exitCode, 0) << result.err;
    peak[i++] = result.peakResidentBytes;
  }
  // A frame is 82 KB: were the clip held, 70 more frames would add 5.7 MB (and their sorted
  // copies as much again). Measured growth: under 1 MB in a plain build, 2 to 3.5 MB under ASan
  // (its allocator's own bookkeeping), hence the bound just below one held clip.
  EXPECT_LT(static_cast<double>(peak[1]), static_cast<double>(peak[0]) + 5e6)
      << "10 frames: " << peak[0] / 1e6 << " MB, 80 frames: " << peak[1] / 1e6 << " MB";
}

TEST(VideoRun, ProgressShowsOnATerminalOnly) {
  EXPECT_EQ(progressText(0, 0, 0, 4), "[=   ] 0 frames");
  EXPECT_EQ(progressText(30, 60, 1.0, 10), "[=====>    ] 30/60 frames  30.0 frames/s  0:01 left");
  EXPECT_EQ(progressText(60, 60, 2.0, 4), "[====] 60/60 frames  30.0 frames/s");
  // A clip whose first 10 s went at 100 frames/s and the next 10 s at 10: the time left follows
  // the last 10 s (1000 frames at 10 frames/s: 1:40), not the average (55 frames/s: 0:19).
  RecentRate recent;
  for (int tenth = 0; tenth <= 200; ++tenth) {
    const double seconds = tenth / 10.0;
    recent.add(seconds, seconds <= 10 ? static_cast<std::uint64_t>(seconds * 100) : 1000 + static_cast<std::uint64_t>((seconds - 10) * 10));
  }
  EXPECT_NEAR(recent.rate(), 10.0, 0.5);
  EXPECT_EQ(progressText(1100, 2100, 20.0, 4, recent.rate()), "[==> ] 1100/2100 frames  10.0 frames/s  1:40 left");
  EXPECT_EQ(RecentRate().rate(), 0.0) << "no samples: no rate";

  ScratchFolder folder;
  const ClipSpec spec{.width = 16, .height = 16, .frames = 3, .rateNum = 25, .rateDen = 1, .codec = "ffv1"};
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), spec));
  // stderr is a pipe here: no bar, only the summary line.
  const ProcessResult piped = runShadersortArgs({"run", "--video", folder.path("in.mkv"), "--out", folder.path("a.mkv")});
  ASSERT_EQ(piped.exitCode, 0) << piped.err;
  EXPECT_EQ(piped.err.find('\r'), std::string::npos) << piped.err;
  EXPECT_EQ(lineCount(piped.err), 1) << piped.err;
  // On a terminal (script(1) gives the command one): the bar, ending in the count of all frames.
  const CommandResult terminal = runScript(
      "script -qec \"$SHADERSORT run --video '" + folder.path("in.mkv") + "' --out '" + folder.path("b.mkv") +
      "'\" /dev/null");
  ASSERT_EQ(terminal.exitCode, 0) << terminal.out << terminal.err;
  EXPECT_NE(terminal.out.find("3/3 frames"), std::string::npos) << terminal.out;
}

}  // namespace
}  // namespace shadersort::testing

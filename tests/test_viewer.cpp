// The window path: under Xvfb (a real X server without a screen), the viewer opens a GL 4.3 core
// window, draws the picture and the panel, and its screenshot shows the input's own pixels.

#include <gtest/gtest.h>

#include <glad/gl.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>

#include "cli_support.h"
#include "data/default_image.h"

namespace shadersort::testing {
namespace {

CommandResult runViewerUnderXvfb(const std::string& arguments) {
  // xvfb-run is the launcher here; the quick start installs it with the other packages.
  return runShadersort(arguments, "xvfb-run -a -s '-screen 0 1280x800x24'");
}

TEST(Viewer, WindowShowsTheDefaultPictureAndThePanel) {
  ScratchFolder folder;
  const auto result = runViewerUnderXvfb("view --paused --frames 3 --screenshot " + folder.path("view.png"));
  ASSERT_EQ(result.exitCode, 0) << result.err;
  const Image screenshot = loadImage(folder.path("view.png"));
  ASSERT_EQ(screenshot.width, 1280);
  ASSERT_EQ(screenshot.height, 800);

  // Paused at pass 0, the picture is the default image enlarged with nearest filtering: every
  // pixel in the middle of the picture area is one of the input's colours.
  std::set<std::uint32_t> inputColours;
  const Image input = makeDefaultImage();
  for (int y = 0; y < input.height; ++y)
    for (int x = 0; x < input.width; ++x) inputColours.insert(input.pixel(x, y));
  std::set<std::uint32_t> seen;
  for (int y = 250; y < 550; y += 10) {
    for (int x = 500; x < 1100; x += 10) {
      const std::uint32_t colour = screenshot.pixel(x, y);
      EXPECT_TRUE(inputColours.count(colour)) << "at " << x << "," << y;
      seen.insert(colour);
    }
  }
  EXPECT_GT(seen.size(), 100u) << "the picture area is nearly uniform: nothing was drawn";
  // The panel (top left) is drawn over the background in ImGui's dark colours, not the picture's.
  EXPECT_FALSE(inputColours.count(screenshot.pixel(100, 200)));
}

// With --frames the first frame shows the input and each later one runs exactly one pass, so
// N frames end at pass N - 1, whatever the machine's speed; paused, the sort stays at pass 0.
TEST(Viewer, PlayingAdvancesOnePassPerScriptedFrame) {
  ScratchFolder folder;
  const auto paused = runViewerUnderXvfb("view --paused --frames 3 --stats --screenshot " + folder.path("a.png"));
  const auto few = runViewerUnderXvfb("view --frames 4 --stats");
  const auto more = runViewerUnderXvfb("view --frames 11 --stats --screenshot " + folder.path("b.png"));
  ASSERT_EQ(paused.exitCode, 0) << paused.err;
  ASSERT_EQ(few.exitCode, 0) << few.err;
  ASSERT_EQ(more.exitCode, 0) << more.err;
  EXPECT_NE(paused.out.find("frag-odd-even: pass 0 of "), std::string::npos) << paused.out;
  EXPECT_NE(few.out.find("frag-odd-even: pass 3 of "), std::string::npos) << few.out;
  EXPECT_NE(more.out.find("frag-odd-even: pass 10 of "), std::string::npos) << more.out;
  EXPECT_NE(loadImage(folder.path("a.png")).rgba, loadImage(folder.path("b.png")).rgba) << "the picture did not change";
}

// Regression: with Debian's Dear ImGui 1.86, space and the arrows did nothing. Real key events
// from an X client (xdotool) reach the window: three steps forward, one back, then Escape quits.
// No sleeps or key delays: the keys go to the window as events stamped CurrentTime (through
// XTEST the server stamps them, and GLFW's X11 backend drops a second press of one key in the same
// millisecond as an input method's duplicate). X queues the events until the viewer polls, its key
// callback queues every press, and with --frames (a scripted run) a step finishes in the frame that
// takes its key, so Escape, handled in the same frame as the steps when they come together, cannot
// quit half-way through them (CI, where all five came in one frame, ended at pass 1).
TEST(Viewer, RealKeyPressesStepAndQuitTheWindow) {
  const auto result = runScript(
      "\"$SHADERSORT\" --gl-debug view --paused --pattern random --size 16x16 --stats --frames 1000000 & viewer=$!\n"
      "id=$(xdotool search --sync --onlyvisible --name '^shadersort$' | head -1)\n"
      "xdotool key --window \"$id\" Right Right Right Left Escape\n"
      "wait $viewer",
      "timeout 120 xvfb-run -a -s '-screen 0 1280x800x24'");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_NE(result.out.find("frag-odd-even: pass 2 of 16"), std::string::npos) << result.out;
  EXPECT_EQ(result.err.find("GL "), std::string::npos) << result.err;
}

// Offscreen: no window, no X server; the keys script drives it and --stats reports.
TEST(Viewer, OffscreenRunsWithoutAnXServerAndReportsItsFrames) {
  ScratchFolder folder;
  const auto result = runShadersort("--gl-debug view --offscreen --paused --pattern reversed --size 8x20 --algo odd-even "
                                    "--keys right,right,right,left,a,t --frames 8 --stats --screenshot " +
                                        folder.path("frame.png"),
                                    "DISPLAY=");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_EQ(result.err, "");
  EXPECT_NE(result.out.find("frames 8 in"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("median per frame"), std::string::npos) << result.out;
  // After t the lane restarts on the fast schedule.
  EXPECT_NE(result.out.find("odd-even: pass 0 of 1"), std::string::npos) << result.out;
  const Image frame = loadImage(folder.path("frame.png"));
  EXPECT_EQ(frame.width, 1280);
  EXPECT_EQ(frame.height, 800);
}

// Regressions: each of these ran forever, wrote nothing silently, or wrote PNG bytes into a .jpg.
TEST(Viewer, ScriptOptionsThatCannotWorkAreRefusedInOneLine) {
  ScratchFolder folder;
  for (const std::string& arguments : std::vector<std::string>{"view --offscreen --frames 0", "view --offscreen --frames -3", "view --offscreen", "view --screenshot " + folder.path("x.png"),
        "view --offscreen --frames 2 --screenshot " + folder.path("x.jpg"), "view --offscreen --frames 2 --keys space,jump",
        "view --offscreen --frames 2 --race radix", "view --offscreen --frames 2 --race radix,bitonic --race-clock sundial",
        "view --offscreen --frames 2 --window-size 10x10", "view --offscreen --frames 2 --shader-dir " + folder.path("none")}) {
    const auto result = runShadersort(arguments, "DISPLAY=");
    EXPECT_NE(result.exitCode, 0) << arguments;
    EXPECT_EQ(lineCount(result.err), 1) << arguments << ": " << result.err;
  }
  EXPECT_TRUE(folder.entries().empty());
}

TEST(Viewer, RecordWritesTheLanesAsAGifOfOneFramePerState) {
  ScratchFolder folder;
  const auto result = runShadersort("view --offscreen --race radix,bitonic --pattern random --size 16x16 --frames 40 "
                                    "--window-size 800x400 --record " + folder.path("race.gif"),
                                    "DISPLAY=");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  // radix (8 teaching passes) and bitonic (10 on 16 keys) advance together: 11 states, the input
  // (the first frame) to pass 10; then a frame for each lane whose check mark came after that.
  std::smatch frames;
  ASSERT_TRUE(std::regex_search(result.out, frames, std::regex(R"(\((\d+) frames)"))) << result.out;
  EXPECT_GE(std::stoi(frames[1]), 11) << result.out;
  EXPECT_LE(std::stoi(frames[1]), 13) << result.out;
  const std::string bytes = readText(folder.path("race.gif"));
  EXPECT_EQ(bytes.substr(0, 6), "GIF89a");
  EXPECT_EQ(folder.entries(), (std::vector<std::string>{"race.gif"}));
  const auto refused = runShadersort("view --offscreen --frames 2 --record " + folder.path("x.png"), "DISPLAY=");
  EXPECT_EQ(refused.exitCode, 2);
  EXPECT_EQ(lineCount(refused.err), 1) << refused.err;
}

// Regression: slides made with `run --passes N` silently used the fast schedule, unlike the viewer.
TEST(Viewer, RunSaysWhichScheduleItUsed) {
  ScratchFolder folder;
  const auto fast = runShadersort("run --algo bitonic --pattern random --size 8x8 --passes 1 --stats --out " + folder.path("a.png"));
  const auto teaching =
      runShadersort("run --algo bitonic --teaching --pattern random --size 8x8 --passes 1 --stats --out " + folder.path("b.png"));
  ASSERT_EQ(fast.exitCode, 0) << fast.err;
  ASSERT_EQ(teaching.exitCode, 0) << teaching.err;
  EXPECT_NE(fast.out.find("fast schedule"), std::string::npos) << fast.out;
  EXPECT_NE(teaching.out.find("teaching schedule"), std::string::npos) << teaching.out;
}

// Regression (issue 26): an input larger than frag-odd-even's textures aborted (exit 134) in
// ImGui's OpenGL3 backend shutdown, which ran although its init never had.
// The sizes come from this driver's limit (16384 on llvmpipe, 32768 on NVIDIA).
std::string oneOverTheTextureLimit() {
  GLint side = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &side);
  return std::to_string(side + 1);
}

TEST(Viewer, InputTooLargeForTheTexturesIsAOneLineErrorNotAnAbort) {
  const std::string over = oneOverTheTextureLimit();
  for (const std::string& size : std::vector<std::string>{over + "x10", "10x" + over, over + "x" + over}) {
    const auto result = runShadersort("view --offscreen --frames 2 --pattern random --size " + size + " --algo frag-odd-even", "DISPLAY=");
    EXPECT_NE(result.exitCode, 0) << size;
    EXPECT_NE(result.exitCode, 134) << size << ": " << result.err;
    EXPECT_EQ(lineCount(result.err), 1) << size << ": " << result.err;
    // The square may meet the memory budget or (on NVIDIA, 32769 a side) the 2^30 pixels
    // shadersort takes first; the limit met is named.
    EXPECT_TRUE(result.err.find("GL_MAX_TEXTURE_SIZE") != std::string::npos || result.err.find("--max-memory") != std::string::npos ||
                result.err.find("more than shadersort takes") != std::string::npos)
        << size << ": " << result.err;
  }
  // A window with the default algorithm (frag-odd-even) the same way.
  const auto window = runViewerUnderXvfb("view --frames 2 --pattern random --size " + over + "x10");
  EXPECT_NE(window.exitCode, 0);
  EXPECT_NE(window.exitCode, 134) << window.err;
  EXPECT_EQ(lineCount(window.err), 1) << window.err;
  EXPECT_NE(window.err.find("GL_MAX_TEXTURE_SIZE"), std::string::npos) << window.err;
}

// Regression (issue 26): the refusal ended in "...--algo odd-even can", and odd-even failed too:
// every output of run paints the input-sized picture, which no algorithm makes fit a texture.
TEST(Viewer, RunTooLargeForItsPictureGivesOneCompleteLineWhoseAdviceWorks) {
  ScratchFolder folder;
  const auto refused = runShadersort("run --pattern random --size " + oneOverTheTextureLimit() + "x10 --out " + folder.path("big.png"));
  EXPECT_NE(refused.exitCode, 0);
  ASSERT_EQ(lineCount(refused.err), 1) << refused.err;
  EXPECT_EQ(refused.err.find(" can\n"), std::string::npos) << "an unfinished sentence: " << refused.err;
  EXPECT_NE(refused.err.find("GL_MAX_TEXTURE_SIZE"), std::string::npos) << refused.err;
  EXPECT_TRUE(folder.entries().empty());
  // The advice: "give an input of at most N pixels a side"; taken, it succeeds.
  std::smatch advice;
  ASSERT_TRUE(std::regex_search(refused.err, advice, std::regex("give an input of at most ([0-9]+) pixels a side\n$"))) << refused.err;
  const auto taken = runShadersort("run --pattern random --size " + advice[1].str() + "x10 --out " + folder.path("big.png"));
  EXPECT_EQ(taken.exitCode, 0) << taken.err;
  EXPECT_EQ(folder.entries(), (std::vector<std::string>{"big.png"}));
}

// Regression (issue 26): a --shader-dir shader that compiles but sorts wrongly still said
// "(sorted)": only a passed GPU check may say so.
TEST(Viewer, AWrongShaderIsNeverCalledSorted) {
  ScratchFolder folder;
  const std::filesystem::path shaders = folder.root() / "shaders";
  std::filesystem::copy(std::filesystem::path(SHADERSORT_SOURCE_DIR) / "shaders", shaders, std::filesystem::copy_options::recursive);
  const std::string arguments = "view --offscreen --paused --pattern random --size 8x8 --algo frag-odd-even --keys end --frames 12 --stats --shader-dir ";
  const auto good = runShadersort(arguments + shaders.string(), "DISPLAY=");
  ASSERT_EQ(good.exitCode, 0) << good.err;
  EXPECT_NE(good.out.find("frag-odd-even: pass 8 of 8 (sorted)"), std::string::npos) << good.out;

  // Every texel takes its partner's element: it compiles, and the result is not sorted.
  const auto fragment = shaders / "sort" / "frag_odd_even" / "transposition.frag";
  std::string source = readText(fragment.string());
  const std::string choice = "o_element = swap ? other : mine;";
  ASSERT_NE(source.find(choice), std::string::npos);
  source.replace(source.find(choice), choice.size(), "o_element = other;");
  std::ofstream(fragment) << source;
  const auto bad = runShadersort(arguments + shaders.string(), "DISPLAY=");
  ASSERT_EQ(bad.exitCode, 0) << bad.err;
  EXPECT_NE(bad.out.find("frag-odd-even: pass 8 of 8"), std::string::npos) << bad.out;
  EXPECT_EQ(bad.out.find("sorted)"), std::string::npos) << bad.out;
  EXPECT_NE(bad.out.find("NOT sorted"), std::string::npos) << bad.out;
}

// Regression (issue 26): one lane printed "rank 1"; only a race has ranks.
TEST(Viewer, StatsRankOnlyARace) {
  const auto one = runShadersort("view --offscreen --paused --pattern random --size 8x8 --algo odd-even --keys end --frames 8 --stats", "DISPLAY=");
  ASSERT_EQ(one.exitCode, 0) << one.err;
  EXPECT_EQ(one.out.find("rank "), std::string::npos) << one.out;
  const auto race = runShadersort("view --offscreen --race odd-even,bitonic --pattern random --size 8x8 --frames 40 --stats", "DISPLAY=");
  ASSERT_EQ(race.exitCode, 0) << race.err;
  EXPECT_NE(race.out.find("rank 1: "), std::string::npos) << race.out;
  EXPECT_NE(race.out.find("rank 2: "), std::string::npos) << race.out;
}

// Regression (issue 26): a step back did not take the time of the pass it undid off "so far".
TEST(Viewer, StatsTimeSoFarCountsOnlyThePassesUpToTheOneShown) {
  const std::string arguments = "view --offscreen --paused --pattern random --size 8x8 --algo odd-even --stats --keys ";
  const auto forward = runShadersort(arguments + "right,right,right --frames 4", "DISPLAY=");
  const auto back = runShadersort(arguments + "right,right,right,left --frames 5", "DISPLAY=");
  ASSERT_EQ(forward.exitCode, 0) << forward.err;
  ASSERT_EQ(back.exitCode, 0) << back.err;
  EXPECT_NE(forward.out.find("odd-even: pass 3 of 8, "), std::string::npos) << forward.out;
  EXPECT_NE(forward.out.find("odd-even: time so far "), std::string::npos) << forward.out;
  EXPECT_NE(forward.out.find(" ms over 3 timed passes"), std::string::npos) << forward.out;
  EXPECT_NE(back.out.find("odd-even: pass 2 of 8, "), std::string::npos) << back.out;
  EXPECT_NE(back.out.find(" ms over 2 timed passes"), std::string::npos) << back.out;
}

// Issue 39: + and - changed the speed the panel said but not what a scripted frame played (one
// pass, whatever the speed). A scripted frame is 1/30 s of playback: at the default 30 passes/s
// one pass, after + two, after - one every other frame.
TEST(Viewer, SpeedKeysDoubleAndHalveThePassesOfAScriptedFrame) {
  const std::string arguments = "view --offscreen --paused --pattern random --size 64x64 --algo frag-odd-even --frames 9 --stats --keys ";
  const auto normal = runShadersort(arguments + "space", "DISPLAY=");
  const auto faster = runShadersort(arguments + "plus,space", "DISPLAY=");
  const auto slower = runShadersort(arguments + "minus,space", "DISPLAY=");
  ASSERT_EQ(normal.exitCode, 0) << normal.err;
  ASSERT_EQ(faster.exitCode, 0) << faster.err;
  ASSERT_EQ(slower.exitCode, 0) << slower.err;
  EXPECT_NE(normal.out.find("frag-odd-even: pass 8 of 64"), std::string::npos) << normal.out;
  EXPECT_NE(faster.out.find("frag-odd-even: pass 16 of 64"), std::string::npos) << faster.out;
  EXPECT_NE(slower.out.find("frag-odd-even: pass 4 of 64"), std::string::npos) << slower.out;
}

TEST(Viewer, BadInputFailsBeforeOpeningAWindow) {
  const auto result = runShadersort("view --image /nonexistent/picture.png", "DISPLAY=");
  EXPECT_NE(result.exitCode, 0);
  EXPECT_EQ(lineCount(result.err), 1) << result.err;
  EXPECT_NE(result.err.find("picture.png"), std::string::npos);
}

}  // namespace
}  // namespace shadersort::testing

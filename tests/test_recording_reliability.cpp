// Recordings are never lost in silence (issue 28): a viewer recording still running when the
// viewer quits is saved and named, one that cannot be written says so and fails the command, and
// every name printed for an output is quoted as error messages quote it. Also: `view` checks for
// GL errors before it exits 0.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_support.h"
#include "core/quoting.h"
#include "data/inputs.h"
#include "gl_test_environment.h"
#include "process_support.h"
#include "ui/viewer_app.h"

namespace shadersort::testing {
namespace {

const std::string kSmallView = "view --offscreen --pattern random --size 16x16 --window-size 640x400";

// A GIF whose trailer was written: giflib ends a closed file with ';'.
bool isWholeGif(const std::string& path) {
  const std::string bytes = readText(path);
  return bytes.size() > 13 && bytes.substr(0, 6) == "GIF89a" && bytes.back() == ';';
}

std::string inFolder(const ScratchFolder& folder, const std::string& command) {
  return "cd " + singleQuotedForShell(folder.root().string()) + " && " + command;
}

// Every line of `text` free of control bytes (each line checked on its own).
bool linesArePrintable(const std::string& text) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (hasRawControlBytes(line)) return false;
  return true;
}

TEST(RecordingReliability, RecordIntoAFolderThatHoldsNoFilesFailsInOneLine) {
  // The reproducer: /proc takes no new files, yet the viewer ran and exited 0.
  const auto result = runShadersort(kSmallView + " --frames 40 --record /proc/r.gif", "DISPLAY=");
  EXPECT_EQ(result.exitCode, 1) << result.out << result.err;
  EXPECT_EQ(lineCount(result.err), 1) << result.err;
  EXPECT_NE(result.err.find("'/proc/r.gif'"), std::string::npos) << result.err;
}

TEST(RecordingReliability, AFullDiskDuringARecordingFailsTheViewInOneLineAndLeavesNothing) {
  ScratchFolder folder;
  // A file-size limit makes the writes fail part way, as a full disk does (EFBIG for ENOSPC;
  // SIGXFSZ ignored so write() reports it).
  const auto result = runScript(inFolder(folder, "trap '' XFSZ && ulimit -f 8 && \"$SHADERSORT\" view --offscreen --pattern random "
                                                 "--size 64x64 --window-size 640x400 --frames 40 --record x.gif"),
                                "DISPLAY=");
  EXPECT_EQ(result.exitCode, 1) << result.out << result.err;
  EXPECT_EQ(lineCount(result.err), 1) << result.err;
  EXPECT_NE(result.err.find("x.gif"), std::string::npos) << result.err;
  EXPECT_EQ(result.out.find("recording:"), std::string::npos) << result.out;
  EXPECT_TRUE(folder.entries().empty()) << folder.entries().front();
}

TEST(RecordingReliability, ARecordingWhoseFolderIsRemovedBeforeItIsSavedSaysSo) {
  ScratchFolder folder;
  // The viewer stops just before the finished GIF is renamed into place (core/test_pause.h);
  // the folder goes meanwhile, as a cleaned-up or unmounted output folder would.
  const auto result = runScript(inFolder(folder, "mkdir out && mkfifo go\n"
                                                 "SHADERSORT_TEST_PAUSE_AT=before-rename \"$SHADERSORT\" " + kSmallView +
                                                     " --frames 4 --record out/x.gif <go 2>err & viewer=$!\n"
                                                     "exec 3>go\n"
                                                     "for i in $(seq 600); do grep -q 'test pause' err && break; sleep 0.05; done\n"
                                                     "rm -r out; exec 3>&-\n"
                                                     "wait $viewer; echo \"status $?\"; grep -v 'test pause' err >&2"),
                                "DISPLAY=");
  EXPECT_NE(result.out.find("status 1"), std::string::npos) << result.out << result.err;
  EXPECT_EQ(lineCount(result.err), 1) << result.err;
  EXPECT_NE(result.err.find("'out/x.gif'"), std::string::npos) << result.err;
  EXPECT_EQ(result.out.find("recording:"), std::string::npos) << result.out;
}

TEST(RecordingReliability, ARecordingStartedWithRIsSavedAndNamedWhenTheFramesRunOut) {
  ScratchFolder folder;
  // r on the very first frame too: the lanes' area is known only once a frame is drawn.
  for (const std::string keys : {"wait,r", "r"}) {
    SCOPED_TRACE(keys);
    const auto result = runScript(inFolder(folder, "\"$SHADERSORT\" " + kSmallView + " --frames 6 --keys " + keys), "DISPLAY=");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    ASSERT_EQ(folder.entries().size(), 1u) << result.out;
    const std::string name = folder.entries().front();
    EXPECT_NE(result.out.find("recording: " + quote("./" + name)), std::string::npos) << result.out;
    EXPECT_TRUE(isWholeGif(folder.path(name)));
    std::filesystem::remove(folder.path(name));
  }
}

TEST(RecordingReliability, ARecordingStartedWithRIsSavedAtEscape) {
  ScratchFolder folder;
  const auto result =
      runScript(inFolder(folder, "\"$SHADERSORT\" " + kSmallView + " --frames 100 --keys wait,r,right,escape"), "DISPLAY=");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  ASSERT_EQ(folder.entries().size(), 1u) << result.out;
  EXPECT_NE(result.out.find("recording: "), std::string::npos) << result.out;
  EXPECT_TRUE(isWholeGif(folder.path(folder.entries().front())));
}

// The viewer in this process, on the test context: no GL error allowed.
using RecordingInTheViewer = ::testing::Test;

TEST_F(RecordingInTheViewer, ARecordingIsSavedWhenTheWindowIsClosedBetweenFrames) {
  ScratchFolder folder;
  ui::ViewerConfig config;
  config.input.pattern = Pattern::Random;
  config.input.width = config.input.height = 16;
  config.frames = 1000;
  config.recordPath = folder.path("closed.gif");
  {
    ui::ViewerApp app(config, [] { return ui::makeOffscreenHost(640, 400); });
    app.frame();
    app.frame();
    app.host().requestClose();  // the close box, clicked while the viewer waited for events
    app.run();
    EXPECT_TRUE(app.outputFailures().empty());
  }
  EXPECT_EQ(folder.entries(), std::vector<std::string>{"closed.gif"});
  EXPECT_TRUE(isWholeGif(folder.path("closed.gif")));
}

// The window resized while recording: frames 0-1 at 640x400, 2-3 at 800x500, then 640x400 again.
class ResizingHost final : public ui::ViewerHost {
 public:
  ResizingHost() : small_(ui::makeOffscreenHost(640, 400)), large_(ui::makeOffscreenHost(800, 500)) {}
  bool shouldClose() const override { return closeRequested_; }
  void requestClose() override { closeRequested_ = true; }
  void pollEvents(bool, double) override {}
  void newImGuiFrame() override { current().newImGuiFrame(); }
  void bindFramebuffer() override { current().bindFramebuffer(); }
  int framebufferWidth() const override { return current().framebufferWidth(); }
  int framebufferHeight() const override { return current().framebufferHeight(); }
  float contentScale() const override { return 1.0f; }
  Image readFrame() const override { return current().readFrame(); }
  void present() override {
    current().present();
    ++presented_;
  }

 private:
  ui::ViewerHost& current() const { return presented_ >= 2 && presented_ < 4 ? *large_ : *small_; }
  std::unique_ptr<ui::ViewerHost> small_, large_;
  int presented_ = 0;
  bool closeRequested_ = false;
};

TEST_F(RecordingInTheViewer, AResizedWindowKeepsRecording) {
  ScratchFolder folder;
  ui::ViewerConfig config;
  config.input.pattern = Pattern::Random;
  config.input.width = config.input.height = 16;
  config.frames = 6;
  config.recordPath = folder.path("resized.gif");
  {
    ui::ViewerApp app(config, [] { return std::make_unique<ResizingHost>(); });
    app.run();
  }
  EXPECT_EQ(folder.entries(), std::vector<std::string>{"resized.gif"});
  EXPECT_TRUE(isWholeGif(folder.path("resized.gif")));
}

TEST(RecordingReliability, OutputNamesArePrintedQuoted) {
  ScratchFolder folder;
  const std::string odd = "a\nb\x1b[31m";
  ProcessOptions noDisplay;
  noDisplay.environment = {"DISPLAY="};
  const auto view = runShadersortArgs({"view", "--offscreen", "--pattern", "random", "--size", "8x8", "--window-size", "640x400",
                                       "--frames", "3", "--record", folder.path(odd + ".gif")},
                                      noDisplay);
  ASSERT_EQ(view.exitCode, 0) << view.err;
  EXPECT_TRUE(linesArePrintable(view.out)) << view.out;
  EXPECT_NE(view.out.find("recording: " + quote(folder.path(odd + ".gif"))), std::string::npos) << view.out;

  const auto run = runShadersortArgs({"run", "--pattern", "random", "--size", "8x8", "--stats", "--gif", folder.path(odd + "2.gif"),
                                      "--sheet", folder.path(odd + ".png")});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_TRUE(linesArePrintable(run.out)) << run.out;
  EXPECT_NE(run.out.find("gif: " + quote(folder.path(odd + "2.gif")) + ", "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("sheet: " + quote(folder.path(odd + ".png")) + ", "), std::string::npos) << run.out;
}

TEST(RecordingReliability, ALongNameIsPrintedWhole) {
  // The summary lines were formatted into 512 bytes: a long path was cut short.
  ScratchFolder folder;
  const std::string name = std::string(200, 'g') + ".gif";
  const std::filesystem::path deep = folder.root() / std::string(200, 'd') / std::string(200, 'e');
  std::filesystem::create_directories(deep);
  const std::string gif = (deep / name).string();
  const auto run = runShadersortArgs({"run", "--pattern", "random", "--size", "8x8", "--stats", "--gif", gif});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_NE(run.out.find("gif: " + quote(gif) + ", "), std::string::npos) << run.out;
}

TEST(ViewGlCheck, AGlErrorMakesTheViewFailInOneLine) {
  // A user's shader folder declares u_parity a float where the sorter sets an int: every pass
  // then raises GL_INVALID_OPERATION, and the viewer exited 0 regardless.
  ScratchFolder folder;
  const std::filesystem::path shaders = folder.root() / "shaders";
  std::filesystem::copy(std::filesystem::path(SHADERSORT_SOURCE_DIR) / "shaders", shaders, std::filesystem::copy_options::recursive);
  const auto fragment = shaders / "sort" / "frag_odd_even" / "transposition.frag";
  std::string source = readText(fragment.string());
  const auto replace = [&](const std::string& from, const std::string& to) {
    const auto at = source.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    source.replace(at, from.size(), to);
  };
  replace("uniform int u_parity;", "uniform float u_parity;");
  replace("(here.x - u_parity)", "(here.x - int(u_parity))");
  std::ofstream(fragment) << source;

  const auto result = runShadersort(kSmallView + " --algo frag-odd-even --frames 4 --shader-dir " + shaders.string(), "DISPLAY=");
  EXPECT_EQ(result.exitCode, 3) << result.out << result.err;
  EXPECT_EQ(lineCount(result.err), 1) << result.err;
  EXPECT_NE(result.err.find("GL"), std::string::npos) << result.err;

  // The folder's own shaders: no error, exit 0.
  const auto clean = runShadersort(kSmallView + " --algo frag-odd-even --frames 4", "DISPLAY=");
  EXPECT_EQ(clean.exitCode, 0) << clean.err;
}

}  // namespace
}  // namespace shadersort::testing

// GIMP's batch mode calls plug-in-shadersort-pixel-sort on PNGs and saves them: the pictures must
// equal `shadersort run --out` with the same options. One GIMP start serves every test (it takes
// about ten seconds): it runs in a fresh profile (GIMP2_DIRECTORY) whose plug-in path holds the
// build's plug-in, with a HOME of its own, so the user's GIMP is neither read nor changed.

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.h"
#include "data/image.h"

namespace fs = std::filesystem;

namespace {

struct Case {
  std::string name, input;
  std::string path, spans, key;
  double lower = -1, upper = -1;
  bool descending = false;
  std::string preset;
  int select[4] = {0, 0, 0, 0};  // a rectangle selected first (x, y, width, height); run gets it as --mask
};

// A picture with transparent pixels and colours that differ under them (run keeps them where they
// do not sort; GIMP must hand them over unchanged).
shadersort::Image transparentPicture() {
  shadersort::Image image(96, 64);
  for (int y = 0; y < image.height; ++y)
    for (int x = 0; x < image.width; ++x) {
      const std::uint32_t alpha = (x / 8 + y / 8) % 5 == 0 ? 0u : ((x * 7 + y * 3) % 4 == 0 ? 128u : 255u);
      image.setPixel(x, y, static_cast<std::uint32_t>((x * 37) % 256) | static_cast<std::uint32_t>((y * 53) % 256) << 8 |
                               static_cast<std::uint32_t>((x * y) % 256) << 16 | alpha << 24);
    }
  return image;
}

// White where `c` selects, black elsewhere: the mask `run` gets for the selection.
shadersort::Image selectionMask(const Case& c, int width, int height) {
  shadersort::Image mask(width, height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const bool in = x >= c.select[0] && x < c.select[0] + c.select[2] && y >= c.select[1] && y < c.select[1] + c.select[3];
      mask.setPixel(x, y, in ? 0xFFFFFFFFu : 0xFF000000u);
    }
  return mask;
}

std::vector<Case> cases(const fs::path& folder) {
  const std::string astronaut = SHADERSORT_SOURCE_DIR "/assets/astronaut.png";
  const std::string transparent = (folder / "transparent.png").string();
  return {
      {"threshold", astronaut, "angle:30", "threshold", "lightness", 0.25, 0.8, true, ""},
      {"preset", astronaut, "", "", "", -1, -1, false, "melt"},
      {"columns", transparent, "columns", "threshold", "hue", 0.1, -1, false, ""},
      {"selection", astronaut, "rows", "threshold", "hue", 0.2, -1, false, "", {40, 30, 150, 120}},
  };
}

std::string quoted(const std::string& text) {  // a Scheme string (the paths hold no quote)
  return "\"" + text + "\"";
}

std::string lines(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class GimpBatch : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    folder_ = fs::temp_directory_path() / ("shadersort-gimp-test-" + std::to_string(::getpid()));
    fs::create_directories(folder_ / "profile");
    fs::create_directories(folder_ / "home");
    shadersort::savePng(transparentPicture(), (folder_ / "transparent.png").string());
    // The build's plug-in folder before GIMP's own (file-png is a plug-in too).
    std::ofstream(folder_ / "profile" / "gimprc")
        << "(plug-in-path \"" GIMP_PLUGIN_DIR ":${gimp_plug_in_dir}/plug-ins\")\n";
    std::ofstream script(folder_ / "batch.scm");
    for (const Case& c : cases(folder_)) {
      const std::string out = (folder_ / (c.name + "-gimp.png")).string();
      script << "(let* ((image (car (gimp-file-load RUN-NONINTERACTIVE " << quoted(c.input) << " " << quoted(c.input)
             << ")))\n       (layer (car (gimp-image-get-active-layer image))))\n";
      if (c.select[2] > 0)
        script << "  (gimp-image-select-rectangle image CHANNEL-OP-REPLACE " << c.select[0] << " " << c.select[1] << " "
               << c.select[2] << " " << c.select[3] << ")\n";
      script << "  (plug-in-shadersort-pixel-sort RUN-NONINTERACTIVE image layer " << quoted(c.path) << " "
             << quoted(c.spans) << " " << quoted(c.key) << " " << c.lower << " " << c.upper << " "
             << (c.descending ? "TRUE" : "FALSE") << " " << quoted(c.preset) << ")\n"
             // Interlace off, compression 9, no extra chunks, colours under transparent pixels kept.
             << "  (file-png-save2 RUN-NONINTERACTIVE image layer " << quoted(out) << " " << quoted(out)
             << " 0 9 0 0 0 0 0 0 1)\n  (gimp-image-delete image))\n";
    }
    // Last, a bad key: the procedure fails with the command line's one-line message.
    script << "(let* ((image (car (gimp-file-load RUN-NONINTERACTIVE " << quoted(SHADERSORT_SOURCE_DIR "/assets/astronaut.png")
           << " \"a.png\")))\n       (layer (car (gimp-image-get-active-layer image))))\n"
           << "  (plug-in-shadersort-pixel-sort RUN-NONINTERACTIVE image layer \"\" \"\" \"colour\" -1 -1 FALSE \"\"))\n";
    script.close();
    using shadersort::testing::singleQuotedForShell;
    const std::string command = "cd " + singleQuotedForShell(folder_.string()) +
                                " && HOME=" + singleQuotedForShell((folder_ / "home").string()) +
                                " GIMP2_DIRECTORY=" + singleQuotedForShell((folder_ / "profile").string()) +
                                " timeout 300 " GIMP_PROGRAM " -i -d -f -b " +
                                singleQuotedForShell("(load " + quoted((folder_ / "batch.scm").string()) + ")") +
                                " -b '(gimp-quit 0)' >gimp.out 2>gimp.err";
    const int status = std::system(command.c_str());
    gimpExit_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    gimpOutput_ = lines((folder_ / "gimp.out").string()) + lines((folder_ / "gimp.err").string());
  }
  static void TearDownTestSuite() {
    std::error_code ignored;
    fs::remove_all(folder_, ignored);
  }

  static fs::path folder_;
  static int gimpExit_;
  static std::string gimpOutput_;
};

fs::path GimpBatch::folder_;
int GimpBatch::gimpExit_ = -1;
std::string GimpBatch::gimpOutput_;

TEST_F(GimpBatch, ProcedureEqualsRun) {
  ASSERT_EQ(gimpExit_, 0) << gimpOutput_;
  for (const Case& c : cases(folder_)) {
    SCOPED_TRACE(c.name);
    const std::string out = (folder_ / (c.name + "-run.png")).string();
    using shadersort::testing::singleQuotedForShell;
    std::string command = std::string(SHADERSORT_BINARY) + " run " + singleQuotedForShell(c.input) + " --out " +
                          singleQuotedForShell(out);
    if (!c.path.empty()) command += " --path " + c.path;
    if (!c.spans.empty()) command += " --spans " + c.spans;
    if (!c.key.empty()) command += " --key " + c.key;
    if (c.lower >= 0) command += " --lower " + std::to_string(c.lower);
    if (c.upper >= 0) command += " --upper " + std::to_string(c.upper);
    if (c.descending) command += " --descending";
    if (!c.preset.empty()) command += " --preset " + c.preset;
    const shadersort::Image input = shadersort::loadImage(c.input);
    if (c.select[2] > 0) {
      const std::string mask = (folder_ / (c.name + "-mask.png")).string();
      shadersort::savePng(selectionMask(c, input.width, input.height), mask);
      command += " --mask " + singleQuotedForShell(mask);
    }
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    const shadersort::Image expected = shadersort::loadImage(out);
    ASSERT_TRUE(fs::exists(folder_ / (c.name + "-gimp.png"))) << gimpOutput_;
    const shadersort::Image got = shadersort::loadImage((folder_ / (c.name + "-gimp.png")).string());
    ASSERT_EQ(got.width, expected.width);
    ASSERT_EQ(got.height, expected.height);
    EXPECT_NE(expected.rgba, input.rgba) << "the options sort nothing: the case tests nothing";
    std::size_t differing = 0, first = expected.pixelCount();
    for (std::size_t i = 0; i < expected.pixelCount(); ++i)
      if (std::memcmp(&got.rgba[i * 4], &expected.rgba[i * 4], 4) != 0 && differing++ == 0) first = i;
    EXPECT_EQ(differing, 0u) << "pixels differ, the first at x " << first % expected.width << ", y "
                             << first / expected.width;
  }
}

TEST_F(GimpBatch, BadSettingsFailTheProcedureWithRunsMessage) {
  // The line `run` prints for the same mistake, and Script-Fu's error carrying it.
  const std::string errors = (folder_ / "run.err").string();
  const std::string command = std::string(SHADERSORT_BINARY) + " run " SHADERSORT_SOURCE_DIR
                              "/assets/astronaut.png --key colour --out " +
                              shadersort::testing::singleQuotedForShell((folder_ / "bad.png").string()) + " 2>" +
                              shadersort::testing::singleQuotedForShell(errors);
  ASSERT_NE(std::system(command.c_str()), 0);
  std::string line = lines(errors);
  line = line.substr(0, line.find('\n'));
  ASSERT_NE(line.find("colour"), std::string::npos) << line;
  EXPECT_NE(gimpOutput_.find("Procedure execution of plug-in-shadersort-pixel-sort failed: " + line), std::string::npos)
      << gimpOutput_;
}

}  // namespace

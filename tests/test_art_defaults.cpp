// Art is fast by default: the art commands of README.md and docs/ART.md, run as printed, sort with
// radix on its fast schedule, and --stats says so; --algo and the viewer's --teaching still choose.

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include "cli_support.h"
#include "data/image.h"

namespace shadersort::testing {
namespace {

// The `shadersort run IMAGE ...` lines of README.md and docs/ART.md, as printed, each once.
std::vector<std::string> documentedArtCommands() {
  std::vector<std::string> commands;
  const std::string prefix = "    shadersort run IMAGE ";
  for (const char* page : {"/README.md", "/docs/ART.md"}) {
    std::ifstream text(std::string(SHADERSORT_SOURCE_DIR) + page);
    for (std::string line; std::getline(text, line);) {
      if (line.rfind(prefix, 0) != 0) continue;
      std::string command = line.substr(std::string("    shadersort ").size());
      if (std::find(commands.begin(), commands.end(), command) == commands.end()) commands.push_back(command);
    }
  }
  return commands;
}

// `command` with the pages' placeholders filled: IMAGE, OUT.png and M.png.
std::string filledIn(std::string command, const ScratchFolder& folder) {
  auto replace = [&](const std::string& placeholder, const std::string& value) {
    for (std::size_t at = command.find(placeholder); at != std::string::npos; at = command.find(placeholder, at + value.size()))
      command.replace(at, placeholder.size(), value);
  };
  replace("IMAGE", singleQuotedForShell(std::string(SHADERSORT_SOURCE_DIR) + "/assets/astronaut.png"));
  replace("OUT.png", singleQuotedForShell(folder.path("out.png")));
  replace("M.png", singleQuotedForShell(folder.path("mask.png")));
  return command;
}

TEST(ArtDefaults, TheDocumentedArtCommandsAsPrintedRunRadixFast) {
  const std::vector<std::string> commands = documentedArtCommands();
  ASSERT_GE(commands.size(), 3u) << "the art commands of README.md and docs/ART.md were not found";
  ScratchFolder folder;
  // A mask for the --spans mask line: the left half white (sorted), the right half black.
  Image mask(256, 256);
  for (int y = 0; y < 256; ++y)
    for (int x = 0; x < 256; ++x) mask.setPixel(x, y, x < 128 ? 0xFFFFFFFFu : 0xFF000000u);
  savePng(mask, folder.path("mask.png"));
  for (const std::string& command : commands) {
    SCOPED_TRACE(command);
    const CommandResult result = runShadersort(filledIn(command, folder) + " --stats");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_NE(result.out.find("sorter: radix (fast schedule)\n"), std::string::npos) << result.out;
  }
}

TEST(ArtDefaults, AnAlgorithmNamedIsTheOneThatRuns) {
  ScratchFolder folder;
  const std::string image = singleQuotedForShell(std::string(SHADERSORT_SOURCE_DIR) + "/assets/astronaut.png");
  const CommandResult result = runShadersort("run " + image + " --algo bitonic --spans edges --lower 0.2 --stats --out " +
                                              singleQuotedForShell(folder.path("out.png")));
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_NE(result.out.find("sorter: bitonic (fast schedule)\n"), std::string::npos) << result.out;
}

// The viewer: art opens on radix fast; --teaching asks for the teaching schedule; without art
// options the teaching default (frag-odd-even) stays.
TEST(ArtDefaults, TheViewerOpensArtOnRadixFastAndKeepsItsTeachingDefault) {
  const std::string image = singleQuotedForShell(std::string(SHADERSORT_SOURCE_DIR) + "/assets/astronaut.png");
  const std::string view = "view " + image + " --offscreen --frames 2 --stats --window-size 320x240";
  struct Case {
    std::string options, sorter;
  };
  for (const Case& run : {Case{" --path angle:30 --spans threshold", "radix (fast schedule)"},
                          Case{" --path angle:30 --spans threshold --teaching", "radix (teaching schedule)"},
                          Case{" --spans edges --algo odd-even", "odd-even (fast schedule)"},
                          Case{"", "frag-odd-even (one schedule)"}}) {
    SCOPED_TRACE(run.options);
    const CommandResult result = runShadersort(view + run.options);
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_NE(result.out.find("sorter: " + run.sorter + "\n"), std::string::npos) << result.out;
  }
}

}  // namespace
}  // namespace shadersort::testing

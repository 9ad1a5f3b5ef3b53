#pragma once
// Running the shadersort binary as a user would, in a scratch folder per test.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "data/image.h"

namespace shadersort::testing {

struct CommandResult {
  int exitCode = -1;
  std::string out, err;
};

// The binary under test: SHADERSORT_BINARY from the environment, else the one built beside the tests.
std::string shadersortBinary();

// Runs `shadersort ARGS` (ARGS passed to the shell as written) with `environment` prefixed.
CommandResult runShadersort(const std::string& arguments, const std::string& environment = "");
// Runs `launcher bash -c SCRIPT`, with $SHADERSORT naming the binary inside the script.
CommandResult runScript(const std::string& script, const std::string& launcher = "");

// A fresh empty folder under the system temp folder, removed when the object goes.
class ScratchFolder {
 public:
  ScratchFolder();
  ~ScratchFolder();
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  std::string path(const std::string& name) const { return (root_ / name).string(); }
  const std::filesystem::path& root() const { return root_; }
  std::vector<std::string> entries() const;  // file names inside, sorted

 private:
  std::filesystem::path root_;
};

std::string readText(const std::string& path);
void writeBytes(const std::string& path, const std::vector<std::uint8_t>& bytes);
void writeWords(const std::string& path, const std::vector<std::uint32_t>& words);
std::vector<std::uint32_t> readWordsFile(const std::string& path);
int lineCount(const std::string& text);
// `text` as one shell word: in single quotes, its own single quotes escaped.
std::string singleQuotedForShell(const std::string& text);
// Every frame of an animated GIF, whole (stb_image composes them); a test failure when it does
// not decode.
std::vector<Image> decodeGifFrames(const std::string& path);

}  // namespace shadersort::testing

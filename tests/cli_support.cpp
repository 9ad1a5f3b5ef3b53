#include "cli_support.h"

#include <gtest/gtest.h>
#include <stb_image.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace shadersort::testing {

std::string readText(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

void writeBytes(const std::string& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream file(path, std::ios::binary);
  file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

void writeWords(const std::string& path, const std::vector<std::uint32_t>& words) {
  std::ofstream file(path, std::ios::binary);
  file.write(reinterpret_cast<const char*>(words.data()), static_cast<std::streamsize>(words.size() * 4));
}

std::vector<std::uint32_t> readWordsFile(const std::string& path) {
  const std::string bytes = readText(path);
  std::vector<std::uint32_t> words(bytes.size() / 4);
  std::copy(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(words.size() * 4),
            reinterpret_cast<char*>(words.data()));
  return words;
}

int lineCount(const std::string& text) {
  return static_cast<int>(std::count(text.begin(), text.end(), '\n')) + (!text.empty() && text.back() != '\n');
}

ScratchFolder::ScratchFolder() {
  static std::atomic<int> counter{0};
  root_ = std::filesystem::temp_directory_path() /
          ("shadersort-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  std::filesystem::remove_all(root_);
  std::filesystem::create_directories(root_);
}

ScratchFolder::~ScratchFolder() {
  std::error_code ec;
  std::filesystem::permissions(root_, std::filesystem::perms::owner_all, std::filesystem::perm_options::add, ec);
  std::filesystem::remove_all(root_, ec);
}

std::vector<std::string> ScratchFolder::entries() const {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(root_)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::string shadersortBinary() {
  // Overridable so the suite can run where it was not built (the GPU machine).
  const char* override = std::getenv("SHADERSORT_BINARY");
  return override && *override ? override : SHADERSORT_BINARY;
}

namespace {

// Runs a shell command line with its output captured and no input.
CommandResult runCaptured(const std::string& commandLine, const ScratchFolder& capture) {
  const std::string command = commandLine + " >" + capture.path("out") + " 2>" + capture.path("err") + " </dev/null";
  const int status = std::system(command.c_str());
  CommandResult result;
  result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  result.out = readText(capture.path("out"));
  result.err = readText(capture.path("err"));
  return result;
}

}  // namespace

CommandResult runShadersort(const std::string& arguments, const std::string& environment) {
  ScratchFolder capture;
  return runCaptured(environment + " " + shadersortBinary() + " " + arguments, capture);
}

CommandResult runScript(const std::string& script, const std::string& launcher) {
  ScratchFolder capture;
  {
    std::ofstream file(capture.path("script.sh"));
    file << "SHADERSORT='" << shadersortBinary() << "'\n" << script << "\n";
  }
  return runCaptured(launcher + " bash " + capture.path("script.sh"), capture);
}

std::vector<Image> decodeGifFrames(const std::string& path) {
  const std::string bytes = readText(path);
  int* delays = nullptr;
  int width = 0, height = 0, frames = 0, channels = 0;
  stbi_uc* pixels = stbi_load_gif_from_memory(reinterpret_cast<const stbi_uc*>(bytes.data()), static_cast<int>(bytes.size()),
                                              &delays, &width, &height, &frames, &channels, 4);
  std::vector<Image> result;
  if (!pixels) {
    ADD_FAILURE() << path << " does not decode: " << stbi_failure_reason();
    return result;
  }
  const std::size_t frameBytes = static_cast<std::size_t>(width) * height * 4;
  for (int i = 0; i < frames; ++i) {
    Image frame(width, height);
    std::memcpy(frame.rgba.data(), pixels + frameBytes * static_cast<std::size_t>(i), frameBytes);
    result.push_back(std::move(frame));
  }
  stbi_image_free(pixels);
  stbi_image_free(delays);
  return result;
}

std::string singleQuotedForShell(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

}  // namespace shadersort::testing

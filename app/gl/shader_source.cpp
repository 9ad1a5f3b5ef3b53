#include "gl/shader_source.h"

#include <fstream>
#include <sstream>
#include <system_error>

#include "core/error.h"
#include "gl/program.h"

namespace shadersort::gl {
namespace {

std::optional<std::filesystem::path>& folderSetting() {
  static std::optional<std::filesystem::path> folder;
  return folder;
}

constexpr std::string_view kPrefix = "shaders/";

}  // namespace

void setShaderDirectory(const std::optional<std::filesystem::path>& folder) {
  std::error_code error;
  if (folder && !std::filesystem::is_directory(*folder, error))
    throw UserError("--shader-dir: '" + folder->string() + "' is not a folder");
  folderSetting() = folder;
}

const std::optional<std::filesystem::path>& shaderDirectory() { return folderSetting(); }

std::string shaderSourceText(std::string_view path) {
  if (const auto& folder = folderSetting(); folder && path.substr(0, kPrefix.size()) == kPrefix) {
    const std::filesystem::path file = *folder / std::filesystem::path(std::string(path.substr(kPrefix.size())));
    std::error_code error;
    if (std::filesystem::is_regular_file(file, error)) {
      std::ifstream stream(file, std::ios::binary);
      std::ostringstream text;
      text << stream.rdbuf();
      if (!stream.bad()) return text.str();
      throw GpuError("cannot read shader " + file.string());
    }
  }
  return std::string(embeddedShaderText(path));
}

std::uint64_t shaderDirectoryStamp() {
  const auto& folder = folderSetting();
  if (!folder) return 0;
  // FNV-1a over every file's name, size and modification time.
  std::uint64_t stamp = 1469598103934665603ull;
  auto mix = [&stamp](std::uint64_t value) {
    for (int i = 0; i < 8; ++i) {
      stamp ^= (value >> (8 * i)) & 0xffu;
      stamp *= 1099511628211ull;
    }
  };
  std::error_code error;
  for (auto it = std::filesystem::recursive_directory_iterator(*folder, error);
       !error && it != std::filesystem::recursive_directory_iterator(); it.increment(error)) {
    if (!it->is_regular_file(error)) continue;
    for (char c : it->path().string()) mix(static_cast<unsigned char>(c));
    mix(it->file_size(error));
    mix(static_cast<std::uint64_t>(it->last_write_time(error).time_since_epoch().count()));
  }
  return stamp;
}

}  // namespace shadersort::gl

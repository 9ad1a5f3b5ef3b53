#include "gl/shader_source.h"

#include <system_error>
#include <vector>

#include "core/error.h"
#include "core/input_file.h"
#include "core/quoting.h"
#include "gl/program.h"

namespace shadersort::gl {
namespace {

bool isInside(const std::filesystem::path& file, const std::filesystem::path& folder) {
  const std::filesystem::path relative = file.lexically_relative(folder);
  return !relative.empty() && *relative.begin() != ".." && *relative.begin() != ".";
}

constexpr std::string_view kPrefix = "shaders/";

}  // namespace

ShaderSource::ShaderSource(const std::filesystem::path& folder) {
  std::error_code error;
  if (!std::filesystem::is_directory(folder, error))
    throw UserError("--shader-dir: '" + folder.string() + "' is not a folder");
  resolvedFolder_ = std::filesystem::canonical(folder, error);
  if (error) throw UserError("--shader-dir: " + quote(folder.string()) + ": " + error.message());
  folder_ = folder;
}

bool isShaderPath(std::string_view path) {
  if (path.substr(0, kPrefix.size()) != kPrefix) return false;
  std::string_view rest = path.substr(kPrefix.size());
  for (;;) {
    const std::size_t slash = rest.find('/');
    const std::string_view part = rest.substr(0, slash);
    if (part.empty() || part == "." || part == "..") return false;
    if (slash == std::string_view::npos) return true;
    rest = rest.substr(slash + 1);
  }
}

std::string ShaderSource::text(std::string_view path) const {
  if (folder_ && isShaderPath(path)) {
    const std::filesystem::path file = *folder_ / std::filesystem::path(std::string(path.substr(kPrefix.size())));
    std::error_code error;
    if (std::filesystem::is_regular_file(file, error)) {
      // A link inside the folder may point anywhere: only what resolves inside it is read, and
      // the message names the shader, never where the link leads.
      const std::filesystem::path resolved = std::filesystem::canonical(file, error);
      if (error || !isInside(resolved, resolvedFolder_))
        throw UserError("--shader-dir: " + quote(std::string(path)) + " leads outside the shader folder");
      const std::vector<std::uint8_t> bytes = readWholeFile(resolved.string(), kMaxShaderFileBytes);
      return std::string(bytes.begin(), bytes.end());
    }
  }
  return std::string(embeddedShaderText(path));
}

std::uint64_t ShaderSource::stamp() const {
  if (!folder_) return 0;
  // FNV-1a over every file's name, size and modification time.
  std::uint64_t stamp = 1469598103934665603ull;
  auto mix = [&stamp](std::uint64_t value) {
    for (int i = 0; i < 8; ++i) {
      stamp ^= (value >> (8 * i)) & 0xffu;
      stamp *= 1099511628211ull;
    }
  };
  std::error_code error;
  for (auto it = std::filesystem::recursive_directory_iterator(*folder_, error);
       !error && it != std::filesystem::recursive_directory_iterator(); it.increment(error)) {
    if (!it->is_regular_file(error)) continue;
    for (char c : it->path().string()) mix(static_cast<unsigned char>(c));
    mix(it->file_size(error));
    mix(static_cast<std::uint64_t>(it->last_write_time(error).time_since_epoch().count()));
  }
  return stamp;
}

}  // namespace shadersort::gl

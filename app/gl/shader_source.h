#pragma once
// Where shader text comes from: the copies embedded in the binary, or, for people changing a
// sort (`view --shader-dir`), a folder on disk laid out like shaders/, read at every compile.
// A ShaderSource is a value each owner holds (a SortContext, and what builds programs for it),
// so that two contexts in one process may read from different folders.
// A folder's files are read only from inside it, and each within a size cap: the folder may
// come from anyone, and a shader is read again at every hot reload.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace shadersort::gl {

// The most one shader file may hold, and the most a shader may hold with its includes expanded
// (the largest embedded one is a few tens of KiB).
constexpr std::uint64_t kMaxShaderFileBytes = 1u << 20;
constexpr std::uint64_t kMaxExpandedShaderBytes = 4u << 20;

class ShaderSource {
 public:
  // The embedded copies only.
  ShaderSource() = default;
  // Files under `folder` replace the embedded ones of the same path below shaders/ (a file the
  // folder lacks still comes from the binary). Throws UserError when the folder does not exist.
  explicit ShaderSource(const std::filesystem::path& folder);
  // The embedded copies when `folder` is nullopt, else as above.
  static ShaderSource from(const std::optional<std::filesystem::path>& folder) {
    return folder ? ShaderSource(*folder) : ShaderSource();
  }

  // nullopt for the embedded copies only.
  const std::optional<std::filesystem::path>& folder() const { return folder_; }

  // The text of `path` ("shaders/sort/x.comp"); throws GpuError when there is none, UserError
  // when the folder's file leads outside the folder (a link) or holds more than
  // kMaxShaderFileBytes.
  std::string text(std::string_view path) const;

  // Changes whenever a shader file in the folder is added, removed, or modified (size or time);
  // 0 without a folder.
  std::uint64_t stamp() const;

 private:
  std::optional<std::filesystem::path> folder_;
  std::filesystem::path resolvedFolder_;  // links resolved: every file read must stay inside it
};

// Whether `path` may name a shader: "shaders/" and then names without empty, "." or ".." parts,
// so that it can only mean a file inside the shader folder.
bool isShaderPath(std::string_view path);

}  // namespace shadersort::gl

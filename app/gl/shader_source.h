#pragma once
// Where shader text comes from: the copies embedded in the binary, or, for people changing a
// sort (`view --shader-dir`), a folder on disk laid out like shaders/, read at every compile.
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

// Files under `folder` replace the embedded ones of the same path below shaders/ (a file the
// folder lacks still comes from the binary); nullopt goes back to the embedded copies only.
// Throws UserError when the folder does not exist.
void setShaderDirectory(const std::optional<std::filesystem::path>& folder);
const std::optional<std::filesystem::path>& shaderDirectory();

// Whether `path` may name a shader: "shaders/" and then names without empty, "." or ".." parts,
// so that it can only mean a file inside the shader folder.
bool isShaderPath(std::string_view path);

// The text of `path` ("shaders/sort/x.comp"); throws GpuError when there is none, UserError when
// the folder's file leads outside the folder (a link) or holds more than kMaxShaderFileBytes.
std::string shaderSourceText(std::string_view path);

// Changes whenever a shader file in the folder is added, removed, or modified (size or time).
std::uint64_t shaderDirectoryStamp();

}  // namespace shadersort::gl

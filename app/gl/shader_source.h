#pragma once
// Where shader text comes from: the copies embedded in the binary, or, for people changing a
// sort (`view --shader-dir`), a folder on disk laid out like shaders/, read at every compile.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace shadersort::gl {

// Files under `folder` replace the embedded ones of the same path below shaders/ (a file the
// folder lacks still comes from the binary); nullopt goes back to the embedded copies only.
// Throws UserError when the folder does not exist.
void setShaderDirectory(const std::optional<std::filesystem::path>& folder);
const std::optional<std::filesystem::path>& shaderDirectory();

// The text of `path` ("shaders/sort/x.comp"); throws GpuError when there is none.
std::string shaderSourceText(std::string_view path);

// Changes whenever a shader file in the folder is added, removed, or modified (size or time).
std::uint64_t shaderDirectoryStamp();

}  // namespace shadersort::gl

#pragma once
// Shader sources compiled into the binary by cmake/embed_shaders.cmake.

#include <string_view>
#include <vector>

namespace shadersort {

struct EmbeddedShader {
  std::string_view path;  // relative to the source tree, e.g. "shaders/sort/x.frag"
  std::string_view text;
};

const std::vector<EmbeddedShader>& embeddedShaders();

}  // namespace shadersort

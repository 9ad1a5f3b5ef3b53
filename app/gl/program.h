#pragma once
// Shader programs built from the files under shaders/, as a gl::ShaderSource gives them (the
// embedded copies, or a folder's). Constants shared with C++ arrive as #defines, each shader
// given only those its text names; `#include "shaders/…"` pulls in another embedded file, each
// file once per shader (later includes of it are empty, as with an include guard). Compile and
// link failures throw GpuError with the log rewritten to name each file and line; includes that
// leave shaders/, and shaders past their size caps (gl/shader_source.h), throw UserError.

#include <glad/gl.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "gl/shader_source.h"

namespace shadersort::gl {

class ShaderDefines {
 public:
  ShaderDefines& set(std::string name, std::string value);
  ShaderDefines& set(std::string name, std::int64_t value) { return set(std::move(name), std::to_string(value)); }
  // Every define of `other` set here too.
  ShaderDefines& setAll(const ShaderDefines& other) {
    for (const auto& [name, value] : other.defines_) set(name, value);
    return *this;
  }
  // "#version" and every define, in the order set.
  std::string preamble() const;
  // The same with only the defines named in `used`, and those their kept values name.
  std::string preambleFor(const std::unordered_set<std::string_view>& used) const;

 private:
  std::vector<std::pair<std::string, std::string>> defines_;
};

class Program {
 public:
  Program() = default;
  // Each file, `path` and what it includes, is read through `shaders`.
  static Program compute(const ShaderSource& shaders, std::string_view path, const ShaderDefines& defines = {});
  static Program graphics(const ShaderSource& shaders, std::string_view vertexPath, std::string_view fragmentPath,
                          const ShaderDefines& defines = {});
  ~Program();
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;
  Program(Program&& other) noexcept;
  Program& operator=(Program&& other) noexcept;

  GLuint id() const { return id_; }
  void use() const { glUseProgram(id_); }
  // -1 when the uniform does not exist or was optimised away; glUniform ignores -1 silently.
  GLint uniformLocation(const char* name) const { return glGetUniformLocation(id_, name); }

 private:
  explicit Program(GLuint id) : id_(id) {}
  GLuint id_ = 0;
};

// What the GL compiler gets for `path`: #version, the defines, the file with its #includes
// expanded and #line directives numbering each file. Tests hand it to an offline validator.
std::string expandedSource(const ShaderSource& shaders, std::string_view path, const ShaderDefines& defines);

// The text of an embedded shader; throws GpuError when there is none by that path.
std::string_view embeddedShaderText(std::string_view path);

// Exposed for tests: "0:12(3): error" / "0(12) : error" become "shaders/x.frag:12(3): error".
std::string nameSourcesInLog(std::string_view log, const std::vector<std::string>& sourceNames);

}  // namespace shadersort::gl

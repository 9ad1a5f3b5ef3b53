#include "gl/program.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdlib>
#include <set>
#include <sstream>
#include <unordered_set>

#include <unistd.h>

#include "core/atomic_file.h"
#include "core/error.h"
#include "gl/handles.h"
#include "core/input_file.h"
#include "core/quoting.h"
#include "gl/embedded_shaders.h"
#include "gl/shader_source.h"

namespace shadersort::gl {
namespace {

// Source text after #include expansion, with #line directives that number each file.
struct ExpandedSource {
  std::string text;
  std::vector<std::string> names;  // index = GLSL source-string number
  // Each file is expanded once per shader, as if every file had an include guard: a second copy
  // of a file would redefine its functions, and without this a fan-out of includes (each file
  // including the next many times) grows exponentially with the depth.
  std::set<std::string, std::less<>> included;
};

void expandInto(const ShaderSource& shaders, std::string_view path, ExpandedSource& out, int depth) {
  if (depth > 8) throw UserError("shader include nesting too deep at " + quote(path));
  if (!out.included.emplace(path).second) return;
  const int number = static_cast<int>(out.names.size());
  out.names.emplace_back(path);
  out.text += "#line 1 " + std::to_string(number) + "\n";
  std::istringstream lines{shaders.text(path)};
  std::string line;
  int lineNumber = 0;
  while (std::getline(lines, line)) {
    ++lineNumber;
    const auto first = line.find_first_not_of(" \t");
    if (first != std::string::npos && line.compare(first, 8, "#include") == 0) {
      const std::string where = std::string(path) + ":" + std::to_string(lineNumber) + ": ";
      const auto open = line.find('"');
      const auto close = line.rfind('"');
      if (open == std::string::npos || close <= open) throw GpuError(where + "malformed #include");
      const std::string_view included = std::string_view(line).substr(open + 1, close - open - 1);
      // Not echoed: it may name a file outside the folder, which a message must not show either.
      if (!isShaderPath(included))
        throw UserError(where + "#include may only name a file below shaders/, with no '.' or '..' parts");
      expandInto(shaders, included, out, depth + 1);
      out.text += "#line " + std::to_string(lineNumber + 1) + " " + std::to_string(number) + "\n";
      continue;
    }
    out.text += line;
    out.text += '\n';
    if (out.text.size() > kMaxExpandedShaderBytes)
      throw UserError(std::string(out.names.front()) + " holds more than " + byteCount(kMaxExpandedShaderBytes) +
                      " with its includes expanded");
  }
}

// Every identifier in `text` (comments included: a name found only there keeps a define that
// changes nothing, which costs a cache miss at most).
std::unordered_set<std::string_view> identifiersIn(std::string_view text) {
  std::unordered_set<std::string_view> names;
  auto startsName = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; };
  auto continuesName = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (std::size_t i = 0; i < text.size();) {
    if (!startsName(text[i])) {
      // Skips a number's tail as well ("1u", "0x1F").
      while (i < text.size() && continuesName(text[i])) ++i;
      if (i < text.size() && !startsName(text[i])) ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < text.size() && continuesName(text[i])) ++i;
    names.insert(text.substr(start, i - start));
  }
  return names;
}

ExpandedSource expand(const ShaderSource& shaders, std::string_view path, const ShaderDefines& defines) {
  ExpandedSource source;
  expandInto(shaders, path, source, 0);
  // Only the defines the text reads go in front of it: a kernel's source then stays the same
  // whatever is set for the others (a tuning candidate, a ballot kind), so the driver's shader
  // cache serves it instead of compiling it again.
  source.text = defines.preambleFor(identifiersIn(source.text)) + source.text;
  return source;
}

GLuint compileStage(GLenum stage, const ShaderSource& shaders, std::string_view path, const ShaderDefines& defines) {
  const ExpandedSource source = expand(shaders, path, defines);
  const GLuint shader = glCreateShader(stage);
  const char* text = source.text.c_str();
  glShaderSource(shader, 1, &text, nullptr);
  glCompileShader(shader);
  GLint ok = GL_FALSE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (ok == GL_TRUE) return shader;
  GLint length = 0;
  glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
  std::string log(static_cast<std::size_t>(length > 0 ? length : 1), '\0');
  glGetShaderInfoLog(shader, length, nullptr, log.data());
  glDeleteShader(shader);
  throw GpuError("cannot compile " + std::string(path) + ":\n" + nameSourcesInLog(log.c_str(), source.names));
}

GLuint link(const std::vector<GLuint>& shaders, std::string_view what) {
  const GLuint program = glCreateProgram();
  countCreatedProgram();
  for (GLuint shader : shaders) glAttachShader(program, shader);
  glLinkProgram(program);
  for (GLuint shader : shaders) glDeleteShader(shader);
  GLint ok = GL_FALSE;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (ok != GL_TRUE) {
    GLint length = 0;
    glGetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
    std::string log(static_cast<std::size_t>(length > 0 ? length : 1), '\0');
    glGetProgramInfoLog(program, length, nullptr, log.data());
    glDeleteProgram(program);
    throw GpuError("cannot link " + std::string(what) + ":\n" + log.c_str());
  }
  glObjectLabel(GL_PROGRAM, program, static_cast<GLsizei>(what.size()), what.data());
  return program;
}

// A developer's aid for performance work: with SHADERSORT_PROGRAM_DUMP=<folder>, every compute
// program's defines and its driver binary go to <folder>/<process>-<n>-<file>.bin. NVIDIA's binary holds
// the driver's assembly as text, where local-memory arrays (registers that spilled, or arrays
// indexed by a value the compiler could not make constant) show as "lmem".
void dumpProgramBinary(GLuint program, std::string_view path, const ShaderDefines& defines) {
  const char* folder = std::getenv("SHADERSORT_PROGRAM_DUMP");
  if (folder == nullptr || *folder == '\0') return;
  static std::atomic<int> count{0};
  GLint length = 0;
  glGetProgramiv(program, GL_PROGRAM_BINARY_LENGTH, &length);
  std::string bytes = defines.preamble();
  const std::size_t header = bytes.size();
  bytes.resize(header + static_cast<std::size_t>(std::max(length, 0)));
  GLenum format = 0;
  if (length > 0) glGetProgramBinary(program, length, nullptr, &format, bytes.data() + header);
  const std::string name = std::string(path.substr(path.rfind('/') + 1));
  writeFileAtomically(std::string(folder) + "/" + std::to_string(getpid()) + "-" + std::to_string(count++) + "-" + name + ".bin",
                      {reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()});
}

}  // namespace

ShaderDefines& ShaderDefines::set(std::string name, std::string value) {
  for (auto& [existing, text] : defines_) {
    if (existing == name) {
      text = std::move(value);
      return *this;
    }
  }
  defines_.emplace_back(std::move(name), std::move(value));
  return *this;
}

std::string ShaderDefines::preamble() const {
  std::string text = "#version 430 core\n";
  for (const auto& [name, value] : defines_) text += "#define " + name + " " + value + "\n";
  return text;
}

std::string ShaderDefines::preambleFor(const std::unordered_set<std::string_view>& used) const {
  // A kept define's value may name another define (BALLOT_KIND is BALLOT_SHARED, say): those
  // are kept too, until nothing more is added.
  std::vector<bool> kept(defines_.size(), false);
  std::unordered_set<std::string_view> wanted = used;
  for (bool grew = true; grew;) {
    grew = false;
    for (std::size_t i = 0; i < defines_.size(); ++i) {
      if (kept[i] || !wanted.contains(defines_[i].first)) continue;
      kept[i] = true;
      grew = true;
      for (std::string_view name : identifiersIn(defines_[i].second)) wanted.insert(name);
    }
  }
  std::string text = "#version 430 core\n";
  for (std::size_t i = 0; i < defines_.size(); ++i)
    if (kept[i]) text += "#define " + defines_[i].first + " " + defines_[i].second + "\n";
  return text;
}

std::string expandedSource(const ShaderSource& shaders, std::string_view path, const ShaderDefines& defines) {
  return expand(shaders, path, defines).text;
}

std::string_view embeddedShaderText(std::string_view path) {
  for (const EmbeddedShader& shader : embeddedShaders())
    if (shader.path == path) return shader.text;
  throw GpuError("no embedded shader named " + std::string(path));
}

std::string nameSourcesInLog(std::string_view log, const std::vector<std::string>& sourceNames) {
  std::istringstream lines{std::string(log)};
  std::string line;
  std::string out;
  while (std::getline(lines, line)) {
    std::size_t digits = 0;
    while (digits < line.size() && std::isdigit(static_cast<unsigned char>(line[digits]))) ++digits;
    if (digits > 0 && digits < line.size() && (line[digits] == ':' || line[digits] == '(')) {
      const std::size_t number = std::stoul(line.substr(0, digits));
      if (number < sourceNames.size()) {
        std::string rest = line.substr(digits + 1);
        if (line[digits] == '(') {
          // NVIDIA: "0(12) : error" -> "file:12: error"
          const auto close = rest.find(')');
          if (close != std::string::npos) {
            std::string after = rest.substr(close + 1);
            const auto nonSpace = after.find_first_not_of(' ');
            after = nonSpace == std::string::npos ? std::string() : after.substr(nonSpace);
            if (!after.empty() && after[0] == ':') after = after.substr(1);
            rest = rest.substr(0, close) + ":" + after;
          }
        }
        line = sourceNames[number] + ":" + rest;
      }
    }
    out += line + "\n";
  }
  while (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

Program Program::compute(const ShaderSource& shaders, std::string_view path, const ShaderDefines& defines) {
  Program program(link({compileStage(GL_COMPUTE_SHADER, shaders, path, defines)}, path));
  dumpProgramBinary(program.id(), path, defines);
  return program;
}

Program Program::graphics(const ShaderSource& shaders, std::string_view vertexPath, std::string_view fragmentPath,
                          const ShaderDefines& defines) {
  const GLuint vertex = compileStage(GL_VERTEX_SHADER, shaders, vertexPath, defines);
  GLuint fragment = 0;
  try {
    fragment = compileStage(GL_FRAGMENT_SHADER, shaders, fragmentPath, defines);
  } catch (...) {
    glDeleteShader(vertex);
    throw;
  }
  return Program(link({vertex, fragment}, fragmentPath));
}

Program::~Program() {
  if (id_ != 0) glDeleteProgram(id_);
}

Program::Program(Program&& other) noexcept : id_(std::exchange(other.id_, 0)) {}

Program& Program::operator=(Program&& other) noexcept {
  if (this != &other) {
    if (id_ != 0) glDeleteProgram(id_);
    id_ = std::exchange(other.id_, 0);
  }
  return *this;
}

}  // namespace shadersort::gl

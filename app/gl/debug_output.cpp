#include "gl/debug_output.h"

#include <glad/gl.h>

#include <atomic>
#include <cstdio>

namespace shadersort::gl {
namespace {

std::atomic<std::uint64_t> errorCount{0};
DebugOutputOptions activeOptions;

const char* typeName(GLenum type) {
  switch (type) {
    case GL_DEBUG_TYPE_ERROR: return "error";
    case GL_DEBUG_TYPE_DEPRECATED_BEHAVIOR: return "deprecated";
    case GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR: return "undefined behaviour";
    case GL_DEBUG_TYPE_PORTABILITY: return "portability";
    case GL_DEBUG_TYPE_PERFORMANCE: return "performance";
    default: return "message";
  }
}

void GLAD_API_PTR onDebugMessage(GLenum /*source*/, GLenum type, GLuint /*id*/, GLenum severity,
                                 GLsizei /*length*/, const GLchar* message, const void* /*user*/) {
  const bool isError = type == GL_DEBUG_TYPE_ERROR || type == GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR;
  if (isError) ++errorCount;
  // NVIDIA rates its buffer-placement and shader-recompile hints as medium performance messages:
  // they describe choices made on purpose (read-back buffers live in host memory), so a
  // performance message is printed only when the driver calls it high.
  const bool worthPrinting = isError || severity == GL_DEBUG_SEVERITY_HIGH ||
                             (severity == GL_DEBUG_SEVERITY_MEDIUM && type != GL_DEBUG_TYPE_PERFORMANCE);
  if (activeOptions.printMessages && worthPrinting)
    std::fprintf(stderr, "GL %s: %s\n", typeName(type), message);
}

}  // namespace

void enableDebugOutput(const DebugOutputOptions& options) {
  activeOptions = options;
  glEnable(GL_DEBUG_OUTPUT);
  glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
  glDebugMessageCallback(onDebugMessage, nullptr);
  glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, nullptr, GL_TRUE);
  // Notifications (buffer placement hints and the like) are noise, never a fault.
  glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_NOTIFICATION, 0, nullptr, GL_FALSE);
}

std::uint64_t glErrorCount() { return errorCount.load(); }

std::uint64_t drainGlErrors() {
  for (GLenum error = glGetError(); error != GL_NO_ERROR; error = glGetError()) {
    ++errorCount;
    if (activeOptions.printMessages) std::fprintf(stderr, "GL error 0x%04x from glGetError\n", error);
  }
  return errorCount.load();
}

}  // namespace shadersort::gl

#include "platform/gl_version.h"

#include <cstdio>
#include <string>

#include "core/error.h"

namespace shadersort::platform {

bool glslVersionBelow430(const char* glslVersion) {
  int major = 0, minor = 0;
  if (std::sscanf(glslVersion, "%d.%d", &major, &minor) != 2) return false;  // unknown form: let GL decide
  return major * 100 + minor < 430;
}

void loadGlAndRequire43(GLADloadfunc load) {
  const int version = gladLoadGL(load);
  if (version == 0) throw GpuError("cannot load OpenGL entry points");
  if (GLAD_VERSION_MAJOR(version) * 10 + GLAD_VERSION_MINOR(version) < 43) {
    const auto* text = reinterpret_cast<const char*>(glGetString(GL_VERSION));
    throw GpuError(std::string("OpenGL 4.3 core is required; found OpenGL ") + (text ? text : "?"));
  }
  const auto* glsl = reinterpret_cast<const char*>(glGetString(GL_SHADING_LANGUAGE_VERSION));
  if (glsl && glslVersionBelow430(glsl)) throw GpuError(std::string("GLSL 4.30 is required; found GLSL ") + glsl);
}

}  // namespace shadersort::platform

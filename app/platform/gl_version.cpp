#include "platform/gl_version.h"

#include <string>

#include "core/error.h"

namespace shadersort::platform {

void loadGlAndRequire43(GLADloadfunc load) {
  const int version = gladLoadGL(load);
  if (version == 0) throw GpuError("cannot load OpenGL entry points");
  if (GLAD_VERSION_MAJOR(version) * 10 + GLAD_VERSION_MINOR(version) < 43) {
    const auto* text = reinterpret_cast<const char*>(glGetString(GL_VERSION));
    throw GpuError(std::string("OpenGL 4.3 core is required; found OpenGL ") + (text ? text : "?"));
  }
}

}  // namespace shadersort::platform

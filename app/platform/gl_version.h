#pragma once
// Loads GL entry points for the current context and insists on OpenGL 4.3.

#include <glad/gl.h>

namespace shadersort::platform {

// Throws GpuError naming the version found when it is older than 4.3.
void loadGlAndRequire43(GLADloadfunc load);

// True when a GL_SHADING_LANGUAGE_VERSION string ("4.50", "1.30 ...") is older than 4.30.
bool glslVersionBelow430(const char* glslVersion);

}  // namespace shadersort::platform

#include "gl/limits.h"

#include <glad/gl.h>

#include <algorithm>

namespace shadersort::gl {
namespace {

constexpr GLenum kSmCountNv = 0x933B;  // GL_NV_shader_thread_group; not in glad's core header

std::string glString(GLenum name) {
  const auto* text = reinterpret_cast<const char*>(glGetString(name));
  return text ? text : "";
}

bool isSoftwareRendererName(const std::string& renderer) {
  return renderer.find("llvmpipe") != std::string::npos || renderer.find("softpipe") != std::string::npos;
}

}  // namespace

Limits queryLimits() {
  Limits limits;
  limits.vendor = glString(GL_VENDOR);
  limits.renderer = glString(GL_RENDERER);
  limits.version = glString(GL_VERSION);
  limits.glslVersion = glString(GL_SHADING_LANGUAGE_VERSION);
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &limits.maxTextureSize);
  glGetIntegerv(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS, &limits.maxComputeWorkGroupInvocations);
  for (GLuint axis = 0; axis < 3; ++axis) {
    glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, axis, &limits.maxComputeWorkGroupSize[axis]);
    glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, axis, &limits.maxComputeWorkGroupCount[axis]);
  }
  glGetIntegerv(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, &limits.maxComputeSharedMemorySize);
  GLint64 blockSize = 0;
  glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &blockSize);
  limits.maxShaderStorageBlockSize = blockSize;
  GLint count = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &count);
  for (GLint i = 0; i < count; ++i)
    limits.extensions.emplace_back(reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, static_cast<GLuint>(i))));
  std::sort(limits.extensions.begin(), limits.extensions.end());
  limits.hasKhrSubgroup = limits.hasExtension("GL_KHR_shader_subgroup");
  limits.hasArbShaderBallot = limits.hasExtension("GL_ARB_shader_ballot");
  if (limits.hasExtension("GL_NV_shader_thread_group")) glGetIntegerv(kSmCountNv, &limits.multiprocessorCount);
  limits.timerQueriesTrustworthy = !limits.isSoftwareRenderer();
  return limits;
}

bool Limits::hasExtension(const std::string& name) const {
  return std::binary_search(extensions.begin(), extensions.end(), name);
}

bool Limits::isSoftwareRenderer() const { return isSoftwareRendererName(renderer); }

bool timerQueriesTrustworthyHere() { return !isSoftwareRendererName(glString(GL_RENDERER)); }

}  // namespace shadersort::gl

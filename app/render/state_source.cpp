#include "render/state_source.h"

#include <limits>

#include "core/error.h"

namespace shadersort::render {

gl::ShaderDefines stateSourceDefines(GpuStateView::Storage storage) {
  gl::ShaderDefines defines;
  defines.set("STATE_IN_TEXTURE", storage == GpuStateView::Storage::Texture ? 1 : 0)
      .set("STATE_KEY_BINDING", kStateKeyBinding)
      .set("STATE_VALUE_BINDING", kStateValueBinding)
      .set("STATE_IMAGE_UNIT", kStateImageUnit);
  return defines;
}

StateSourceUniforms StateSourceUniforms::find(const gl::Program& program) {
  return {.sequenceLength = program.uniformLocation("u_sequenceLength"),
          .hasValues = program.uniformLocation("u_hasValues")};
}

void requireReadableState(const GpuStateView& state, const SortShape& shape) {
  if (shape.elementCount() == 0) return;
  const bool inTexture = state.storage == GpuStateView::Storage::Texture;
  if (inTexture ? state.texture == 0 : state.keys == 0)
    throw GpuError("the sorter exposes no GPU state for a non-empty input");
  if (shape.elementCount() > std::numeric_limits<std::uint32_t>::max())
    throw GpuError("a state of more than 2^32 - 1 elements cannot be drawn or checked");
}

void bindStateSource(const GpuStateView& state, const SortShape& shape, const StateSourceUniforms& uniforms) {
  // The compute sorters write their buffers from shaders: those writes must be visible to the
  // reads below. A fragment sorter's framebuffer writes are ordered by GL itself.
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
  if (state.storage == GpuStateView::Storage::Texture) {
    glBindImageTexture(kStateImageUnit, state.texture, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RG32UI);
  } else {
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kStateKeyBinding, state.keys);
    // A key-only state has no value buffer; the shader never reads this binding then, but every
    // declared block gets a buffer.
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kStateValueBinding,
                     shape.hasValues && state.values != 0 ? state.values : state.keys);
  }
  glUniform1ui(uniforms.sequenceLength, shape.sequenceLength);
  glUniform1ui(uniforms.hasValues, shape.hasValues ? 1u : 0u);
}

void unbindStateSource(GpuStateView::Storage storage) {
  if (storage == GpuStateView::Storage::Texture) {
    glBindImageTexture(kStateImageUnit, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RG32UI);
  } else {
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kStateKeyBinding, 0);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kStateValueBinding, 0);
  }
}

}  // namespace shadersort::render

#pragma once
// Binding a sorter's state (Sorter::gpuState) for shaders/render/state_source.glsl, shared by the
// state painter and the GPU order check.

#include "gl/program.h"
#include "sort/sorter.h"

namespace shadersort::render {

inline constexpr GLuint kStateKeyBinding = 0;
inline constexpr GLuint kStateValueBinding = 1;
inline constexpr GLuint kStateImageUnit = 1;

// The defines state_source.glsl needs for states stored as `storage`.
gl::ShaderDefines stateSourceDefines(GpuStateView::Storage storage);

// The uniforms state_source.glsl declares, looked up once per program.
struct StateSourceUniforms {
  GLint sequenceLength = -1, hasValues = -1;
  static StateSourceUniforms find(const gl::Program& program);
};

// Throws GpuError when a non-empty `shape` comes with no storage in `state`, or has more
// elements than a shader's 32-bit index reaches.
void requireReadableState(const GpuStateView& state, const SortShape& shape);

// For the program in use: makes the sorter's last writes visible, binds the state and sets the
// uniforms. `unbindStateSource` clears the bindings again.
void bindStateSource(const GpuStateView& state, const SortShape& shape, const StateSourceUniforms& uniforms);
void unbindStateSource(GpuStateView::Storage storage);

}  // namespace shadersort::render

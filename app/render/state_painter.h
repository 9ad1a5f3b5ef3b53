#pragma once
// Paints a sorter's current state into a DisplayTexture on the GPU, from the sorter's own
// buffers or texture (Sorter::gpuState): no read-back, no wait. The viewer, `run --out` and the
// screenshot tests all draw through it, so a screenshot is the window's picture.
//
// GL state: paint() leaves no program current (a program put back after use may have been
// deleted meanwhile, which is how the old viewer hit GL_INVALID_VALUE in glUseProgram), image
// units 0 and 1, shader storage bindings 0 and 1 and the generic GL_SHADER_STORAGE_BUFFER
// binding at 0; the texture binding of the active unit, the pixel pack/unpack state and
// everything else are as they were. The sorters bind what they use on every pass.

#include <array>

#include "gl/program.h"
#include "render/display_layout.h"
#include "render/display_texture.h"
#include "render/state_source.h"
#include "sort/sorter.h"

namespace shadersort::render {

class StatePainter {
 public:
  // Compiles the painting programs (one per state storage and layout) from `shaders` (by default
  // the embedded copies); throws GpuError.
  explicit StatePainter(const gl::ShaderSource& shaders = {});

  // Paints `state` (of shape `shape`) into `target`, resized to the layout's picture: ImageLayout
  // gives sequenceCount x sequenceLength (columns) or sequenceLength x sequenceCount (rows);
  // ArrayLayout gives sequenceLength x height, bars or dots (ArrayLayout::drawing). Then regenerates the mipmaps. An empty shape gives
  // a 1x1 transparent black picture. Throws UserError when ArrayLayout::sequence does not exist
  // or the picture exceeds GL_MAX_TEXTURE_SIZE.
  void paint(const GpuStateView& state, const SortShape& shape, const DisplayLayout& layout, DisplayTexture& target);

 private:
  struct Painter {
    gl::Program program;
    // Uniform locations, looked up once; -1 where this variant has no such uniform.
    GLint invocationCount = -1;
    StateSourceUniforms source;
    GLint axisIsRows = -1;
    GLint sequence = -1, pictureHeight = -1, low = -1, high = -1, shift = -1, span = -1, descending = -1, dotRows = -1;
  };
  static Painter makePainter(const gl::ShaderSource& shaders, bool stateInTexture, bool arrayLayout);

  std::array<Painter, 4> painters_;  // [storage is texture][layout is array]
};

}  // namespace shadersort::render

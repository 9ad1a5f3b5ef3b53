#include "render/state_painter.h"

#include <limits>
#include <string>

#include "core/error.h"
#include "gl/compute.h"
#include "render/state_source.h"

namespace shadersort::render {
namespace {

constexpr std::uint32_t kPainterWorkgroupSize = 256;
constexpr GLuint kPainterTargetImageUnit = 0;
static_assert(kPainterTargetImageUnit != kStateImageUnit);

std::string uintLiteral(std::uint32_t value) {
  return std::to_string(value) + "u";
}

std::size_t painterIndex(bool stateInTexture, bool arrayLayout) {
  return (stateInTexture ? 2 : 0) + (arrayLayout ? 1 : 0);
}

}  // namespace

StatePainter::Painter StatePainter::makePainter(const gl::ShaderSource& shaders, bool stateInTexture, bool arrayLayout) {
  gl::ShaderDefines defines =
      stateSourceDefines(stateInTexture ? GpuStateView::Storage::Texture : GpuStateView::Storage::Buffers);
  defines.set("WORKGROUP_SIZE", kPainterWorkgroupSize)
      .set("ARRAY_LAYOUT", arrayLayout ? 1 : 0)
      .set("TARGET_IMAGE_UNIT", kPainterTargetImageUnit)
      .set("ARRAY_BAR_COLOUR", uintLiteral(kArrayBarColour))
      .set("ARRAY_BACKGROUND", uintLiteral(kArrayBackground));
  Painter painter;
  painter.program = gl::Program::compute(shaders, "shaders/render/paint_state.comp", defines);
  const gl::Program& program = painter.program;
  painter.invocationCount = program.uniformLocation("u_invocationCount");
  painter.source = StateSourceUniforms::find(program);
  painter.axisIsRows = program.uniformLocation("u_axisIsRows");
  painter.sequence = program.uniformLocation("u_sequence");
  painter.pictureHeight = program.uniformLocation("u_pictureHeight");
  painter.low = program.uniformLocation("u_low");
  painter.high = program.uniformLocation("u_high");
  painter.shift = program.uniformLocation("u_shift");
  painter.span = program.uniformLocation("u_span");
  painter.descending = program.uniformLocation("u_descending");
  painter.dotRows = program.uniformLocation("u_dotRows");
  return painter;
}

StatePainter::StatePainter(const gl::ShaderSource& shaders) {
  for (bool stateInTexture : {false, true})
    for (bool arrayLayout : {false, true})
      painters_[painterIndex(stateInTexture, arrayLayout)] = makePainter(shaders, stateInTexture, arrayLayout);
}

void StatePainter::paint(const GpuStateView& state, const SortShape& shape, const DisplayLayout& layout,
                         DisplayTexture& target) {
  const auto* image = std::get_if<ImageLayout>(&layout);
  const auto* array = std::get_if<ArrayLayout>(&layout);
  if (array != nullptr && shape.elementCount() > 0 && array->sequence >= shape.sequenceCount)
    throw UserError("there is no sequence " + std::to_string(array->sequence) + " in a state of " +
                    std::to_string(shape.sequenceCount));
  if (shape.elementCount() == 0) {
    target.resize(1, 1);
    target.clear();
    return;
  }
  requireReadableState(state, shape);

  const ArrayScale scale = array != nullptr ? arrayScale(*array) : ArrayScale{};
  const bool rows = image != nullptr && image->axis == Axis::Rows;
  const std::uint32_t pictureWidth = array != nullptr || rows ? shape.sequenceLength : shape.sequenceCount;
  const std::uint32_t pictureHeight =
      array != nullptr ? scale.height : (rows ? shape.sequenceCount : shape.sequenceLength);
  target.resize(static_cast<int>(pictureWidth), static_cast<int>(pictureHeight));

  const Painter& painter =
      painters_[painterIndex(state.storage == GpuStateView::Storage::Texture, array != nullptr)];
  const std::uint64_t invocations =
      array != nullptr ? std::uint64_t{pictureWidth} * pictureHeight : shape.elementCount();
  if (invocations > std::numeric_limits<std::uint32_t>::max())
    throw UserError("the array picture is too large to paint in one pass");

  painter.program.use();
  bindStateSource(state, shape, painter.source);
  glBindImageTexture(kPainterTargetImageUnit, target.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
  glUniform1ui(painter.invocationCount, static_cast<std::uint32_t>(invocations));
  if (array != nullptr) {
    glUniform1ui(painter.sequence, array->sequence);
    glUniform1ui(painter.pictureHeight, scale.height);
    glUniform1ui(painter.low, scale.low);
    glUniform1ui(painter.high, scale.high);
    glUniform1ui(painter.shift, scale.shift);
    glUniform1ui(painter.span, scale.span);
    glUniform1ui(painter.descending, scale.descending ? 1u : 0u);
    glUniform1ui(painter.dotRows,
                 array->drawing == ArrayDrawing::Dots ? arrayDotRows(scale, shape.sequenceLength) : 0u);
  } else {
    glUniform1ui(painter.axisIsRows, rows ? 1u : 0u);
  }
  gl::dispatchLinear(gl::divideRoundingUp(invocations, kPainterWorkgroupSize));

  glBindImageTexture(kPainterTargetImageUnit, 0, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
  unbindStateSource(state.storage);
  glUseProgram(0);
  // The image stores must land before the mipmaps are built from them and before anyone samples,
  // copies or reads the texture.
  glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT |
                  GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
  target.generateMipmaps();
}

}  // namespace shadersort::render

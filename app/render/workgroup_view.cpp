#include "render/workgroup_view.h"

#include <string>

#include "core/error.h"
#include "gl/compute.h"

namespace shadersort::render {
namespace {

constexpr std::uint32_t kViewWorkgroupSize = 256;
constexpr GLuint kViewTargetImageUnit = 0;

// Channel-wise (a * numerator) >> shift of the colour bytes, alpha forced opaque.
std::uint32_t scaled(std::uint32_t colour, std::uint32_t numerator, std::uint32_t shift) {
  std::uint32_t out = 0xFF000000u;
  for (std::uint32_t channel = 0; channel < 3; ++channel)
    out |= ((((colour >> (8 * channel)) & 0xFFu) * numerator) >> shift) << (8 * channel);
  return out;
}

}  // namespace

std::optional<std::uint64_t> unitOf(const WorkgroupLayout& layout, std::uint32_t sequence, std::uint32_t position) {
  if (position < layout.firstPosition || position - layout.firstPosition >= layout.positionsPerSequence)
    return std::nullopt;
  std::uint64_t x = std::uint64_t{sequence} * layout.sequenceStride + (position - layout.firstPosition);
  if (layout.mirrorWidth > 1 && (x & (layout.mirrorWidth / 2)) != 0) x ^= layout.mirrorWidth - 1;
  if (layout.skippedBitCount > 0) {
    const std::uint64_t low = x & ((std::uint64_t{1} << layout.skippedBit) - 1);
    x = ((x >> (layout.skippedBit + layout.skippedBitCount)) << layout.skippedBit) | low;
  }
  return x / std::max(layout.unitLength, 1u);
}

std::optional<std::uint64_t> workgroupOf(const WorkgroupLayout& layout, std::uint32_t sequence, std::uint32_t position) {
  const auto unit = unitOf(layout, sequence, position);
  if (!unit) return std::nullopt;
  std::uint64_t group = *unit / std::max(layout.unitsPerWorkgroup, 1u);
  if (layout.workgroupCycle > 0) group %= layout.workgroupCycle;
  return group;
}

std::uint32_t workgroupColour(std::optional<std::uint64_t> workgroup) {
  return workgroup ? kWorkgroupPalette[*workgroup % kWorkgroupPalette.size()] : kNoWorkgroupColour;
}

std::uint32_t backgroundColour(std::uint32_t barColour) { return scaled(barColour, 1, 2); }

std::uint32_t imageColour(std::uint32_t statePixel, std::uint32_t workgroupColour, bool workgroupStart) {
  std::uint32_t out = 0xFF000000u;
  for (std::uint32_t channel = 0; channel < 3; ++channel) {
    const std::uint32_t sum = ((statePixel >> (8 * channel)) & 0xFFu) + ((workgroupColour >> (8 * channel)) & 0xFFu);
    out |= (workgroupStart ? sum >> 2 : sum >> 1) << (8 * channel);
  }
  return out;
}

std::vector<std::uint32_t> workgroupStarts(const WorkgroupLayout& layout, std::uint32_t sequence, std::uint32_t length) {
  std::vector<std::uint32_t> starts;
  for (std::uint32_t position = 1; position < length; ++position)
    if (workgroupOf(layout, sequence, position) != workgroupOf(layout, sequence, position - 1)) starts.push_back(position);
  return starts;
}

WorkgroupPainter::WorkgroupPainter(const gl::ShaderSource& shaders) {
  gl::ShaderDefines defines;
  defines.set("WORKGROUP_SIZE", kViewWorkgroupSize)
      .set("TARGET_IMAGE_UNIT", kViewTargetImageUnit)
      .set("ARRAY_BACKGROUND", std::to_string(kArrayBackground) + "u")
      .set("NO_WORKGROUP_COLOUR", std::to_string(kNoWorkgroupColour) + "u")
      .set("PALETTE_SIZE", static_cast<std::uint32_t>(kWorkgroupPalette.size()));
  std::string palette;
  for (std::uint32_t colour : kWorkgroupPalette) palette += (palette.empty() ? "" : ", ") + std::to_string(colour) + "u";
  defines.set("PALETTE", palette);
  program_ = gl::Program::compute(shaders, "shaders/render/workgroup_view.comp", defines);
}

void WorkgroupPainter::recolour(const WorkgroupLayout& workgroups, const SortShape& shape, const DisplayLayout& layout,
                                DisplayTexture& target) const {
  if (shape.elementCount() == 0) return;
  const auto* array = std::get_if<ArrayLayout>(&layout);
  const bool rows = !array && std::get<ImageLayout>(layout).axis == Axis::Rows;
  const auto pixels = static_cast<std::uint64_t>(target.width()) * static_cast<std::uint64_t>(target.height());
  program_.use();
  const auto set = [&](const char* name, std::uint32_t value) { glUniform1ui(program_.uniformLocation(name), value); };
  set("u_pixelCount", static_cast<std::uint32_t>(pixels));
  set("u_width", static_cast<std::uint32_t>(target.width()));
  set("u_arrayLayout", array ? 1u : 0u);
  set("u_arraySequence", array ? array->sequence : 0u);
  set("u_axisIsRows", rows ? 1u : 0u);
  set("u_sequenceStride", workgroups.sequenceStride);
  set("u_firstPosition", workgroups.firstPosition);
  set("u_positionsPerSequence", workgroups.positionsPerSequence);
  set("u_mirrorWidth", workgroups.mirrorWidth);
  set("u_skippedBit", workgroups.skippedBit);
  set("u_skippedBitCount", workgroups.skippedBitCount);
  set("u_unitLength", std::max(workgroups.unitLength, 1u));
  set("u_unitsPerWorkgroup", std::max(workgroups.unitsPerWorkgroup, 1u));
  set("u_workgroupCycle", workgroups.workgroupCycle);
  glBindImageTexture(kViewTargetImageUnit, target.id(), 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
  gl::dispatchLinear(gl::divideRoundingUp(pixels, kViewWorkgroupSize));
  glBindImageTexture(kViewTargetImageUnit, 0, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
  glUseProgram(0);
  glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT |
                  GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
  target.generateMipmaps();
}

}  // namespace shadersort::render

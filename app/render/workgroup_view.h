#pragma once
// The GPU view: a picture of a sorter's state (painted by StatePainter) recoloured by the
// workgroup that handled each element in one pass (Sorter::workgroupLayout). The recolouring runs
// on the GPU over the display texture (no read-back); the same rules are written here on the CPU
// for the viewer's tile boundaries and for the tests' reference rendering.
//
// Colours: workgroup w gets kWorkgroupPalette[w % size], so neighbouring workgroups always differ.
// Array layout: each bar takes its workgroup's colour, the background above it a quarter of that
// colour; an element in no workgroup (e.g. the unpaired end of an odd round) is grey. Image layout:
// each pixel is the average of its own colour and its workgroup's; an element whose workgroup
// differs from the previous element's is darkened to half, drawing the tile boundaries.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "gl/program.h"
#include "render/display_layout.h"
#include "render/display_texture.h"
#include "sort/sorter.h"

namespace shadersort::render {

// Packed R | G<<8 | B<<16 | A<<24, as Image::pixel; opaque.
inline constexpr std::array<std::uint32_t, 10> kWorkgroupPalette = {
    0xFFE8A14Cu, 0xFF3C8CF0u, 0xFF4CC85Au, 0xFF3C3CE6u, 0xFFD26EB4u,
    0xFF50DCF0u, 0xFF9C5A28u, 0xFFB4B4FAu, 0xFF28A0A0u, 0xFF8C8C8Cu};
inline constexpr std::uint32_t kNoWorkgroupColour = 0xFF606060u;
// Array layout's workgroup boundaries, drawn by the viewer over the picture 2 pixels wide (left of
// the first bar's edge by one pixel), for sequences of at most kMaxBoundaryBars.
inline constexpr std::uint32_t kUnitBoundaryColour = 0xFFFFFFFFu;
inline constexpr std::uint32_t kMaxBoundaryBars = 512;

// The unit (pair, tile, partition: see WorkgroupLayout) holding element `position` of sequence
// `sequence`, or nothing when no workgroup touched it.
std::optional<std::uint64_t> unitOf(const WorkgroupLayout& layout, std::uint32_t sequence, std::uint32_t position);
std::optional<std::uint64_t> workgroupOf(const WorkgroupLayout& layout, std::uint32_t sequence, std::uint32_t position);
std::uint32_t workgroupColour(std::optional<std::uint64_t> workgroup);
// Array layout's background above a bar: a quarter of the bar's colour, opaque.
std::uint32_t backgroundColour(std::uint32_t barColour);
// Image layout: the average of a state pixel and its workgroup's colour, or half of that where a workgroup starts.
std::uint32_t imageColour(std::uint32_t statePixel, std::uint32_t workgroupColour, bool workgroupStart);

// Positions 1 .. length-1 of `sequence` whose workgroup differs from the one before's (or that
// are the first or last in no workgroup): where a tile boundary is drawn.
std::vector<std::uint32_t> workgroupStarts(const WorkgroupLayout& layout, std::uint32_t sequence, std::uint32_t length);

class WorkgroupPainter {
 public:
  explicit WorkgroupPainter(const gl::ShaderSource& shaders = {});
  // Recolours `target`, as StatePainter painted it for `shape` and `layout`, by `workgroups`;
  // then regenerates its mipmaps.
  void recolour(const WorkgroupLayout& workgroups, const SortShape& shape, const DisplayLayout& layout,
                DisplayTexture& target) const;

 private:
  gl::Program program_;
};

}  // namespace shadersort::render

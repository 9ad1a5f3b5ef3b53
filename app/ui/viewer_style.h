#pragma once
// The viewer's layout and fixed colours, written once for its units (drawing, recording).

#include <imgui.h>

#include <cstdint>

#include "render/gif_palette.h"

namespace shadersort::ui {

inline constexpr float kPanelWidth = 360.0f;
inline constexpr float kMargin = 12.0f;
// The lanes' fixed colours, drawn over the pictures; a recording reserves palette entries for
// them since the first frame may have none (a check mark appears only once a lane is verified).
inline constexpr render::Rgb kLaneTextColour{230, 230, 230};
inline constexpr render::Rgb kCheckMarkColour{110, 220, 110};
inline constexpr render::Rgb kRefusalColour{255, 120, 100};
inline ImU32 imColour(const render::Rgb& colour) { return IM_COL32(colour[0], colour[1], colour[2], 255); }
inline render::Rgb rgbOf(std::uint32_t packedRgba) {
  return {static_cast<std::uint8_t>(packedRgba & 0xFF), static_cast<std::uint8_t>((packedRgba >> 8) & 0xFF),
          static_cast<std::uint8_t>((packedRgba >> 16) & 0xFF)};
}

}  // namespace shadersort::ui

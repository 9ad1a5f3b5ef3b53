#pragma once
// PNG carries a CRC in every chunk and ends with IEND, but stb_image checks neither: a PNG with
// a flipped byte or cut short may decode without complaint. This walks the chunks first.

#include <cstdint>
#include <span>
#include <string>

namespace shadersort {

bool hasPngSignature(std::span<const std::uint8_t> bytes);

// Empty when the PNG in `bytes` is whole and undamaged: IHDR first, every chunk inside the file
// with a correct CRC, up to IEND (anything after IEND is ignored, as decoders do). Otherwise
// why not, as "cut short (...)" or "damaged (...)".
std::string pngDamage(std::span<const std::uint8_t> bytes);

}  // namespace shadersort

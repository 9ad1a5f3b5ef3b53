#pragma once
// A picture as 8-bit YUV 4:2:0 planes, as most video decoders give it. The art pipeline converts
// it to RGBA on the GPU (ArtPipeline::setPictureYuv420): 1.5 bytes a pixel cross the bus instead
// of 4, and the decoding thread does no colour conversion.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace shadersort {

enum class YuvMatrix { Bt601, Bt709 };

struct Yuv420Picture {
  int width = 0, height = 0;
  YuvMatrix matrix = YuvMatrix::Bt601;
  bool fullRange = false;  // 0-255 (JPEG); else luma 16-235 and chroma 16-240
  // Y (width x height), then U, then V (chromaWidth() x chromaHeight() each), rows without padding.
  std::vector<std::uint8_t> planes;

  int chromaWidth() const { return (width + 1) / 2; }
  int chromaHeight() const { return (height + 1) / 2; }
  std::size_t lumaBytes() const { return static_cast<std::size_t>(width) * static_cast<std::size_t>(height); }
  std::size_t chromaBytes() const {
    return static_cast<std::size_t>(chromaWidth()) * static_cast<std::size_t>(chromaHeight());
  }
  std::size_t byteCount() const { return lumaBytes() + 2 * chromaBytes(); }
};

}  // namespace shadersort

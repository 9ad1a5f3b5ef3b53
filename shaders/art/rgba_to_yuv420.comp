// The result picture as 8-bit YUV 4:2:0 planes for a video encoder (data/yuv_picture.h): BT.601,
// limited range (luma 16-235, chroma 16-240), as the writer tags its streams. A 4K frame comes
// back as 12 MB instead of 33, and the encoding thread does no colour conversion.
//
// Chroma is sited as yuv420_to_rgba.comp reads it (MPEG-2, H.264 and HEVC's default): beside each
// even column, between each pair of rows; so sample (i, j) weighs columns 2i-1, 2i, 2i+1 by
// 1/4, 1/2, 1/4 on rows 2j and 2j+1 alike. Edges are clamped.
//
// One invocation per 32-bit word of the planes (Y, then U, then V, rows without padding): it
// packs four bytes, so no two invocations write one word.

#include "shaders/art/art_common.glsl"

layout(r32ui, binding = 0) readonly uniform uimage2D u_result;
layout(std430, binding = 0) writeonly buffer Planes { uint b_planes[]; };

uniform uint u_width, u_height;

vec3 rgbAt(int x, int y) {
  const uint rgba = imageLoad(u_result, ivec2(clamp(x, 0, int(u_width) - 1), clamp(y, 0, int(u_height) - 1))).r;
  return vec3(float(rgba & 0xFFu), float((rgba >> 8u) & 0xFFu), float((rgba >> 16u) & 0xFFu)) / 255.0;
}

// BT.601: Y = 0.299 R + 0.587 G + 0.114 B; Cb = (B - Y) / 1.772; Cr = (R - Y) / 1.402.
float lumaByte(vec3 rgb) { return 16.0 + 219.0 * dot(rgb, vec3(0.299, 0.587, 0.114)); }
vec2 chromaBytes(vec3 rgb) {
  const float luma = dot(rgb, vec3(0.299, 0.587, 0.114));
  return vec2(128.0) + 224.0 * vec2((rgb.b - luma) / 1.772, (rgb.r - luma) / 1.402);
}

uint planeByte(uint index) {
  const uint lumaBytes = u_width * u_height;
  if (index < lumaBytes) {
    const int x = int(index % u_width), y = int(index / u_width);
    return uint(round(clamp(lumaByte(rgbAt(x, y)), 0.0, 255.0)));
  }
  const uint chromaWidth = (u_width + 1u) / 2u, chromaHeight = (u_height + 1u) / 2u;
  const uint chroma = index - lumaBytes, planeBytes = chromaWidth * chromaHeight;
  const bool isV = chroma >= planeBytes;
  const uint site = isV ? chroma - planeBytes : chroma;
  const int x = 2 * int(site % chromaWidth), y = 2 * int(site / chromaWidth);
  vec3 rgb = vec3(0.0);
  for (int row = 0; row < 2; ++row)
    rgb += 0.25 * rgbAt(x - 1, y + row) + 0.5 * rgbAt(x, y + row) + 0.25 * rgbAt(x + 1, y + row);
  const vec2 cbCr = chromaBytes(rgb * 0.5);
  return uint(round(clamp(isV ? cbCr.y : cbCr.x, 0.0, 255.0)));
}

void main() {
  const uint word = elementIndex();
  const uint chromaBytesEach = ((u_width + 1u) / 2u) * ((u_height + 1u) / 2u);
  const uint total = u_width * u_height + 2u * chromaBytesEach;
  if (word * 4u >= total) return;
  uint bytes = 0u;
  for (uint i = 0u; i < 4u; ++i)
    if (word * 4u + i < total) bytes |= planeByte(word * 4u + i) << (8u * i);
  b_planes[word] = bytes;
}

// The input picture from 8-bit YUV 4:2:0 planes (a video decoder's frame, data/yuv_picture.h):
// BT.601 or BT.709, limited or full range. Chroma is interpolated bilinearly from samples sited
// as MPEG-2, H.264 and HEVC site them by default: beside each even column, between each pair of
// rows. Opaque.

#include "shaders/art/art_common.glsl"

layout(std430, binding = 0) readonly buffer Planes { uint b_planes[]; };
layout(std430, binding = 1) writeonly buffer Picture { uint b_picture[]; };

uniform uint u_width, u_height;
uniform uint u_bt709, u_fullRange;

float planeByte(uint index) { return float((b_planes[index >> 2u] >> ((index & 3u) * 8u)) & 0xFFu); }

// Plane `first` (chroma width x height) at (x, y) in its own samples, bilinear, clamped at edges.
float chromaAt(uint first, float x, float y, uint width, uint height) {
  x = clamp(x, 0.0, float(width - 1u));
  y = clamp(y, 0.0, float(height - 1u));
  const uint x0 = uint(x), y0 = uint(y);
  const uint x1 = min(x0 + 1u, width - 1u), y1 = min(y0 + 1u, height - 1u);
  const float fx = x - float(x0), fy = y - float(y0);
  const float top = mix(planeByte(first + y0 * width + x0), planeByte(first + y0 * width + x1), fx);
  const float bottom = mix(planeByte(first + y1 * width + x0), planeByte(first + y1 * width + x1), fx);
  return mix(top, bottom, fy);
}

void main() {
  const uint pixel = elementIndex();
  if (pixel >= u_width * u_height) return;
  const uint x = pixel % u_width, y = pixel / u_width;
  const uint chromaWidth = (u_width + 1u) / 2u, chromaHeight = (u_height + 1u) / 2u;
  const uint uFirst = u_width * u_height, vFirst = uFirst + chromaWidth * chromaHeight;
  const float cx = float(x) * 0.5, cy = (float(y) - 0.5) * 0.5;
  float luma = planeByte(pixel);
  float cb = chromaAt(uFirst, cx, cy, chromaWidth, chromaHeight) - 128.0;
  float cr = chromaAt(vFirst, cx, cy, chromaWidth, chromaHeight) - 128.0;
  if (u_fullRange != 0u) {
    luma /= 255.0;
    cb /= 255.0;
    cr /= 255.0;
  } else {
    luma = (luma - 16.0) / 219.0;
    cb /= 224.0;
    cr /= 224.0;
  }
  // R = Y + 2(1-Kr) Cr, B = Y + 2(1-Kb) Cb, G from Y = Kr R + Kg G + Kb B.
  const float kr = u_bt709 != 0u ? 0.2126 : 0.299, kb = u_bt709 != 0u ? 0.0722 : 0.114, kg = 1.0 - kr - kb;
  const float r = luma + 2.0 * (1.0 - kr) * cr;
  const float b = luma + 2.0 * (1.0 - kb) * cb;
  const float g = (luma - kr * r - kb * b) / kg;
  const uvec3 rgb = uvec3(round(clamp(vec3(r, g, b), 0.0, 1.0) * 255.0));
  b_picture[pixel] = rgb.r | (rgb.g << 8u) | (rgb.b << 16u) | 0xFF000000u;
}

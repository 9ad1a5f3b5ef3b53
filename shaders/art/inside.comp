// Whether each pixel may be in a span (art::findSpans' insidePixels): by span mode, then invert,
// then a mask beside another mode narrows it, then the radial controls, then fully transparent
// pixels out unless they are sorted too.

#include "shaders/art/art_common.glsl"
#include "shaders/art/pixel_key.glsl"
#include "shaders/art/wide_math.glsl"
#include "shaders/art/radial.glsl"

layout(std430, binding = 0) readonly buffer Picture { uint b_picture[]; };
layout(std430, binding = 1) readonly buffer Keys { uint b_keys[]; };  // the span key's

layout(std430, binding = 2) readonly buffer Other { uint b_other[]; };  // mask or interval image
layout(std430, binding = 3) writeonly buffer Inside { uint b_inside[]; };
layout(std430, binding = 4) readonly buffer Mask { uint b_mask[]; };  // u_maskNarrows only

uniform uint u_width, u_height;
uniform uint u_mode;  // SPAN_* numbers of art::SpanMode
uniform uint u_lowKey, u_highKey;  // threshold: inside when lowKey <= key <= highKey
uniform uvec2 u_edgeLimit;  // edges, intervals: an edge where Sobel^2 >= this (64-bit)
uniform bool u_invert, u_sortTransparent, u_maskNarrows;
uniform bool u_radialNarrows;        // rings or spokes with radial controls that leave pixels out
uniform int u_centreX2, u_centreY2;  // their centre in half pixels
uniform uint u_spokes;

uint luminanceAt(int x, int y) {
  x = clamp(x, 0, int(u_width) - 1);
  y = clamp(y, 0, int(u_height) - 1);
  const uint at = uint(y) * u_width + uint(x);
  return pixelKey(KEY_LUMINANCE, u_mode == SPAN_EDGES ? b_picture[at] : b_other[at]);
}

// art::sobelSquared's test, with the square in 64 bits.
bool isEdge(uint pixel) {
  const int x = int(pixel % u_width), y = int(pixel / u_width);
  const int gx = int(luminanceAt(x + 1, y - 1) + 2u * luminanceAt(x + 1, y) + luminanceAt(x + 1, y + 1)) -
                 int(luminanceAt(x - 1, y - 1) + 2u * luminanceAt(x - 1, y) + luminanceAt(x - 1, y + 1));
  const int gy = int(luminanceAt(x - 1, y + 1) + 2u * luminanceAt(x, y + 1) + luminanceAt(x + 1, y + 1)) -
                 int(luminanceAt(x - 1, y - 1) + 2u * luminanceAt(x, y - 1) + luminanceAt(x + 1, y - 1));
  const uvec2 squared = add64(multiplyWide(uint(abs(gx)), uint(abs(gx))), multiplyWide(uint(abs(gy)), uint(abs(gy))));
  return atLeast64(squared, u_edgeLimit);
}

void main() {
  const uint pixel = elementIndex();
  if (pixel >= u_width * u_height) return;
  bool inside = true;
  if (u_mode == SPAN_THRESHOLD) inside = u_lowKey <= b_keys[pixel] && b_keys[pixel] <= u_highKey;
  else if (u_mode == SPAN_EDGES || u_mode == SPAN_INTERVALS) inside = !isEdge(pixel);
  else if (u_mode == SPAN_BLACK) inside = pixelKey(KEY_RGB, b_picture[pixel]) > ASDF_BLACK_RGB;
  else if (u_mode == SPAN_WHITE) inside = pixelKey(KEY_RGB, b_picture[pixel]) < ASDF_WHITE_RGB;
  else if (u_mode == SPAN_MASK) inside = pixelKey(KEY_LUMINANCE, b_other[pixel]) >= 1275000u;  // half of white
  const bool invertible = u_mode == SPAN_THRESHOLD || u_mode == SPAN_EDGES || u_mode == SPAN_MASK ||
                          u_mode == SPAN_INTERVALS || u_mode == SPAN_BLACK || u_mode == SPAN_WHITE;
  if (u_invert && invertible) inside = !inside;
  if (u_maskNarrows && inside) inside = pixelKey(KEY_LUMINANCE, b_mask[pixel]) >= 1275000u;
  if (u_radialNarrows && inside) {
    const int dx = 2 * int(pixel % u_width) + 1 - u_centreX2, dy = 2 * int(pixel / u_width) + 1 - u_centreY2;
    const uint ring = ringOf(dx, dy), turns = diamondTurns(dx, dy);
    inside = insideRadialWindow(ring, turns, u_radialRings ? ring : spokeOf(turns, u_spokes));
  }
  if (!u_sortTransparent && (b_picture[pixel] >> 24) == 0u) inside = false;
  b_inside[pixel] = inside ? 1u : 0u;
}

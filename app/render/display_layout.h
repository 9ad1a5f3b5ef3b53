#pragma once
// How a sort state becomes a picture: the two views the viewer offers, shared by the GPU painter
// (render::StatePainter, shaders/render/paint_state.comp) and the CPU reference of array mode
// (render/array_reference.h). Integer arithmetic only, so both give the same bytes.

#include <cstdint>
#include <optional>
#include <string_view>
#include <variant>

#include "data/image_sequences.h"

namespace shadersort::render {

// The picture at the input's size: each sequence is a column (top row first) or a row (left
// first), each pixel the element's value (a packed RGBA pixel) as it is, alpha included; equal
// to sortDataToImage(state, axis). A key-only state paints transparent black (its values read 0).
struct ImageLayout {
  Axis axis = Axis::Columns;
};

// How array view draws each key (`view --drawing`, key v). Bars: the classic bar standing on the
// axis. Dots: only the bar's top arrayDotRows() rows, so a key is a dot at its height (a sorted
// input is a rising line of dots) and the numbers, brackets and digits over the bars stay where
// they are; keys nearer the axis than a dot's height keep the part of the dot above the axis.
enum class ArrayDrawing { Bars, Dots };
std::string_view arrayDrawingName(ArrayDrawing drawing);  // "bars", "dots"
std::optional<ArrayDrawing> arrayDrawingNamed(std::string_view name);

// The classic sorting-visualizer picture of one sequence: sequenceLength pixel columns and
// `height` rows. Column i is a bar standing on the bottom row whose height shows key i (see
// arrayBarHeight) in the element's colour (its value as RGBA with alpha forced opaque, or
// kArrayBarColour when the state has no values); above the bar, kArrayBackground.
struct ArrayLayout {
  std::uint32_t sequence = 0;
  // The range of the keys as stored (as SortData::keys holds them, e.g. their minimum and
  // maximum over the input); keys outside it are clamped to it.
  std::uint32_t minKey = 0, maxKey = 0;
  // The stored keys are inverted keys (a descending sort): the bar shows the user's key, so the
  // larger stored key gets the shorter bar.
  bool descending = false;
  std::uint32_t height = 256;  // rows; 0 counts as 1, more than 65536 as 65536
  ArrayDrawing drawing = ArrayDrawing::Bars;
};

using DisplayLayout = std::variant<ImageLayout, ArrayLayout>;

// Packed R | G<<8 | B<<16 | A<<24, as Image::pixel.
inline constexpr std::uint32_t kArrayBackground = 0xFF201C1Cu;  // dark grey, opaque
inline constexpr std::uint32_t kArrayBarColour = 0xFFE0E0E0u;   // light grey, for key-only states

// The integer scale of an array picture: bar = 1 + ((key - low) >> shift) * (height - 1) / span,
// with the range shifted down to at most 16 bits so that the product fits 32 bits on the GPU.
struct ArrayScale {
  std::uint32_t low = 0, high = 0;  // the clamping range
  std::uint32_t shift = 0;
  std::uint32_t span = 0;           // (high - low) >> shift; 0 when every key is equal
  std::uint32_t height = 1;
  bool descending = false;
};
ArrayScale arrayScale(const ArrayLayout& layout);

// The bar height in rows (1 .. height) of a stored key: 1 for the key at the bottom of the range
// (minKey, or maxKey when descending), height for the one at the top; every bar is full height
// when minKey == maxKey.
std::uint32_t arrayBarHeight(const ArrayScale& scale, std::uint32_t key);

// A dot's height in rows for `sequenceLength` keys: about as tall as a key's column is wide where
// the picture is shown about as wide as tall (height / length rows), at most an eighth of the
// picture (few keys) and at least one row (many).
std::uint32_t arrayDotRows(const ArrayScale& scale, std::uint32_t sequenceLength);
// The rows a key's mark covers, counted up from the bottom: [first, end). Bars: [0, bar height);
// dots: the bar's top arrayDotRows() rows.
struct ArrayMarkRows {
  std::uint32_t first = 0, end = 0;
};
ArrayMarkRows arrayMarkRows(const ArrayScale& scale, ArrayDrawing drawing, std::uint32_t sequenceLength, std::uint32_t key);

}  // namespace shadersort::render

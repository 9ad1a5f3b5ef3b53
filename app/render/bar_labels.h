#pragma once
// Numbers on the array view's bars (sequences of at most 64): each bar's key just above its top
// (inside the bar's top when there is no room above), and each element's index under the axis.
// Laid out here in whole pixels as plain data; the viewer draws the labels with Dear ImGui and
// the tests with drawLabels() on the CPU, from the same rectangles, so both give the same pixels.
// Sizes follow the one policy of label_fit.h: all labels of a row share one size, upright, at
// least 14 pixels tall; where bars are too narrow, every k-th element is labelled, and the row's
// note (keyLabelNote, indexLabelNote) says so.

#include <cstdint>
#include <string>
#include <vector>

#include "data/image.h"
#include "data/key_encoding.h"
#include "render/display_layout.h"
#include "render/label_fit.h"

namespace shadersort::render {

// The most indexBandHeight() gives: room a caller leaves under the bars.
inline constexpr int kMaxIndexBandHeight = kLargestLabelPixelSize * 7 + 4;

inline constexpr std::uint32_t kLabelInk = 0xFFF0F0F0u;     // near white
inline constexpr std::uint32_t kLabelBacking = 0xFF201C1Cu;  // kArrayBackground: labels read on any bar colour

// A label: a filled backing box, the text inside it one pixel in from every side.
struct TextLabel {
  int x = 0, y = 0, width = 0, height = 0;  // the backing box
  std::string text;
  int pixelSize = 1;
};

// A filled rectangle at whole pixels, drawn alike by ImGui and on the CPU (overlays of the bars).
struct FilledRect {
  int x = 0, y = 0, width = 0, height = 0;
  std::uint32_t colour = 0;  // packed RGBA, as Image::pixel and ImGui's IM_COL32
};

// Where the bars are on screen (whole pixels) and what they show.
struct BarArea {
  int left = 0, top = 0, width = 0, height = 0;
};
struct BarNumbers {
  std::vector<std::uint32_t> keys;  // one sequence as stored (sortable keys, inverted when descending)
  KeyType type = KeyType::U32;
  bool descending = false;  // the stored keys are inverted
  // Hexadecimal of the stored key, as radix's digits read it; else the typed value in decimal.
  bool hexadecimal = false;
  ArrayLayout layout;  // the picture's key range and rows, for the bar heights
  // Per key, 1 where the bar is bitonic-classic's +inf padding (labelled "+inf"); may be empty.
  std::vector<std::uint8_t> padding;
};

// The text a bar carries for the key stored as `stored`.
std::string barKeyText(const BarNumbers& numbers, std::uint32_t stored);
// The text of element `i` of `numbers`: "+inf" on padding, else barKeyText of its key.
std::string elementKeyText(const BarNumbers& numbers, std::size_t i);

// Labels of every key, over the bars (none beyond 64 elements).
std::vector<TextLabel> keyLabels(const BarArea& area, const BarNumbers& numbers);
// Labels of every index 0..count-1, in a band from `area`'s bottom down.
std::vector<TextLabel> indexLabels(const BarArea& area, std::uint32_t count);
// The height of that band (0 when the indices are left out), so that what goes under the bars
// can start below it.
int indexBandHeight(const BarArea& area, std::uint32_t count);
// How each row is drawn (label_fit.h), and what it says when not every label shows.
LabelFit keyLabelFit(const BarArea& area, const BarNumbers& numbers);
LabelFit indexLabelFit(const BarArea& area, std::uint32_t count);
std::string keyLabelNote(const BarArea& area, const BarNumbers& numbers);
std::string indexLabelNote(const BarArea& area, std::uint32_t count);
// The narrowest of `count` elements over `area`'s width, as the labels place element i.
int narrowestElement(const BarArea& area, std::uint32_t count);

// Fills the labels into `image` (their boxes, then their ink), clipped to it: the CPU picture
// of what the viewer draws.
void drawLabels(Image& image, const std::vector<TextLabel>& labels);

}  // namespace shadersort::render

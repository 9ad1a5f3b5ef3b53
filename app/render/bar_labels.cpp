#include "render/bar_labels.h"

#include <algorithm>
#include <cstdio>

#include "data/value_list.h"
#include "render/label_font.h"
#include "sort/index_text.h"

namespace shadersort::render {
namespace {

constexpr std::uint32_t kMaxLabelledElements = 64;
constexpr int kLargestPixelSize = 3;
// Columns kept free between two labels' boxes, so that neighbours do not read as one number.
constexpr int kLabelGap = 4;

// Element i's columns: [left + i * width / count, left + (i + 1) * width / count).
int elementLeft(const BarArea& area, std::uint32_t count, std::uint32_t i) {
  return area.left + static_cast<int>(static_cast<std::int64_t>(area.width) * i / count);
}

struct RowStyle {
  int pixelSize = 0;  // 0: the row is left out
  bool vertical = false;
};

// Box size of `text` in `style`: the ink plus one pixel on every side.
int boxWidth(const std::string& text, RowStyle style) {
  return (style.vertical ? kGlyphHeight * style.pixelSize : textWidth(text, style.pixelSize)) + 2;
}
int boxHeight(const std::string& text, RowStyle style) {
  return (style.vertical ? textWidth(text, style.pixelSize) : kGlyphHeight * style.pixelSize) + 2;
}

// The largest size at which the widest text fits the narrowest element; else turned; else none.
RowStyle rowStyle(const BarArea& area, std::uint32_t count, const std::vector<std::string>& texts) {
  int narrowest = area.width;
  for (std::uint32_t i = 0; i < count; ++i)
    narrowest = std::min(narrowest, elementLeft(area, count, i + 1) - elementLeft(area, count, i));
  std::size_t longest = 0;
  for (const std::string& text : texts) longest = std::max(longest, text.size());
  const std::string widest(longest, '0');
  for (int size = kLargestPixelSize; size >= 1; --size)
    if (boxWidth(widest, {size, false}) + kLabelGap <= narrowest) return {size, false};
  if (boxWidth(widest, {1, true}) + kLabelGap <= narrowest) return {1, true};
  return {};
}

// The box of `text` centred on element i's columns, its top at `top`.
TextLabel placed(const BarArea& area, std::uint32_t count, std::uint32_t i, const std::string& text, RowStyle style, int top) {
  const int left = elementLeft(area, count, i), right = elementLeft(area, count, i + 1);
  TextLabel label;
  label.text = text;
  label.pixelSize = style.pixelSize;
  label.vertical = style.vertical;
  label.width = boxWidth(text, style);
  label.height = boxHeight(text, style);
  label.x = left + (right - left - label.width) / 2;
  label.y = top;
  return label;
}

std::vector<std::string> indexTexts(std::uint32_t count) {
  std::vector<std::string> texts;
  for (std::uint32_t i = 0; i < count; ++i) texts.push_back(indexText(i));
  return texts;
}

}  // namespace

std::string barKeyText(const BarNumbers& numbers, std::uint32_t stored) {
  if (numbers.hexadecimal) {
    char text[16];
    std::snprintf(text, sizeof text, "%X", static_cast<unsigned>(stored));  // as the digit labels
    return text;
  }
  const std::uint32_t sortable = numbers.descending ? ~stored : stored;
  return keyText(numbers.type, decodeKey(numbers.type, sortable));
}

std::vector<TextLabel> keyLabels(const BarArea& area, const BarNumbers& numbers) {
  const auto count = static_cast<std::uint32_t>(numbers.keys.size());
  if (count == 0 || count > kMaxLabelledElements || area.width <= 0 || area.height <= 0) return {};
  std::vector<std::string> texts;
  for (std::uint32_t key : numbers.keys) texts.push_back(barKeyText(numbers, key));
  const RowStyle style = rowStyle(area, count, texts);
  if (style.pixelSize == 0) return {};
  const ArrayScale scale = arrayScale(numbers.layout);
  std::vector<TextLabel> labels;
  for (std::uint32_t i = 0; i < count; ++i) {
    const auto rows = static_cast<std::int64_t>(arrayBarHeight(scale, numbers.keys[i]));
    const int barTop = area.top + area.height - static_cast<int>(rows * area.height / scale.height);
    const int height = boxHeight(texts[i], style);
    // Above the bar when there is room, else inside its top; a label that fits neither is left out.
    int top = barTop - 1 - height;
    if (top < area.top) top = barTop + 1;
    if (top + height > area.top + area.height) continue;
    labels.push_back(placed(area, count, i, texts[i], style, top));
  }
  return labels;
}

std::vector<TextLabel> indexLabels(const BarArea& area, std::uint32_t count) {
  if (count == 0 || count > kMaxLabelledElements || area.width <= 0) return {};
  const std::vector<std::string> texts = indexTexts(count);
  const RowStyle style = rowStyle(area, count, texts);
  if (style.pixelSize == 0) return {};
  std::vector<TextLabel> labels;
  for (std::uint32_t i = 0; i < count; ++i) labels.push_back(placed(area, count, i, texts[i], style, area.top + area.height + 1));
  return labels;
}

int indexBandHeight(const BarArea& area, std::uint32_t count) {
  int height = 0;
  for (const TextLabel& label : indexLabels(area, count)) height = std::max(height, label.height + 2);
  return height;
}

void drawLabels(Image& image, const std::vector<TextLabel>& labels) {
  const auto fill = [&image](int x, int y, int width, int height, std::uint32_t colour) {
    for (int py = std::max(0, y); py < std::min(image.height, y + height); ++py)
      for (int px = std::max(0, x); px < std::min(image.width, x + width); ++px) image.setPixel(px, py, colour);
  };
  for (const TextLabel& label : labels) {
    fill(label.x, label.y, label.width, label.height, kLabelBacking);
    for (const InkRect& ink : textInk(label.text, label.pixelSize, label.vertical))
      fill(label.x + 1 + ink.x, label.y + 1 + ink.y, ink.width, ink.height, kLabelInk);
  }
}

}  // namespace shadersort::render

#include "render/bar_labels.h"

#include <algorithm>
#include <cstdio>

#include "data/value_list.h"
#include "render/label_font.h"
#include "sort/index_text.h"

namespace shadersort::render {
namespace {

constexpr std::uint32_t kMaxLabelledElements = 64;

// Element i's columns: [left + i * width / count, left + (i + 1) * width / count).
int elementLeft(const BarArea& area, std::uint32_t count, std::uint32_t i) {
  return area.left + static_cast<int>(static_cast<std::int64_t>(area.width) * i / count);
}

LabelFit rowFit(const BarArea& area, std::uint32_t count, const std::vector<std::string>& texts) {
  std::size_t longest = 0;
  for (const std::string& text : texts) longest = std::max(longest, text.size());
  return labelFit(narrowestElement(area, count), longest);
}

// The box of `text` centred on element i's columns, its top at `top`, pushed inside the area
// where it is wider than the element at either end (label_fit.h leaves room for that).
TextLabel placed(const BarArea& area, std::uint32_t count, std::uint32_t i, const std::string& text, int pixelSize, int top) {
  const int left = elementLeft(area, count, i), right = elementLeft(area, count, i + 1);
  TextLabel label;
  label.text = text;
  label.pixelSize = pixelSize;
  label.width = textWidth(text, pixelSize) + 2;
  label.height = labelBoxHeight(pixelSize);
  label.x = std::clamp(left + (right - left - label.width) / 2, area.left, std::max(area.left, area.left + area.width - label.width));
  label.y = top;
  return label;
}

std::vector<std::string> indexTexts(std::uint32_t count) {
  std::vector<std::string> texts;
  for (std::uint32_t i = 0; i < count; ++i) texts.push_back(indexText(i));
  return texts;
}

std::vector<std::string> keyTexts(const BarNumbers& numbers) {
  std::vector<std::string> texts;
  for (std::size_t i = 0; i < numbers.keys.size(); ++i) texts.push_back(elementKeyText(numbers, i));
  return texts;
}

bool labelled(const BarArea& area, std::uint32_t count) {
  return count > 0 && count <= kMaxLabelledElements && area.width > 0;
}

}  // namespace

int narrowestElement(const BarArea& area, std::uint32_t count) {
  if (count == 0) return 0;
  int narrowest = area.width;
  for (std::uint32_t i = 0; i < count; ++i)
    narrowest = std::min(narrowest, elementLeft(area, count, i + 1) - elementLeft(area, count, i));
  return narrowest;
}

std::string barKeyText(const BarNumbers& numbers, std::uint32_t stored) {
  if (numbers.hexadecimal) {
    char text[16];
    std::snprintf(text, sizeof text, "%X", static_cast<unsigned>(stored));  // as the digit labels
    return text;
  }
  const std::uint32_t sortable = numbers.descending ? ~stored : stored;
  return keyText(numbers.type, decodeKey(numbers.type, sortable));
}

std::string elementKeyText(const BarNumbers& numbers, std::size_t i) {
  if (i < numbers.padding.size() && numbers.padding[i]) return "+inf";
  return barKeyText(numbers, numbers.keys.at(i));
}

LabelFit keyLabelFit(const BarArea& area, const BarNumbers& numbers) {
  const auto count = static_cast<std::uint32_t>(numbers.keys.size());
  if (!labelled(area, count) || area.height <= 0) return {};
  return rowFit(area, count, keyTexts(numbers));
}

LabelFit indexLabelFit(const BarArea& area, std::uint32_t count) {
  if (!labelled(area, count)) return {};
  return rowFit(area, count, indexTexts(count));
}

std::string keyLabelNote(const BarArea& area, const BarNumbers& numbers) {
  const auto count = static_cast<std::uint32_t>(numbers.keys.size());
  return labelled(area, count) ? labelNote(keyLabelFit(area, numbers), "keys") : std::string();
}

std::string indexLabelNote(const BarArea& area, std::uint32_t count) {
  return labelled(area, count) ? labelNote(indexLabelFit(area, count), "indices") : std::string();
}

std::vector<TextLabel> keyLabels(const BarArea& area, const BarNumbers& numbers) {
  const LabelFit fit = keyLabelFit(area, numbers);
  if (fit.hidden()) return {};
  const auto count = static_cast<std::uint32_t>(numbers.keys.size());
  const ArrayScale scale = arrayScale(numbers.layout);
  const auto barTop = [&](std::uint32_t i) {
    const auto rows = static_cast<std::int64_t>(arrayBarHeight(scale, numbers.keys[i]));
    return area.top + area.height - static_cast<int>(rows * area.height / scale.height);
  };
  std::vector<TextLabel> labels;
  for (std::uint32_t i = 0; i < count; ++i) {
    if (!fit.shows(i)) continue;
    TextLabel label = placed(area, count, i, elementKeyText(numbers, i), fit.pixelSize, 0);
    // Above every bar the box spans (a label wider than its bar covers no neighbour), else just
    // above its own bar, else inside its own bar's top; a label that fits none is left out.
    int highest = barTop(i);
    for (std::uint32_t j = 0; j < count; ++j)
      if (elementLeft(area, count, j + 1) > label.x && elementLeft(area, count, j) < label.x + label.width)
        highest = std::min(highest, barTop(j));
    label.y = highest - 1 - label.height;
    if (label.y < area.top) label.y = barTop(i) - 1 - label.height;
    if (label.y < area.top) label.y = barTop(i) + 1;
    if (label.y + label.height > area.top + area.height) continue;
    labels.push_back(label);
  }
  return labels;
}

std::vector<TextLabel> indexLabels(const BarArea& area, std::uint32_t count) {
  const LabelFit fit = indexLabelFit(area, count);
  if (fit.hidden()) return {};
  const std::vector<std::string> texts = indexTexts(count);
  std::vector<TextLabel> labels;
  for (std::uint32_t i = 0; i < count; ++i)
    if (fit.shows(i)) labels.push_back(placed(area, count, i, texts[i], fit.pixelSize, area.top + area.height + 1));
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
    for (const InkRect& ink : textInk(label.text, label.pixelSize))
      fill(label.x + 1 + ink.x, label.y + 1 + ink.y, ink.width, ink.height, kLabelInk);
  }
}

}  // namespace shadersort::render

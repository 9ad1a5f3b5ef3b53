#include "render/radix_digit_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "render/label_font.h"

namespace shadersort::render {
namespace {

constexpr std::size_t kMaxColumns = 64;  // as the bar numbers (render/bar_labels.h)

std::uint32_t packed(int r, int g, int b) {
  return 0xFF000000u | static_cast<std::uint32_t>(b) << 16 | static_cast<std::uint32_t>(g) << 8 | static_cast<std::uint32_t>(r);
}

// Slot boundaries at whole pixels, as the bar numbers place element i.
int slotLeft(const BarArea& area, std::size_t count, double slot) {
  return area.left + static_cast<int>(std::floor(slot * area.width / static_cast<double>(count)));
}

std::string digitText(std::uint32_t digit, std::uint32_t bits) {
  char text[8];
  std::snprintf(text, sizeof text, "%0*X", static_cast<int>((bits + 3) / 4), static_cast<unsigned>(digit));
  return text;
}

}  // namespace

std::uint32_t bucketColour(std::uint32_t digit, std::uint32_t bits) {
  if (bits == 0 || bits > 16) return 0xFFFFFFFFu;
  // HSV with saturation 0.55 and value 1, hue up to 0.8 of the circle (red .. violet).
  const double hue = 0.8 * digit / std::max(1.0, std::ldexp(1.0, static_cast<int>(bits)) - 1.0);
  const double sector = hue * 6.0;
  const int index = static_cast<int>(sector) % 6;
  const double f = sector - std::floor(sector), s = 0.55;
  const double p = 1.0 - s, q = 1.0 - s * f, t = 1.0 - s * (1.0 - f);
  double r = 1, g = 1, b = 1;
  switch (index) {
    case 0: r = 1; g = t; b = p; break;
    case 1: r = q; g = 1; b = p; break;
    case 2: r = p; g = 1; b = t; break;
    case 3: r = p; g = q; b = 1; break;
    case 4: r = t; g = p; b = 1; break;
    default: r = 1; g = p; b = q; break;
  }
  const auto channel = [](double v) { return static_cast<int>(std::lround(v * 255.0)); };
  return packed(channel(r), channel(g), channel(b));
}

LabelFit digitColumnsFit(const BarArea& area, std::size_t count, std::uint32_t bits, int rows, int maxHeight) {
  if (count == 0 || count > kMaxColumns || bits == 0 || bits > 16 || rows <= 0) return {};
  return labelFit(narrowestElement(area, static_cast<std::uint32_t>(count)), (bits + 3) / 4, rows, maxHeight);
}

std::vector<FilledRect> digitColumns(const BarArea& area, int top, int maxHeight, const std::vector<std::uint32_t>& keys,
                                     const std::vector<double>& slots, std::uint32_t bits,
                                     const std::vector<DigitState>& states) {
  const std::size_t count = keys.size();
  if (count == 0 || count > kMaxColumns || slots.size() != count || bits == 0 || bits > 16 || states.empty() || area.width <= 0)
    return {};
  const auto rows = static_cast<int>(states.size());
  const LabelFit fit = digitColumnsFit(area, count, bits, rows, maxHeight);
  if (fit.hidden()) return {};
  const int size = fit.pixelSize;
  const int boxWidth = labelBoxWidth(size, (bits + 3) / 4), pitch = labelBoxHeight(size);
  std::vector<FilledRect> rects;
  for (std::size_t i = 0; i < count; ++i) {
    // During a tween a column keeps to its key: the keys that start on a labelled slot.
    if (!fit.shows(static_cast<std::uint32_t>(i))) continue;
    const int centre = (slotLeft(area, count, slots[i]) + slotLeft(area, count, slots[i] + 1.0)) / 2;
    const int x = std::clamp(centre - boxWidth / 2, area.left, std::max(area.left, area.left + area.width - boxWidth));
    rects.push_back({x, top, boxWidth, rows * pitch, kLabelBacking});
    for (int row = 0; row < rows; ++row) {
      const auto place = static_cast<std::uint32_t>(rows - 1 - row);  // most significant on top
      const std::uint32_t digit = radixDigitOf(keys[i], {place * bits, bits});
      const int y = top + row * pitch;
      std::uint32_t ink = kDigitPendingInk;
      switch (states[place]) {
        case DigitState::Done: ink = kDigitDoneInk; break;
        case DigitState::Pending: ink = kDigitPendingInk; break;
        case DigitState::Skipped: ink = kDigitSkippedInk; break;
        case DigitState::Current:
          rects.push_back({x, y, boxWidth, pitch, bucketColour(digit, bits)});
          ink = kDigitCurrentInk;
          break;
      }
      for (const InkRect& glyph : textInk(digitText(digit, bits), size))
        rects.push_back({x + 1 + glyph.x, y + 1 + glyph.y, glyph.width, glyph.height, ink});
    }
  }
  return rects;
}

int digitColumnsHeight(const std::vector<FilledRect>& columns, int top) {
  int bottom = top;
  for (const FilledRect& rect : columns) bottom = std::max(bottom, rect.y + rect.height);
  return bottom - top;
}

std::vector<FilledRect> scatterFrame(const BarArea& area, const std::vector<std::uint32_t>& keysBefore,
                                     const ScatterPlan& plan, const std::vector<double>& slots, RadixDigit digit,
                                     const ArrayLayout& layout) {
  const std::size_t count = keysBefore.size();
  if (count == 0 || slots.size() != count || area.width <= 0 || area.height <= 0) return {};
  std::vector<FilledRect> rects{{area.left, area.top, area.width, area.height, kArrayBackground}};
  for (const DigitBucket& bucket : plan.buckets) {
    // A dark tone of the bucket's colour: a third of it over the background.
    const std::uint32_t colour = bucketColour(bucket.digit, digit.bits);
    const auto mix = [&](int shift) {
      return static_cast<int>((((colour >> shift) & 0xFFu) + 2 * ((kArrayBackground >> shift) & 0xFFu)) / 3);
    };
    const int left = slotLeft(area, count, bucket.begin), right = slotLeft(area, count, bucket.end);
    rects.push_back({left, area.top, right - left, area.height, packed(mix(0), mix(8), mix(16))});
  }
  const ArrayScale scale = arrayScale(layout);
  for (std::size_t i = 0; i < count; ++i) {
    // Bars or dots, as the picture draws them (ArrayLayout::drawing).
    const ArrayMarkRows mark = arrayMarkRows(scale, layout.drawing, static_cast<std::uint32_t>(count), keysBefore[i]);
    const int bottom = area.top + area.height;
    const int markTop = bottom - static_cast<int>(std::int64_t{mark.end} * area.height / scale.height);
    const int markBottom = bottom - static_cast<int>(std::int64_t{mark.first} * area.height / scale.height);
    const int left = slotLeft(area, count, slots[i]), right = slotLeft(area, count, slots[i] + 1.0);
    // A free column between neighbours where the bars are wide enough to spare one.
    const int width = std::max(1, right - left - (right - left >= 4 ? 1 : 0));
    rects.push_back({left, markTop, width, markBottom - markTop, bucketColour(radixDigitOf(keysBefore[i], digit), digit.bits)});
  }
  return rects;
}

void fillRects(Image& image, const std::vector<FilledRect>& rects) {
  for (const FilledRect& rect : rects)
    for (int y = std::max(0, rect.y); y < std::min(image.height, rect.y + rect.height); ++y)
      for (int x = std::max(0, rect.x); x < std::min(image.width, rect.x + rect.width); ++x) image.setPixel(x, y, rect.colour);
}

}  // namespace shadersort::render

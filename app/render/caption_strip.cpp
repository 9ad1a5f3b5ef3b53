#include "render/caption_strip.h"

#include <algorithm>

#include "render/label_font.h"
#include "sort/index_text.h"

namespace shadersort::render {
namespace {

constexpr std::string_view kEllipsis = "...";

// Blank font pixels around the text and between lines.
constexpr int kMargin = 4;
constexpr int kLineGap = 3;

int lineHeight(int pixelSize) { return (kGlyphHeight + kLineGap) * pixelSize; }

// Characters of a line `width` pixels wide leaves for text.
std::size_t charactersPerLine(int width, int pixelSize) {
  const int room = width - 2 * kMargin * pixelSize + pixelSize;  // the last glyph needs no blank column
  return static_cast<std::size_t>(std::max(1, room / (kGlyphAdvance * pixelSize)));
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  return text;
}

}  // namespace

Caption passCaption(std::uint32_t pass, std::uint32_t passCount, bool sorted, std::string_view lastDescription) {
  Caption caption;
  // `pass` passes ran: the state is after pass `pass - 1`, the index the description names.
  if (pass == 0) {
    caption.heading = "input, before " + passName(0, passCount) + (sorted ? ", sorted" : "");
    caption.description = "the input, before any pass";
    return caption;
  }
  caption.heading = "after " + passName(pass - 1, passCount) + (sorted ? ", sorted" : "");
  // The sorters begin their descriptions with passName followed by ':' or ','.
  const std::string prefix = passName(pass - 1, passCount);
  std::string_view rest = lastDescription;
  if (rest.starts_with(prefix) && rest.size() > prefix.size() && (rest[prefix.size()] == ':' || rest[prefix.size()] == ','))
    rest.remove_prefix(prefix.size() + 1);
  caption.description = std::string(trimmed(rest));
  return caption;
}

std::string captionLine(const Caption& caption) {
  return caption.description.empty() ? caption.heading : caption.heading + ": " + caption.description;
}

int captionPixelSize(int width) { return std::clamp(width / 320, 1, 4); }

std::vector<std::string> wrapCaption(std::string_view text, int width, int maxLines) {
  return wrapText(text, width, captionPixelSize(width), maxLines);
}

std::vector<std::string> wrapText(std::string_view text, int width, int pixelSize, int maxLines) {
  const std::size_t perLine = charactersPerLine(width, pixelSize);
  std::vector<std::string> lines;
  text = trimmed(text);
  while (!text.empty() && static_cast<int>(lines.size()) < maxLines) {
    const bool lastLine = static_cast<int>(lines.size()) + 1 == maxLines;
    if (text.size() <= perLine) {
      lines.emplace_back(text);
      text = {};
      break;
    }
    if (lastLine) {
      // Cut: as many whole characters as leave room for the ellipsis.
      const std::size_t keep = perLine > kEllipsis.size() ? perLine - kEllipsis.size() : 0;
      lines.push_back(std::string(trimmed(text.substr(0, keep))) + std::string(kEllipsis).substr(0, perLine));
      text = {};
      break;
    }
    // Break at the last space that keeps the line within perLine; a word longer than a line is split.
    std::size_t cut = text.substr(0, perLine + 1).rfind(' ');
    if (cut == std::string_view::npos || cut == 0) cut = perLine;
    lines.emplace_back(trimmed(text.substr(0, cut)));
    text = trimmed(text.substr(cut));
  }
  return lines;
}

int captionStripHeight(int width, int descriptionLines) {
  const int pixelSize = captionPixelSize(width);
  return 2 * kMargin * pixelSize + (1 + descriptionLines) * lineHeight(pixelSize) - kLineGap * pixelSize;
}

Image captionStrip(const Caption& caption, int width, int descriptionLines) {
  const int pixelSize = captionPixelSize(width);
  Image strip(width, captionStripHeight(width, descriptionLines));
  for (int y = 0; y < strip.height; ++y)
    for (int x = 0; x < strip.width; ++x) strip.setPixel(x, y, kCaptionBackground);
  const int left = kMargin * pixelSize;
  int top = kMargin * pixelSize;
  drawText(strip, left, top, wrapCaption(caption.heading, width, 1).front(), kCaptionHeadingColour, pixelSize);
  for (const std::string& line : wrapCaption(caption.description, width, descriptionLines)) {
    top += lineHeight(pixelSize);
    drawText(strip, left, top, line, kCaptionTextColour, pixelSize);
  }
  return strip;
}

int captionedWidth(int pictureWidth) { return std::max(pictureWidth, kCaptionMinWidth); }

Image withCaption(const Image& picture, const Caption& caption, int descriptionLines) {
  const int width = captionedWidth(picture.width);
  const Image strip = captionStrip(caption, width, descriptionLines);
  Image captioned(width, picture.height + strip.height);
  for (int y = 0; y < picture.height; ++y)
    for (int x = 0; x < width; ++x)
      captioned.setPixel(x, y, x < picture.width ? picture.pixel(x, y) : kCaptionBackground);
  std::copy(strip.rgba.begin(), strip.rgba.end(),
            captioned.rgba.begin() + static_cast<std::ptrdiff_t>(picture.height) * width * 4);
  return captioned;
}

}  // namespace shadersort::render

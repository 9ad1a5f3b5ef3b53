#include "render/contact_sheet.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "render/caption_strip.h"
#include "render/label_font.h"

namespace shadersort::render {
namespace {

constexpr int kGap = 8;  // between cells and around the grid

int ceilDiv(long long a, long long b) { return static_cast<int>((a + b - 1) / b); }

}  // namespace

ContactSheet::ContactSheet(int pictureWidth, int pictureHeight, std::size_t cellCount, int scale,
                           std::string_view longestLabel, int descriptionLines)
    : pictureWidth_(pictureWidth),
      pictureHeight_(pictureHeight),
      cellCount_(cellCount),
      scale_(scale),
      descriptionLines_(std::max(descriptionLines, 0)) {
  if (cellCount < 1 || cellCount > kMaxCells)
    throw UserError("a contact sheet holds 1 to " + std::to_string(kMaxCells) + " cells, not " +
                    std::to_string(cellCount));
  if (pictureWidth < 1 || pictureHeight < 1 || scale < 1)
    throw UserError("cannot lay out a contact sheet of " + std::to_string(pictureWidth) + "x" +
                    std::to_string(pictureHeight) + " pictures at scale " + std::to_string(scale));

  // Lays the grid out for pictures shrunk `shrink` times; returns the sheet's longer side.
  const auto layOut = [&](int shrink) {
    shrink_ = shrink;
    shownWidth_ = std::max(1, static_cast<int>(static_cast<long long>(pictureWidth) * scale / shrink));
    shownHeight_ = std::max(1, static_cast<int>(static_cast<long long>(pictureHeight) * scale / shrink));
    labelPixel_ = std::clamp(shownWidth_ / 128, 1, 4);  // readable without crowding small pictures
    labelStrip_ = (kGlyphHeight + 4) * labelPixel_ + descriptionLines_ * (kGlyphHeight + 2) * labelPixel_;
    cellWidth_ = std::max({shownWidth_, textWidth(longestLabel, labelPixel_),
                           descriptionLines_ > 0 ? kMinDescribedCellWidth * labelPixel_ : 0});
    cellHeight_ = shownHeight_ + labelStrip_;
    // About square: the column count whose sheet's aspect ratio is nearest 1.
    double best = 1e300;
    for (int columns = 1; columns <= static_cast<int>(cellCount); ++columns) {
      const int rows = ceilDiv(static_cast<long long>(cellCount), columns);
      const double width = kGap + columns * (cellWidth_ + static_cast<double>(kGap));
      const double height = kGap + rows * (cellHeight_ + static_cast<double>(kGap));
      const double skew = std::abs(std::log(width / height));
      if (skew < best - 1e-9) {
        best = skew;
        columns_ = columns;
        rows_ = rows;
      }
    }
    return std::max(kGap + static_cast<long long>(columns_) * (cellWidth_ + kGap),
                    kGap + static_cast<long long>(rows_) * (cellHeight_ + kGap));
  };
  int shrink = 1;
  while (layOut(shrink) > kMaxSide) {
    if (scale > 1 || shownWidth_ == 1 || shownHeight_ == 1)
      throw UserError("a contact sheet of " + std::to_string(cellCount) + " " + std::to_string(pictureWidth) + "x" +
                      std::to_string(pictureHeight) + " pictures at scale " + std::to_string(scale) +
                      " would be wider or taller than " + std::to_string(kMaxSide) + " pixels" +
                      (scale > 1 ? "; use a smaller scale" : ""));
    ++shrink;
  }
  sheet_ = Image(kGap + columns_ * (cellWidth_ + kGap), kGap + rows_ * (cellHeight_ + kGap));
  for (int y = 0; y < sheet_.height; ++y)
    for (int x = 0; x < sheet_.width; ++x) sheet_.setPixel(x, y, kBackground);
}

ContactSheet::Rect ContactSheet::cellRect(std::size_t index) const {
  const int column = static_cast<int>(index % static_cast<std::size_t>(columns_));
  const int row = static_cast<int>(index / static_cast<std::size_t>(columns_));
  return {kGap + column * (cellWidth_ + kGap), kGap + row * (cellHeight_ + kGap), cellWidth_, cellHeight_};
}

ContactSheet::Rect ContactSheet::pictureRect(std::size_t index) const {
  const Rect cell = cellRect(index);
  return {cell.x + (cellWidth_ - shownWidth_) / 2, cell.y, shownWidth_, shownHeight_};
}

ContactSheet::Rect ContactSheet::labelRect(std::size_t index) const {
  const Rect cell = cellRect(index);
  return {cell.x, cell.y + shownHeight_, cellWidth_, labelStrip_};
}

void ContactSheet::addCell(const Image& picture, std::string_view label, std::string_view description) {
  if (added_ >= cellCount_) throw UserError("contact sheet: all " + std::to_string(cellCount_) + " cells are drawn");
  if (picture.width != pictureWidth_ || picture.height != pictureHeight_)
    throw UserError("contact sheet: a " + std::to_string(picture.width) + "x" + std::to_string(picture.height) +
                    " picture in a sheet of " + std::to_string(pictureWidth_) + "x" + std::to_string(pictureHeight_));
  const Rect where = pictureRect(added_);
  for (int y = 0; y < where.height; ++y)
    for (int x = 0; x < where.width; ++x) {
      std::uint32_t packed = 0;
      if (shrink_ == 1) {
        packed = picture.pixel(x / scale_, y / scale_);
      } else {
        // The mean of the shrink x shrink block (scale is 1 here).
        std::uint32_t sum[4] = {0, 0, 0, 0};
        for (int dy = 0; dy < shrink_; ++dy)
          for (int dx = 0; dx < shrink_; ++dx) {
            const std::uint32_t source = picture.pixel(std::min(x * shrink_ + dx, pictureWidth_ - 1),
                                                       std::min(y * shrink_ + dy, pictureHeight_ - 1));
            for (int c = 0; c < 4; ++c) sum[c] += (source >> (8 * c)) & 0xFF;
          }
        const std::uint32_t count = static_cast<std::uint32_t>(shrink_ * shrink_);
        for (int c = 0; c < 4; ++c) packed |= ((sum[c] + count / 2) / count) << (8 * c);
      }
      sheet_.setPixel(where.x + x, where.y + y, packed);
    }
  const Rect strip = labelRect(added_);
  drawText(sheet_, strip.x + (strip.width - textWidth(label, labelPixel_)) / 2, strip.y + 2 * labelPixel_, label,
           kLabelColour, labelPixel_);
  int top = strip.y + (kGlyphHeight + 4) * labelPixel_;
  for (const std::string& line : wrapText(description, strip.width, labelPixel_, descriptionLines_)) {
    drawText(sheet_, strip.x + (strip.width - textWidth(line, labelPixel_)) / 2, top, line, kDescriptionColour, labelPixel_);
    top += (kGlyphHeight + 2) * labelPixel_;
  }
  ++added_;
}

Image ContactSheet::image() const {
  const int rowsUsed = std::max(1, ceilDiv(static_cast<long long>(added_), columns_));
  if (rowsUsed == rows_) return sheet_;
  Image cut(sheet_.width, kGap + rowsUsed * (cellHeight_ + kGap));
  std::copy_n(sheet_.rgba.begin(), cut.rgba.size(), cut.rgba.begin());
  return cut;
}

void ContactSheet::save(const std::string& path) const { savePng(image(), path); }

}  // namespace shadersort::render

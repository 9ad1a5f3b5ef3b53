#pragma once
// A contact sheet: the states of a sort side by side in one PNG, each labelled with its pass
// ("pass 12"), on a dark background: the picture a teacher puts on a slide.
//
// Cells fill a grid row by row; the number of columns makes the sheet about square. Each cell
// is the picture, enlarged `scale` times by repeating pixels, with its label in a strip below it
// and, when the sheet has description lines, what the last pass did below the label (wrapped,
// cut with "..."; such cells are at least kMinDescribedCellWidth font pixels wide).
// A sheet that would pass kMaxSide pixels shows scale-1 pictures shrunk by an integer factor
// (mean of each block); with a larger scale that is an error instead (ask for a smaller one).

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "data/image.h"

namespace shadersort::render {

class ContactSheet {
 public:
  static constexpr std::size_t kMaxCells = 64;
  static constexpr int kMaxSide = 8192;
  static constexpr std::uint32_t kBackground = 0xFF1E1B18;  // packed RGBA: #181B1E
  static constexpr std::uint32_t kLabelColour = 0xFFE8E4E0;  // #E0E4E8
  static constexpr std::uint32_t kDescriptionColour = 0xFFB0ACA8;  // #A8ACB0
  static constexpr int kMinDescribedCellWidth = 168;  // 28 characters a line

  struct Rect {
    int x = 0, y = 0, width = 0, height = 0;
  };

  // A sheet for `cellCount` (1 to kMaxCells) pictures of `pictureWidth` x `pictureHeight`; cells
  // are wide enough for `longestLabel`, and leave `descriptionLines` lines for a description.
  // Throws UserError for counts or sizes out of range.
  ContactSheet(int pictureWidth, int pictureHeight, std::size_t cellCount, int scale, std::string_view longestLabel,
               int descriptionLines = 0);

  // Draws the next cell. Throws UserError when the picture has another size or the sheet is full.
  void addCell(const Image& picture, std::string_view label, std::string_view description = {});

  std::size_t cellsAdded() const { return added_; }
  int columns() const { return columns_; }
  // Pictures are shown at scale() / shrink() of their size.
  int scale() const { return scale_; }
  int shrink() const { return shrink_; }
  // Where cell `index`'s picture and label strip lie in image().
  Rect pictureRect(std::size_t index) const;
  Rect labelRect(std::size_t index) const;

  // The sheet, cut after the last row holding a cell (a sort that ended early fills fewer).
  Image image() const;
  // Writes image() as a PNG, whole or not at all.
  void save(const std::string& path) const;

 private:
  Rect cellRect(std::size_t index) const;

  int pictureWidth_, pictureHeight_;
  std::size_t cellCount_;
  int scale_ = 1, shrink_ = 1;
  int shownWidth_ = 0, shownHeight_ = 0;  // a picture as drawn
  int labelPixel_ = 1, labelStrip_ = 0;   // font pixel size, label strip height
  int descriptionLines_ = 0;
  int cellWidth_ = 0, cellHeight_ = 0;
  int columns_ = 1, rows_ = 1;
  std::size_t added_ = 0;
  Image sheet_;
};

}  // namespace shadersort::render

// The one size policy for the numbers on array view's bars (render/label_fit.h, issue 39 item 4):
// upright, at least 14 px tall (Dear ImGui's default font is 13 px), every k-th element where the
// bars are too narrow, hidden with a reason beyond that; and the same in every view.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "cli_support.h"
#include "data/image.h"
#include "render/bar_labels.h"
#include "render/label_fit.h"
#include "render/radix_digit_view.h"

namespace shadersort {
namespace {

using testing::runShadersort;
using testing::ScratchFolder;

TEST(LabelPolicy, WideElementsTakeTheLargestUprightSizeThatFits) {
  EXPECT_EQ(render::labelFit(60, 2).pixelSize, 3);  // "99" at 3x: a 35 px box
  EXPECT_EQ(render::labelFit(60, 2).every, 1u);
  EXPECT_EQ(render::labelFit(30, 2).pixelSize, 2);  // 24 px at 2x, and a gap of 4
  EXPECT_EQ(render::labelFit(30, 2).every, 1u);
  EXPECT_TRUE(render::labelNote(render::labelFit(30, 2), "keys").empty()) << "every label shows: nothing to say";
}

TEST(LabelPolicy, NarrowElementsAreLabelledEveryKthAtTheReadableSizeNeverSmaller) {
  // 64 keys at 1280x800: 13 px a bar. "99" at 2x is a 24 px box; with the gap (4) and the room
  // to push the first and last inside the bars (6), 34 px: every 3rd.
  const render::LabelFit fit = render::labelFit(13, 2);
  EXPECT_EQ(fit.pixelSize, render::kReadablePixelSize);
  EXPECT_EQ(fit.every, 3u);
  EXPECT_TRUE(fit.shows(0));
  EXPECT_FALSE(fit.shows(1));
  EXPECT_TRUE(fit.shows(63));
  EXPECT_EQ(render::labelNote(fit, "keys"), "keys: every 3rd");
  for (int width = 1; width <= 200; ++width)
    for (std::size_t characters = 1; characters <= 12; ++characters) {
      const render::LabelFit any = render::labelFit(width, characters);
      EXPECT_TRUE(any.hidden() || any.pixelSize >= render::kReadablePixelSize) << width << " px, " << characters;
      if (!any.hidden()) {
        const int box = render::labelBoxWidth(any.pixelSize, characters);
        EXPECT_LE(box + render::labelGap(any.pixelSize), static_cast<int>(any.every) * width) << width << " px, " << characters;
      }
    }
}

TEST(LabelPolicy, BeyondEveryEighthOrTooTallTheRowIsHiddenWithItsReason) {
  const render::LabelFit tooNarrow = render::labelFit(4, 10);
  EXPECT_TRUE(tooNarrow.hidden());
  EXPECT_EQ(render::labelNote(tooNarrow, "keys"), "keys hidden (14 px text needs 120 px a label, bars are 4 px)");
  const render::LabelFit tooTall = render::labelFit(40, 1, 8, 100);  // 8 digit rows need 128 px
  EXPECT_TRUE(tooTall.hidden());
  EXPECT_EQ(render::labelNote(tooTall, "digits"), "digits hidden (8 lines of 14 px text need 128 px, 100 px left)");
}

TEST(BarLabels, SixtyFourKeysAreUprightReadableAndApart) {
  const render::BarArea area{.left = 384, .top = 12, .width = 884, .height = 500};  // 1280x800's bars
  render::BarNumbers numbers;
  for (std::uint32_t i = 0; i < 64; ++i) numbers.keys.push_back((i * 37) % 100);
  numbers.layout = {.sequence = 0, .minKey = 0, .maxKey = 99, .descending = false, .height = 256};
  for (const auto& labels : {render::keyLabels(area, numbers), render::indexLabels(area, 64)}) {
    ASSERT_FALSE(labels.empty());
    EXPECT_EQ(labels.size(), 22u) << "every 3rd of 64";
    for (std::size_t i = 0; i < labels.size(); ++i) {
      EXPECT_GE(labels[i].pixelSize, render::kReadablePixelSize);
      EXPECT_GE(labels[i].x, area.left);
      EXPECT_LE(labels[i].x + labels[i].width, area.left + area.width);
      if (i > 0) {
        EXPECT_GE(labels[i].x, labels[i - 1].x + labels[i - 1].width + render::labelGap(2)) << labels[i].text;
      }
    }
  }
  EXPECT_EQ(render::keyLabelNote(area, numbers), "keys: every 3rd");
  EXPECT_EQ(render::indexLabelNote(area, 64), "indices: every 3rd");
}

TEST(BarLabels, BitonicClassicPaddingReadsInfAndKeepsTheRowsSize) {
  // 13 keys padded to 16 (issue 39: the padding's 4294967295 turned the row sideways at 7 px).
  const render::BarArea area{.left = 384, .top = 12, .width = 884, .height = 500};
  render::BarNumbers numbers;
  numbers.keys = {5, 3, 9, 1, 7, 2, 8, 4, 12, 0, 11, 6, 10, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu};
  numbers.padding = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1};
  numbers.layout = {.sequence = 0, .minKey = 0, .maxKey = 12, .descending = false, .height = 256};
  const std::vector<render::TextLabel> labels = render::keyLabels(area, numbers);
  ASSERT_EQ(labels.size(), 16u);
  EXPECT_EQ(labels[15].text, "+inf");
  for (const render::TextLabel& label : labels) EXPECT_EQ(label.pixelSize, render::kReadablePixelSize) << label.text;
}

TEST(RadixDigitColumns, FollowTheSamePolicy) {
  const render::BarArea area{.left = 0, .top = 0, .width = 832, .height = 100};  // 64 keys of 13 px
  std::vector<std::uint32_t> keys(64, 0x12345678u);
  std::vector<double> slots(64);
  for (std::size_t i = 0; i < slots.size(); ++i) slots[i] = static_cast<double>(i);
  const std::vector<render::DigitState> states(8, render::DigitState::Pending);
  const render::LabelFit fit = render::digitColumnsFit(area, 64, 4, 8, 200);
  EXPECT_EQ(fit.pixelSize, render::kReadablePixelSize);
  EXPECT_EQ(fit.every, 2u) << "one hex digit (12 px) and its gap (4) need two 13 px bars";
  const auto columns = render::digitColumns(area, 110, 200, keys, slots, 4, states);
  ASSERT_FALSE(columns.empty());
  EXPECT_EQ(render::digitColumnsHeight(columns, 110), render::labelBoxHeight(render::kReadablePixelSize, 8));
  EXPECT_TRUE(render::digitColumns(area, 110, 100, keys, slots, 4, states).empty()) << "8 rows do not fit 100 px";
}

// The ink of the labels (render::kLabelInk, exactly: ImGui's own text is anti-aliased and never
// reaches it) in the lanes' part of a screenshot, as 8-connected pieces.
struct InkPiece {
  int left = 0, top = 0, right = 0, bottom = 0;  // inclusive
  int width() const { return right - left + 1; }
  int height() const { return bottom - top + 1; }
};

std::vector<InkPiece> inkPieces(const Image& image, int fromX) {
  const auto isInk = [&](int x, int y) { return (image.pixel(x, y) | 0xFF000000u) == render::kLabelInk; };
  std::vector<bool> seen(static_cast<std::size_t>(image.width) * image.height, false);
  std::vector<InkPiece> pieces;
  for (int y = 0; y < image.height; ++y)
    for (int x = fromX; x < image.width; ++x) {
      if (!isInk(x, y) || seen[static_cast<std::size_t>(y) * image.width + x]) continue;
      InkPiece piece{x, y, x, y};
      std::vector<std::pair<int, int>> stack{{x, y}};
      seen[static_cast<std::size_t>(y) * image.width + x] = true;
      while (!stack.empty()) {
        const auto [px, py] = stack.back();
        stack.pop_back();
        piece = {std::min(piece.left, px), std::min(piece.top, py), std::max(piece.right, px), std::max(piece.bottom, py)};
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx) {
            const int nx = px + dx, ny = py + dy;
            if (nx < fromX || ny < 0 || nx >= image.width || ny >= image.height) continue;
            if (seen[static_cast<std::size_t>(ny) * image.width + nx] || !isInk(nx, ny)) continue;
            seen[static_cast<std::size_t>(ny) * image.width + nx] = true;
            stack.push_back({nx, ny});
          }
      }
      pieces.push_back(piece);
    }
  return pieces;
}

// A stroke one pixel thick: text drawn at the font's size 1 (7 px), too small to read.
int thinStrokes(const Image& image, int fromX) {
  const auto isInk = [&](int x, int y) {
    return x >= fromX && x < image.width && y >= 0 && y < image.height && (image.pixel(x, y) | 0xFF000000u) == render::kLabelInk;
  };
  int thin = 0;
  for (int y = 0; y < image.height; ++y)
    for (int x = fromX; x < image.width; ++x)
      if (isInk(x, y) && ((!isInk(x - 1, y) && !isInk(x + 1, y)) || (!isInk(x, y - 1) && !isInk(x, y + 1)))) ++thin;
  return thin;
}

// Every label in the screenshot is upright (each glyph's ink at least as tall as wide: a glyph
// turned a quarter is wider than tall) and drawn at twice the font's size or more (no stroke one
// pixel thick), and at least `glyphs` glyphs stand the font's full 14 px or more.
void expectReadableUprightLabels(const std::string& arguments, int glyphs) {
  ScratchFolder folder;
  const auto result = runShadersort(arguments + " --array --paused --offscreen --frames 2 --screenshot " + folder.path("shot.png"));
  ASSERT_EQ(result.exitCode, 0) << result.err;
  const Image shot = loadImage(folder.path("shot.png"));
  ASSERT_EQ(shot.width, 1280);
  ASSERT_EQ(shot.height, 800);
  const int lanesLeft = 384;  // right of the panel (ui/viewer_style.h: 360 + 2 margins of 12)
  EXPECT_EQ(thinStrokes(shot, lanesLeft), 0) << "labels drawn at 7 px";
  int fullHeight = 0;
  for (const InkPiece& piece : inkPieces(shot, lanesLeft)) {
    EXPECT_GE(piece.height(), piece.width()) << "a glyph turned sideways at (" << piece.left << ", " << piece.top << ")";
    if (piece.height() >= 14) ++fullHeight;
  }
  EXPECT_GE(fullHeight, glyphs);
}

TEST(LabelsOnScreen, BitonicClassicWithPaddingIsUprightAndReadableAt1280x800) {
  // 13 keys: 16 glyphs of keys, 3 of "+inf" ('f' stands full height), 22 of indices 0-15.
  expectReadableUprightLabels("view --algo bitonic-classic --values 5,3,9,1,7,2,8,4,12,0,11,6,10", 16 + 3 + 22);
}

TEST(LabelsOnScreen, OddEvenOnSixteenKeysIsUprightAndReadableAt1280x800) {
  expectReadableUprightLabels("view --algo odd-even --values 5,3,9,1,7,2,8,4,12,0,11,6,10,15,14,13", 22 + 22);
}

}  // namespace
}  // namespace shadersort

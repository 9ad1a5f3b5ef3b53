#pragma once
// A caption under a picture of a sort's state: "after pass 2 of 0-9" on the first line and the pass's
// one-line description (Sorter::describePass) below it, in the label font on a dark strip. Used
// by run --slides (one captioned PNG per pass), run --gif and run --sheet.
//
// The description wraps at spaces onto at most `descriptionLines` lines; what does not fit is cut
// with "..." (the slides' caption files, SVG and HTML carry the whole text). A strip has a
// fixed height for a given line count, so GIF frames keep one size.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "data/image.h"

namespace shadersort::render {

struct Caption {
  std::string heading;      // "after pass 2 of 0-9" (3 passes ran; passes count from 0)
  std::string description;  // one line; may be empty
};

inline constexpr std::uint32_t kCaptionBackground = 0xFF1E1B18;  // packed RGBA: #181B1E
inline constexpr std::uint32_t kCaptionHeadingColour = 0xFFFFFFFF;
inline constexpr std::uint32_t kCaptionTextColour = 0xFFC8C4C0;  // #C0C4C8
// A captioned picture is at least this wide, so that a 16x1 array still gets a readable line.
inline constexpr int kCaptionMinWidth = 240;

// The caption of the state after `pass` of `passCount` passes. `lastDescription` is what the
// last pass run did (describePass(pass - 1)); at pass 0 the state is the input. Its leading
// passName ("pass K of 0-M") is dropped, since the heading says it.
Caption passCaption(std::uint32_t pass, std::uint32_t passCount, bool sorted, std::string_view lastDescription);
// The same as one line, for a caption file: "after pass 2 of 0-9: ...".
std::string captionLine(const Caption& caption);

// The font's pixel size for a strip `width` pixels wide.
int captionPixelSize(int width);
// The description's lines in a strip of `width`: wrapped, at most `maxLines`, the last cut with
// "..." when the text goes on.
std::vector<std::string> wrapCaption(std::string_view text, int width, int maxLines);
// The same at font pixel size `pixelSize`, for strips drawn at another size (a contact sheet's).
std::vector<std::string> wrapText(std::string_view text, int width, int pixelSize, int maxLines);
// The strip's height for `descriptionLines` lines below the heading.
int captionStripHeight(int width, int descriptionLines);
// The strip alone: `width` x captionStripHeight(width, descriptionLines).
Image captionStrip(const Caption& caption, int width, int descriptionLines);
// `picture` at the top left with its strip below, the whole max(picture width, kCaptionMinWidth)
// wide; the picture's right is filled with the strip's background.
Image withCaption(const Image& picture, const Caption& caption, int descriptionLines);
// The size withCaption gives.
int captionedWidth(int pictureWidth);

}  // namespace shadersort::render

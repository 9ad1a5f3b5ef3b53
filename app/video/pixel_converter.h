#pragma once
// Pixel format conversion between FFmpeg's frames and our RGBA8 pictures, on several threads:
// at 1920x1080 one thread's colour conversion (BT.601/709 matrix, chroma interpolated to full
// resolution, accurate rounding) took longer than decoding or sorting a frame, so the slices of a
// picture are converted in parallel (swscale's slice threads, reached only through
// sws_scale_frame). The context is made once and kept while the formats stay the same.

extern "C" {
#include <libavutil/frame.h>
#include <libswscale/swscale.h>
}

#include "data/image.h"

namespace shadersort::video {

// Fills the PAL8 `frame` (allocated, writable, `picture`'s size) with `picture` on a palette of its
// own (data[1], opaque): a GIF frame. A picture of at most 256 colours is kept exactly; a richer
// one is cut by median cut (the box with the widest channel range split at its count's median,
// until 256 boxes) and each colour becomes its box's mean, so no channel moves by more than its
// box's range. Alpha is left out (GIF frames here are opaque).
void toPalette(const Image& picture, AVFrame& frame);

class PixelConverter {
 public:
  PixelConverter() = default;
  ~PixelConverter();
  PixelConverter(const PixelConverter&) = delete;
  PixelConverter& operator=(const PixelConverter&) = delete;

  // Converts a decoded frame into `picture` (the frame's size, RGBA). `colours` sets the source's
  // matrix and range on a new context (sws_setColorspaceDetails). False when swscale refuses.
  bool toRgba(const AVFrame& frame, Image& picture, void (*colours)(SwsContext*, const AVFrame&));
  // Converts `picture` into `frame` (allocated, writable, its format and size set). `colours` as
  // above, given the destination frame.
  bool fromRgba(const Image& picture, AVFrame& frame, void (*colours)(SwsContext*, const AVFrame&));
  // swscale's threads for contexts made from now on; 0: one per core.
  void setThreads(int threads) { threads_ = threads; }

 private:
  // The context for these sizes and formats, made anew when they change; null when refused.
  SwsContext* contextFor(int width, int height, int from, int to, const AVFrame& described,
                         void (*colours)(SwsContext*, const AVFrame&));
  SwsContext* context_ = nullptr;
  int width_ = 0, height_ = 0, from_ = -1, to_ = -1;
  int threads_ = 0;
  AVFrame* wrapped_ = nullptr;  // an AVFrame over a picture's own memory (no copy)
};

}  // namespace shadersort::video

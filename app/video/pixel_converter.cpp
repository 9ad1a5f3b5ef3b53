#include "video/pixel_converter.h"
#include "video/ffmpeg_functions.h"

extern "C" {
#include <libavutil/opt.h>
}

#include <algorithm>
#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace shadersort::video {
namespace {

// Scale flags: no scaling happens (the sizes are equal), so these only choose how chroma is
// interpolated and rounded: the best quality, which threads make affordable.
constexpr int kFlags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT;

// `frame`'s fields set to point at `picture`'s memory, with a buffer reference that frees
// nothing (the Image owns the bytes): swscale wants referenced frames.
bool wrap(AVFrame& frame, const Image& picture) {
  av_frame_unref(&frame);
  auto* bytes = const_cast<std::uint8_t*>(picture.rgba.data());  // read, or written when it is the destination
  frame.buf[0] = av_buffer_create(bytes, static_cast<std::size_t>(picture.rgba.size()), [](void*, std::uint8_t*) {},
                                  nullptr, 0);
  if (!frame.buf[0]) return false;
  frame.data[0] = bytes;
  frame.linesize[0] = 4 * picture.width;
  frame.width = picture.width;
  frame.height = picture.height;
  frame.format = AV_PIX_FMT_RGBA;
  return true;
}

struct ColourCount {
  std::uint32_t rgb = 0;  // 0xRRGGBB
  std::uint32_t count = 0;
};

int channelOf(std::uint32_t rgb, int channel) { return static_cast<int>((rgb >> (16 - 8 * channel)) & 0xff); }

// A median-cut box: colours[begin, end), its widest channel and that channel's range.
struct ColourBox {
  std::size_t begin = 0, end = 0;
  int widestChannel = 0, range = 0;
};

ColourBox measured(const std::vector<ColourCount>& colours, std::size_t begin, std::size_t end) {
  std::array<int, 3> low{255, 255, 255}, high{0, 0, 0};
  for (std::size_t i = begin; i < end; ++i)
    for (int c = 0; c < 3; ++c) {
      low[c] = std::min(low[c], channelOf(colours[i].rgb, c));
      high[c] = std::max(high[c], channelOf(colours[i].rgb, c));
    }
  ColourBox box{begin, end, 0, -1};
  for (int c = 0; c < 3; ++c)
    if (high[c] - low[c] > box.range) box = {begin, end, c, high[c] - low[c]};
  return box;
}

// Splits `colours` (distinct) into at most `boxCount` boxes, widest range first.
std::vector<ColourBox> medianCut(std::vector<ColourCount>& colours, std::size_t boxCount) {
  std::vector<ColourBox> boxes{measured(colours, 0, colours.size())};
  while (boxes.size() < boxCount) {
    const auto widest = std::max_element(boxes.begin(), boxes.end(),
                                         [](const ColourBox& a, const ColourBox& b) { return a.range < b.range; });
    if (widest->range <= 0) break;  // every box holds one colour
    const ColourBox box = *widest;
    const auto first = colours.begin() + static_cast<std::ptrdiff_t>(box.begin);
    const auto last = colours.begin() + static_cast<std::ptrdiff_t>(box.end);
    std::sort(first, last, [&](const ColourCount& a, const ColourCount& b) {
      return channelOf(a.rgb, box.widestChannel) < channelOf(b.rgb, box.widestChannel);
    });
    std::uint64_t total = 0, below = 0;
    for (auto it = first; it != last; ++it) total += it->count;
    std::size_t split = box.begin + 1;  // both halves keep a colour
    for (std::size_t i = box.begin; i + 1 < box.end; ++i) {
      below += colours[i].count;
      split = i + 1;
      if (2 * below >= total) break;
    }
    *widest = measured(colours, box.begin, split);
    boxes.push_back(measured(colours, split, box.end));
  }
  return boxes;
}

}  // namespace

void toPalette(const Image& picture, AVFrame& frame) {
  const std::size_t pixels = picture.pixelCount();
  const auto rgbAt = [&](std::size_t i) {
    const std::uint8_t* p = &picture.rgba[4 * i];
    return static_cast<std::uint32_t>(p[0]) << 16 | static_cast<std::uint32_t>(p[1]) << 8 | p[2];
  };
  std::unordered_map<std::uint32_t, std::uint32_t> counts;
  for (std::size_t i = 0; i < pixels; ++i) ++counts[rgbAt(i)];
  std::vector<ColourCount> colours;
  colours.reserve(counts.size());
  for (const auto& [rgb, count] : counts) colours.push_back({rgb, count});
  std::sort(colours.begin(), colours.end(), [](const ColourCount& a, const ColourCount& b) { return a.rgb < b.rgb; });

  // Each distinct colour's palette index goes back into `counts` (reused as the lookup).
  auto* palette = reinterpret_cast<std::uint32_t*>(frame.data[1]);
  std::fill(palette, palette + 256, 0xff000000u);
  const std::vector<ColourBox> boxes = medianCut(colours, 256);
  for (std::size_t index = 0; index < boxes.size(); ++index) {
    std::array<std::uint64_t, 3> sums{};
    std::uint64_t total = 0;
    for (std::size_t i = boxes[index].begin; i < boxes[index].end; ++i) {
      for (int c = 0; c < 3; ++c) sums[c] += static_cast<std::uint64_t>(channelOf(colours[i].rgb, c)) * colours[i].count;
      total += colours[i].count;
      counts[colours[i].rgb] = static_cast<std::uint32_t>(index);
    }
    std::uint32_t mean = 0xff000000u;
    for (int c = 0; c < 3; ++c) mean |= static_cast<std::uint32_t>((sums[c] + total / 2) / total) << (16 - 8 * c);
    palette[index] = mean;
  }
  for (int y = 0; y < picture.height; ++y)
    for (int x = 0; x < picture.width; ++x)
      frame.data[0][static_cast<std::ptrdiff_t>(y) * frame.linesize[0] + x] =
          static_cast<std::uint8_t>(counts[rgbAt(static_cast<std::size_t>(y) * picture.width + x)]);
}

PixelConverter::~PixelConverter() {
  sws_freeContext(context_);
  av_frame_free(&wrapped_);
}

SwsContext* PixelConverter::contextFor(int width, int height, int from, int to, const AVFrame& described,
                                       void (*colours)(SwsContext*, const AVFrame&)) {
  if (context_ && width == width_ && height == height_ && from == from_ && to == to_) return context_;
  sws_freeContext(context_);
  context_ = sws_alloc_context();
  if (!context_) return nullptr;
  av_opt_set_int(context_, "srcw", width, 0);
  av_opt_set_int(context_, "srch", height, 0);
  av_opt_set_int(context_, "src_format", from, 0);
  av_opt_set_int(context_, "dstw", width, 0);
  av_opt_set_int(context_, "dsth", height, 0);
  av_opt_set_int(context_, "dst_format", to, 0);
  av_opt_set_int(context_, "sws_flags", kFlags, 0);
  av_opt_set_int(context_, "threads", threads_, 0);  // 0: one per core
  if (sws_init_context(context_, nullptr, nullptr) < 0) {
    sws_freeContext(context_);
    context_ = nullptr;
    return nullptr;
  }
  colours(context_, described);
  width_ = width, height_ = height, from_ = from, to_ = to;
  return context_;
}

bool PixelConverter::toRgba(const AVFrame& frame, Image& picture, void (*colours)(SwsContext*, const AVFrame&)) {
  SwsContext* context = contextFor(frame.width, frame.height, frame.format, AV_PIX_FMT_RGBA, frame, colours);
  if (!context) return false;
  if (!wrapped_ && !(wrapped_ = av_frame_alloc())) return false;
  if (!wrap(*wrapped_, picture)) return false;
  const bool done = sws_scale_frame(context, wrapped_, &frame) >= 0;
  av_frame_unref(wrapped_);
  return done;
}

bool PixelConverter::fromRgba(const Image& picture, AVFrame& frame, void (*colours)(SwsContext*, const AVFrame&)) {
  SwsContext* context = contextFor(picture.width, picture.height, AV_PIX_FMT_RGBA, frame.format, frame, colours);
  if (!context) return false;
  if (!wrapped_ && !(wrapped_ = av_frame_alloc())) return false;
  if (!wrap(*wrapped_, picture)) return false;
  const bool done = sws_scale_frame(context, &frame, wrapped_) >= 0;
  av_frame_unref(wrapped_);
  return done;
}

}  // namespace shadersort::video

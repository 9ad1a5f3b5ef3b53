#include "video/pixel_converter.h"

extern "C" {
#include <libavutil/opt.h>
}

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

}  // namespace

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
  av_opt_set_int(context_, "threads", 0, 0);  // one per core
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

#pragma once
// Which encoder, pixel format and settings a video output gets (video_io.h's table): by the
// output's extension, or the encoder the user named.

extern "C" {
#include <libavcodec/avcodec.h>
}

#include <string>
#include <utility>
#include <vector>

#include "video/video_io.h"

namespace shadersort::video {

struct EncoderChoice {
  const AVCodec* codec = nullptr;
  AVPixelFormat pixelFormat = AV_PIX_FMT_NONE;
  std::string description;                                   // "H.264 (libx264)", ...
  std::vector<std::pair<std::string, std::string>> settings;  // the encoder's private options
  int fixedQuantizer = 0;                                    // > 0: constant quantizer (MPEG-4 part 2)
  int level = FF_LEVEL_UNKNOWN;                              // the codec's level (FFV1: its version)
};

// For `path` (its extension one of .mp4 .webm .mkv .gif) and pictures of width x height.
// Throws UsageError for an unknown encoder or one that is not a video encoder, UserError for a
// size the encoder cannot take.
EncoderChoice chooseEncoder(const std::string& path, const WriterOptions& options, int width, int height);

}  // namespace shadersort::video

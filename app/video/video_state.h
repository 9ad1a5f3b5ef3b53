#pragma once
// What VideoReader and VideoWriter share behind video_io.h's opaque types: the reader's open
// streams (the writer copies their parameters and time bases) and an audio packet in transit.
// Only app/video's own files include this header; it is the one place FFmpeg's types meet ours.

#include "video/ffmpeg_functions.h"  // FFmpeg's headers, and its functions opened on first use

#include <cstdint>
#include <string>

#include "video/ffmpeg_messages.h"
#include "video/pixel_converter.h"
#include "video/video_io.h"

namespace shadersort::video {

struct AudioPacket::Data {
  AVPacket* packet = nullptr;  // owned; timestamps in the reader's audio stream time base
  ~Data() { av_packet_free(&packet); }
};

struct VideoReader::State {
  std::string path;
  StreamInfo info;
  TimeRange range;
  AVFormatContext* format = nullptr;
  AVStream* video = nullptr;
  AVStream* audio = nullptr;  // null without audio
  AVCodecContext* decoder = nullptr;
  PixelConverter toRgba;
  bool keepYuv420 = false;  // VideoReader::keepYuv420
  AVFrame* decoded = nullptr;
  // --hw-decode: the CUDA device the decoder uses (null: decoding on the CPU), and a decoded
  // frame's copy from GPU memory (NV12), converted like any other frame.
  AVBufferRef* hardwareDevice = nullptr;
  AVFrame* transferred = nullptr;
  std::string hardwareFallback;  // why --hw-decode was not granted
  AVPacket* packet = nullptr;
  std::int64_t startPts = 0;       // the video stream's start, in its time base
  std::int64_t originPts = 0;      // the range's start (where the output's time 0 goes), in the video time base
  std::int64_t framesDecoded = 0;  // every frame out of the decoder, in or out of the range
  std::int64_t framesInRange = 0;
  std::int64_t previousPts = AV_NOPTS_VALUE;
  double dataEnd = 0;              // seconds: the latest end of a packet read, of any stream
  std::int64_t firstPacketPos = -1;  // the file offset of the first packet read: where its packets start
  bool demuxerEnded = false;
  bool finished = false;
  ReaderOptions options;
  DamageReport damage;
  LoggedErrorCounter loggedErrors;        // the demuxer's and the decoder's, counted into damage
  std::int64_t loggedErrorsCounted = 0;   // of loggedErrors, those already in damage
  std::int64_t errorsSinceFrame = 0;      // decode errors since the last frame: a file of nothing else ends

  ~State();
  // The range's start in the audio stream's time base (audio timestamps are shifted by it).
  std::int64_t audioOriginPts() const { return av_rescale_q(originPts, video->time_base, audio->time_base); }
};

}  // namespace shadersort::video

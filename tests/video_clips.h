#pragma once
// Test clips made with FFmpeg's libraries directly (never through app/video's VideoWriter, so
// that the writer is checked against something independent), and readers that decode and probe
// a file the same independent way.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "data/image.h"

namespace shadersort::testing {

struct ClipSpec {
  int width = 32, height = 24;
  int frames = 5;
  int rateNum = 25, rateDen = 1;
  // The video encoder: "ffv1" (RGB, lossless), "png" or "rawvideo" (RGB24, lossless; "rawvideo-bgr"
  // in BGR order, as AVI keeps raw RGB), "libx264",
  // "mpeg4", "libvpx-vp9", "gif" (pal8);
  // the container comes from the file's extension. Empty: no video stream (audio only).
  std::string codec = "ffv1";
  // A 440 Hz tone as long as the video: pcm_s16le, or aac where `audioCodec` says so (.mp4 needs it).
  bool withAudio = false;
  std::string audioCodec = "pcm_s16le";
  std::uint32_t seed = 1;
  // The frames' pictures (index 0, 1, ...); unset: testClipFrame's gradient. For "gif" they are
  // written on a palette of their own colours (at most 256).
  std::function<Image(int index)> picture{};
  // Each frame's duration in milliseconds (a variable rate, as GIFs have): the clip then counts
  // milliseconds; the last entry is a GIF's final delay. Empty: every frame lasts 1 / rate.
  std::vector<int> frameMillis{};
};

// Frame `index` of the clip: a gradient moving one pixel a frame plus seeded brightness
// noise, opaque. For
// "gif" the colours are those of a fixed 6x6x6 palette, so the clip holds them exactly.
Image testClipFrame(const ClipSpec& spec, int index);

// Writes the clip; fails the test (ADD_FAILURE) and returns false when FFmpeg refuses.
bool writeTestClip(const std::string& path, const ClipSpec& spec);

// Every frame of the file's best video stream, as RGBA8 (alpha 255 unless the stream has alpha).
std::vector<Image> decodeAllFrames(const std::string& path);

struct ClipProbe {
  bool opened = false;
  int width = 0, height = 0;
  std::int64_t frames = 0;  // video packets counted
  int rateNum = 0, rateDen = 1;
  std::string videoCodec;
  bool hasAudio = false;
  std::string audioCodec;
  double audioSeconds = 0;  // from the first audio packet's start to the last one's end
  double audioPacketSeconds = 0;  // the longest audio packet: one audio frame
  std::vector<double> frameSeconds;  // each video packet's pts, sorted, less the first: from 0
};
ClipProbe probeClip(const std::string& path);

// The frame delays of a GIF file, in hundredths of a second, read from its Graphic Control
// Extensions by walking the file's blocks (no FFmpeg); empty, with a test failure, when malformed.
std::vector<int> gifDelays(const std::string& path);

// Peak signal-to-noise ratio of `b` against `a` over R, G and B, in dB (infinity when equal).
double psnr(const Image& a, const Image& b);

}  // namespace shadersort::testing

// make_clip: a clip for benchmarks and the README's examples, made from a photograph by a slow
// zoom and pan (the "Ken Burns" move), so that every frame differs a little from the last as in
// filmed footage. Written through shadersort's own video writer (app/video), so it needs nothing
// but the project and FFmpeg's libraries.
//
//   make_clip [--photo assets/astronaut.png] [--size 1920x1080] [--seconds 10] [--rate 60] --out OUT
//
// OUT's extension picks the codec as for `run --video` (.mp4 H.264, .webm VP9, .mkv FFV1, .gif).

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>

#include "core/error.h"
#include "core/number_text.h"
#include "data/image.h"
#include "video/video_io.h"

namespace {

using shadersort::Image;

// Bilinear sample of `photo` at (x, y) in its pixel coordinates, edges clamped.
void sample(const Image& photo, double x, double y, std::uint8_t* out) {
  x = std::clamp(x, 0.0, photo.width - 1.0);
  y = std::clamp(y, 0.0, photo.height - 1.0);
  const int x0 = static_cast<int>(x), y0 = static_cast<int>(y);
  const int x1 = std::min(x0 + 1, photo.width - 1), y1 = std::min(y0 + 1, photo.height - 1);
  const double fx = x - x0, fy = y - y0;
  const auto at = [&](int px, int py, int channel) {
    return static_cast<double>(photo.rgba[(static_cast<std::size_t>(py) * photo.width + px) * 4 + channel]);
  };
  for (int channel = 0; channel < 4; ++channel) {
    const double top = at(x0, y0, channel) * (1 - fx) + at(x1, y0, channel) * fx;
    const double bottom = at(x0, y1, channel) * (1 - fx) + at(x1, y1, channel) * fx;
    out[channel] = static_cast<std::uint8_t>(std::lround(top * (1 - fy) + bottom * fy));
  }
}

// Frame at `progress` (0 to 1): the photo cropped to the frame's aspect, zoomed from 1x to 1.25x
// while the view drifts towards the upper left.
void drawFrame(const Image& photo, double progress, Image& frame) {
  const double aspect = static_cast<double>(frame.width) / frame.height;
  double cropWidth = photo.width, cropHeight = photo.width / aspect;
  if (cropHeight > photo.height) cropHeight = photo.height, cropWidth = photo.height * aspect;
  const double zoom = 1.0 + 0.25 * progress;
  cropWidth /= zoom;
  cropHeight /= zoom;
  const double left = (photo.width - cropWidth) * (0.5 - 0.3 * progress);
  const double top = (photo.height - cropHeight) * (0.5 - 0.3 * progress);
  for (int y = 0; y < frame.height; ++y)
    for (int x = 0; x < frame.width; ++x)
      sample(photo, left + (x + 0.5) * cropWidth / frame.width - 0.5, top + (y + 0.5) * cropHeight / frame.height - 0.5,
             &frame.rgba[(static_cast<std::size_t>(y) * frame.width + x) * 4]);
}

int run(int argc, char** argv) {
  std::string photoPath = "assets/astronaut.png", size = "1920x1080", seconds = "10", rate = "60", out;
  for (int i = 1; i < argc; ++i) {
    const std::string option = argv[i];
    if (i + 1 >= argc) throw shadersort::UsageError(option + " needs a value (see the top of bench/video/make_clip.cpp)");
    const std::string value = argv[++i];
    if (option == "--photo") photoPath = value;
    else if (option == "--size") size = value;
    else if (option == "--seconds") seconds = value;
    else if (option == "--rate") rate = value;
    else if (option == "--out") out = value;
    else throw shadersort::UsageError("unknown option " + option);
  }
  if (out.empty()) throw shadersort::UsageError("--out OUT.mp4|.webm|.mkv|.gif is needed");
  const auto x = size.find('x');
  if (x == std::string::npos) throw shadersort::UsageError("--size is WxH");
  const int width = static_cast<int>(shadersort::parseUnsigned(size.substr(0, x), "--size width", 2, 16384));
  const int height = static_cast<int>(shadersort::parseUnsigned(size.substr(x + 1), "--size height", 2, 16384));
  const double duration = shadersort::parseDecimal(seconds, "--seconds", 0.01, 3600);
  const int framesPerSecond = static_cast<int>(shadersort::parseUnsigned(rate, "--rate", 1, 240));
  const Image photo = shadersort::loadImage(photoPath);
  const auto frameCount = static_cast<std::int64_t>(std::llround(duration * framesPerSecond));

  shadersort::video::requireVideoOutput(out);
  shadersort::video::VideoWriter writer(out, shadersort::video::OutputFormat{width, height, framesPerSecond, 1});
  shadersort::video::Frame frame;
  frame.picture = Image(width, height);
  for (std::int64_t k = 0; k < frameCount; ++k) {
    drawFrame(photo, frameCount > 1 ? static_cast<double>(k) / (frameCount - 1) : 0.0, frame.picture);
    frame.index = k;
    frame.pts = k;
    frame.seconds = static_cast<double>(k) / framesPerSecond;
    writer.write(frame.picture, frame);
  }
  writer.finish();
  std::fprintf(stderr, "make_clip: %s: %lld frames of %dx%d at %d frames/s, %s\n", out.c_str(),
               static_cast<long long>(frameCount), width, height, framesPerSecond, writer.description().c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const shadersort::UsageError& error) {
    std::fprintf(stderr, "make_clip: %s\n", error.what());
    return 2;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "make_clip: %s\n", error.what());
    return 1;
  }
}

#include "video/encoder_choice.h"
#include "video/ffmpeg_functions.h"

#include "core/error.h"
#include "core/quoting.h"
#include "video/video_names.h"

namespace shadersort::video {
namespace {

bool offers(const AVCodec* codec, AVPixelFormat format) {
  if (!codec->pix_fmts) return true;  // takes any
  for (const AVPixelFormat* f = codec->pix_fmts; *f != AV_PIX_FMT_NONE; ++f)
    if (*f == format) return true;
  return false;
}

std::string defaultEncoderFor(const std::string& extension) {
  if (extension == ".webm") return "libvpx-vp9";
  if (extension == ".mkv") return "ffv1";
  if (extension == ".gif") return "gif";
  return avcodec_find_encoder_by_name("libx264") ? "libx264" : "mpeg4";
}

std::string describe(const AVCodec* codec) {
  const std::string name = codec->name;
  if (name == "libx264") return "H.264 (libx264)";
  if (name == "libvpx-vp9") return "VP9 (libvpx-vp9)";
  if (name == "ffv1") return "FFV1, lossless RGB";
  if (name == "mpeg4") return "MPEG-4 part 2 (mpeg4)";
  if (name == "gif") return "GIF, a palette per frame";
  return std::string(codec->long_name ? codec->long_name : codec->name) + " (" + name + ")";
}

}  // namespace

EncoderChoice chooseEncoder(const std::string& path, const WriterOptions& options, int width, int height) {
  const std::string name = options.encoder.empty() ? defaultEncoderFor(videoExtension(path)) : options.encoder;
  EncoderChoice choice;
  choice.codec = avcodec_find_encoder_by_name(name.c_str());
  if (!choice.codec) throw UsageError("unknown encoder " + quote(name) + " (FFmpeg's encoder names: libx264, libvpx-vp9, ffv1, mpeg4, h264_nvenc, ...)");
  if (choice.codec->type != AVMEDIA_TYPE_VIDEO) throw UsageError("encoder " + quote(name) + " is not a video encoder");
  choice.description = describe(choice.codec);
  const bool evenSize = width % 2 == 0 && height % 2 == 0;
  const std::string codec = choice.codec->name;

  if (codec == "ffv1") {
    choice.pixelFormat = AV_PIX_FMT_BGR0;  // RGB without loss: the picture comes back byte for byte
    // Version 3 with a checksum on each slice: damage to the file is found when it is read back
    // (version 1 decodes changed bytes into wrong pictures without an error).
    choice.level = 3;
    choice.settings = {{"slicecrc", "1"}};
  } else if (codec == "libx264" || codec == "libvpx-vp9") {
    // 4:2:0 halves the chroma planes, which needs even sides; both encoders take 4:4:4 otherwise.
    choice.pixelFormat = evenSize ? AV_PIX_FMT_YUV420P : AV_PIX_FMT_YUV444P;
    if (codec == "libx264") {
      choice.settings = {{"preset", options.fastest ? "ultrafast" : "veryfast"}, {"crf", "18"}};
    } else {
      choice.settings = {{"crf", "30"}, {"b", "0"}, {"row-mt", "1"}};
      if (options.fastest) choice.settings.insert(choice.settings.end(), {{"deadline", "realtime"}, {"cpu-used", "8"}});
      else choice.settings.insert(choice.settings.end(), {{"deadline", "good"}, {"cpu-used", "4"}});
    }
  } else if (codec == "gif") {
    choice.pixelFormat = AV_PIX_FMT_PAL8;  // video_writer.cpp's median cut gives each frame its palette
    // No cropping to the part that changed: it compares palette indices, which mean other colours
    // under the next frame's palette.
    choice.settings = {{"gifflags", "0"}};
  } else if (codec == "mpeg4") {
    if (!evenSize)
      throw UserError("cannot write " + quote(path) + ": MPEG-4 part 2 needs an even width and height (this clip is " +
                      std::to_string(width) + "x" + std::to_string(height) + "); use .mkv or .webm");
    choice.pixelFormat = AV_PIX_FMT_YUV420P;
    choice.fixedQuantizer = 3;
  } else {
    // Another encoder (a GPU's, say): 4:2:0 where it can take it, else its closest format to RGBA.
    if (evenSize && offers(choice.codec, AV_PIX_FMT_YUV420P)) choice.pixelFormat = AV_PIX_FMT_YUV420P;
    else if (choice.codec->pix_fmts) choice.pixelFormat = avcodec_find_best_pix_fmt_of_list(choice.codec->pix_fmts, AV_PIX_FMT_RGBA, 0, nullptr);
    else choice.pixelFormat = AV_PIX_FMT_YUV420P;
  }
  if (!offers(choice.codec, choice.pixelFormat))
    throw UserError("cannot write " + quote(path) + ": encoder " + quote(name) + " cannot take a " + std::to_string(width) +
                    "x" + std::to_string(height) + " picture");
  return choice;
}

}  // namespace shadersort::video

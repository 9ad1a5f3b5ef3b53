#include "video_clips.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/channel_layout.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <numbers>
#include <random>

namespace shadersort::testing {
namespace {

std::uint8_t paletteLevel(int value) { return static_cast<std::uint8_t>(((value * 5 + 127) / 255) * 51); }

bool check(int result, const std::string& what) {
  if (result >= 0) return true;
  char text[AV_ERROR_MAX_STRING_SIZE] = {};
  av_strerror(result, text, sizeof text);
  ADD_FAILURE() << "writeTestClip: " << what << ": " << text;
  return false;
}

// Owns what writeTestClip allocates, so every early return frees it.
struct ClipOutput {
  AVFormatContext* format = nullptr;
  AVCodecContext* video = nullptr;
  AVCodecContext* audio = nullptr;
  AVFrame* frame = nullptr;
  AVFrame* samples = nullptr;
  AVPacket* packet = nullptr;
  ~ClipOutput() {
    av_frame_free(&frame);
    av_frame_free(&samples);
    av_packet_free(&packet);
    avcodec_free_context(&video);
    avcodec_free_context(&audio);
    if (format) {
      if (format->pb) avio_closep(&format->pb);
      avformat_free_context(format);
    }
  }
};

bool drain(ClipOutput& out, AVCodecContext* encoder, AVStream* stream) {
  for (;;) {
    const int received = avcodec_receive_packet(encoder, out.packet);
    if (received == AVERROR(EAGAIN) || received == AVERROR_EOF) return true;
    if (!check(received, "encode")) return false;
    av_packet_rescale_ts(out.packet, encoder->time_base, stream->time_base);
    out.packet->stream_index = stream->index;
    if (!check(av_interleaved_write_frame(out.format, out.packet), "mux")) return false;
  }
}

AVPixelFormat encoderFormat(const std::string& codec) {
  if (codec == "ffv1") return AV_PIX_FMT_BGR0;
  if (codec == "png" || codec == "rawvideo") return AV_PIX_FMT_RGB24;  // lossless RGB inputs
  if (codec == "rawvideo-bgr") return AV_PIX_FMT_BGR24;  // AVI's raw RGB is stored in BGR order
  if (codec == "gif") return AV_PIX_FMT_PAL8;
  return AV_PIX_FMT_YUV420P;
}

}  // namespace

Image testClipFrame(const ClipSpec& spec, int index) {
  if (spec.picture) return spec.picture(index);
  Image picture(spec.width, spec.height);
  std::mt19937 noise(spec.seed * 7919u + static_cast<std::uint32_t>(index));
  for (int y = 0; y < spec.height; ++y) {
    for (int x = 0; x < spec.width; ++x) {
      const int shifted = x + index;
      int r = (shifted * 255) / std::max(1, spec.width + spec.frames);
      int g = (y * 255) / std::max(1, spec.height);
      int b = ((shifted + y) * 255 / std::max(1, spec.width + spec.height + spec.frames) + static_cast<int>(spec.seed) * 31) % 256;
      // Noise in brightness, the same on every channel: sorts by any key find disorder, and 4:2:0
      // chroma (which no test should measure) loses little of it.
      const int jitter = static_cast<int>(noise() % 25) - 12;
      r = std::clamp(r + jitter, 0, 255);
      g = std::clamp(g + jitter, 0, 255);
      b = std::clamp(b + jitter, 0, 255);
      if (spec.codec == "gif") {
        r = paletteLevel(r);
        g = paletteLevel(g);
        b = paletteLevel(b);
      }
      const std::size_t at = (static_cast<std::size_t>(y) * spec.width + x) * 4;
      picture.rgba[at] = static_cast<std::uint8_t>(r);
      picture.rgba[at + 1] = static_cast<std::uint8_t>(g);
      picture.rgba[at + 2] = static_cast<std::uint8_t>(b);
      picture.rgba[at + 3] = 255;
    }
  }
  return picture;
}

bool writeTestClip(const std::string& path, const ClipSpec& spec) {
  av_log_set_level(AV_LOG_ERROR);
  ClipOutput out;
  if (!check(avformat_alloc_output_context2(&out.format, nullptr, nullptr, path.c_str()), "container")) return false;
  const bool withVideo = !spec.codec.empty();
  const AVCodec* videoCodec = avcodec_find_encoder_by_name(
      !withVideo ? "ffv1" : spec.codec == "rawvideo-bgr" ? "rawvideo" : spec.codec.c_str());
  if (!videoCodec) {
    ADD_FAILURE() << "writeTestClip: no encoder " << spec.codec;
    return false;
  }
  const AVRational rate{spec.rateNum, spec.rateDen};
  const bool variableRate = !spec.frameMillis.empty();
  if (variableRate && static_cast<int>(spec.frameMillis.size()) != spec.frames) {
    ADD_FAILURE() << "writeTestClip: frameMillis needs one duration per frame";
    return false;
  }
  out.video = avcodec_alloc_context3(videoCodec);
  out.video->width = spec.width;
  out.video->height = spec.height;
  out.video->pix_fmt = encoderFormat(spec.codec);
  out.video->time_base = variableRate ? AVRational{1, 1000} : av_inv_q(rate);
  out.video->framerate = rate;
  out.video->gop_size = 4;  // a few keyframes, for the range tests' seeks
  if (out.format->oformat->flags & AVFMT_GLOBALHEADER) out.video->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
  if (spec.codec == "libx264") av_opt_set(out.video->priv_data, "preset", "ultrafast", 0);
  if (spec.codec == "libvpx-vp9") av_opt_set(out.video->priv_data, "deadline", "realtime", 0);
  if (!check(avcodec_open2(out.video, videoCodec, nullptr), "open " + spec.codec)) return false;
  AVStream* videoStream = nullptr;
  if (withVideo) {
    videoStream = avformat_new_stream(out.format, nullptr);
    avcodec_parameters_from_context(videoStream->codecpar, out.video);
    videoStream->time_base = out.video->time_base;
    videoStream->avg_frame_rate = rate;
  }

  AVStream* audioStream = nullptr;
  if (spec.withAudio) {
    const AVCodec* audioCodec = avcodec_find_encoder_by_name(spec.audioCodec.c_str());
    out.audio = avcodec_alloc_context3(audioCodec);
    out.audio->sample_rate = 48000;
    out.audio->sample_fmt = spec.audioCodec == "aac" ? AV_SAMPLE_FMT_FLTP : AV_SAMPLE_FMT_S16;
    av_channel_layout_default(&out.audio->ch_layout, 1);
    out.audio->time_base = {1, 48000};
    if (spec.audioCodec == "aac") out.audio->bit_rate = 64000;
    if (out.format->oformat->flags & AVFMT_GLOBALHEADER) out.audio->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    if (!check(avcodec_open2(out.audio, audioCodec, nullptr), "open " + spec.audioCodec)) return false;
    audioStream = avformat_new_stream(out.format, nullptr);
    avcodec_parameters_from_context(audioStream->codecpar, out.audio);
    audioStream->time_base = out.audio->time_base;
  }
  if (!check(avio_open(&out.format->pb, path.c_str(), AVIO_FLAG_WRITE), "open file")) return false;
  // The GIF muxer times a frame by the next one; the last one's delay is its own option.
  if (variableRate && std::string(out.format->oformat->name) == "gif")
    av_opt_set_int(out.format->priv_data, "final_delay", spec.frameMillis.back() / 10, 0);
  if (!check(avformat_write_header(out.format, nullptr), "header")) return false;

  out.packet = av_packet_alloc();
  out.frame = av_frame_alloc();
  out.frame->format = out.video->pix_fmt;
  out.frame->width = spec.width;
  out.frame->height = spec.height;
  if (!check(av_frame_get_buffer(out.frame, 0), "frame")) return false;
  SwsContext* toEncoder = nullptr;
  if (withVideo && spec.codec != "gif")
    toEncoder = sws_getContext(spec.width, spec.height, AV_PIX_FMT_RGBA, spec.width, spec.height, out.video->pix_fmt,
                               SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT, nullptr, nullptr, nullptr);
  const int samplesPerFrame = 1024;
  std::int64_t samplesWritten = 0;
  const std::int64_t samplesWanted = av_rescale_q(spec.frames, av_inv_q(rate), {1, 48000});
  if (variableRate && spec.withAudio) {
    ADD_FAILURE() << "writeTestClip: frameMillis is for clips without audio";
    return false;
  }
  if (spec.withAudio) {
    out.samples = av_frame_alloc();
    out.samples->format = out.audio->sample_fmt;
    out.samples->nb_samples = out.audio->frame_size > 0 ? out.audio->frame_size : samplesPerFrame;
    av_channel_layout_copy(&out.samples->ch_layout, &out.audio->ch_layout);
    out.samples->sample_rate = 48000;
    if (!check(av_frame_get_buffer(out.samples, 0), "samples")) return false;
  }
  bool ok = true;
  std::int64_t startMillis = 0;  // of this frame, with frameMillis
  for (int index = 0; ok && index < spec.frames; ++index) {
    ok = check(av_frame_make_writable(out.frame), "writable");
    const Image picture = testClipFrame(spec, index);
    if (spec.codec == "gif" && spec.picture) {
      // The picture's own colours as the palette (in order of appearance).
      auto* palette = reinterpret_cast<std::uint32_t*>(out.frame->data[1]);
      std::fill(palette, palette + 256, 0xff000000u);
      std::map<std::uint32_t, int> indices;
      for (int y = 0; y < spec.height; ++y)
        for (int x = 0; x < spec.width; ++x) {
          const std::uint8_t* p = &picture.rgba[(static_cast<std::size_t>(y) * spec.width + x) * 4];
          const std::uint32_t colour = 0xff000000u | static_cast<std::uint32_t>(p[0]) << 16 | static_cast<std::uint32_t>(p[1]) << 8 | p[2];
          const auto [at, added] = indices.emplace(colour, static_cast<int>(indices.size()));
          if (added && at->second < 256) palette[at->second] = colour;
          out.frame->data[0][y * out.frame->linesize[0] + x] = static_cast<std::uint8_t>(std::min(at->second, 255));
        }
      if (indices.size() > 256) ADD_FAILURE() << "writeTestClip: a GIF frame of more than 256 colours";
    } else if (spec.codec == "gif") {
      // The 6x6x6 cube as the palette; the pixels are already its colours.
      auto* palette = reinterpret_cast<std::uint32_t*>(out.frame->data[1]);
      for (int i = 0; i < 256; ++i) {
        const int r = (i / 36) % 6, g = (i / 6) % 6, b = i % 6;
        palette[i] = i < 216 ? 0xff000000u | static_cast<std::uint32_t>(r * 51) << 16 | static_cast<std::uint32_t>(g * 51) << 8 |
                                   static_cast<std::uint32_t>(b * 51)
                             : 0xff000000u;
      }
      for (int y = 0; y < spec.height; ++y)
        for (int x = 0; x < spec.width; ++x) {
          const std::uint8_t* p = &picture.rgba[(static_cast<std::size_t>(y) * spec.width + x) * 4];
          out.frame->data[0][y * out.frame->linesize[0] + x] = static_cast<std::uint8_t>(p[0] / 51 * 36 + p[1] / 51 * 6 + p[2] / 51);
        }
    } else if (withVideo) {
      const std::uint8_t* planes[4] = {picture.rgba.data(), nullptr, nullptr, nullptr};
      const int strides[4] = {4 * spec.width, 0, 0, 0};
      sws_scale(toEncoder, planes, strides, 0, spec.height, out.frame->data, out.frame->linesize);
    }
    out.frame->pts = variableRate ? startMillis : index;
    if (variableRate) startMillis += spec.frameMillis[static_cast<std::size_t>(index)];
    if (withVideo) ok = ok && check(avcodec_send_frame(out.video, out.frame), "send frame") && drain(out, out.video, videoStream);
    // The tone up to this frame's end, so that the muxer gets the streams interleaved.
    const std::int64_t samplesDue = av_rescale_q(index + 1, av_inv_q(rate), {1, 48000});
    while (ok && spec.withAudio && samplesWritten < std::min(samplesDue, samplesWanted)) {
      ok = check(av_frame_make_writable(out.samples), "writable samples");
      for (int i = 0; i < out.samples->nb_samples; ++i) {
        const double value = 0.3 * std::sin(2 * std::numbers::pi * 440.0 * static_cast<double>(samplesWritten + i) / 48000.0);
        if (out.audio->sample_fmt == AV_SAMPLE_FMT_FLTP) reinterpret_cast<float*>(out.samples->data[0])[i] = static_cast<float>(value);
        else reinterpret_cast<std::int16_t*>(out.samples->data[0])[i] = static_cast<std::int16_t>(value * 32767);
      }
      out.samples->pts = samplesWritten;
      samplesWritten += out.samples->nb_samples;
      ok = ok && check(avcodec_send_frame(out.audio, out.samples), "send samples") && drain(out, out.audio, audioStream);
    }
  }
  sws_freeContext(toEncoder);
  if (withVideo) ok = ok && check(avcodec_send_frame(out.video, nullptr), "flush") && drain(out, out.video, videoStream);
  if (ok && spec.withAudio) ok = check(avcodec_send_frame(out.audio, nullptr), "flush audio") && drain(out, out.audio, audioStream);
  return ok && check(av_write_trailer(out.format), "trailer");
}

std::vector<Image> decodeAllFrames(const std::string& path) {
  std::vector<Image> frames;
  AVFormatContext* format = nullptr;
  if (avformat_open_input(&format, path.c_str(), nullptr, nullptr) < 0) {
    ADD_FAILURE() << "decodeAllFrames: cannot open " << path;
    return frames;
  }
  avformat_find_stream_info(format, nullptr);
  const AVCodec* codec = nullptr;
  const int index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0);
  if (index < 0) {
    ADD_FAILURE() << "decodeAllFrames: no video in " << path;
    avformat_close_input(&format);
    return frames;
  }
  AVCodecContext* decoder = avcodec_alloc_context3(codec);
  avcodec_parameters_to_context(decoder, format->streams[index]->codecpar);
  avcodec_open2(decoder, codec, nullptr);
  AVPacket* packet = av_packet_alloc();
  AVFrame* frame = av_frame_alloc();
  SwsContext* toRgba = nullptr;
  const auto receiveAll = [&] {
    while (avcodec_receive_frame(decoder, frame) == 0) {
      toRgba = sws_getCachedContext(toRgba, frame->width, frame->height, static_cast<AVPixelFormat>(frame->format), frame->width,
                                    frame->height, AV_PIX_FMT_RGBA, SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT,
                                    nullptr, nullptr, nullptr);
      Image picture(frame->width, frame->height);
      std::uint8_t* planes[4] = {picture.rgba.data(), nullptr, nullptr, nullptr};
      const int strides[4] = {4 * frame->width, 0, 0, 0};
      sws_scale(toRgba, frame->data, frame->linesize, 0, frame->height, planes, strides);
      frames.push_back(std::move(picture));
      av_frame_unref(frame);
    }
  };
  while (av_read_frame(format, packet) >= 0) {
    if (packet->stream_index == index) avcodec_send_packet(decoder, packet);
    av_packet_unref(packet);
    receiveAll();
  }
  avcodec_send_packet(decoder, nullptr);
  receiveAll();
  sws_freeContext(toRgba);
  av_frame_free(&frame);
  av_packet_free(&packet);
  avcodec_free_context(&decoder);
  avformat_close_input(&format);
  return frames;
}

ClipProbe probeClip(const std::string& path) {
  ClipProbe probe;
  AVFormatContext* format = nullptr;
  if (avformat_open_input(&format, path.c_str(), nullptr, nullptr) < 0) return probe;
  avformat_find_stream_info(format, nullptr);
  probe.opened = true;
  const int videoIndex = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
  int audioIndex = -1;
  for (unsigned i = 0; i < format->nb_streams; ++i)
    if (format->streams[i]->codecpar->codec_type == AVMEDIA_TYPE_AUDIO && audioIndex < 0) audioIndex = static_cast<int>(i);
  if (videoIndex >= 0) {
    const AVStream* video = format->streams[videoIndex];
    probe.width = video->codecpar->width;
    probe.height = video->codecpar->height;
    probe.rateNum = video->avg_frame_rate.num;
    probe.rateDen = video->avg_frame_rate.den;
    probe.videoCodec = avcodec_get_name(video->codecpar->codec_id);
  }
  if (audioIndex >= 0) {
    probe.hasAudio = true;
    probe.audioCodec = avcodec_get_name(format->streams[audioIndex]->codecpar->codec_id);
  }
  AVPacket* packet = av_packet_alloc();
  double audioStart = std::numeric_limits<double>::infinity(), audioEnd = -audioStart;
  while (av_read_frame(format, packet) >= 0) {
    if (packet->stream_index == videoIndex) ++probe.frames;
    if (packet->stream_index == videoIndex && packet->pts != AV_NOPTS_VALUE)
      probe.frameSeconds.push_back(static_cast<double>(packet->pts) * av_q2d(format->streams[videoIndex]->time_base));
    if (packet->stream_index == audioIndex && packet->pts != AV_NOPTS_VALUE) {
      const double base = av_q2d(format->streams[audioIndex]->time_base);
      const double duration = static_cast<double>(packet->duration) * base;
      audioStart = std::min(audioStart, static_cast<double>(packet->pts) * base);
      audioEnd = std::max(audioEnd, static_cast<double>(packet->pts) * base + duration);
      probe.audioPacketSeconds = std::max(probe.audioPacketSeconds, duration);
    }
    av_packet_unref(packet);
  }
  if (audioEnd > audioStart) probe.audioSeconds = audioEnd - audioStart;
  std::sort(probe.frameSeconds.begin(), probe.frameSeconds.end());
  const double firstSeconds = probe.frameSeconds.empty() ? 0 : probe.frameSeconds.front();
  for (double& seconds : probe.frameSeconds) seconds -= firstSeconds;
  av_packet_free(&packet);
  avformat_close_input(&format);
  return probe;
}

std::vector<int> gifDelays(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  std::vector<int> delays;
  std::size_t at = 0;
  const auto need = [&](std::size_t count) { return at + count <= bytes.size(); };
  // Past a run of data sub-blocks (a length byte, that many bytes; 0 ends the run).
  const auto skipSubBlocks = [&] {
    while (need(1) && bytes[at] != 0) at += 1 + bytes[at];
    ++at;
    return at <= bytes.size();
  };
  const auto colourTableSize = [](std::uint8_t flags) { return (flags & 0x80) ? 3u << ((flags & 7) + 1) : 0u; };
  if (!need(13) || std::string(bytes.begin(), bytes.begin() + 3) != "GIF") {
    ADD_FAILURE() << "gifDelays: " << path << " is no GIF";
    return {};
  }
  at = 13 + colourTableSize(bytes[10]);
  while (need(1)) {
    const std::uint8_t introducer = bytes[at++];
    if (introducer == 0x3b) return delays;  // the trailer
    if (introducer == 0x21 && need(1)) {
      const std::uint8_t label = bytes[at++];
      if (label == 0xf9 && need(5) && bytes[at] == 4) delays.push_back(bytes[at + 2] | bytes[at + 3] << 8);
      if (!skipSubBlocks()) break;
    } else if (introducer == 0x2c && need(9)) {
      at += 9 + colourTableSize(bytes[at + 8]) + 1;  // the descriptor, its palette, LZW's code size
      if (!skipSubBlocks()) break;
    } else {
      break;
    }
  }
  ADD_FAILURE() << "gifDelays: " << path << " is cut short or malformed at byte " << at;
  return {};
}

double psnr(const Image& a, const Image& b) {
  if (a.width != b.width || a.height != b.height) return 0;
  double squares = 0;
  for (std::size_t i = 0; i < a.rgba.size(); ++i) {
    if (i % 4 == 3) continue;
    const double d = static_cast<double>(a.rgba[i]) - b.rgba[i];
    squares += d * d;
  }
  if (squares == 0) return std::numeric_limits<double>::infinity();
  const double mean = squares / (static_cast<double>(a.pixelCount()) * 3);
  return 10 * std::log10(255.0 * 255.0 / mean);
}

}  // namespace shadersort::testing

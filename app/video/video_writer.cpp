#include "video/video_io.h"
#include "video/ffmpeg_functions.h"

#include <algorithm>
#include <cmath>

extern "C" {
#include <libavutil/imgutils.h>
#include <libavutil/intreadwrite.h>
#include <libavutil/opt.h>
}

#include "core/error.h"
#include "core/quoting.h"
#include "video/codec_threads.h"
#include "video/encoder_choice.h"
#include "video/ffmpeg_messages.h"
#include "video/output_file.h"
#include "video/video_names.h"
#include "video/video_state.h"

namespace shadersort::video {

struct VideoWriter::State {
  std::string path, description;
  const VideoReader::State* source = nullptr;  // null: frames made by the caller, no audio
  AVRational inputTimeBase{1, 1};             // of Frame::pts
  std::int64_t originPts = 0;                 // the output's time 0, in inputTimeBase
  int width = 0, height = 0;

  bool gif = false;  // FFmpeg's GIF encoder on PAL8 frames, each with a palette of its own
  AVRational rate{25, 1};  // the input's frame rate: a one-frame GIF's delay
  std::string audioNote;   // for the run's summary: "aac audio copied", why it is left out, or empty

  std::unique_ptr<OutputFile> file;
  AVFormatContext* format = nullptr;
  AVCodecContext* encoder = nullptr;
  AVStream* videoOut = nullptr;
  AVStream* audioOut = nullptr;  // null: audio is not copied
  // The input's start skip (AAC's priming, which MP4 leaves out with an edit list) cannot be said
  // in this output: FFmpeg 5.1's Matroska muxer writes CodecDelay for Opus only. Played, it would
  // start the audio before the video (21 ms for AAC), so the packets wholly inside it are left out;
  // the first kept one then decodes without its predecessor's overlap (a fade-in over one frame).
  bool dropSkippedAudio = false;
  std::int64_t audioSkipLeft = 0;  // samples of that skip still to leave out
  PixelConverter fromRgba;
  AVFrame* picture = nullptr;
  AVPacket* packet = nullptr;
  std::int64_t previousPts = AV_NOPTS_VALUE;  // in the encoder's time base
  std::int64_t previousStep = 0;              // previousPts less the pts before it: the last delay
  bool headerWritten = false;
  bool finished = false;

  ~State() {
    // An output given up half-way (its temporary file is removed): the trailer still goes to it,
    // since FFmpeg 5.1's GIF muxer frees the packet it holds back only there.
    if (format && headerWritten && !finished) av_write_trailer(format);
    av_frame_free(&picture);
    av_packet_free(&packet);
    avcodec_free_context(&encoder);
    if (format) {
      format->pb = nullptr;  // the OutputFile's: freed with it
      avformat_free_context(format);
    }
  }

  UserError failure(const std::string& why) const { return UserError("cannot write " + quote(path) + ": " + why); }

  // Sends what the encoder has ready to the muxer.
  void drainEncoder() {
    for (;;) {
      const int received = avcodec_receive_packet(encoder, packet);
      if (received == AVERROR(EAGAIN) || received == AVERROR_EOF) return;
      if (received < 0) throw failure(ffmpegReason(received));
      av_packet_rescale_ts(packet, encoder->time_base, videoOut->time_base);
      packet->stream_index = videoOut->index;
      mux(packet);
    }
  }

  void mux(AVPacket* ready) {
    // av_interleaved_write_frame orders the streams' packets by time and takes the packet's reference.
    if (const int result = av_interleaved_write_frame(format, ready); result < 0)
      throw failure(file->failure().empty() ? ffmpegReason(result) : file->failure());
  }
};

namespace {

// BT.601 limited range both ways (the reader's describeColours matches), whatever swscale's
// default; the encoder says so in the stream.
void limitedRangeBt601(SwsContext* scaler, const AVFrame&) {
  const int* bt601 = sws_getCoefficients(SWS_CS_ITU601);
  sws_setColorspaceDetails(scaler, bt601, 1, bt601, 0, 0, 1 << 16, 1 << 16);
}

// The encoder's time base: the input stream's where a frame period is a whole number of its
// ticks, else one tick per frame. Matroska's milliseconds cannot hold 1/30 s, and their rounded
// 33/34 ms steps would make an MP4's frame rate 29.9; on the frame grid it stays 30 (a variable
// rate input moves by under half a frame). MPEG-4 part 2 also needs a denominator under 2^16.
// A GIF input keeps its time base (1/100 s) whatever its rate: its frames have delays of their own
// (100, 2000, 100 ms...), which the frame grid of its average rate would move by up to half a frame.
// GIF output counts hundredths of a second (its delays' unit): timestamps round to the nearest.
AVRational encoderTimeBase(const AVCodec* codec, AVRational input, AVRational rate, bool variableRateInput) {
  if (codec->id == AV_CODEC_ID_GIF) return AVRational{1, 100};
  const AVRational period = av_inv_q(rate);
  const bool periodFits = av_div_q(period, input).den == 1;
  if ((!periodFits && !variableRateInput) || (std::string(codec->name) == "mpeg4" && input.den > 65535)) return period;
  return input;
}

// "X or Y, or " / "X, or ": the outputs (of .mkv and .mp4) other than `refused` that can carry
// `codec`; empty when none can.
std::string containersCarrying(AVCodecID codec, const AVOutputFormat* refused) {
  std::string names;
  for (const char* extension : {".mkv", ".mp4"}) {
    const AVOutputFormat* format = av_guess_format(nullptr, extension, nullptr);
    if (!format || format == refused || avformat_query_codec(format, codec, FF_COMPLIANCE_NORMAL) == 0) continue;
    names += (names.empty() ? "" : " or ") + std::string(extension);
  }
  return names.empty() ? names : names + ", or ";
}

}  // namespace

namespace {

// Opens the output for frames of `info`'s size and rate whose Frame::pts count `timeBase`, with
// `audioIn` copied (null: none) and `aspect` as the pixels' shape.
void openOutput(VideoWriter::State& s, const std::string& path, const StreamInfo& info, AVRational timeBase,
                AVRational aspect, const AVStream* audioInput, const WriterOptions& options,
                bool variableRateInput = false) {
  quietFfmpegLogs();
  forgetFfmpegMessages();
  requireVideoOutput(path);
  s.path = path;
  s.inputTimeBase = timeBase;
  s.width = info.width;
  s.height = info.height;
  s.rate = AVRational{info.rateNumerator, info.rateDenominator};
  s.gif = videoExtension(path) == ".gif";
  if (s.gif && !options.encoder.empty())  // never ignore an encoder asked for
    throw UsageError("cannot write " + quote(path) + " with encoder " + quote(options.encoder) +
                     ": GIFs are written by FFmpeg's GIF encoder, a palette per frame");

  const EncoderChoice choice = chooseEncoder(path, options, info.width, info.height);
  s.description = choice.description;
  // The muxer from the target's name, not the temporary file's.
  const AVOutputFormat* container = av_guess_format(nullptr, path.c_str(), nullptr);
  if (!container) throw s.failure("FFmpeg has no muxer for this name");
  if (avformat_query_codec(container, choice.codec->id, FF_COMPLIANCE_NORMAL) == 0)
    throw UsageError("cannot write " + quote(path) + ": encoder " + quote(choice.codec->name) + " makes " +
                     avcodec_get_name(choice.codec->id) + " video, which " + videoExtension(path) + " cannot carry");
  // A GIF carries no audio: the input's is left out.
  const AVStream* audioIn = options.copyAudio && !s.gif ? audioInput : nullptr;
  if (audioIn) s.audioNote = info.audioCodec + " audio copied";
  else if (audioInput && options.copyAudio) s.audioNote = "audio left out: GIF holds none";
  if (audioIn && avformat_query_codec(container, audioIn->codecpar->codec_id, FF_COMPLIANCE_NORMAL) == 0)
    throw UserError(quote(path) + " cannot carry the input's " + info.audioCodec + " audio unchanged; use " +
                    containersCarrying(audioIn->codecpar->codec_id, container) + "--no-audio");

  if (avformat_alloc_output_context2(&s.format, container, nullptr, nullptr) < 0 || !s.format) throw s.failure("out of memory");
  s.encoder = avcodec_alloc_context3(choice.codec);
  s.picture = av_frame_alloc();
  s.packet = av_packet_alloc();
  if (!s.encoder || !s.picture || !s.packet) throw s.failure("out of memory");

  const AVRational rate{info.rateNumerator, info.rateDenominator};
  s.encoder->width = info.width;
  s.encoder->height = info.height;
  s.encoder->pix_fmt = choice.pixelFormat;
  s.encoder->time_base = encoderTimeBase(choice.codec, timeBase, rate, variableRateInput);
  s.encoder->framerate = rate;
  s.encoder->sample_aspect_ratio = aspect;
  s.encoder->thread_count = codecThreads(options.threads);
  s.fromRgba.setThreads(codecThreads(options.threads));
  // Our RGB goes through swscale's BT.601 limited-range matrix: say so, so players invert it.
  if (choice.pixelFormat == AV_PIX_FMT_YUV420P || choice.pixelFormat == AV_PIX_FMT_YUV444P) {
    s.encoder->colorspace = AVCOL_SPC_SMPTE170M;
    s.encoder->color_range = AVCOL_RANGE_MPEG;
  }
  if (choice.fixedQuantizer > 0) {
    s.encoder->flags |= AV_CODEC_FLAG_QSCALE;
    s.encoder->global_quality = FF_QP2LAMBDA * choice.fixedQuantizer;
  }
  if (container->flags & AVFMT_GLOBALHEADER) s.encoder->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
  if (choice.level != FF_LEVEL_UNKNOWN) s.encoder->level = choice.level;
  for (const auto& [key, value] : choice.settings) av_opt_set(s.encoder->priv_data, key.c_str(), value.c_str(), 0);
  if (const int result = avcodec_open2(s.encoder, choice.codec, nullptr); result < 0)
    throw s.failure(std::string(choice.codec->name) + ": " + ffmpegReason(result));

  s.videoOut = avformat_new_stream(s.format, nullptr);
  if (!s.videoOut) throw s.failure("out of memory");
  avcodec_parameters_from_context(s.videoOut->codecpar, s.encoder);
  s.videoOut->time_base = s.encoder->time_base;  // a wish: the muxer may pick its own in write_header
  s.videoOut->avg_frame_rate = rate;
  s.videoOut->r_frame_rate = rate;
  s.videoOut->sample_aspect_ratio = s.encoder->sample_aspect_ratio;
  if (audioIn) {
    s.audioOut = avformat_new_stream(s.format, nullptr);
    if (!s.audioOut) throw s.failure("out of memory");
    avcodec_parameters_copy(s.audioOut->codecpar, audioIn->codecpar);
    s.audioOut->codecpar->codec_tag = 0;  // the input container's tag may mean nothing in ours
    s.audioOut->time_base = audioIn->time_base;
    const std::string muxer = container->name;
    s.dropSkippedAudio = (muxer == "matroska" || muxer == "webm") && audioIn->codecpar->codec_id != AV_CODEC_ID_OPUS;
  }

  s.file = std::make_unique<OutputFile>(path);
  s.format->pb = s.file->io();
  s.format->flags |= AVFMT_FLAG_CUSTOM_IO;
  if (const int result = avformat_write_header(s.format, nullptr); result < 0)
    throw s.failure(s.file->failure().empty() ? ffmpegReason(result) : s.file->failure());
  s.headerWritten = true;

  s.picture->format = choice.pixelFormat;
  s.picture->width = info.width;
  s.picture->height = info.height;
  if (av_frame_get_buffer(s.picture, 0) < 0) throw s.failure("out of memory");
}

// Whether `packet` lies wholly inside the start skip the demuxer asked for, counting it off. The
// skip comes as AV_PKT_DATA_SKIP_SAMPLES on the stream's first packet and may span several. A
// packet only partly inside it is kept (its audio is needed): at most one frame of priming plays.
bool whollySkipped(VideoWriter::State& s, const AVPacket& packet) {
  std::size_t size = 0;
  if (const std::uint8_t* skip = av_packet_get_side_data(&packet, AV_PKT_DATA_SKIP_SAMPLES, &size); skip && size >= 4)
    s.audioSkipLeft = AV_RL32(skip);
  const AVCodecParameters& audio = *s.source->audio->codecpar;
  if (s.audioSkipLeft <= 0 || audio.sample_rate <= 0) return false;
  const std::int64_t samples = packet.duration > 0
                                   ? av_rescale_q(packet.duration, s.source->audio->time_base, AVRational{1, audio.sample_rate})
                                   : audio.frame_size;
  if (samples <= 0 || samples > s.audioSkipLeft) {
    s.audioSkipLeft = 0;
    return false;
  }
  s.audioSkipLeft -= samples;
  return true;
}

}  // namespace

VideoWriter::VideoWriter(const std::string& path, const VideoReader& source, const WriterOptions& options)
    : state_(std::make_unique<State>()) {
  State& s = *state_;
  s.source = &source.state();
  s.originPts = s.source->originPts;
  openOutput(s, path, source.info(), s.source->video->time_base, s.source->video->codecpar->sample_aspect_ratio,
             s.source->audio, options, s.source->video->codecpar->codec_id == AV_CODEC_ID_GIF);
}

VideoWriter::VideoWriter(const std::string& path, const OutputFormat& format, const WriterOptions& options)
    : state_(std::make_unique<State>()) {
  loadFfmpeg();  // before the encoder threads
  StreamInfo info;
  info.width = format.width;
  info.height = format.height;
  info.rateNumerator = format.rateNumerator;
  info.rateDenominator = format.rateDenominator;
  if (format.width < 1 || format.height < 1 || format.rateNumerator < 1 || format.rateDenominator < 1)
    throw UsageError("cannot write " + quote(path) + ": a video needs a size and a frame rate above 0");
  openOutput(*state_, path, info, AVRational{format.rateDenominator, format.rateNumerator}, AVRational{1, 1}, nullptr,
             options);
}

VideoWriter::~VideoWriter() = default;  // an unfinished file: OutputFile removes it

const std::string& VideoWriter::description() const { return state_->description; }

const std::string& VideoWriter::audioNote() const { return state_->audioNote; }

int VideoWriter::encoderThreads() const { return state_->encoder->thread_count; }

void VideoWriter::write(const Image& picture, const Frame& frame) {
  State& s = *state_;
  if (s.finished) throw s.failure("the video is already finished");
  if (picture.width != s.width || picture.height != s.height || picture.rgba.size() != picture.pixelCount() * 4)
    throw s.failure("a " + std::to_string(picture.width) + "x" + std::to_string(picture.height) + " picture in a " +
                    std::to_string(s.width) + "x" + std::to_string(s.height) + " video");
  // The encoder may still hold the previous frame's buffer: get one of our own if so.
  if (av_frame_make_writable(s.picture) < 0) throw s.failure("out of memory");
  if (s.gif) toPalette(picture, *s.picture);
  else if (!s.fromRgba.fromRgba(picture, *s.picture, limitedRangeBt601))
    throw s.failure("cannot convert RGBA to the encoder's pixel format");
  sendPicture(s, frame);
}

bool VideoWriter::takesYuv420() const { return !state_->gif && state_->encoder->pix_fmt == AV_PIX_FMT_YUV420P; }

void VideoWriter::write(const Yuv420Picture& planes, const Frame& frame) {
  State& s = *state_;
  if (s.finished) throw s.failure("the video is already finished");
  if (!takesYuv420()) throw std::logic_error("VideoWriter: this encoder does not take YUV 4:2:0 planes");
  if (planes.width != s.width || planes.height != s.height || planes.planes.size() != planes.byteCount() ||
      planes.matrix != YuvMatrix::Bt601 || planes.fullRange)
    throw s.failure("planes of a " + std::to_string(planes.width) + "x" + std::to_string(planes.height) + " picture in a " +
                    std::to_string(s.width) + "x" + std::to_string(s.height) + " BT.601 limited-range video");
  if (av_frame_make_writable(s.picture) < 0) throw s.failure("out of memory");
  const std::uint8_t* source[4] = {planes.planes.data(), planes.planes.data() + planes.lumaBytes(),
                                   planes.planes.data() + planes.lumaBytes() + planes.chromaBytes(), nullptr};
  const int lineSizes[4] = {planes.width, planes.chromaWidth(), planes.chromaWidth(), 0};
  av_image_copy(s.picture->data, s.picture->linesize, source, lineSizes, AV_PIX_FMT_YUV420P, s.width, s.height);
  sendPicture(s, frame);
}

void VideoWriter::sendPicture(State& s, const Frame& frame) {
  // The range's start is the output's time 0; timestamps must rise for every encoder.
  std::int64_t pts = av_rescale_q(frame.pts - s.originPts, s.inputTimeBase, s.encoder->time_base);
  if (s.previousPts != AV_NOPTS_VALUE && pts <= s.previousPts) pts = s.previousPts + 1;
  s.previousStep = s.previousPts == AV_NOPTS_VALUE ? 0 : pts - s.previousPts;
  s.previousPts = pts;
  s.picture->pts = pts;
  if (const int result = avcodec_send_frame(s.encoder, s.picture); result < 0) throw s.failure(ffmpegReason(result));
  s.drainEncoder();
}

void VideoWriter::write(AudioPacket audio) {
  State& s = *state_;
  if (!s.audioOut || !s.source || !audio.data() || !audio.data()->packet) return;  // no audio in this output
  if (s.finished) throw s.failure("the video is already finished");
  AVPacket* packet = audio.data()->packet;
  if (s.dropSkippedAudio && whollySkipped(s, *packet)) return;
  const std::int64_t origin = s.source->audioOriginPts();
  if (packet->pts != AV_NOPTS_VALUE) packet->pts -= origin;
  if (packet->dts != AV_NOPTS_VALUE) packet->dts -= origin;
  av_packet_rescale_ts(packet, s.source->audio->time_base, s.audioOut->time_base);
  packet->stream_index = s.audioOut->index;
  packet->pos = -1;
  s.mux(packet);
}

void VideoWriter::finish() {
  State& s = *state_;
  if (s.finished) return;
  s.finished = true;
  if (const int result = avcodec_send_frame(s.encoder, nullptr); result < 0 && result != AVERROR_EOF)
    throw s.failure(ffmpegReason(result));
  s.drainEncoder();
  if (s.gif) {
    // The muxer times a frame by the next one's pts; the last has none. Reader frames carry no
    // duration, so the last is held as long as the one before it (a one-frame GIF: 1 / rate).
    const std::int64_t lastDelay =
        s.previousStep > 0 ? s.previousStep : std::max<std::int64_t>(1, av_rescale_q(1, av_inv_q(s.rate), AVRational{1, 100}));
    av_opt_set_int(s.format->priv_data, "final_delay", lastDelay, 0);
  }
  if (const int result = av_interleaved_write_frame(s.format, nullptr); result < 0) throw s.failure(ffmpegReason(result));
  if (const int result = av_write_trailer(s.format); result < 0)
    throw s.failure(s.file->failure().empty() ? ffmpegReason(result) : s.file->failure());
  s.file->commit();
}

}  // namespace shadersort::video

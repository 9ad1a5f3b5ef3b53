#include "video/video_io.h"
#include "video/ffmpeg_functions.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <sstream>
#include <vector>

extern "C" {
#include <libavutil/hwcontext.h>
#include <libavutil/opt.h>
}

#include "core/error.h"
#include "core/input_file.h"
#include "core/memory_budget.h"
#include "core/quoting.h"
#include "video/codec_threads.h"
#include "video/ffmpeg_messages.h"
#include "video/video_state.h"

namespace shadersort::video {
namespace {

std::string secondsText(double seconds) {
  std::ostringstream text;
  text.precision(3);
  text << std::fixed << seconds;
  std::string shown = text.str();
  while (shown.back() == '0') shown.pop_back();
  if (shown.back() == '.') shown.pop_back();
  return shown;
}

AVRational frameRateOf(AVStream* stream) {
  for (const AVRational rate : {stream->avg_frame_rate, stream->r_frame_rate})
    if (rate.num > 0 && rate.den > 0) return rate;
  return {25, 1};
}

double durationOf(const AVFormatContext* format, const AVStream* stream) {
  if (stream->duration > 0 && stream->duration != AV_NOPTS_VALUE) return static_cast<double>(stream->duration) * av_q2d(stream->time_base);
  if (format->duration > 0 && format->duration != AV_NOPTS_VALUE) return static_cast<double>(format->duration) / AV_TIME_BASE;
  return 0;
}

// The frames of the range: the container's count where it keeps one, else duration x rate.
std::int64_t estimateFrames(const AVStream* stream, const StreamInfo& info, const TimeRange& range) {
  const double rate = static_cast<double>(info.rateNumerator) / info.rateDenominator;
  double total = stream->nb_frames > 0 ? static_cast<double>(stream->nb_frames) : info.durationSeconds * rate;
  if (total <= 0) return 0;
  const double first = range.from ? std::ceil(*range.from * rate - 1e-6) : 0.0;
  const double end = range.to ? std::min(total, std::ceil(*range.to * rate - 1e-6)) : total;
  return std::max<std::int64_t>(0, std::llround(end - first));
}

// Colours as the encoder meant them: the stream's matrix and range, BT.601 when it says none.
void describeColours(SwsContext* scaler, const AVFrame& frame) {
  int colorspace = SWS_CS_DEFAULT;
  if (frame.colorspace == AVCOL_SPC_BT709) colorspace = SWS_CS_ITU709;
  else if (frame.colorspace == AVCOL_SPC_BT2020_NCL || frame.colorspace == AVCOL_SPC_BT2020_CL) colorspace = SWS_CS_BT2020;
  const int fullRange = frame.color_range == AVCOL_RANGE_JPEG ? 1 : 0;
  const int* coefficients = sws_getCoefficients(colorspace);
  sws_setColorspaceDetails(scaler, coefficients, fullRange, sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16);
}

// The decoded frame's planes into `yuv` where the reader keeps 4:2:0 planes and the frame is 8-bit
// 4:2:0 in a matrix the GPU's conversion knows; else `yuv` is emptied and false.
bool keptAsYuv420(const VideoReader::State& s, const AVFrame& decoded, Yuv420Picture& yuv) {
  const bool planar420 = decoded.format == AV_PIX_FMT_YUV420P || decoded.format == AV_PIX_FMT_YUVJ420P;
  const bool knownMatrix = decoded.colorspace == AVCOL_SPC_BT709 || decoded.colorspace == AVCOL_SPC_BT470BG ||
                           decoded.colorspace == AVCOL_SPC_SMPTE170M || decoded.colorspace == AVCOL_SPC_UNSPECIFIED;
  if (!s.keepYuv420 || !planar420 || !knownMatrix) {
    yuv.width = yuv.height = 0;
    return false;
  }
  yuv.width = decoded.width;
  yuv.height = decoded.height;
  // As describeColours: BT.601 unless the stream says BT.709; full range for JPEG's.
  yuv.matrix = decoded.colorspace == AVCOL_SPC_BT709 ? YuvMatrix::Bt709 : YuvMatrix::Bt601;
  yuv.fullRange = decoded.color_range == AVCOL_RANGE_JPEG || decoded.format == AV_PIX_FMT_YUVJ420P;
  yuv.planes.resize(yuv.byteCount());
  const int copied = av_image_copy_to_buffer(yuv.planes.data(), static_cast<int>(yuv.planes.size()), decoded.data,
                                             decoded.linesize, AV_PIX_FMT_YUV420P, decoded.width, decoded.height, 1);
  return copied == static_cast<int>(yuv.planes.size());
}

// Moves State::dataEnd to the end of `packet` (a video packet without a duration: one frame period).
void noteDataEnd(VideoReader::State& s, const AVPacket& packet) {
  const AVStream* stream = s.format->streams[packet.stream_index];
  const std::int64_t when = packet.pts != AV_NOPTS_VALUE ? packet.pts : packet.dts;
  if (when == AV_NOPTS_VALUE) return;
  const double start = av_q2d(s.video->time_base) * static_cast<double>(s.startPts);
  double end = static_cast<double>(when + std::max<std::int64_t>(0, packet.duration)) * av_q2d(stream->time_base) - start;
  if (packet.duration <= 0 && stream == s.video) end += static_cast<double>(s.info.rateDenominator) / s.info.rateNumerator;
  s.dataEnd = std::max(s.dataEnd, end);
}

// The demuxers of the formats video_names.cpp takes as input (FFmpeg's names, matched to each
// name of a demuxer's comma-separated list). Any other is refused before its header is read: the
// playlist and list formats (hls, concat, image2 patterns, ...) would open other files.
constexpr const char* kAcceptedDemuxers = "mov,matroska,avi,gif,mpeg,mpegts,mpegvideo,flv,live_flv,ogg,yuv4mpegpipe,nut";

// Decode errors in a row, with no frame between them, before a file counts as unreadable rather
// than damaged: a file of noise would otherwise be read to its end as errors.
constexpr std::int64_t kMaxErrorsWithoutFrame = 100;

// Refuses anything but a regular file before FFmpeg opens it: opening a FIFO blocks until a
// writer comes, and a device never ends. stat() opens nothing.
void requireRegularFile(const std::string& path, const std::string& name) {
  struct stat status{};
  if (::stat(path.c_str(), &status) != 0) throw UserError("cannot open video " + name + ": " + std::strerror(errno));
  if (S_ISDIR(status.st_mode)) throw UserError("cannot open video " + name + ": it is a directory");
  if (!S_ISREG(status.st_mode))
    throw UserError("cannot open video " + name + ": it is not a regular file (" + fileKind(status.st_mode) + ")");
}

// Opens `path` as the file of that name and nothing else: the "file:" protocol alone (a name with
// ':' or '|' is not a URL or a concat list), and only the accepted demuxers.
int openPlainFile(AVFormatContext*& format, const std::string& path, LoggedErrorCounter& errors) {
  format = avformat_alloc_context();
  if (!format) return AVERROR(ENOMEM);
  format->opaque = &errors;  // the demuxer's logged errors count as damage
  AVDictionary* options = nullptr;
  av_dict_set(&options, "protocol_whitelist", "file", 0);
  av_dict_set(&options, "format_whitelist", kAcceptedDemuxers, 0);
  const int result = avformat_open_input(&format, ("file:" + path).c_str(), nullptr, &options);  // frees format on failure
  av_dict_free(&options);
  return result;
}

// Whether an MPEG-TS file stops inside a transport packet: cut short. The format declares
// neither its length nor its frames, and an intra-coded stream cut short often decodes without an
// error, but its packets are all one size (188, 192 or 204 bytes, from where the first one starts).
bool endsInsideTransportPacket(AVFormatContext* format, std::int64_t firstPacketPos) {
  if (std::strcmp(format->iformat->name, "mpegts") != 0 || !format->pb || firstPacketPos < 0) return false;
  std::int64_t packetSize = 0;
  if (av_opt_get_int(format, "ts_packetsize", AV_OPT_SEARCH_CHILDREN, &packetSize) < 0 || packetSize <= 0) return false;
  const std::int64_t fileSize = avio_size(format->pb);
  return fileSize > 0 && (fileSize - firstPacketPos % packetSize) % packetSize != 0;
}

bool frameFlaggedDamaged(const AVFrame& frame) {
  return frame.decode_error_flags != 0 || (frame.flags & AV_FRAME_FLAG_CORRUPT) != 0;
}

// A constant frame rate, where a gap between timestamps means frames are missing (FFmpeg's two
// rates agree for such streams; a GIF's frames last as long as each says).
bool constantRate(const AVStream* stream, const AVCodecContext* decoder) {
  return decoder->codec_id != AV_CODEC_ID_GIF && stream->avg_frame_rate.num > 0 &&
         av_cmp_q(stream->avg_frame_rate, stream->r_frame_rate) == 0;
}

}  // namespace

std::string damageWarning(const VideoReader& reader) {
  const DamageReport& damage = reader.damage();
  if (!damage.any()) return {};
  const auto counted = [](std::int64_t count, const std::string& what) {
    return std::to_string(count) + " " + what + (count == 1 ? "" : "s");
  };
  std::string text = "shadersort: warning: " + quote(reader.path()) + " is damaged: " +
                     counted(damage.decodeErrors, "decode error") + ", " + counted(damage.framesMissing, "frame") +
                     " missing" + (damage.cutShort ? ", cut short" : "") +
                     "; frames may differ from the original (--strict refuses it)";
  return text;
}

VideoReader::State::~State() {
  av_frame_free(&decoded);
  av_frame_free(&transferred);
  av_packet_free(&packet);
  avcodec_free_context(&decoder);
  av_buffer_unref(&hardwareDevice);
  avformat_close_input(&format);
}

namespace {

// The decoder's choice of output format once it knows the stream: frames in GPU memory where
// it offers them (this stream's profile may not be one NVDEC takes; then the CPU's).
AVPixelFormat pickGpuFormat(AVCodecContext* context, const AVPixelFormat* offered) {
  for (const AVPixelFormat* format = offered; *format != AV_PIX_FMT_NONE; ++format)
    if (*format == AV_PIX_FMT_CUDA) return *format;
  return avcodec_default_get_format(context, offered);
}

// --hw-decode: NVDEC through FFmpeg's CUDA device, each frame copied back to the CPU after
// decoding. Returns why not where FFmpeg or the machine lacks it ("" when attached).
std::string attachGpuDecoder(VideoReader::State& s, const AVCodec* codec) {
  bool offered = false;
  for (int i = 0; const AVCodecHWConfig* config = avcodec_get_hw_config(codec, i); ++i)
    offered = offered || ((config->methods & AV_CODEC_HW_CONFIG_METHOD_HW_DEVICE_CTX) != 0 &&
                          config->device_type == AV_HWDEVICE_TYPE_CUDA && config->pix_fmt == AV_PIX_FMT_CUDA);
  if (!offered) return std::string("FFmpeg's ") + codec->name + " decoder has no NVDEC (CUDA) support";
  if (const int result = av_hwdevice_ctx_create(&s.hardwareDevice, AV_HWDEVICE_TYPE_CUDA, nullptr, nullptr, 0); result < 0)
    return "no CUDA device for NVDEC here (" + ffmpegReason(result) + ")";
  s.transferred = av_frame_alloc();
  if (!s.transferred) return "out of memory";
  s.decoder->hw_device_ctx = av_buffer_ref(s.hardwareDevice);
  s.decoder->get_format = pickGpuFormat;
  return "";
}

}  // namespace

VideoReader::VideoReader(const std::string& path, const TimeRange& range, const ReaderOptions& options)
    : state_(std::make_unique<State>()) {
  loadFfmpeg();  // before the decoder threads
  quietFfmpegLogs();
  forgetFfmpegMessages();
  State& s = *state_;
  s.path = path;
  s.range = range;
  s.options = options;
  const std::string name = quote(path);
  if (range.from && *range.from < 0) throw UsageError("the range of " + name + " starts before its beginning");
  if (range.from && range.to && *range.from >= *range.to)
    throw UsageError("the range of " + name + " ends (" + secondsText(*range.to) + " s) before it starts (" +
                     secondsText(*range.from) + " s)");

  requireRegularFile(path, name);
  if (const int result = openPlainFile(s.format, path, s.loggedErrors); result < 0) {
    if (s.loggedErrors.lastMessage().starts_with("Format not on whitelist")) {
      forgetFfmpegMessages();
      throw UserError("cannot open video " + name +
                      ": its format is not a video shadersort reads (playlists and lists of other files are refused)");
    }
    throw UserError("cannot open video " + name + ": " + ffmpegReason(result));
  }
  // Probing decodes a few frames at the size the file declares, before any check of ours: a
  // 1 KB file declaring 4096x61456 made FFmpeg allocate 250 MB a frame (fuzz_video_demux). No
  // decoder here makes a picture larger than the memory budget allows for one (a pixel-sort needs
  // far more than kProbeBytesPerPixel a pixel, so nothing the real check accepts is refused), and
  // a stream declared larger is refused in words.
  constexpr std::uint64_t kProbeBytesPerPixel = 64;
  const std::uint64_t mostPixels = std::max<std::uint64_t>(memoryBudget() / kProbeBytesPerPixel, 1);
  const auto declaredTooLarge = [&] {
    for (unsigned i = 0; i < s.format->nb_streams; ++i) {
      const AVCodecParameters& stream = *s.format->streams[i]->codecpar;
      const std::uint64_t pixels = static_cast<std::uint64_t>(std::max(stream.width, 0)) * static_cast<std::uint64_t>(std::max(stream.height, 0));
      if (stream.codec_type == AVMEDIA_TYPE_VIDEO && pixels > mostPixels)
        requireMemory(pixels * kProbeBytesPerPixel, "video " + name + " (" + std::to_string(stream.width) + "x" +
                                                        std::to_string(stream.height) + ")");
    }
  };
  declaredTooLarge();
  std::vector<AVDictionary*> probeOptions(s.format->nb_streams, nullptr);
  for (AVDictionary*& options : probeOptions) av_dict_set_int(&options, "max_pixels", static_cast<std::int64_t>(mostPixels), 0);
  const int probed = avformat_find_stream_info(s.format, probeOptions.data());
  for (AVDictionary*& options : probeOptions) av_dict_free(&options);
  declaredTooLarge();
  if (probed < 0) throw UserError("cannot open video " + name + ": " + ffmpegReason(probed));
  const AVCodec* codec = nullptr;
  const int videoIndex = av_find_best_stream(s.format, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0);
  if (videoIndex == AVERROR_STREAM_NOT_FOUND) throw UserError(name + " has no video stream");
  if (videoIndex < 0 || !codec)
    throw UserError(name + ": no decoder for its " +
                    std::string(avcodec_get_name(videoIndex < 0 ? AV_CODEC_ID_NONE : s.format->streams[videoIndex]->codecpar->codec_id)) +
                    " video");
  s.video = s.format->streams[videoIndex];
  for (unsigned i = 0; i < s.format->nb_streams; ++i) {
    if (s.format->streams[i]->codecpar->codec_type == AVMEDIA_TYPE_AUDIO) {
      s.audio = s.format->streams[i];
      break;
    }
  }
  // Only the chosen streams are demuxed into packets we look at; the rest are dropped early.
  for (unsigned i = 0; i < s.format->nb_streams; ++i)
    if (s.format->streams[i] != s.video && s.format->streams[i] != s.audio) s.format->streams[i]->discard = AVDISCARD_ALL;

  s.decoder = avcodec_alloc_context3(codec);
  if (!s.decoder) throw UserError("cannot open video " + name + ": out of memory");
  avcodec_parameters_to_context(s.decoder, s.video->codecpar);
  s.decoder->pkt_timebase = s.video->time_base;
  s.decoder->opaque = &s.loggedErrors;  // the decoder's logged errors count as damage
  s.decoder->thread_count = codecThreads(s.options.threads);
  s.toRgba.setThreads(codecThreads(s.options.threads));
  s.decoder->thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE;
  s.decoder->max_pixels = static_cast<std::int64_t>(mostPixels);  // frames larger than declared, too
  if (s.options.hardwareDecode) {
    s.hardwareFallback = attachGpuDecoder(s, codec);
    if (s.hardwareFallback.empty()) s.decoder->thread_count = 1;  // NVDEC queues frames itself
  }
  if (const int result = avcodec_open2(s.decoder, codec, nullptr); result < 0)
    throw UserError("cannot open video " + name + ": " + codec->name + ": " + ffmpegReason(result));
  s.decoded = av_frame_alloc();
  s.packet = av_packet_alloc();
  if (!s.decoded || !s.packet) throw UserError("cannot open video " + name + ": out of memory");

  StreamInfo& info = s.info;
  info.width = s.video->codecpar->width;
  info.height = s.video->codecpar->height;
  if (info.width <= 0 || info.height <= 0) throw UserError("cannot open video " + name + ": its picture size is unknown");
  const AVRational rate = frameRateOf(s.video);
  info.rateNumerator = rate.num;
  info.rateDenominator = rate.den;
  info.durationSeconds = durationOf(s.format, s.video);
  info.codec = codec->name;
  info.hasAudio = s.audio != nullptr;
  if (s.audio) info.audioCodec = avcodec_get_name(s.audio->codecpar->codec_id);
  if (range.from && info.durationSeconds > 0 && *range.from >= info.durationSeconds)
    throw UsageError("the range of " + name + " starts at " + secondsText(*range.from) + " s, past its end (" +
                     secondsText(info.durationSeconds) + " s)");
  info.frameCount = estimateFrames(s.video, info, range);

  s.startPts = s.video->start_time != AV_NOPTS_VALUE ? s.video->start_time : 0;
  const double origin = range.from.value_or(0.0);
  s.originPts = s.startPts + static_cast<std::int64_t>(std::llround(origin / av_q2d(s.video->time_base)));
  // Back to the keyframe at or before the range's start; the frames before it are decoded and
  // dropped. A demuxer that cannot seek stays at the start, which only costs time.
  if (range.from && *range.from > 0 && av_seek_frame(s.format, videoIndex, s.originPts, AVSEEK_FLAG_BACKWARD) >= 0)
    avcodec_flush_buffers(s.decoder);
}

VideoReader::~VideoReader() = default;

const DamageReport& VideoReader::damage() const { return state_->damage; }

void VideoReader::keepYuv420(bool keep) { state_->keepYuv420 = keep; }

const StreamInfo& VideoReader::info() const { return state_->info; }
const std::string& VideoReader::path() const { return state_->path; }

bool VideoReader::next(Frame& frame, std::vector<AudioPacket>& audio) {
  State& s = *state_;
  if (s.finished) return false;
  const std::string name = quote(s.path);
  const double timeBase = av_q2d(s.video->time_base);
  const auto failure = [&](const std::string& why) {
    s.finished = true;
    return UserError(name + ": frame " + std::to_string(s.framesDecoded) + ": " + why);
  };
  // Damage is counted and read past, or refused under --strict.
  const auto damaged = [&](std::int64_t errors, const std::string& why) {
    s.damage.decodeErrors += errors;
    s.errorsSinceFrame += errors;
    if (s.options.refuseDamage) throw failure("damaged (" + why + "), refused by --strict");
    if (s.errorsSinceFrame > kMaxErrorsWithoutFrame) throw failure("too damaged to read on (" + why + ")");
  };
  // The errors FFmpeg logged for our demuxer and decoder since the last look; how many.
  const auto takeLoggedErrors = [&] {
    const std::int64_t logged = s.loggedErrors.count() - s.loggedErrorsCounted;
    s.loggedErrorsCounted += logged;
    if (logged > 0) damaged(logged, s.loggedErrors.lastMessage());
    return logged;
  };
  for (;;) {
    const int received = avcodec_receive_frame(s.decoder, s.decoded);
    if (received == 0) {
      // A concealed error the decoder flagged but did not log is one more.
      if (takeLoggedErrors() == 0 && frameFlaggedDamaged(*s.decoded)) damaged(1, "a frame decoded with errors");
      s.errorsSinceFrame = 0;
      const std::int64_t period = std::max<std::int64_t>(1, av_rescale_q(1, av_inv_q(frameRateOf(s.video)), s.video->time_base));
      std::int64_t pts = s.decoded->best_effort_timestamp;
      if (pts == AV_NOPTS_VALUE)  // no timestamps at all: one frame period after the last
        pts = s.previousPts == AV_NOPTS_VALUE ? s.startPts : s.previousPts + period;
      // More than a frame and a half since the last one: the frames between are missing.
      if (s.previousPts != AV_NOPTS_VALUE && constantRate(s.video, s.decoder) && 2 * (pts - s.previousPts) > 3 * period) {
        const std::int64_t missing = (pts - s.previousPts + period / 2) / period - 1;
        s.damage.framesMissing += missing;
        if (s.options.refuseDamage)
          throw failure("damaged (" + std::to_string(missing) + " frame" + (missing == 1 ? "" : "s") +
                        " missing before it), refused by --strict");
      }
      s.previousPts = pts;
      ++s.framesDecoded;
      const double seconds = static_cast<double>(pts - s.startPts) * timeBase;
      // Half a tick of slack: a range start given in seconds rarely falls on a tick exactly.
      if (s.range.from && seconds < *s.range.from - timeBase / 2) {
        av_frame_unref(s.decoded);
        continue;
      }
      if (s.range.to && seconds >= *s.range.to - timeBase / 2) {
        av_frame_unref(s.decoded);
        s.finished = true;
        return false;
      }
      if (s.decoded->width != s.info.width || s.decoded->height != s.info.height)
        throw failure("the picture changes size (" + std::to_string(s.decoded->width) + "x" +
                      std::to_string(s.decoded->height) + "), which is not supported");
      const AVFrame* picture = s.decoded;
      if (s.decoded->format == AV_PIX_FMT_CUDA) {
        // Decoded on the GPU: its copy in CPU memory (NV12), with the stream's colour properties.
        av_frame_unref(s.transferred);
        if (const int result = av_hwframe_transfer_data(s.transferred, s.decoded, 0); result < 0)
          throw failure("cannot copy a frame decoded on the GPU (" + ffmpegReason(result) + ")");
        av_frame_copy_props(s.transferred, s.decoded);
        picture = s.transferred;
      }
      if (!keptAsYuv420(s, *picture, frame.yuv)) {
        if (frame.picture.width != s.info.width || frame.picture.height != s.info.height)
          frame.picture = Image(s.info.width, s.info.height);
        if (!s.toRgba.toRgba(*picture, frame.picture, describeColours))
          throw failure("cannot convert its pixel format to RGBA");
      }
      frame.seconds = seconds;
      frame.pts = pts;
      frame.index = s.framesInRange++;
      av_frame_unref(s.decoded);
      return true;
    }
    if (received == AVERROR_EOF) {
      takeLoggedErrors();
      s.finished = true;
      if (!s.range.to && endsInsideTransportPacket(s.format, s.firstPacketPos)) {
        s.damage.cutShort = true;
        if (s.options.refuseDamage) throw failure("damaged (it stops inside a transport packet: cut short), refused by --strict");
      }
      // A container cut short often ends without an error: compare with what it declares (its
      // frame count, or its duration where that was not guessed from the bit rate), allowing a
      // frame and a half for packets whose duration was not stored.
      const double period = static_cast<double>(s.info.rateDenominator) / s.info.rateNumerator;
      const bool declaredDuration = s.info.durationSeconds > 0 && s.format->duration_estimation_method != AVFMT_DURATION_FROM_BITRATE;
      // The container's frame count is the frames shown only where its duration holds as many
      // at the stream's rate: an MP4's edit list may leave stored frames out, which FFmpeg drops.
      const double nominalRate = av_q2d(s.video->r_frame_rate);
      const bool countShown = !declaredDuration || nominalRate <= 0 ||
                              std::abs(static_cast<double>(s.video->nb_frames) - s.info.durationSeconds * nominalRate) < 0.5;
      if (!s.range.to && s.video->nb_frames > 0 && countShown && s.framesDecoded < s.video->nb_frames)
        throw failure("the file ends early (" + std::to_string(s.framesDecoded) + " of " + std::to_string(s.video->nb_frames) +
                      " frames)");
      if (!s.range.to && declaredDuration && s.dataEnd < s.info.durationSeconds - 1.5 * period)
        throw failure("the file ends early (at " + secondsText(s.dataEnd) + " s of " + secondsText(s.info.durationSeconds) + " s)");
      return false;
    }
    if (received != AVERROR(EAGAIN)) {
      if (takeLoggedErrors() == 0) damaged(1, ffmpegReason(received));
      continue;
    }

    // The decoder wants input.
    if (s.demuxerEnded) throw failure("the decoder stopped");  // cannot happen after a flush; never spin
    const int read = av_read_frame(s.format, s.packet);
    if (read == AVERROR_EOF) {
      if (s.format->pb && s.format->pb->error < 0 && s.format->pb->error != AVERROR_EOF)
        throw failure(ffmpegReason(s.format->pb->error));
      s.demuxerEnded = true;
      avcodec_send_packet(s.decoder, nullptr);  // drain the frames still inside
      continue;
    }
    if (read < 0) throw failure(ffmpegReason(read));
    noteDataEnd(s, *s.packet);
    if (s.firstPacketPos < 0) s.firstPacketPos = s.packet->pos;
    takeLoggedErrors();
    if (s.packet->stream_index == s.video->index) {
      if (s.packet->flags & AV_PKT_FLAG_CORRUPT) damaged(1, "a packet the demuxer found corrupt");
      const int sent = avcodec_send_packet(s.decoder, s.packet);
      av_packet_unref(s.packet);
      if (sent < 0 && sent != AVERROR(EAGAIN) && takeLoggedErrors() == 0) damaged(1, ffmpegReason(sent));
    } else if (s.audio && s.packet->stream_index == s.audio->index) {
      const std::int64_t when = s.packet->pts != AV_NOPTS_VALUE ? s.packet->pts : s.packet->dts;
      const double seconds = when == AV_NOPTS_VALUE ? 0.0
                                                    : static_cast<double>(when - av_rescale_q(s.startPts, s.video->time_base, s.audio->time_base)) *
                                                          av_q2d(s.audio->time_base);
      const bool inRange = (!s.range.from || seconds >= *s.range.from) && (!s.range.to || seconds < *s.range.to);
      if (inRange) {
        auto data = std::make_unique<AudioPacket::Data>();
        data->packet = av_packet_alloc();
        if (!data->packet) throw failure("out of memory");
        av_packet_move_ref(data->packet, s.packet);
        audio.emplace_back(std::move(data));
      } else {
        av_packet_unref(s.packet);
      }
    } else {
      av_packet_unref(s.packet);
    }
  }
}

int VideoReader::decoderThreads() const { return state_->decoder->thread_count; }
bool VideoReader::decodesOnGpu() const { return state_->hardwareDevice != nullptr && state_->hardwareFallback.empty(); }
const std::string& VideoReader::hardwareFallback() const { return state_->hardwareFallback; }

}  // namespace shadersort::video

#pragma once
// Video in and out through FFmpeg's libraries (libavformat, libavcodec, libswscale): frames are
// decoded one at a time into RGBA8 pictures and encoded one at a time, so a clip of any length
// takes a few frames of memory. The audio stream is copied through as packets, never decoded.
// A reader is used from one thread and a writer from one thread (they may be different threads).
//
// Output by extension:
//   .mp4   H.264 (libx264) where the build has it, else MPEG-4 part 2
//   .webm  VP9 (libvpx-vp9)
//   .mkv   FFV1 in RGB (bgr0): lossless, a decoded frame equals the picture written, byte for
//          byte (alpha is not kept)
//   .gif   GIF (FFmpeg's encoder), each frame on a palette of its own (median cut: exact for a
//          frame of at most 256 colours); each frame's time rounded to 1/100 s (GIF delays' unit),
//          the last frame held as long as the one before it; a GIF carries no audio, so the
//          input's is left out
// Quality: libx264 crf 18, preset veryfast (ultrafast with WriterOptions::fastest); VP9 crf 30
// at deadline good, cpu-used 4 (realtime, 8 with fastest); MPEG-4 part 2 constant quantizer 3.
// Pixels go to BT.601 limited-range 4:2:0, or 4:4:4 where the width or the height is odd (libx264
// and VP9 take it; MPEG-4 part 2 cannot, and an odd size is a UserError for it).
// Time: the output keeps the input's frame rate and its frames' timestamps, shifted so that the
// range's start (TimeRange::from, else the input's start) is the output's time 0. Timestamps stay
// in the input's time base where a frame period is a whole number of its ticks, else they go to
// the nearest tick of 1/rate (Matroska's milliseconds cannot hold 1/30 s exactly); a GIF input's
// stay in its 1/100 s, its frames' own delays kept.
// The file appears at its path, whole, only when finish() succeeds (temporary file, then rename,
// as every writer of the project; a terminating signal removes the temporary file).

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "data/image.h"
#include "data/yuv_picture.h"

namespace shadersort::video {

// The part of the input's timeline to read, in seconds from its start; unset: from the start /
// to the end.
struct TimeRange {
  std::optional<double> from{}, to{};
};

struct StreamInfo {
  int width = 0, height = 0;
  int rateNumerator = 0, rateDenominator = 1;  // the frame rate, kept in the output
  double durationSeconds = 0;                  // of the whole input; 0: unknown
  std::int64_t frameCount = 0;                 // the best estimate of the frames in the range (the container's
                                               // count, else duration x rate); 0: unknown
  std::string codec;                           // the decoder's name, e.g. "h264"
  bool hasAudio = false;
  std::string audioCodec;                      // e.g. "aac"; empty without audio
};

struct Frame {
  Image picture;           // RGBA8, width x height of the stream
  // Where the reader keeps 4:2:0 planes (VideoReader::keepYuv420) and the stream has them: the
  // decoder's planes, for the GPU to convert; `picture` is then not this frame's (its buffer is
  // kept for reuse).
  Yuv420Picture yuv;
  bool isYuv() const { return yuv.width > 0; }
  double seconds = 0;      // presentation time in the input's timeline
  std::int64_t index = 0;  // 0, 1, 2, ... within the range
  std::int64_t pts = 0;    // in the input stream's time base: for the writer, opaque to others
};

// One compressed audio packet on its way from a reader to a writer. Movable, opaque.
class AudioPacket {
 public:
  AudioPacket();
  ~AudioPacket();
  AudioPacket(AudioPacket&&) noexcept;
  AudioPacket& operator=(AudioPacket&&) noexcept;
  struct Data;
  explicit AudioPacket(std::unique_ptr<Data> data);
  Data* data() const { return data_.get(); }

 private:
  std::unique_ptr<Data> data_;
};

// Damage a reader met and read past (concealed or skipped frames), so far; all 0 for a clean file.
struct DamageReport {
  std::int64_t decodeErrors = 0;   // errors the demuxer or decoder reported (damaged data, skipped or concealed)
  std::int64_t framesMissing = 0;  // frames absent from the timeline (gaps between timestamps)
  bool cutShort = false;           // the file stops inside a packet (MPEG-TS, which declares no length)
  bool any() const { return decodeErrors > 0 || framesMissing > 0 || cutShort; }
};

struct ReaderOptions {
  // --strict: the first damage (see DamageReport) throws UserError instead of being read past.
  bool refuseDamage = false;
  // --threads: the decoder's and the colour conversion's threads; 0: defaultCodecThreads().
  int threads = 0;
  // --hw-decode: decode on the GPU (NVDEC, through FFmpeg's CUDA device) where FFmpeg and the
  // machine offer it for the stream's codec; else on the CPU, saying why (hardwareFallback()).
  bool hardwareDecode = false;
};

class VideoReader {
 public:
  // Opens `path` and its best video stream (and its first audio stream). `path` is read as that
  // one regular file (never a URL, a FIFO or a device) by the demuxers of the formats the project
  // takes, so a playlist or a concat list inside it cannot make FFmpeg read other files. Throws
  // UserError in one line naming the file and FFmpeg's reason when it cannot be opened, is not a
  // regular file, has no video stream, or its decoder is missing; UsageError for a range outside
  // the clip or with from >= to.
  explicit VideoReader(const std::string& path, const TimeRange& range = {}, const ReaderOptions& options = {});
  ~VideoReader();
  VideoReader(const VideoReader&) = delete;
  VideoReader& operator=(const VideoReader&) = delete;

  const StreamInfo& info() const;
  // The threads the decoder runs (its count once opened: FFmpeg's choice when given 0).
  int decoderThreads() const;
  // Whether frames are decoded on the GPU (ReaderOptions::hardwareDecode, and it was there).
  bool decodesOnGpu() const;
  // Why a reader asked to decode on the GPU decodes on the CPU; empty otherwise.
  const std::string& hardwareFallback() const;
  const std::string& path() const;
  // Decodes the next frame of the range into `frame` (reusing its buffers); false at the end.
  // The audio packets of the range met on the way are appended to `audio`. Throws UserError
  // naming the file, the frame and FFmpeg's reason for damaged or cut-short data.
  // Damaged data is read past (counted in damage()) unless ReaderOptions::refuseDamage.
  bool next(Frame& frame, std::vector<AudioPacket>& audio);
  const DamageReport& damage() const;
  // From now on, frames of an 8-bit YUV 4:2:0 stream (BT.601 or BT.709) come as their planes
  // (Frame::yuv) instead of converted to RGBA: a copy instead of a colour conversion on this
  // thread, and 1.5 bytes a pixel to upload instead of 4. Other streams still come as RGBA.
  void keepYuv420(bool keep);

  struct State;
  const State& state() const { return *state_; }  // for VideoWriter: stream parameters, time bases

 private:
  std::unique_ptr<State> state_;
};

struct WriterOptions {
  std::string encoder{};  // an FFmpeg encoder name (e.g. h264_nvenc); empty: the extension's default
  bool fastest = false; // the encoder's fastest settings (libx264 ultrafast, VP9 realtime speed 8)
  bool copyAudio = true;
  int threads = 0;  // --threads: the encoder's and the colour conversion's threads; 0: defaultCodecThreads()
};

// Throws UsageError (exit 2) unless `path` ends in .mp4, .webm, .mkv or .gif; UserError when it
// cannot be written (core/atomic_file.h). Call before any work.
void requireVideoOutput(const std::string& path);

// "shadersort: warning: 'IN' is damaged: 3 decode errors, 2 frames missing (--strict refuses
// it)", for a reader that read past damage; empty when it met none.
std::string damageWarning(const VideoReader& reader);

// True for names FFmpeg would read as a video or an animation (by extension: .mp4 .mkv .webm
// .mov .avi .gif ...), for commands that take either a picture or a clip.
bool looksLikeVideo(const std::string& path);

// The frames of a video made by the caller (no reader): their size and rate. Frame::pts then
// counts frames (1 / rate).
struct OutputFormat {
  int width = 0, height = 0;
  int rateNumerator = 25, rateDenominator = 1;
};

class VideoWriter {
 public:
  // Starts `path` for frames of `source`'s size and rate, with its audio stream copied unchanged
  // when options.copyAudio (UserError, before any frame, when the container cannot carry that
  // audio codec: .webm takes Opus and Vorbis only, .mp4 no PCM; a .gif leaves audio out). Throws
  // UsageError for an unknown extension or encoder, an encoder whose codec the container cannot
  // carry, or any encoder named for a .gif. `source` must outlive the writer: audio
  // packets and frames are timed by its streams.
  VideoWriter(const std::string& path, const VideoReader& source, const WriterOptions& options = {});
  // Starts `path` for frames the caller makes (a generated clip): no audio.
  VideoWriter(const std::string& path, const OutputFormat& format, const WriterOptions& options = {});
  ~VideoWriter();  // without a successful finish(): removes the temporary file
  VideoWriter(const VideoWriter&) = delete;
  VideoWriter& operator=(const VideoWriter&) = delete;

  // "H.264 (libx264)", "FFV1, lossless RGB", ...: for the run's summary line.
  const std::string& description() const;
  // What became of the source's audio, for the same line: "aac audio copied", "audio left out:
  // GIF holds none"; empty without audio or with copyAudio off.
  const std::string& audioNote() const;
  // The threads the encoder runs (its count once opened: FFmpeg's choice when given 0).
  int encoderThreads() const;
  // Encodes `picture` (the source's size) at `frame`'s time. Throws UserError on a failed write.
  void write(const Image& picture, const Frame& frame);
  // Whether the encoder takes 8-bit YUV 4:2:0 as it is (libx264, libvpx...): then the caller may
  // give it planes in BT.601 limited range, the writer's own colours, and no conversion runs here.
  bool takesYuv420() const;
  // Encodes `planes` (the source's size, BT.601 limited range) at `frame`'s time, copied into the
  // encoder's frame as they are. Only where takesYuv420(); throws UserError on a failed write.
  void write(const Yuv420Picture& planes, const Frame& frame);
  // Muxes an audio packet of the source (dropped when the output has no audio). Audio and video
  // writes may interleave in any order the reader gave them; the muxer orders them by time.
  void write(AudioPacket packet);
  // Flushes the encoder, writes the trailer and renames the file into place. Throws UserError.
  void finish();

  struct State;

 private:
  static void sendPicture(State& s, const Frame& frame);  // times and encodes the frame it holds
  std::unique_ptr<State> state_;
};

}  // namespace shadersort::video

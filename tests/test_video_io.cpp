// app/video/video_io.h: reading and writing clips through FFmpeg, checked against clips made and
// decoded with FFmpeg's libraries directly (video_clips.h).
#include <gtest/gtest.h>

extern "C" {
#include <libavformat/avformat.h>
}

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>

#include "cli_support.h"
#include "process_support.h"
#include "core/error.h"
#include "video/video_io.h"
#include "video_clips.h"

namespace shadersort::testing {
namespace {

using video::AudioPacket;
using video::Frame;
using video::TimeRange;
using video::VideoReader;
using video::VideoWriter;
using video::WriterOptions;

struct ReadClip {
  std::vector<Frame> frames;
  std::size_t audioPackets = 0;
};

ReadClip readAll(VideoReader& reader) {
  ReadClip clip;
  Frame frame;
  std::vector<AudioPacket> audio;
  while (reader.next(frame, audio)) clip.frames.push_back(frame);
  clip.audioPackets = audio.size();
  return clip;
}

// Copies `input` to `output` frame by frame, audio included: what `run --video` does, less the sort.
void copyClip(const std::string& input, const std::string& output, const WriterOptions& options = {}) {
  VideoReader reader(input);
  VideoWriter writer(output, reader, options);
  Frame frame;
  std::vector<AudioPacket> audio;
  while (reader.next(frame, audio)) {
    for (AudioPacket& packet : audio) writer.write(std::move(packet));
    audio.clear();
    writer.write(frame.picture, frame);
  }
  for (AudioPacket& packet : audio) writer.write(std::move(packet));
  writer.finish();
}

// Where a file's audio starts, alone and against its video, in seconds, as libavformat reads it
// back: the streams' start_time, which counts a start skip in (MP4's edit list leaving out the
// AAC encoder's priming), so it is when the first sample played plays. NaN where unknown.
struct AudioStart {
  double audio = NAN, againstVideo = NAN;
};
AudioStart audioStartOf(const std::string& path) {
  AudioStart start;
  AVFormatContext* format = nullptr;
  if (avformat_open_input(&format, path.c_str(), nullptr, nullptr) < 0) {
    ADD_FAILURE() << "cannot open " << path;
    return start;
  }
  avformat_find_stream_info(format, nullptr);
  const auto seconds = [&](AVMediaType type) {
    const int index = av_find_best_stream(format, type, -1, -1, nullptr, 0);
    if (index < 0 || format->streams[index]->start_time == AV_NOPTS_VALUE) return static_cast<double>(NAN);
    return static_cast<double>(format->streams[index]->start_time) * av_q2d(format->streams[index]->time_base);
  };
  start.audio = seconds(AVMEDIA_TYPE_AUDIO);
  start.againstVideo = start.audio - seconds(AVMEDIA_TYPE_VIDEO);
  avformat_close_input(&format);
  return start;
}

// The UserError's text when `action` throws one (else a failure), for checking its one line.
template <typename Action>
std::string userErrorOf(Action action) {
  try {
    action();
  } catch (const UserError& error) {
    return error.what();
  }
  ADD_FAILURE() << "no UserError";
  return {};
}

TEST(VideoIo, Ffv1MkvRoundTripIsExactAtAnOddSize) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 37, .height = 29, .frames = 5, .codec = "ffv1"};
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), spec));
  VideoReader reader(folder.path("in.mkv"));
  EXPECT_EQ(reader.info().width, 37);
  EXPECT_EQ(reader.info().height, 29);
  EXPECT_EQ(reader.info().codec, "ffv1");
  EXPECT_FALSE(reader.info().hasAudio);
  const ReadClip clip = readAll(reader);
  ASSERT_EQ(clip.frames.size(), 5u);
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(clip.frames[i].index, i);
    EXPECT_NEAR(clip.frames[i].seconds, i / 25.0, 1e-3);
    EXPECT_EQ(clip.frames[i].picture.rgba, testClipFrame(spec, i).rgba) << "frame " << i;
  }
}

TEST(VideoIo, ReaderOnH264Mp4WithAudio) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 32, .height = 24, .frames = 10, .rateNum = 30, .codec = "libx264", .withAudio = true, .audioCodec = "aac"};
  ASSERT_TRUE(writeTestClip(folder.path("in.mp4"), spec));
  VideoReader reader(folder.path("in.mp4"));
  const video::StreamInfo& info = reader.info();
  EXPECT_EQ(info.codec, "h264");
  EXPECT_EQ(info.rateNumerator, 30);
  EXPECT_EQ(info.rateDenominator, 1);
  EXPECT_EQ(info.frameCount, 10);
  EXPECT_TRUE(info.hasAudio);
  EXPECT_EQ(info.audioCodec, "aac");
  const ReadClip clip = readAll(reader);
  EXPECT_EQ(clip.frames.size(), 10u);
  EXPECT_GT(clip.audioPackets, 0u);
}

TEST(VideoIo, MkvWriterKeepsFramesExactlyAndCopiesTheAudio) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 21, .height = 17, .frames = 8, .rateNum = 24000, .rateDen = 1001, .codec = "ffv1", .withAudio = true};
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), spec));
  copyClip(folder.path("in.mkv"), folder.path("out.mkv"));
  const std::vector<Image> frames = decodeAllFrames(folder.path("out.mkv"));
  ASSERT_EQ(frames.size(), 8u);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(frames[i].rgba, testClipFrame(spec, i).rgba) << "frame " << i;
  const ClipProbe in = probeClip(folder.path("in.mkv")), out = probeClip(folder.path("out.mkv"));
  EXPECT_EQ(out.frames, 8);
  EXPECT_EQ(out.rateNum, 24000);
  EXPECT_EQ(out.rateDen, 1001);
  ASSERT_TRUE(out.hasAudio);
  EXPECT_EQ(out.audioCodec, "pcm_s16le");
  EXPECT_NEAR(out.audioSeconds, in.audioSeconds, in.audioPacketSeconds + 1e-3);
  EXPECT_GT(out.audioSeconds, 0.3);
}

TEST(VideoIo, Mp4WriterStaysCloseToTheSource) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 48, .height = 32, .frames = 6, .codec = "ffv1", .withAudio = true, .audioCodec = "aac"};
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), spec));
  copyClip(folder.path("in.mkv"), folder.path("out.mp4"));
  const ClipProbe out = probeClip(folder.path("out.mp4"));
  EXPECT_EQ(out.videoCodec, "h264");
  EXPECT_EQ(out.frames, 6);
  EXPECT_EQ(out.rateNum, 25);
  EXPECT_TRUE(out.hasAudio);
  const std::vector<Image> frames = decodeAllFrames(folder.path("out.mp4"));
  ASSERT_EQ(frames.size(), 6u);
  // libx264 at crf 18 (veryfast) measured 30.1 to 32.7 dB on these frames: their per-pixel noise
  // is what crf 18 gives up first. A fault (wrong matrix, range or frame order) gives under 20.
  for (int i = 0; i < 6; ++i) EXPECT_GE(psnr(testClipFrame(spec, i), frames[i]), 28.0) << "frame " << i;
}

TEST(VideoIo, WebmWriterMakesAReadableVp9Clip) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 33, .height = 20, .frames = 4, .codec = "ffv1"};
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), spec));
  copyClip(folder.path("in.mkv"), folder.path("out.webm"), {.fastest = true});
  VideoReader reader(folder.path("out.webm"));
  EXPECT_EQ(reader.info().codec, "vp9");
  EXPECT_EQ(reader.info().width, 33);
  EXPECT_EQ(reader.info().height, 20);
  const ReadClip clip = readAll(reader);
  ASSERT_EQ(clip.frames.size(), 4u);
  EXPECT_GE(psnr(testClipFrame(spec, 0), clip.frames[0].picture), 25.0);
}

TEST(VideoIo, GifWriterKeepsEveryFrame) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 20, .height = 12, .frames = 5, .rateNum = 10, .codec = "ffv1", .withAudio = true};
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), spec));
  copyClip(folder.path("in.mkv"), folder.path("out.gif"));
  VideoReader reader(folder.path("out.gif"));
  EXPECT_FALSE(reader.info().hasAudio);
  EXPECT_EQ(readAll(reader).frames.size(), 5u);
}

TEST(VideoIo, AnimatedGifInputReadsEveryFrame) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 19, .height = 11, .frames = 6, .rateNum = 10, .codec = "gif"};
  ASSERT_TRUE(writeTestClip(folder.path("in.gif"), spec));
  VideoReader reader(folder.path("in.gif"));
  EXPECT_EQ(reader.info().codec, "gif");
  const ReadClip clip = readAll(reader);
  ASSERT_EQ(clip.frames.size(), 6u);
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(clip.frames[i].picture.rgba, testClipFrame(spec, i).rgba) << "frame " << i;
    EXPECT_NEAR(clip.frames[i].seconds, i / 10.0, 0.011);
  }
  VideoReader fromTheThird(folder.path("in.gif"), TimeRange{.from = 0.2});
  const ReadClip tail = readAll(fromTheThird);
  ASSERT_EQ(tail.frames.size(), 4u);
  EXPECT_EQ(tail.frames[0].picture.rgba, testClipFrame(spec, 2).rgba);
}

TEST(VideoIo, TimeRangeSelectsTheFramesBetweenFromAndTo) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 16, .height = 16, .frames = 20, .rateNum = 10, .codec = "ffv1"};
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), spec));
  VideoReader reader(folder.path("in.mkv"), TimeRange{.from = 0.5, .to = 1.2});
  EXPECT_EQ(reader.info().frameCount, 7);
  const ReadClip clip = readAll(reader);
  ASSERT_EQ(clip.frames.size(), 7u);  // frames 5 to 11
  for (int i = 0; i < 7; ++i) {
    EXPECT_EQ(clip.frames[i].index, i);
    EXPECT_NEAR(clip.frames[i].seconds, (5 + i) / 10.0, 1e-3);
    EXPECT_EQ(clip.frames[i].picture.rgba, testClipFrame(spec, 5 + i).rgba) << "frame " << 5 + i;
  }
  // The same from H.264 with a keyframe every 4 frames: the seek lands before 0.5 s and the
  // frames up to it are decoded and dropped.
  const ClipSpec h264{.width = 16, .height = 16, .frames = 20, .rateNum = 10, .codec = "libx264"};
  ASSERT_TRUE(writeTestClip(folder.path("in.mp4"), h264));
  VideoReader h264Reader(folder.path("in.mp4"), TimeRange{.from = 0.5, .to = 1.2});
  const ReadClip h264Clip = readAll(h264Reader);
  ASSERT_EQ(h264Clip.frames.size(), 7u);
  for (int i = 0; i < 7; ++i) {
    EXPECT_NEAR(h264Clip.frames[i].seconds, (5 + i) / 10.0, 1e-3);
    EXPECT_GE(psnr(testClipFrame(h264, 5 + i), h264Clip.frames[i].picture), 25.0) << "frame " << 5 + i;
  }
  EXPECT_THROW(VideoReader(folder.path("in.mkv"), TimeRange{.from = 1.0, .to = 0.5}), UsageError);
  EXPECT_THROW(VideoReader(folder.path("in.mkv"), TimeRange{.from = 5.0}), UsageError);
}

TEST(VideoIo, RangeOutputStartsAtZero) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 16, .height = 16, .frames = 20, .rateNum = 10, .codec = "ffv1", .withAudio = true};
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), spec));
  {
    VideoReader reader(folder.path("in.mkv"), TimeRange{.from = 1.0});
    VideoWriter writer(folder.path("out.mkv"), reader);
    Frame frame;
    std::vector<AudioPacket> audio;
    while (reader.next(frame, audio)) writer.write(frame.picture, frame);
    for (AudioPacket& packet : audio) writer.write(std::move(packet));
    writer.finish();
  }
  VideoReader reader(folder.path("out.mkv"));
  const ReadClip clip = readAll(reader);
  ASSERT_EQ(clip.frames.size(), 10u);
  EXPECT_NEAR(clip.frames[0].seconds, 0.0, 1e-3);
  EXPECT_EQ(clip.frames[0].picture.rgba, testClipFrame(spec, 10).rgba);
  EXPECT_NEAR(probeClip(folder.path("out.mkv")).audioSeconds, 1.0, 0.05);
}

TEST(VideoIo, CorruptFileIsOneLineError) {
  ScratchFolder folder;
  std::vector<std::uint8_t> noise(20000);
  std::mt19937 random(5);
  for (auto& byte : noise) byte = static_cast<std::uint8_t>(random());
  writeBytes(folder.path("noise.mp4"), noise);
  const std::string message = userErrorOf([&] { VideoReader reader(folder.path("noise.mp4")); readAll(reader); });
  EXPECT_NE(message.find("noise.mp4"), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

TEST(VideoIo, TruncatedFilesAreOneLineErrors) {
  ScratchFolder folder;
  for (const std::string name : {"whole.mkv", "whole.mp4"}) {
    const ClipSpec spec{.width = 32, .height = 32, .frames = 12, .codec = name.ends_with(".mkv") ? "ffv1" : "libx264"};
    ASSERT_TRUE(writeTestClip(folder.path(name), spec));
    std::string bytes = readText(folder.path(name));
    const std::string cut = "cut-" + name;
    writeBytes(folder.path(cut), std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(bytes.size() / 2)));
    const std::string message = userErrorOf([&] { VideoReader reader(folder.path(cut)); readAll(reader); });
    EXPECT_NE(message.find(cut), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

// How a read of a damaged file ended: "refused" with a one-line UserError naming the file, or
// "warned" (read to its end with the damage counted); anything else is a failure.
std::string readDamaged(const std::string& path, const std::string& name, bool strict) {
  try {
    VideoReader reader(path, {}, {.refuseDamage = strict});
    readAll(reader);
    if (!reader.damage().any()) return "read as if whole";
    const std::string warning = video::damageWarning(reader);
    EXPECT_NE(warning.find(name), std::string::npos) << warning;
    EXPECT_EQ(warning.find('\n'), std::string::npos) << warning;
    return "warned";
  } catch (const UserError& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find(name), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    if (strict) {
      EXPECT_NE(message.find("--strict"), std::string::npos) << message;
    }
    return "refused";
  }
}

TEST(VideoIo, DamagedFramesAreReadOrRefusedInOneLine) {
  ScratchFolder folder;
  for (const std::string name : {"whole.mkv", "whole.mp4"}) {
    SCOPED_TRACE(name);
    const ClipSpec spec{.width = 32, .height = 32, .frames = 12, .codec = name.ends_with(".mkv") ? "ffv1" : "libx264"};
    ASSERT_TRUE(writeTestClip(folder.path(name), spec));
    {
      VideoReader whole(folder.path(name));
      EXPECT_EQ(readAll(whole).frames.size(), 12u);
      EXPECT_FALSE(whole.damage().any()) << video::damageWarning(whole);
    }
    std::string bytes = readText(folder.path(name));
    std::mt19937 random(9);
    for (std::size_t i = bytes.size() * 2 / 5; i < bytes.size() * 3 / 5; ++i) bytes[i] = static_cast<char>(random());
    const std::string damaged = "damaged-" + name;
    writeBytes(folder.path(damaged), std::vector<std::uint8_t>(bytes.begin(), bytes.end()));
    // H.264's decoder hides damage and FFV1's may: read past, it is counted for a warning; or
    // refused. Never read as if whole; under --strict always refused.
    const std::string outcome = readDamaged(folder.path(damaged), damaged, false);
    EXPECT_TRUE(outcome == "warned" || outcome == "refused") << outcome;
    EXPECT_EQ(readDamaged(folder.path(damaged), damaged, true), "refused");
  }
}

// MPEG-TS declares neither its length nor its frame count, and an intra-coded stream cut short
// may decode without an error: the cut shows as a file that stops inside a transport packet.
TEST(VideoIo, ATransportStreamCutShortIsWarnedOfAndRefusedUnderStrict) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 48, .height = 32, .frames = 40, .codec = "mpeg4"};
  ASSERT_TRUE(writeTestClip(folder.path("whole.ts"), spec));
  {
    VideoReader whole(folder.path("whole.ts"), {}, {.refuseDamage = true});
    EXPECT_EQ(readAll(whole).frames.size(), 40u);
    EXPECT_FALSE(whole.damage().any()) << video::damageWarning(whole);
  }
  const std::string bytes = readText(folder.path("whole.ts"));
  ASSERT_EQ(bytes.size() % 188, 0u) << "a whole transport stream is whole packets";
  for (const int percent : {30, 60, 90}) {
    SCOPED_TRACE(percent);
    std::size_t size = bytes.size() * static_cast<std::size_t>(percent) / 100;
    if (size % 188 == 0) size += 94;  // a cut inside a packet, as nearly all are
    const std::string cut = "cut" + std::to_string(percent) + ".ts";
    writeBytes(folder.path(cut), std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(size)));
    ASSERT_EQ(readDamaged(folder.path(cut), cut, false), "warned");
    VideoReader reader(folder.path(cut));
    readAll(reader);
    EXPECT_NE(video::damageWarning(reader).find("cut short"), std::string::npos) << video::damageWarning(reader);
    EXPECT_EQ(readDamaged(folder.path(cut), cut, true), "refused");
  }
}

// An MP4 whose edit list leaves out its last frame (its packets written with no duration, as
// some muxers do) is whole: read as the frames the edit list shows. It was refused as "the file
// ends early (9 of 10 frames)".
TEST(VideoIo, AnMp4WhoseEditListLeavesOutAFrameIsReadWithoutError) {
  ScratchFolder folder;
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), {.width = 32, .height = 32, .frames = 10, .codec = "mpeg4"}));
  AVFormatContext* in = nullptr;
  ASSERT_GE(avformat_open_input(&in, folder.path("in.mkv").c_str(), nullptr, nullptr), 0);
  ASSERT_GE(avformat_find_stream_info(in, nullptr), 0);
  AVFormatContext* out = nullptr;
  const std::string trimmed = folder.path("trimmed.mp4");
  ASSERT_GE(avformat_alloc_output_context2(&out, nullptr, nullptr, trimmed.c_str()), 0);
  AVStream* stream = avformat_new_stream(out, nullptr);
  avcodec_parameters_copy(stream->codecpar, in->streams[0]->codecpar);
  stream->codecpar->codec_tag = 0;
  stream->time_base = in->streams[0]->time_base;
  ASSERT_GE(avio_open(&out->pb, trimmed.c_str(), AVIO_FLAG_WRITE), 0);
  ASSERT_GE(avformat_write_header(out, nullptr), 0);
  AVPacket* packet = av_packet_alloc();
  while (av_read_frame(in, packet) >= 0) {
    av_packet_rescale_ts(packet, in->streams[0]->time_base, stream->time_base);
    packet->duration = 0;
    packet->stream_index = 0;
    av_interleaved_write_frame(out, packet);
  }
  av_write_trailer(out);
  avio_closep(&out->pb);
  avformat_free_context(out);
  avformat_close_input(&in);
  av_packet_free(&packet);
  // The edit list's work: FFmpeg gives nine frames of the ten stored.
  ASSERT_EQ(decodeAllFrames(trimmed).size(), 9u);
  VideoReader reader(trimmed, {}, {.refuseDamage = true});
  EXPECT_EQ(readAll(reader).frames.size(), 9u);
  EXPECT_FALSE(reader.damage().any()) << video::damageWarning(reader);
}

TEST(VideoIo, NoVideoStreamAndMissingFileAreOneLineErrors) {
  ScratchFolder folder;
  const std::string missing = userErrorOf([&] { VideoReader reader(folder.path("missing.mp4")); });
  EXPECT_NE(missing.find("cannot open video '" + folder.path("missing.mp4") + "': No such file"), std::string::npos) << missing;
  ASSERT_TRUE(writeTestClip(folder.path("sound.mkv"), {.codec = "", .withAudio = true}));
  const std::string soundOnly = userErrorOf([&] { VideoReader reader(folder.path("sound.mkv")); });
  EXPECT_EQ(soundOnly, "'" + folder.path("sound.mkv") + "' has no video stream");
}

TEST(VideoIo, UnsupportedOutputExtensionIsAUsageError) {
  ScratchFolder folder;
  EXPECT_THROW(video::requireVideoOutput(folder.path("out.avi")), UsageError);
  EXPECT_THROW(video::requireVideoOutput(folder.path("out")), UsageError);
  EXPECT_NO_THROW(video::requireVideoOutput(folder.path("out.MP4")));
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), {.frames = 2}));
  VideoReader reader(folder.path("in.mkv"));
  EXPECT_THROW(VideoWriter(folder.path("out.png"), reader), UsageError);
  EXPECT_THROW(VideoWriter(folder.path("out.mp4"), reader, {.encoder = "no-such-encoder"}), UsageError);
  EXPECT_THROW(VideoWriter(folder.path("out.gif"), reader, {.encoder = "libx264"}), UsageError);
  EXPECT_THROW(VideoWriter(folder.path("out.webm"), reader, {.encoder = "libx264"}), UsageError);
  EXPECT_THROW(VideoWriter(folder.path("out.mkv"), reader, {.encoder = "aac"}), UsageError);  // not a video encoder
  EXPECT_EQ(folder.entries(), std::vector<std::string>{"in.mkv"});
  EXPECT_TRUE(video::looksLikeVideo("a/b.MOV"));
  EXPECT_TRUE(video::looksLikeVideo("clip.gif"));
  EXPECT_FALSE(video::looksLikeVideo("picture.png"));
  EXPECT_FALSE(video::looksLikeVideo("mp4"));
}

TEST(VideoIo, WriterWithoutFinishLeavesNothing) {
  ScratchFolder folder;
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), {.frames = 3}));
  for (const std::string name : {"out.mkv", "out.mp4", "out.gif"}) {
    VideoReader reader(folder.path("in.mkv"));
    VideoWriter writer(folder.path(name), reader);
    Frame frame;
    std::vector<AudioPacket> audio;
    ASSERT_TRUE(reader.next(frame, audio));
    writer.write(frame.picture, frame);
  }
  EXPECT_EQ(folder.entries(), std::vector<std::string>{"in.mkv"});
}

TEST(VideoIo, WebmRefusesAacAudioBeforeAnyFrame) {
  ScratchFolder folder;
  ASSERT_TRUE(writeTestClip(folder.path("in.mp4"), {.codec = "libx264", .withAudio = true, .audioCodec = "aac"}));
  VideoReader reader(folder.path("in.mp4"));
  const std::string message = userErrorOf([&] { VideoWriter writer(folder.path("out.webm"), reader); });
  EXPECT_NE(message.find("cannot carry the input's aac audio unchanged; use .mkv or .mp4, or --no-audio"), std::string::npos)
      << message;
  EXPECT_EQ(folder.entries(), std::vector<std::string>{"in.mp4"});
  VideoWriter silent(folder.path("out.webm"), reader, {.fastest = true, .copyAudio = false});  // without audio it goes
}

TEST(VideoIo, Mp4RefusesPcmAudioAndNamesTheContainerThatTakesIt) {
  ScratchFolder folder;
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), {.frames = 2, .withAudio = true}));
  VideoReader reader(folder.path("in.mkv"));
  const std::string message = userErrorOf([&] { VideoWriter writer(folder.path("out.mp4"), reader); });
  EXPECT_NE(message.find("cannot carry the input's pcm_s16le audio unchanged; use .mkv, or --no-audio"), std::string::npos)
      << message;
}

TEST(VideoIo, CopiedAacStartsAgainstTheVideoAsInTheInput) {
  // libavcodec's AAC encoder puts 1024 samples of priming first (21.3 ms at 48 kHz); the MP4 input
  // leaves them out with an edit list, so its audio plays from the first frame's time. The copies
  // must play their first sample there too: an .mkv that kept the priming started its audio 21 ms
  // before the video.
  ScratchFolder folder;
  const ClipSpec spec{.width = 32, .height = 24, .frames = 10, .codec = "libx264", .withAudio = true, .audioCodec = "aac"};
  ASSERT_TRUE(writeTestClip(folder.path("in.mp4"), spec));
  const AudioStart in = audioStartOf(folder.path("in.mp4"));
  ASSERT_FALSE(std::isnan(in.againstVideo));
  for (const std::string name : {"out.mkv", "out.mp4"}) {
    copyClip(folder.path("in.mp4"), folder.path(name));
    const AudioStart out = audioStartOf(folder.path(name));
    EXPECT_NEAR(out.againstVideo, in.againstVideo, 1e-3) << name;
    EXPECT_NEAR(out.audio, in.audio, 1e-3) << name;
  }
  // An .mkv input says nothing of the priming: all of it plays, 21 ms before the video, and so it
  // does in the copy (no packet is left out without a skip asking for it).
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), spec));
  const AudioStart mkvIn = audioStartOf(folder.path("in.mkv"));
  copyClip(folder.path("in.mkv"), folder.path("copy.mkv"));
  EXPECT_NEAR(audioStartOf(folder.path("copy.mkv")).againstVideo, mkvIn.againstVideo, 1e-3);
}

TEST(VideoIo, Mpeg4WritesAnEvenSizeAndRefusesAnOddOne) {
  ScratchFolder folder;
  ASSERT_TRUE(writeTestClip(folder.path("odd.mkv"), {.width = 15, .height = 10, .frames = 2}));
  VideoReader odd(folder.path("odd.mkv"));
  const std::string message = userErrorOf([&] { VideoWriter writer(folder.path("out.mp4"), odd, {.encoder = "mpeg4"}); });
  EXPECT_NE(message.find("even width and height"), std::string::npos) << message;

  const ClipSpec spec{.width = 16, .height = 10, .frames = 3, .rateNum = 30};
  ASSERT_TRUE(writeTestClip(folder.path("even.mkv"), spec));
  {
    VideoReader reader(folder.path("even.mkv"));
    VideoWriter writer(folder.path("out.mp4"), reader, {.encoder = "mpeg4"});
    EXPECT_EQ(writer.description(), "MPEG-4 part 2 (mpeg4)");
    Frame frame;
    std::vector<AudioPacket> audio;
    while (reader.next(frame, audio)) writer.write(frame.picture, frame);
    writer.finish();
  }
  const ClipProbe out = probeClip(folder.path("out.mp4"));
  EXPECT_EQ(out.videoCodec, "mpeg4");
  EXPECT_EQ(out.frames, 3);
  EXPECT_EQ(out.rateNum, 30);
}

// A file that is a playlist (HLS) naming another local file, and FFmpeg's URL forms that read
// other files: each path is read as the one file of that name, so they are refused (a playlist is
// no video format we take; there is no file named "concat:...") and the other file is never read.
// Found by fuzz_video_demux: a 956-byte WebM whose VP9 frames declare 4096x61456 (its track says
// 16x16) made FFmpeg's probe decode at that size, 250 MB a picture, before any memory check of
// ours: 456 MB at the peak under --max-memory 64M. Now no decoder makes a picture larger than the
// budget allows; the frames it refuses are counted as damage.
TEST(VideoIo, AClipWhoseFramesDeclareAHugePictureStaysWithinTheBudget) {
  ScratchFolder folder;
  const std::string clip = std::string(SHADERSORT_SOURCE_DIR) + "/tests/data/declares-4096x61456.webm";
  const ProcessResult result =
      runShadersortArgs({"run", "--video", clip, "--out", folder.path("out.mkv"), "--max-memory", "64M"});
  EXPECT_LT(result.peakResidentBytes, 250ull << 20) << "exit " << result.exitCode << ": " << result.err;
  EXPECT_NE(result.err.find("is damaged"), std::string::npos) << result.err;
}

TEST(VideoIo, APathIsReadAsThatFileAndNothingElse) {
  ScratchFolder folder;
  const std::string privateClip = folder.path("private.mkv");
  ASSERT_TRUE(writeTestClip(privateClip, {.width = 16, .height = 16, .frames = 3}));
  {
    std::ofstream playlist(folder.path("evil.mp4"));
    // As long as the clip (3 frames at 25 frames/s), so that it would read as whole.
    playlist << "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:0.12,\n" << privateClip << "\n#EXT-X-ENDLIST\n";
  }
  const std::string playlist = userErrorOf([&] { VideoReader reader(folder.path("evil.mp4")); readAll(reader); });
  EXPECT_NE(playlist.find("evil.mp4"), std::string::npos) << playlist;
  EXPECT_EQ(playlist.find("private.mkv"), std::string::npos) << playlist;
  for (const std::string& url : {"concat:" + privateClip + "|" + privateClip, "subfile,,start,0,end,0,,:" + privateClip}) {
    SCOPED_TRACE(url);
    const std::string message = userErrorOf([&] { VideoReader reader(url); readAll(reader); });
    EXPECT_NE(message.find("No such file"), std::string::npos) << message;
  }
}

// A relative name with ':' and '|' is a file name, not a protocol or a concat list.
TEST(VideoIo, NamesWithColonsAndBarsOpenAsFiles) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 16, .height = 16, .frames = 3};
  ASSERT_TRUE(writeTestClip(folder.path("plain.mkv"), spec));
  std::filesystem::copy_file(folder.path("plain.mkv"), folder.path("a:b|c.mkv"));
  const std::filesystem::path before = std::filesystem::current_path();
  std::filesystem::current_path(folder.root());
  std::size_t frames = 0;
  std::string error;
  try {
    VideoReader reader("a:b|c.mkv");
    frames = readAll(reader).frames.size();
  } catch (const UserError& refused) {
    error = refused.what();
  }
  std::filesystem::current_path(before);
  EXPECT_EQ(error, "");
  EXPECT_EQ(frames, 3u);
}

// A device may never end (a FIFO would block the open: tests/test_video_run.cpp runs that in a
// child it can time out): anything but a regular file is refused in one line before FFmpeg opens it.
TEST(VideoIo, OnlyRegularFilesAreRead) {
  ScratchFolder folder;
  for (const std::string& path : {std::string("/dev/null"), folder.root().string()}) {
    SCOPED_TRACE(path);
    const std::string message = userErrorOf([&] { VideoReader reader(path); });
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    EXPECT_TRUE(message.find("not a regular file") != std::string::npos || message.find("a directory") != std::string::npos)
        << message;
  }
}

}  // namespace
}  // namespace shadersort::testing

// `shadersort run --video IN --out OUT`: a clip (or an animated GIF) pixel-sorted frame by frame
// through the art pipeline. Three threads overlap the work: one decodes, this one (which holds
// the GL context) sorts, one encodes. The bounded queues between them keep memory at a few
// frames whatever the clip's length, and the output appears only once the whole clip is written.

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <deque>
#include <exception>
#include <iostream>
#include <optional>
#include <thread>
#include <utility>

#include "art/animation.h"
#include "art/art_pipeline.h"
#include "cli/commands.h"
#include "cli/gpu_session.h"
#include "core/bounded_queue.h"
#include "core/error.h"
#include "core/memory_budget.h"
#include "core/progress_bar.h"
#include "core/test_pause.h"
#include "core/quoting.h"
#include "gl/handles.h"
#include "gl/limits.h"
#include "sort/registry.h"
#include "video/codec_threads.h"
#include "video/video_io.h"

namespace shadersort::cli {
namespace {

// Frames waiting in each queue: enough to keep every thread busy through a slow frame, few enough
// that a 4K clip holds a few hundred MB at most.
constexpr std::size_t kQueuedFrames = 3;

using Clock = std::chrono::steady_clock;
double secondsSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// A frame on its way (its picture replaced by the sorted one after the GPU), with the audio
// packets read before it; the last item may carry audio only.
struct Item {
  video::Frame frame;
  bool hasFrame = true;
  bool sortedAsPlanes = false;  // the sorted picture came back in frame.yuv, not frame.picture
  std::vector<video::AudioPacket> audio;
};

// Where the time went, for --stats: each thread adds to its own figures; read after the joins.
struct VideoTimes {
  double decode = 0, encode = 0;         // busy seconds of the decoding and encoding threads
  double upload = 0, gpu = 0, readBack = 0, wall = 0;
  // The sorting thread's own time: issuing each frame's pipeline (CPU), and waiting for a decoded
  // frame or for room in the encoder's queue. Where the GPU pipeline's time (GPU clock) is much
  // above the issuing, the GPU was busy; where they are close, the GPU waited for the CPU.
  double issue = 0, waitForDecoder = 0, waitForEncoder = 0;
  std::string gpuClock;
  std::uint64_t frames = 0;
};

// Each frame's GPU pipeline time without waiting for the GPU: a timestamp before and after it per
// read-back slot, read once that slot's frame is delivered (its read-back fence has passed, so the
// results are there). Where timer queries cannot be trusted, the CPU's time to issue the work.
class FrameGpuClock {
 public:
  FrameGpuClock() : queries_(gl::timerQueriesTrustworthyHere()) {}
  const char* clock() const { return queries_ ? "gpu" : "wall"; }
  void begin(int slot) {
    if (queries_)
      glQueryCounter(stamp(slot, 0), GL_TIMESTAMP);
    else
      issueStart_[slot] = Clock::now();
  }
  void end(int slot) {
    if (queries_)
      glQueryCounter(stamp(slot, 1), GL_TIMESTAMP);
    else
      issueSeconds_[slot] = secondsSince(issueStart_[slot]);
  }
  double seconds(int slot) const {
    if (!queries_) return issueSeconds_[slot];
    GLuint64 before = 0, after = 0;
    glGetQueryObjectui64v(stamps_[slot][0].id(), GL_QUERY_RESULT, &before);
    glGetQueryObjectui64v(stamps_[slot][1].id(), GL_QUERY_RESULT, &after);
    return after > before ? static_cast<double>(after - before) / 1e9 : 0.0;
  }

 private:
  GLuint stamp(int slot, int which) {
    gl::Query& query = stamps_[slot][which];
    if (query.id() == 0) query = gl::Query("");  // no label: NVIDIA names a query only once used
    return query.id();
  }
  bool queries_;
  std::array<std::array<gl::Query, 2>, art::ArtPipeline::kReadSlots> stamps_;
  std::array<Clock::time_point, art::ArtPipeline::kReadSlots> issueStart_{};
  std::array<double, art::ArtPipeline::kReadSlots> issueSeconds_{};
};

std::string sizeText(int width, int height) { return std::to_string(width) + "x" + std::to_string(height); }

// The decoding and encoding threads: started at once, and on every way out (an error on any
// thread included) their queues are closed and they are joined, so no thread outlives the run.
class Workers {
 public:
  Workers(BoundedQueue<Item>& decoded, BoundedQueue<Item>& sorted) : decoded_(decoded), sorted_(sorted) {}
  ~Workers() { stop(); }
  void start(std::function<void()> decode, std::function<void()> encode) {
    decoder_ = std::thread(guarded(std::move(decode), decodeError_));
    encoder_ = std::thread(guarded(std::move(encode), encodeError_));
  }
  void stop() {
    decoded_.close();
    sorted_.close();
    join();
  }
  // Waits for both; rethrows the first error of either thread.
  void join() {
    if (decoder_.joinable()) decoder_.join();
    if (encoder_.joinable()) encoder_.join();
  }
  void rethrow() const {
    if (decodeError_) std::rethrow_exception(decodeError_);
    if (encodeError_) std::rethrow_exception(encodeError_);
  }

 private:
  std::function<void()> guarded(std::function<void()> work, std::exception_ptr& error) {
    return [this, work = std::move(work), &error] {
      try {
        work();
      } catch (...) {
        error = std::current_exception();
        decoded_.close();
        sorted_.close();
      }
    };
  }
  BoundedQueue<Item>& decoded_;
  BoundedQueue<Item>& sorted_;
  std::thread decoder_, encoder_;
  std::exception_ptr decodeError_, encodeError_;
};

void printVideoStats(const video::StreamInfo& info, const std::string& algorithm, const std::string& writer,
                     const VideoTimes& times) {
  const double frames = static_cast<double>(std::max<std::uint64_t>(times.frames, 1));
  const double rate = info.rateDenominator > 0 ? static_cast<double>(info.rateNumerator) / info.rateDenominator : 0;
  const double endToEnd = static_cast<double>(times.frames) / std::max(times.wall, 1e-9);
  std::printf("video: %llu frames of %s at %.3f frames/s (%s in, %s out), %s: %.3f s, %.1f frames/s end to end "
              "(%.2fx real time)\n",
              static_cast<unsigned long long>(times.frames), sizeText(info.width, info.height).c_str(), rate,
              info.codec.c_str(), writer.c_str(), algorithm.c_str(), times.wall, endToEnd,
              rate > 0 ? endToEnd / rate : 0.0);
  const double gpuMs = times.gpu * 1e3 / frames;
  std::printf("per frame: decode %.3f ms (own thread), upload %.3f ms, GPU pipeline %.3f ms (%s clock: %.1f frames/s "
              "of GPU sorting alone), read-back %.3f ms, encode %.3f ms (own thread)\n",
              times.decode * 1e3 / frames, times.upload * 1e3 / frames, gpuMs, times.gpuClock.c_str(),
              gpuMs > 0 ? 1e3 / gpuMs : 0.0, times.readBack * 1e3 / frames, times.encode * 1e3 / frames);
  // The stage that sets the rate: each thread's busy time a frame (the GPU overlaps the CPU's
  // upload and read-back of other frames, so the sorting thread's share is its own CPU work plus
  // what it waited for).
  const double sortingThread = (times.upload + times.readBack) * 1e3 / frames + gpuMs;
  const std::pair<double, const char*> stages[] = {
      {times.decode * 1e3 / frames, "decode"}, {sortingThread, "GPU thread (upload, pipeline, read-back)"},
      {times.encode * 1e3 / frames, "encode"}};
  const auto& slowest = *std::max_element(std::begin(stages), std::end(stages));
  std::printf("bound by: %s (%.3f ms a frame, %.1f frames/s at most)\n", slowest.second, slowest.first,
              slowest.first > 0 ? 1e3 / slowest.first : 0.0);
  std::printf("GPU thread per frame: issuing the pipeline %.3f ms (CPU), waiting for a decoded frame %.3f ms, "
              "for the encoder's queue %.3f ms\n",
              times.issue * 1e3 / frames, times.waitForDecoder * 1e3 / frames, times.waitForEncoder * 1e3 / frames);
}

}  // namespace

int runVideo(const GlobalOptions& global, const RunOptions& options) {
  const ArtRequest& request = *options.art;
  const VideoOptions& settings = options.video;
  video::requireVideoOutput(options.outputPath);
  const AlgorithmInfo& algorithm = findAlgorithm(options.algorithm);
  video::VideoReader reader(settings.inputPath, {settings.from, settings.to},
                            {.refuseDamage = settings.strict, .threads = settings.threads, .hardwareDecode = settings.hardwareDecode});
  // Even with --quiet: the run is not what was asked for.
  if (!reader.hardwareFallback().empty())
    std::cerr << "shadersort: --hw-decode: " << reader.hardwareFallback() << "; decoding on the CPU\n";
  const video::StreamInfo& info = reader.info();
  const std::string description = "video " + quote(settings.inputPath) + " (" + sizeText(info.width, info.height) + ")";
  const std::uint64_t pixels = static_cast<std::uint64_t>(info.width) * static_cast<std::uint64_t>(info.height);
  // The sort, the pipeline, and the frames in the queues, in the threads' hands, on their way
  // back from the GPU and kept for reuse.
  requireMemory(pixels * (kSortBytesPerPixel + art::kArtBytesPerPixel +
                          4 * (3 * kQueuedFrames + 4 + art::ArtPipeline::kReadSlots)),
                description + " as a pixel-sort");
  // A clip as the mask is an animated matte: frame k of the range masks frame k of the video.
  std::unique_ptr<video::VideoReader> matte;
  video::Frame matteFrame;
  std::vector<video::AudioPacket> matteAudio;
  std::unique_ptr<Image> mask;
  if (!request.maskPath.empty() && video::looksLikeVideo(request.maskPath)) {
    matte = std::make_unique<video::VideoReader>(request.maskPath, video::TimeRange{settings.from, settings.to},
                                                 video::ReaderOptions{.refuseDamage = settings.strict, .threads = settings.threads});
    const video::StreamInfo& matteInfo = matte->info();
    if (matteInfo.width != info.width || matteInfo.height != info.height)
      throw UsageError("the mask clip " + quote(request.maskPath) + " is " + sizeText(matteInfo.width, matteInfo.height) +
                       ", the video " + sizeText(info.width, info.height) + ": an animated mask has the video's size");
    if (matteInfo.frameCount > 0 && info.frameCount > 0 && matteInfo.frameCount < info.frameCount)
      throw UsageError("the mask clip " + quote(request.maskPath) + " has " + std::to_string(matteInfo.frameCount) +
                       " frames, the video " + std::to_string(info.frameCount) + ": an animated mask lasts as long");
    mask = std::make_unique<Image>(info.width, info.height);  // each frame's comes with it
  } else {
    mask = loadArtImage(request.maskPath);
  }
  const auto intervals = loadArtImage(request.intervalsPath);
  const auto keyImage = loadArtImage(request.keyImagePath);

  GpuSession gpu(global, options.shaderDirectory);
  auto sorter = createSorter(algorithm, options.sorter, gpu.sortContext(), global.useTuneCache);
  art::ArtPipeline pipeline(gpu.sortContext());
  const Image blank(info.width, info.height);
  pipeline.setImages({&blank, mask.get(), intervals.get(), keyImage.get()});
  video::VideoWriter writer(options.outputPath, reader,
                            {.encoder = settings.encoder,
                             .fastest = settings.fastEncode,
                             .copyAudio = settings.audio,
                             .threads = settings.threads});

  BoundedQueue<Item> decoded(kQueuedFrames), sorted(kQueuedFrames);
  // Frames the encoder is done with, for the decoder to fill again: no picture or planes are
  // allocated once the queues are full.
  BoundedQueue<video::Frame> spare(kQueuedFrames);
  reader.keepYuv420(true);  // the GPU converts them
  VideoTimes times;
  Workers workers(decoded, sorted);
  workers.start(
      [&] {
        for (;;) {
          Item item;
          if (std::optional<video::Frame> reused = spare.tryPop()) item.frame = std::move(*reused);
          const auto start = Clock::now();
          item.hasFrame = reader.next(item.frame, item.audio);
          times.decode += secondsSince(start);
          if (!item.hasFrame && item.audio.empty()) break;
          const bool last = !item.hasFrame;
          if (!decoded.push(std::move(item)) || last) break;
        }
        decoded.finish();
      },
      [&] {
        while (auto item = sorted.pop()) {
          const auto start = Clock::now();
          for (video::AudioPacket& packet : item->audio) writer.write(std::move(packet));
          if (item->hasFrame && item->sortedAsPlanes)
            writer.write(item->frame.yuv, item->frame);
          else if (item->hasFrame)
            writer.write(item->frame.picture, item->frame);
          times.encode += secondsSince(start);
          if (item->hasFrame) spare.tryPush(std::move(item->frame));
        }
      });

  ProgressBar progress(static_cast<std::uint64_t>(std::max<std::int64_t>(info.frameCount, 0)), options.quiet);
  FrameGpuClock gpuClock;
  times.gpuClock = gpuClock.clock();
  // Frames whose result is on its way back, oldest first, with their read-back slot (-1: an item
  // of audio only). The GPU sorts frame k while frame k-1's copy comes back and the decoder
  // uploads nothing it waits on: the pipeline never stalls on a synchronous read.
  struct InFlight {
    Item item;
    int slot = -1;
  };
  std::deque<InFlight> inFlight;
  // An encoder that takes YUV 4:2:0 gets planes converted on the GPU, into the decoded frame's own
  // plane buffer (already uploaded): 12 MB a 4K frame come back instead of 33, and the encoding
  // thread converts nothing. --verify reads the RGBA result itself.
  const bool planesBack = writer.takesYuv420();
  std::uint64_t framesStarted = 0;
  const auto deliverOldest = [&] {
    InFlight oldest = std::move(inFlight.front());
    inFlight.pop_front();
    if (oldest.slot >= 0) {
      const auto readStart = Clock::now();
      if (oldest.item.sortedAsPlanes)
        pipeline.finishReadResultYuv420(oldest.slot, oldest.item.frame.yuv);
      else
        pipeline.finishReadResult(oldest.slot, oldest.item.frame.picture);
      times.readBack += secondsSince(readStart);
      times.gpu += gpuClock.seconds(oldest.slot);
      ++times.frames;
      progress.update(times.frames);
    }
    const auto pushStart = Clock::now();
    const bool delivered = sorted.push(std::move(oldest.item));
    times.waitForEncoder += secondsSince(pushStart);
    pauseIfTestAsks("video-frame");  // tests interrupt a run half-way (tests/test_interrupt.cpp)
    return delivered;
  };
  bool encoderGone = false;
  const auto start = Clock::now();
  for (;;) {
    const auto popStart = Clock::now();
    std::optional<Item> item = decoded.pop();
    times.waitForDecoder += secondsSince(popStart);
    if (!item) break;
    while (!encoderGone && inFlight.size() >= art::ArtPipeline::kReadSlots) encoderGone = !deliverOldest();
    if (encoderGone) break;
    int slot = -1;
    if (item->hasFrame) {
      video::Frame& frame = item->frame;
      // Keyframes are in the input's own time, so a preset stays in step with the clip whatever
      // --from says.
      art::ArtSettings frameSettings = request.animation.at(request.settings, frame.seconds);
      frameSettings.seed = art::frameSeed(request.settings.seed, frame.index, settings.temporalSeed);
      slot = static_cast<int>(framesStarted++ % art::ArtPipeline::kReadSlots);
      const auto uploadStart = Clock::now();
      if (frame.isYuv())
        pipeline.setPictureYuv420(frame.yuv);
      else
        pipeline.setPicture(frame.picture);
      times.upload += secondsSince(uploadStart);
      if (matte) {
        if (!matte->next(matteFrame, matteAudio))
          throw UserError("the mask clip " + quote(request.maskPath) + " ended before frame " +
                          std::to_string(frame.index) + " of the video: an animated mask lasts as long");
        matteAudio.clear();
        *mask = matteFrame.picture;
        pipeline.setMask(*mask);
      }
      const auto issueStart = Clock::now();
      pipeline.setSettings(frameSettings);
      gpuClock.begin(slot);
      pipeline.prepare(pipeline.packingFor(*sorter));
      if (!pipeline.packedNothing())
        requireSortableInput(algorithm, pipeline.packed().shape, gpu.limits(),
                             description + " frame " + std::to_string(frame.index) + " packed into " +
                                 std::to_string(pipeline.packed().shape.sequenceCount) + " rows of " +
                                 std::to_string(pipeline.packed().shape.sequenceLength) + " for its spans");
      pipeline.sort(*sorter);
      gpuClock.end(slot);
      times.issue += secondsSince(issueStart);
      if (options.verify) {
        // A frame of planes is checked against the GPU's RGBA of it (the conversion has tests of
        // its own: tests/test_yuv_picture.cpp).
        const Image input = frame.isYuv() ? pipeline.readPicture() : Image();
        const std::string problem =
            checkArtResult(pipeline, *sorter, algorithm, frameSettings,
                           {frame.isYuv() ? &input : &frame.picture, mask.get(), intervals.get(), keyImage.get()});
        if (!problem.empty())
          return reportWrongResult(options, algorithm.name, "frame " + std::to_string(frame.index) + ": " + problem);
      }
      item->sortedAsPlanes = planesBack;
      if (planesBack)
        pipeline.startReadResultYuv420(slot);
      else
        pipeline.startReadResult(slot);
    }
    inFlight.push_back({std::move(*item), slot});
  }
  while (!encoderGone && !inFlight.empty()) encoderGone = !deliverOldest();
  sorted.finish();
  workers.join();
  progress.finish();
  workers.rethrow();
  gpu.requireNoGlErrors();
  if (times.frames == 0)
    throw UserError(description + " has no frame" + (settings.from || settings.to ? " in the range --from/--to" : ""));
  writer.finish();
  times.wall = secondsSince(start);
  // Even with --quiet: the output may differ from what a whole input would have given.
  if (const std::string warning = video::damageWarning(reader); !warning.empty()) std::cerr << warning << "\n";
  if (matte)
    if (const std::string warning = video::damageWarning(*matte); !warning.empty()) std::cerr << warning << "\n";
  if (!options.quiet || options.stats)
    std::cerr << "shadersort: wrote " << quote(options.outputPath) << ": " << times.frames << " frames, "
              << writer.description() << (writer.audioNote().empty() ? "" : ", " + writer.audioNote())
              << "\n";
  if (options.stats) {
    printVideoStats(info, sorterLabel(algorithm, options.sorter), writer.description(), times);
    // 0 once opened: an encoder that threads itself (libx264) chose its own count.
    const int encoding = writer.encoderThreads();
    const std::string asked = settings.threads > 0 ? std::to_string(settings.threads)
                                                   : "not given: " + std::to_string(video::defaultCodecThreads()) +
                                                         ", one per core but two";
    std::printf("threads: decoding %d, encoding %s (--threads %s)\n", reader.decoderThreads(),
                encoding > 0 ? std::to_string(encoding).c_str() : "its own choice", asked.c_str());
    std::printf("decoding on: %s\n", reader.decodesOnGpu() ? "the GPU (NVDEC)" : "the CPU");
  }
  return 0;
}

}  // namespace shadersort::cli

// A clip as `run --video IN` reads it, step for step as cli/video_command.cpp: VideoReader opens
// the file (FFmpeg's probing, stream info, the decoder, whatever the reader lets FFmpeg do and no
// more: the bytes are a regular file, opened by its path), the frame size is checked against the
// memory budget, then every frame and audio packet the reader gives is taken, up to a cap. It runs
// under a 512 MiB RSS limit (.ci/quickstart) with a 64 MiB budget, as fuzz_image_intake does. A
// refusal is a UserError (UsageError past the budget); any other exception, a crash, a sanitizer
// report, std::bad_alloc, a hang, libFuzzer's malloc or RSS limit, or a frame that is not the
// stream's size is a finding.

#include <cstdint>
#include <vector>

#include "art/art_pipeline.h"
#include "core/error.h"
#include "core/memory_budget.h"
#include "data/inputs.h"
#include "fuzz_support.h"
#include "video/video_io.h"

using namespace shadersort;

namespace {

// video_command.cpp's queue depth (kQueuedFrames there), for its memory check: the sort, the art
// pipeline, and RGBA frames in the two queues and in the threads' hands.
constexpr std::uint64_t kQueuedFrames = 3;
constexpr std::uint64_t kVideoBytesPerPixel = kSortBytesPerPixel + art::kArtBytesPerPixel + 4 * (2 * kQueuedFrames + 4);

// Past a few frames a clip repeats the same paths; the cap keeps a long one (a GIF of 1x1 frames
// packs thousands in a few KB) from slowing every run.
constexpr int kMostFrames = 32;

}  // namespace

// As fuzz_image_intake: ASan's default 256 MiB quarantine of freed blocks would hold half the
// RSS limit by itself.
extern "C" const char* __asan_default_options() { return "quarantine_size_mb=32"; }

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fuzz::silenceMessages();
  setMemoryBudget(64u << 20);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string path = fuzz::scratchFile(data, size);
  try {
    video::VideoReader reader(path);
    const video::StreamInfo& info = reader.info();
    if (info.width <= 0 || info.height <= 0 || info.rateNumerator <= 0 || info.rateDenominator <= 0) __builtin_trap();
    const std::uint64_t pixels = static_cast<std::uint64_t>(info.width) * static_cast<std::uint64_t>(info.height);
    requireMemory(pixels * kVideoBytesPerPixel, "video (fuzz) as a pixel-sort");
    video::Frame frame;
    std::vector<video::AudioPacket> audio;
    for (int taken = 0; taken < kMostFrames && reader.next(frame, audio); ++taken) {
      if (frame.index != taken || frame.picture.width != info.width || frame.picture.height != info.height ||
          frame.picture.rgba.size() != pixels * 4)
        __builtin_trap();
      audio.clear();  // the writer's thread would take them; freeing them checks they are whole
    }
  } catch (const UserError&) {
  }
  return 0;
}

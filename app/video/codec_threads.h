#pragma once
// How many threads the codecs (and their colour conversions) run when --threads is not given.

namespace shadersort::video {

// One per core but two, at least one. The two are left to the thread that drives the GPU and to
// the GL driver's own: given every core (FFmpeg's choice), decoding and encoding starved them.
// On a 16-core H200 machine a 3840x2160 clip ran at 54 frames/s with FFmpeg's choice and at 84
// with 14 threads, the GPU pipeline taking 5.6 ms a frame instead of 1.6 (bench/video_bench.sh,
// docs/BENCHMARKS.md).
int defaultCodecThreads();

// `requested` when given (above 0), else defaultCodecThreads().
int codecThreads(int requested);

}  // namespace shadersort::video

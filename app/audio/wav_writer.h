#pragma once
// A WAV file (16-bit PCM, mono, kSampleRate) written through libsndfile as samples arrive, whole
// or not at all: libsndfile writes into the project's AtomicFileWriter (core/atomic_file.h), so
// the file appears under its name only at commit().

#include <memory>
#include <span>
#include <string>

namespace shadersort::audio {

class WavWriter {
 public:
  // Throws UserError naming `path` when it cannot be written.
  explicit WavWriter(const std::string& path);
  ~WavWriter();
  WavWriter(const WavWriter&) = delete;
  WavWriter& operator=(const WavWriter&) = delete;

  // Samples in -1..1; throws UserError naming the path on a failed write.
  void append(std::span<const float> samples);
  // Finishes the header and renames the file into place; throws UserError.
  void commit();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace shadersort::audio

#include "audio/wav_writer.h"

#include <sndfile.h>

#include <cstdio>

#include "audio/chord_synth.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/quoting.h"

namespace shadersort::audio {

// libsndfile's virtual I/O onto the atomic writer. libsndfile only writes and seeks (to fill in
// the header's sizes at the end) a file it opened for writing; nothing is read back.
struct WavWriter::State {
  explicit State(const std::string& path) : file(path) {}
  AtomicFileWriter file;
  SNDFILE* sound = nullptr;

  static sf_count_t length(void* self) { return static_cast<State*>(self)->file.size(); }
  static sf_count_t seek(sf_count_t offset, int whence, void* self) { return static_cast<State*>(self)->file.seek(offset, whence); }
  static sf_count_t read(void*, sf_count_t, void*) { return 0; }
  static sf_count_t write(const void* bytes, sf_count_t count, void* self) {
    auto& state = *static_cast<State*>(self);
    const bool written = state.file.write({static_cast<const std::uint8_t*>(bytes), static_cast<std::size_t>(count)});
    return written ? count : 0;
  }
  static sf_count_t tell(void* self) { return static_cast<State*>(self)->file.seek(0, SEEK_CUR); }

  [[noreturn]] void fail(const std::string& what) const {
    const std::string reason = !file.failure().empty() ? file.failure() : sf_strerror(sound);
    throw UserError("cannot write " + quote(file.path()) + ": " + what + " (" + reason + ")");
  }
};

WavWriter::WavWriter(const std::string& path) : state_(std::make_unique<State>(path)) {
  static SF_VIRTUAL_IO io{&State::length, &State::seek, &State::read, &State::write, &State::tell};
  SF_INFO info{};
  info.samplerate = kSampleRate;
  info.channels = 1;
  info.format = SF_FORMAT_WAV | SF_FORMAT_PCM_16;
  state_->sound = sf_open_virtual(&io, SFM_WRITE, &info, state_.get());
  if (!state_->sound) state_->fail("libsndfile refused to start a WAV file");
}

WavWriter::~WavWriter() {
  if (state_->sound) sf_close(state_->sound);  // the uncommitted temporary goes with the AtomicFileWriter
}

void WavWriter::append(std::span<const float> samples) {
  if (samples.empty()) return;
  const auto count = static_cast<sf_count_t>(samples.size());
  if (sf_writef_float(state_->sound, samples.data(), count) != count) state_->fail("writing samples failed");
}

void WavWriter::commit() {
  // sf_close writes the header's final sizes.
  const int closed = sf_close(state_->sound);
  state_->sound = nullptr;
  if (closed != 0 || !state_->file.failure().empty()) state_->fail("finishing the WAV header failed");
  state_->file.commit();
}

}  // namespace shadersort::audio

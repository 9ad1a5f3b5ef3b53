#include "audio/audio_player.h"

#define SDL_MAIN_HANDLED  // the program's main() is its own
#include <SDL.h>

#include <dlfcn.h>
#include <fcntl.h>
#include <unistd.h>

#include <mutex>

#include "audio/chord_synth.h"

namespace shadersort::audio {
namespace {

// SDL2 is opened when a player first opens, not when shadersort starts: linked the usual way it
// brought 30-odd shared libraries (PulseAudio's, X11's, Wayland's) into every start, sound or
// not. Each function used is a pointer of the same name here, which unqualified calls in this
// namespace take over SDL's symbol; they are set by loadSdl() and called only after it succeeded.
#define SHADERSORT_SDL_FUNCTIONS(X)                                                                  \
  X(SDL_CloseAudioDevice) X(SDL_GetError) X(SDL_GetQueuedAudioSize) X(SDL_InitSubSystem)            \
  X(SDL_OpenAudioDevice) X(SDL_PauseAudioDevice) X(SDL_QueueAudio) X(SDL_QuitSubSystem) X(SDL_SetMainReady)
#define SHADERSORT_SDL_POINTER(name) decltype(&::name) name = nullptr;
SHADERSORT_SDL_FUNCTIONS(SHADERSORT_SDL_POINTER)
#undef SHADERSORT_SDL_POINTER

// Opens libSDL2 once per process; false with the reason in `failure` when it or a function is missing.
bool loadSdl(std::string& failure) {
  static std::once_flag once;
  static std::string why;
  std::call_once(once, [] {
    void* library = ::dlopen("libSDL2-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) {
      const char* error = ::dlerror();
      why = std::string("SDL2 (libSDL2-2.0.so.0) could not be loaded: ") + (error ? error : "?");
      return;
    }
#define SHADERSORT_SDL_RESOLVE(name)                                                  \
    name = reinterpret_cast<decltype(name)>(::dlsym(library, #name));                  \
    if (name == nullptr) {                                                            \
      why = "SDL2 lacks " #name;                                                      \
      return;                                                                         \
    }
    SHADERSORT_SDL_FUNCTIONS(SHADERSORT_SDL_RESOLVE)
#undef SHADERSORT_SDL_RESOLVE
  });
  failure = why;
  return why.empty();
}

// ALSA's library prints its own lines straight to stderr when it finds no sound card (SDL tries
// it among its drivers); the player says the same in one line, so stderr is closed to them while
// the device opens, and given back after.
class QuietStderr {
 public:
  QuietStderr() : saved_(dup(STDERR_FILENO)) {
    const int null = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (saved_ >= 0 && null >= 0) dup2(null, STDERR_FILENO);
    if (null >= 0) close(null);
  }
  ~QuietStderr() {
    if (saved_ < 0) return;
    dup2(saved_, STDERR_FILENO);
    close(saved_);
  }
  QuietStderr(const QuietStderr&) = delete;
  QuietStderr& operator=(const QuietStderr&) = delete;

 private:
  int saved_;
};

}  // namespace

AudioPlayer::~AudioPlayer() {
  if (device_ != 0) SDL_CloseAudioDevice(device_);
  if (subsystemStarted_) SDL_QuitSubSystem(SDL_INIT_AUDIO);
}

bool AudioPlayer::open() {
  if (tried_) return isOpen();
  tried_ = true;
  if (!loadSdl(failure_)) return false;
  SDL_SetMainReady();
  const QuietStderr quiet;
  if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
    failure_ = SDL_GetError();
    return false;
  }
  subsystemStarted_ = true;
  SDL_AudioSpec wanted{};
  wanted.freq = kSampleRate;
  wanted.format = AUDIO_F32SYS;
  wanted.channels = 1;
  wanted.samples = 1024;
  wanted.callback = nullptr;  // queued, not pulled
  // No change allowed: SDL converts to what the device takes.
  device_ = SDL_OpenAudioDevice(nullptr, 0, &wanted, nullptr, 0);
  if (device_ == 0) {
    failure_ = SDL_GetError();
    if (failure_.empty()) failure_ = "SDL found no audio device";
    return false;
  }
  SDL_PauseAudioDevice(device_, 0);
  return true;
}

std::uint64_t AudioPlayer::queuedSamples() const {
  return device_ == 0 ? 0 : SDL_GetQueuedAudioSize(device_) / sizeof(float);
}

bool AudioPlayer::play(std::span<const float> samples) {
  if (device_ == 0 || samples.empty()) return false;
  if (queuedSamples() > samples.size()) return false;
  return SDL_QueueAudio(device_, samples.data(), static_cast<Uint32>(samples.size_bytes())) == 0;
}

}  // namespace shadersort::audio

#include "video/ffmpeg_functions.h"

#include <dlfcn.h>

#include <mutex>
#include <string>
#include <vector>

#include "core/error.h"

namespace shadersort::video {
namespace {

// Until loadFfmpeg() has run, each pointer holds its stub: it loads the libraries, then calls
// the function it stands for through the pointer, which now holds the library's.
template <auto& pointer, typename Function>
struct LoadingStub;
template <auto& pointer, typename Result, typename... Arguments>
struct LoadingStub<pointer, Result (*)(Arguments...)> {
  static Result call(Arguments... arguments) {
    loadFfmpeg();
    return pointer(arguments...);
  }
};

}  // namespace

// Attributes such as malloc and warn_unused_result on a few of FFmpeg's declarations do not take
// part in a function pointer's type; GCC says so for each, and nothing is lost.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wignored-attributes"
#define SHADERSORT_DEFINE_FFMPEG_POINTER(name) \
  decltype(&::name) name = &LoadingStub<name, decltype(&::name)>::call;
SHADERSORT_FFMPEG_FUNCTIONS(SHADERSORT_DEFINE_FFMPEG_POINTER)
#undef SHADERSORT_DEFINE_FFMPEG_POINTER
#pragma GCC diagnostic pop

void loadFfmpeg() {
  static std::once_flag once;
  static std::string failure;
  std::call_once(once, [] {
    // By soname, the major versions of the headers: another major version has another ABI.
    const std::vector<std::string> names = {
        "libavutil.so." + std::to_string(LIBAVUTIL_VERSION_MAJOR),
        "libavcodec.so." + std::to_string(LIBAVCODEC_VERSION_MAJOR),
        "libavformat.so." + std::to_string(LIBAVFORMAT_VERSION_MAJOR),
        "libswscale.so." + std::to_string(LIBSWSCALE_VERSION_MAJOR)};
    std::vector<void*> libraries;
    for (const std::string& name : names) {
      void* library = ::dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
      if (library == nullptr) {
        const char* why = ::dlerror();
        failure = "video needs FFmpeg's " + name + ", which could not be loaded (" + (why ? why : "?") +
                  "); install FFmpeg's libraries (Debian: libavformat59 libavcodec59 libswscale6)";
        return;
      }
      libraries.push_back(library);  // kept open for the process's life
    }
    const auto find = [&](const char* symbol) -> void* {
      for (void* library : libraries)
        if (void* address = ::dlsym(library, symbol)) return address;
      failure = std::string("FFmpeg's libraries lack ") + symbol + ", which shadersort was built against";
      return nullptr;
    };
    // Written here, before any thread of the reader or writer exists (ffmpeg_functions.h).
#define SHADERSORT_RESOLVE_FFMPEG_POINTER(name)                              \
    if (void* address = find(#name)) name = reinterpret_cast<decltype(name)>(address); \
    else return;
    SHADERSORT_FFMPEG_FUNCTIONS(SHADERSORT_RESOLVE_FFMPEG_POINTER)
#undef SHADERSORT_RESOLVE_FFMPEG_POINTER
  });
  if (!failure.empty()) throw UserError(failure);
}

}  // namespace shadersort::video

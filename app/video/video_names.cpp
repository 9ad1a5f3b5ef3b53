// Which names are videos: by extension, as the commands decide between a picture and a clip
// before opening anything.
#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/quoting.h"
#include "video/video_io.h"
#include "video/video_names.h"

namespace shadersort::video {
namespace {

// The extension after the last dot of the file name, lower-cased; empty without one.
std::string extensionOf(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  const std::size_t dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return {};
  std::string extension = path.substr(dot);
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension;
}

constexpr std::array<std::string_view, 4> kOutputExtensions{".mp4", ".webm", ".mkv", ".gif"};
constexpr std::array<std::string_view, 14> kInputExtensions{".mp4", ".m4v", ".mov", ".mkv",  ".webm", ".avi", ".gif",
                                                            ".mpg", ".mpeg", ".ts", ".flv", ".ogv", ".y4m", ".nut"};

}  // namespace

std::string videoExtension(const std::string& path) { return extensionOf(path); }

void requireVideoOutput(const std::string& path) {
  const std::string extension = extensionOf(path);
  if (std::find(kOutputExtensions.begin(), kOutputExtensions.end(), extension) == kOutputExtensions.end())
    throw UsageError("cannot write video " + quote(path) + ": the name must end in .mp4, .webm, .mkv or .gif");
  requireWritableOutput(path);
}

bool looksLikeVideo(const std::string& path) {
  const std::string extension = extensionOf(path);
  return std::find(kInputExtensions.begin(), kInputExtensions.end(), extension) != kInputExtensions.end();
}

}  // namespace shadersort::video

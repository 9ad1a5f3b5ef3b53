#pragma once
// Internal to app/video: the extension that picks a writer's container and codec.

#include <string>

namespace shadersort::video {

// The extension of `path`'s file name with its dot, lower-cased (".mp4"); empty without one.
std::string videoExtension(const std::string& path);

}  // namespace shadersort::video

#pragma once
// The viewer's recording unit: what it writes from its frames (a GIF of the lanes with r or
// --record, a screenshot with s) and why a write failed. The state is here; ViewerApp's
// startRecording / recordFrame / stopRecording / writeScreenshot are in viewer_recording.cpp.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "data/image.h"
#include "render/gif_recorder.h"

namespace shadersort::ui {

// A recording's caption: the heading and one line of the description.
inline constexpr int kRecordingCaptionLines = 1;

struct RecordingState {
  std::unique_ptr<render::GifRecorder> recorder;
  std::string path;
  int width = 0, height = 0;  // the lanes' area recorded
  bool captioned = false;     // one lane: a caption strip under each frame
  std::optional<std::uint64_t> recordedStamp;  // what the last recorded frame showed
  // --record, or r: a recording starts once a frame has drawn the lanes (their area is known then).
  std::optional<std::string> pendingPath;
  bool screenshotRequested = false;
  // Why recordings or screenshots could not be written, one line each, oldest first.
  std::vector<std::string> outputFailures;
};

// The lanes' part of `frame` (left, top to right, bottom, exclusive) in a `width` x `height`
// picture: a recording keeps the size it started with, so a resized window's lanes are cut to
// it, or padded with the background (the frame's bottom-right corner, right of the lanes).
Image lanesOfFrame(const Image& frame, int left, int top, int right, int bottom, int width, int height);

}  // namespace shadersort::ui

// The viewer's recording unit: GIFs of the lanes, screenshots, and their failures.

#include "ui/viewer_recording.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "core/quoting.h"
#include "render/caption_strip.h"
#include "ui/viewer_app.h"
#include "ui/viewer_style.h"

namespace shadersort::ui {

Image lanesOfFrame(const Image& frame, int left, int top, int right, int bottom, int width, int height) {
  right = std::min(right, frame.width);
  bottom = std::min(bottom, frame.height);
  Image lanes(width, height);
  const std::uint32_t background = frame.pixel(frame.width - 1, frame.height - 1);
  for (int y = 0; y < lanes.height; ++y)
    for (int x = 0; x < lanes.width; ++x)
      lanes.setPixel(x, y, left + x < right && top + y < bottom ? frame.pixel(left + x, top + y) : background);
  return lanes;
}

void ViewerApp::writeScreenshot(const std::string& path) { savePng(host_->readFrame(), path); }

void ViewerApp::startRecording(const std::string& path) {
  stopRecording();
  try {
    auto recorder = std::make_unique<render::GifRecorder>();
    const int width = static_cast<int>(drawing_.lanesMax.x - drawing_.lanesMin.x), height = static_cast<int>(drawing_.lanesMax.y - drawing_.lanesMin.y);
    // One lane's frames carry its caption strip (pass k of N and what the last pass did), as
    // run --gif's do; a race's lane headers say each lane's pass already.
    recording_.captioned = !racing();
    const int gifWidth = recording_.captioned ? render::captionedWidth(width) : width;
    const int gifHeight = height + (recording_.captioned ? render::captionStripHeight(gifWidth, kRecordingCaptionLines) : 0);
    recorder->open(path, gifWidth, gifHeight, /*fps=*/20, /*scale=*/1,
                   {kLaneTextColour, kCheckMarkColour, kRefusalColour, rgbOf(render::kCaptionBackground),
                    rgbOf(render::kCaptionHeadingColour), rgbOf(render::kCaptionTextColour)},
                   /*paletteRows=*/height);
    recording_.recorder = std::move(recorder);
    recording_.path = path;
    recording_.width = width;
    recording_.height = height;
    recording_.recordedStamp.reset();
    message_ = "recording " + quote(path);
  } catch (const std::exception& error) {
    outputFailed(error.what());
  }
}

void ViewerApp::recordFrame() {
  if (!recording_.recorder) return;
  // One GIF frame per change of state (or of view, or of a lane's check mark: a lane is verified
  // a frame or more after its last pass, and the recording must end on the marks), so a paused
  // stretch costs nothing.
  const std::uint64_t stamp = (std::uint64_t{totalPasses()} << 8) ^ (view_.arrayMode ? 1u : 0u) ^
                              (std::uint64_t{lanes_.size()} << 1) ^ (std::uint64_t{view_.arraySequence} << 40) ^
                              (artGeneration_ << 48) ^ (view_.spanOverlay ? 1ull << 63 : 0) ^ (verifiedLanes() << 32);
  if (recording_.recordedStamp == stamp) return;
  recording_.recordedStamp = stamp;
  const Image lanes = lanesOfFrame(host_->readFrame(), static_cast<int>(drawing_.lanesMin.x), static_cast<int>(drawing_.lanesMin.y),
                                   static_cast<int>(drawing_.lanesMax.x), static_cast<int>(drawing_.lanesMax.y), recording_.width,
                                   recording_.height);
  try {
    if (recording_.captioned) {
      const SortLane& lane = *lanes_.front();
      const std::uint32_t pass = lane.shownPass();
      const render::Caption caption =
          render::passCaption(pass, lane.passCount(), lane.outcome() == SortLane::Outcome::Sorted,
                              pass > 0 ? lane.sorter().describePass(pass - 1) : std::string());
      recording_.recorder->addFrame(render::withCaption(lanes, caption, kRecordingCaptionLines));
    } else {
      recording_.recorder->addFrame(lanes);
    }
  } catch (const std::exception& error) {
    recording_.recorder.reset();  // abandoned: its temporary file goes with it
    outputFailed(error.what());
  }
}

void ViewerApp::stopRecording() {
  if (!recording_.recorder) return;
  // Closed whatever happens: a failed finish() has removed its temporary file.
  const std::unique_ptr<render::GifRecorder> recorder = std::move(recording_.recorder);
  try {
    recorder->finish();
    std::printf("recording: %s (%zu frames, %.0f KiB)\n", quote(recording_.path).c_str(), recorder->frameCount(),
                static_cast<double>(recorder->bytesWritten()) / 1024.0);
    std::fflush(stdout);
    message_ = "wrote " + quote(recording_.path);
  } catch (const std::exception& error) {
    outputFailed(error.what());
  }
}

void ViewerApp::outputFailed(const std::string& why) {
  message_ = why;
  recording_.outputFailures.push_back(why);
}

std::string ViewerApp::defaultOutputPath(const std::string& extension) const {
  std::filesystem::path folder = ".";
  if (inputs_.spec.imagePath) folder = std::filesystem::path(*inputs_.spec.imagePath).parent_path();
  if (video_) folder = std::filesystem::path(video_->path()).parent_path();
  if (folder.empty()) folder = ".";
  const std::string stem = "shadersort-" + std::string(lanes_.front()->algorithm().name) + "-pass" + std::to_string(leadPass());
  // Art mode writes a preset (NAME.toml) and a painted mask (NAME-mask.png) beside a picture: a
  // name is free only when they are too, so that nothing of the user's is overwritten. A link
  // takes its name even when it leads nowhere (outputs never replace one).
  const auto occupied = [](const std::filesystem::path& path) {
    std::error_code error;
    return std::filesystem::exists(std::filesystem::symlink_status(path, error));
  };
  const auto taken = [&occupied](const std::filesystem::path& path) {
    std::filesystem::path preset = path, mask = path;
    preset.replace_extension(".toml");
    mask.replace_filename(path.stem().string() + "-mask.png");
    return occupied(path) || occupied(preset) || occupied(mask);
  };
  std::filesystem::path candidate = folder / (stem + extension);
  for (int n = 2; taken(candidate) && n < 10000; ++n) candidate = folder / (stem + "-" + std::to_string(n) + extension);
  return candidate.string();
}

}  // namespace shadersort::ui

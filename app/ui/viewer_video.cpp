// The viewer's clip (`view --video`): frames taken from the decoder's queue at their timestamps
// while playing, each uploaded into the art pipeline and shown sorted; paused, the frame-step
// keys move by one frame and the pass keys step through the current frame's sort.

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <utility>

#include "ui/viewer_app.h"

namespace shadersort::ui {

bool ViewerApp::handleVideoKey(ViewerKey key) {
  if (key == ViewerKey::NextFrame || key == ViewerKey::PreviousFrame) {
    if (!video_)
      message_ = "frame steps are for a clip (view --video CLIP)";
    else
      stepVideoFrame(key == ViewerKey::NextFrame ? +1 : -1);
    return true;
  }
  if (!video_) return false;
  switch (key) {
    case ViewerKey::PlayPause:
      // The clip plays or pauses; the sort of the frame in view stays where it is until the next.
      playback_.playing = !playback_.playing;
      playback_.targetPass.reset();
      videoFramesOwed_ = 0;
      videoOwedSeconds_ = 0.0;
      videoClock_ = video_->now();
      return true;
    case ViewerKey::ToggleArt:
      message_ = "a clip plays in pixel-sort art mode only";
      return true;
    default: return false;
  }
}

void ViewerApp::stepVideoFrame(int direction) {
  playback_.playing = false;
  playback_.targetPass.reset();
  videoOwedSeconds_ = 0.0;
  if (direction > 0) {
    ++videoFramesOwed_;
    return;
  }
  // Back: decoding starts again from the clip's start and drops the frames before the one wanted
  // (on the decoder's thread), so memory stays at a few frames however long the clip. Back from
  // a step back not shown yet goes one further; from frame 0 to the last (-1), as the loop goes.
  std::int64_t from = videoStepBackTo_.value_or(videoFrame_.index);
  if (from < 0) from = std::max<std::int64_t>(video_->frameCount() - 1, 0);
  videoStepBackTo_ = from - 1;
  videoNext_.reset();  // the old decoding's
  video_->restartAt(*videoStepBackTo_);
  videoFramesOwed_ = 1;
}

void ViewerApp::advanceVideo() {
  const bool scripted = config_.frames > 0;
  const auto now = video_->now();
  // The next frame in the clip's order: the one held back as not yet due, else the decoder's.
  // Scripted runs, and a test's clock, wait for the decoder, so that their frames do not depend
  // on timing.
  const auto takeNext = [&]() -> std::optional<video::Frame> {
    if (videoNext_) return std::exchange(videoNext_, std::nullopt);
    return scripted || video_->steppedClock() ? video_->waitNext() : video_->tryNext();
  };
  std::optional<video::Frame> latest;
  bool starved = false;  // a frame was wanted and the decoder had none
  if (playback_.playing && frame_ > 0) {  // the first frame shows the clip's first frame
    if (scripted) {
      videoFramesOwed_ = 1;  // one clip frame per viewer frame, whatever the clock says
    } else {
      // Each frame shows for its own time (a GIF's frames differ), until the next one's timestamp.
      videoOwedSeconds_ += std::min(std::chrono::duration<double>(now - videoClock_).count(), 0.25);
      double shownSeconds = videoFrame_.seconds;
      for (int taken = 0;; ++taken) {
        if (taken == 4) {
          // A decoder behind the clock is caught up by dropping frames, never by a backlog.
          videoOwedSeconds_ = 0.0;
          break;
        }
        std::optional<video::Frame> next = takeNext();
        if (!next) {
          starved = true;
          break;
        }
        // Back at the clip's start (the loop), or a timestamp out of order: one frame at the rate.
        const double gap = next->seconds > shownSeconds ? next->seconds - shownSeconds : video_->frameSeconds();
        if (videoOwedSeconds_ < gap) {
          videoNext_ = std::move(next);
          break;
        }
        videoOwedSeconds_ -= gap;
        shownSeconds = next->seconds;
        latest = std::move(next);
      }
    }
  }
  videoClock_ = now;
  while (videoFramesOwed_ > 0) {
    std::optional<video::Frame> taken = takeNext();
    if (!taken) break;
    latest = std::move(taken);
    --videoFramesOwed_;
  }
  if (latest) showVideoFrame(std::move(*latest));
  if (const std::string error = video_->error(); !error.empty() && (videoFramesOwed_ > 0 || starved)) {
    // A damaged frame: the last good one stays, paused, with the reason.
    message_ = error;
    playback_.playing = false;
    videoFramesOwed_ = 0;
    videoStepBackTo_.reset();
  }
}

void ViewerApp::showVideoFrame(video::Frame frame) {
  const std::int64_t index = frame.index;
  const double seconds = frame.seconds;
  try {
    if (frame.isYuv()) {
      art_->setPictureYuv420(frame.yuv);
      ++videoFramesAsPlanes_;
    } else {
      art_->setPicture(std::move(frame.picture));
    }
    if (!config_.animation.empty()) {
      // Keyframed settings at the frame's time (a panel edit of an animated setting lasts until
      // the next frame; the others stay as edited).
      ArtConfig animated = art_->config();
      animated.settings = config_.animation.at(animated.settings, seconds);
      art_->configure(animated);
    }
    lanes_.front()->reloadArt();
  } catch (const std::exception& refused) {
    message_ = refused.what();
    playback_.playing = false;
    try {
      lanes_.front()->reloadArt();  // the packing of the picture the pipeline now holds
    } catch (const std::exception&) {
      // The message above says why; the lane keeps what it had.
    }
    return;
  }
  videoFrame_ = {index, seconds};
  videoShownAt_.push_back(video_->now());
  if (videoShownAt_.size() > kVideoRateWindow) videoShownAt_.pop_front();
  ++videoFramesShown_;
  videoStepBackTo_.reset();
  ++artGeneration_;
  showArtChange();
}

double ViewerApp::videoShownRate() const {
  if (videoShownAt_.size() < 2) return 0.0;
  const double seconds = std::chrono::duration<double>(videoShownAt_.back() - videoShownAt_.front()).count();
  return seconds > 0 ? static_cast<double>(videoShownAt_.size() - 1) / seconds : 0.0;
}

std::string ViewerApp::videoBound() const {
  const double rate = videoShownRate();
  if (!video_ || rate <= 0) return "";
  const double shownMs = 1e3 / rate, decodeMs = video_->decodeMilliseconds(), clipMs = 1e3 * video_->frameSeconds();
  const bool byTheClock = config_.frames == 0;  // a scripted run shows a clip frame each viewer frame
  char line[128];
  if (byTheClock && shownMs <= clipMs * 1.05)
    std::snprintf(line, sizeof line, "the clip's rate (%.1f ms a frame)", clipMs);
  else if (decodeMs >= shownMs * 0.9)
    std::snprintf(line, sizeof line, "the decoder (%.1f ms a frame)", decodeMs);
  else
    std::snprintf(line, sizeof line, "sorting and drawing (%.1f ms a frame; decoding %.1f)", shownMs, decodeMs);
  return line;
}

void ViewerApp::drawVideoControls() {
  const std::string name = std::filesystem::path(video_->path()).filename().string();
  ImGui::Text("video: %s", name.c_str());
  const std::int64_t count = video_->frameCount();
  char position[96];
  if (count > 0)
    std::snprintf(position, sizeof position, "frame %lld of %lld   %.2f s", static_cast<long long>(videoFrame_.index + 1),
                  static_cast<long long>(count), videoFrame_.seconds);
  else
    std::snprintf(position, sizeof position, "frame %lld   %.2f s", static_cast<long long>(videoFrame_.index + 1),
                  videoFrame_.seconds);
  ImGui::TextUnformatted(position);
  const float button = 44.0f * uiScale_;
  if (ImGui::Button("<<##frame", ImVec2(button, 0))) handleKey(ViewerKey::PreviousFrame);
  ImGui::SameLine();
  if (ImGui::Button(playback_.playing ? "Pause###video-play" : "Play###video-play", ImVec2(button * 1.6f, 0)))
    handleKey(ViewerKey::PlayPause);
  ImGui::SameLine();
  if (ImGui::Button(">>##frame", ImVec2(button, 0))) handleKey(ViewerKey::NextFrame);
  ImGui::SameLine();
  ImGui::TextDisabled("(, space .)");
  ImGui::TextDisabled("%dx%d at %.2f frames/s, %s", video_->info().width, video_->info().height,
                      1.0 / video_->frameSeconds(), video_->info().codec.c_str());
  if (playback_.playing && videoShownRate() > 0)
    ImGui::TextDisabled("playing at %.1f frames/s, bound by %s", videoShownRate(), videoBound().c_str());
}

}  // namespace shadersort::ui

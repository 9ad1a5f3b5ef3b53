#include "core/progress_bar.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace shadersort {
namespace {

std::string clockText(double seconds) {
  const auto whole = static_cast<long long>(std::ceil(std::max(seconds, 0.0)));
  char text[32];
  if (whole >= 3600)
    std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", whole / 3600, whole / 60 % 60, whole % 60);
  else
    std::snprintf(text, sizeof text, "%lld:%02lld", whole / 60, whole % 60);
  return text;
}

// Redraws closer together than this only flicker.
constexpr std::chrono::milliseconds kRedrawInterval(100);

}  // namespace

void RecentRate::add(double seconds, std::uint64_t done) {
  samples_.emplace_back(seconds, done);
  // Keep the newest sample at or before the window's start, so that the span covers the window.
  while (samples_.size() > 2 && samples_[1].first <= seconds - window_) samples_.pop_front();
}

double RecentRate::rate() const {
  if (samples_.size() < 2) return 0;
  const auto& [firstSeconds, firstDone] = samples_.front();
  const auto& [lastSeconds, lastDone] = samples_.back();
  if (lastSeconds - firstSeconds < 1.0 || lastDone < firstDone) return 0;
  return static_cast<double>(lastDone - firstDone) / (lastSeconds - firstSeconds);
}

std::string progressText(std::uint64_t done, std::uint64_t total, double seconds, int width, double recentRate) {
  std::string text = "[";
  if (total > 0) {
    const std::uint64_t shown = std::min(done, total);
    const int filled = static_cast<int>(static_cast<double>(shown) / static_cast<double>(total) * width);
    for (int i = 0; i < width; ++i) text += i < filled ? '=' : i == filled ? '>' : ' ';
  } else {
    for (int i = 0; i < width; ++i) text += i == static_cast<int>(done % static_cast<std::uint64_t>(width)) ? '=' : ' ';
  }
  text += "] " + std::to_string(done) + (total > 0 ? "/" + std::to_string(total) : "") + " frames";
  if (seconds > 0 && done > 0) {
    const double rate = recentRate > 0 ? recentRate : static_cast<double>(done) / seconds;
    char rateText[48];
    std::snprintf(rateText, sizeof rateText, "  %.1f frames/s", rate);
    text += rateText;
    if (total > done) text += "  " + clockText(static_cast<double>(total - done) / rate) + " left";
  }
  return text;
}

ProgressBar::ProgressBar(std::uint64_t total, bool quiet)
    : total_(total), drawing_(!quiet && isatty(STDERR_FILENO) == 1), start_(std::chrono::steady_clock::now()),
      lastDraw_(start_ - kRedrawInterval) {}

ProgressBar::~ProgressBar() { finish(); }

void ProgressBar::update(std::uint64_t done) {
  if (!drawing_) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - lastDraw_ < kRedrawInterval && done != total_) return;
  lastDraw_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  recent_.add(seconds, done);
  const std::string text = progressText(done, total_, seconds, 24, recent_.rate());
  // Pad over a longer previous line rather than clearing it: no flicker.
  std::fprintf(stderr, "\r%s%*s", text.c_str(), static_cast<int>(lastLength_ > text.size() ? lastLength_ - text.size() : 0), "");
  std::fflush(stderr);
  lastLength_ = text.size();
}

void ProgressBar::finish() {
  if (!drawing_) return;
  if (lastLength_ > 0) std::fprintf(stderr, "\r%*s\r", static_cast<int>(lastLength_), "");
  std::fflush(stderr);
  drawing_ = false;
}

}  // namespace shadersort

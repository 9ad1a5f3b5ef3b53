#pragma once
// A one-line progress bar on a terminal for long runs (frames done of total, rate, time left),
// redrawn at most a few times a second. Silent when stderr is not a terminal or when quiet, so
// scripts and logs see only the summary.

#include <chrono>
#include <cstdint>
#include <deque>
#include <string>
#include <utility>

namespace shadersort {

// The bar's text for `done` of `total` (0: unknown) after `seconds`, `width` characters of bar:
//   "[=========>          ]  120/600 frames  58.3 frames/s  0:08 left"
// The rate (and the time left from it) is `recentRate` when given (> 0), else done / seconds.
std::string progressText(std::uint64_t done, std::uint64_t total, double seconds, int width = 24,
                         double recentRate = 0);

// The rate over the last `window` seconds of samples. A clip's first frames go faster than the
// rest (the queues fill before the encoder sets the pace; scenes differ), so the time left comes
// from the recent rate, not the average since the start. 0 until a second of samples is in.
class RecentRate {
 public:
  explicit RecentRate(double window = 10.0) : window_(window) {}
  void add(double seconds, std::uint64_t done);
  double rate() const;

 private:
  double window_;
  std::deque<std::pair<double, std::uint64_t>> samples_;
};

class ProgressBar {
 public:
  // `quiet`: draw nothing whatever stderr is.
  explicit ProgressBar(std::uint64_t total, bool quiet);
  ~ProgressBar();  // clears the line if finish() was not called
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  void update(std::uint64_t done);
  // Clears the bar's line, so that the next message starts on a clean line.
  void finish();
  bool drawing() const { return drawing_; }

 private:
  std::uint64_t total_;
  bool drawing_;
  std::chrono::steady_clock::time_point start_, lastDraw_;
  std::size_t lastLength_ = 0;
  RecentRate recent_;
};

}  // namespace shadersort

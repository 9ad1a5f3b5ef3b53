#include "gl/frame_timer.h"

#include "gl/limits.h"

namespace shadersort::gl {

namespace {
// A queue this long means results stopped arriving; older intervals are dropped, not waited for.
constexpr std::size_t kMaxPending = 256;
}  // namespace

FrameTimer::FrameTimer() : clock_(timerQueriesTrustworthyHere() ? "gpu" : "wall") {}

Query FrameTimer::takeQuery() {
  if (spare_.empty()) return Query("");  // labelled never: NVIDIA rejects a label before first use
  Query query = std::move(spare_.back());
  spare_.pop_back();
  return query;
}

void FrameTimer::begin(std::uint64_t tag) {
  openTag_ = tag;
  open_ = true;
  if (clock_ == "wall") {
    wallStart_ = std::chrono::steady_clock::now();
    return;
  }
  Pending interval{takeQuery(), takeQuery(), tag};
  glQueryCounter(interval.start.id(), GL_TIMESTAMP);
  pending_.push_back(std::move(interval));
}

void FrameTimer::end() {
  if (!open_) return;
  open_ = false;
  if (clock_ == "wall") {
    const auto elapsed = std::chrono::steady_clock::now() - wallStart_;
    ready_.push_back({openTag_, std::chrono::duration<double, std::milli>(elapsed).count()});
    return;
  }
  glQueryCounter(pending_.back().end.id(), GL_TIMESTAMP);
  while (pending_.size() > kMaxPending) {
    spare_.push_back(std::move(pending_.front().start));
    spare_.push_back(std::move(pending_.front().end));
    pending_.pop_front();
  }
}

std::vector<FrameTimer::Result> FrameTimer::collect() {
  std::vector<Result> results = std::move(ready_);
  ready_.clear();
  // Results arrive in submission order; stop at the first that is not there yet. The open
  // interval (begun, not ended) is never asked.
  const std::size_t askable = pending_.size() - (open_ && clock_ != "wall" ? 1 : 0);
  for (std::size_t taken = 0; taken < askable; ++taken) {
    Pending& oldest = pending_.front();
    GLuint available = 0;
    glGetQueryObjectuiv(oldest.end.id(), GL_QUERY_RESULT_AVAILABLE, &available);
    if (!available) break;
    GLuint64 start = 0, end = 0;
    glGetQueryObjectui64v(oldest.start.id(), GL_QUERY_RESULT, &start);
    glGetQueryObjectui64v(oldest.end.id(), GL_QUERY_RESULT, &end);
    results.push_back({oldest.tag, static_cast<double>(end - start) / 1e6});
    spare_.push_back(std::move(oldest.start));
    spare_.push_back(std::move(oldest.end));
    pending_.pop_front();
  }
  return results;
}

void FrameTimer::discard() {
  const bool keepOpen = open_ && clock_ != "wall";
  while (pending_.size() > (keepOpen ? 1u : 0u)) {
    spare_.push_back(std::move(pending_.front().start));
    spare_.push_back(std::move(pending_.front().end));
    pending_.pop_front();
  }
  ready_.clear();
}

}  // namespace shadersort::gl

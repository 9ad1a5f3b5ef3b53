#include "gl/gpu_timer.h"

#include <glad/gl.h>

#include <chrono>

#include "gl/handles.h"
#include "gl/limits.h"

namespace shadersort::gl {

Timing timeGpuWork(const std::function<void()>& work) {
  glFinish();
  if (timerQueriesTrustworthyHere()) {
    // No label at creation: a query name is only an object once begun (NVIDIA rejects the label).
    Query query("");
    glBeginQuery(GL_TIME_ELAPSED, query.id());
    work();
    glEndQuery(GL_TIME_ELAPSED);
    query.setLabel("benchmark: time elapsed");
    GLuint64 nanoseconds = 0;
    glGetQueryObjectui64v(query.id(), GL_QUERY_RESULT, &nanoseconds);
    // A sorter that reads back mid-sort (early exit) has already waited; the query still holds
    // only GPU time between begin and end.
    return {static_cast<double>(nanoseconds) / 1e6, "gpu"};
  }
  const auto start = std::chrono::steady_clock::now();
  work();
  glFinish();
  return {std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count(), "wall"};
}

struct StepTimer::Queries {
  std::vector<Query> marks;  // marks[0] at start()
};

namespace {

double wallNowMs() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

StepTimer::StepTimer()
    : clock_(timerQueriesTrustworthyHere() ? "gpu" : "wall"),
      queries_(clock_ == "gpu" ? std::make_unique<Queries>() : nullptr) {}

StepTimer::~StepTimer() = default;

void StepTimer::start() {
  names_.clear();
  wallMarks_.clear();
  glFinish();
  if (queries_) {
    queries_->marks.clear();
    queries_->marks.emplace_back("");
    glQueryCounter(queries_->marks.back().id(), GL_TIMESTAMP);
  } else {
    wallMarks_.push_back(wallNowMs());
  }
}

void StepTimer::mark(std::string_view name) {
  names_.emplace_back(name);
  if (queries_) {
    queries_->marks.emplace_back("");
    glQueryCounter(queries_->marks.back().id(), GL_TIMESTAMP);
  } else {
    glFinish();
    wallMarks_.push_back(wallNowMs());
  }
}

std::vector<StepTimer::Step> StepTimer::finish() {
  std::vector<double> marks = wallMarks_;
  if (queries_) {
    marks.clear();
    for (const Query& query : queries_->marks) {
      GLuint64 nanoseconds = 0;
      glGetQueryObjectui64v(query.id(), GL_QUERY_RESULT, &nanoseconds);
      marks.push_back(static_cast<double>(nanoseconds) / 1e6);
    }
  }
  std::vector<Step> steps;
  for (std::size_t i = 0; i < names_.size() && i + 1 < marks.size(); ++i)
    steps.push_back({names_[i], marks[i + 1] - marks[i]});
  return steps;
}

}  // namespace shadersort::gl

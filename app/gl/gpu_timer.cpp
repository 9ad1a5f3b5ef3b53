#include "gl/gpu_timer.h"

#include <glad/gl.h>

#include <chrono>

#include "gl/handles.h"
#include "gl/limits.h"

namespace shadersort::gl {

Timing timeGpuWork(const std::function<void()>& work) {
  glFinish();
  if (currentLimits().timerQueriesTrustworthy) {
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

}  // namespace shadersort::gl

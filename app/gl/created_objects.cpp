// The process-wide counts behind gl::createdObjects() (gl/handles.h).

#include <atomic>

#include "gl/handles.h"

namespace shadersort::gl {
namespace {

std::atomic<std::uint64_t> buffersMade{0}, programsMade{0};

}  // namespace

CreatedObjects createdObjects() { return {buffersMade.load(), programsMade.load()}; }
void countCreatedBuffer() { buffersMade.fetch_add(1, std::memory_order_relaxed); }
void countCreatedProgram() { programsMade.fetch_add(1, std::memory_order_relaxed); }

}  // namespace shadersort::gl

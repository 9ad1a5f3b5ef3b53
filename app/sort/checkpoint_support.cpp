#include "sort/checkpoint_support.h"

#include <atomic>
#include <stdexcept>
#include <string>

#include "gl/compute.h"

namespace shadersort {

std::uint64_t newLoadId() {
  // Process-wide, so that two sorters of one kind never share a number either.
  static std::atomic<std::uint64_t> last{0};
  return ++last;
}

void throwForeignCheckpoint(std::string_view sorter, const Checkpoint& checkpoint) {
  throw std::invalid_argument(std::string(sorter) + ": cannot resume the checkpoint of pass " +
                              std::to_string(checkpoint.passesRun) +
                              ": it belongs to another sorter or to an input loaded before this one");
}

gl::Buffer copyOfBuffer(std::string_view label, const gl::Buffer& source, std::size_t bytes) {
  gl::Buffer copy = gl::makeStorageBuffer(label, bytes);
  // The copy reads what shaders wrote.
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  gl::copyBuffer(source, copy, bytes);
  return copy;
}

void restoreBuffer(const gl::Buffer& source, const gl::Buffer& target, std::size_t bytes) {
  // Shaders of later passes may still be writing the target.
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  gl::copyBuffer(source, target, bytes);
}

void refreshCopy(gl::Buffer& copy, std::size_t heldBytes, std::string_view label, const gl::Buffer& source,
                 std::size_t bytes) {
  if (bytes == 0) {
    copy = {};
    return;
  }
  if (!copy || heldBytes != bytes) copy = gl::makeStorageBuffer(label, bytes);
  restoreBuffer(source, copy, bytes);
}

}  // namespace shadersort

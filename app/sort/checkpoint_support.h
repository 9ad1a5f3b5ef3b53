#pragma once
// What the sorters' checkpoint() and resume() share: a number that ties a checkpoint to one
// load(), the check that resume() was given one of its own, and copies made on the GPU.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "gl/handles.h"
#include "sort/sorter.h"

namespace shadersort {

// A number no load() in this process has had before; sorters take one per load().
std::uint64_t newLoadId();

[[noreturn]] void throwForeignCheckpoint(std::string_view sorter, const Checkpoint& checkpoint);

// `checkpoint` as the sorter's own type; throws std::invalid_argument when it comes from another
// kind of sorter or from another load() (an earlier one, or another sorter's).
template <typename Saved>
const Saved& ownCheckpoint(std::string_view sorter, const Checkpoint& checkpoint, std::uint64_t loadId) {
  const auto* saved = dynamic_cast<const Saved*>(&checkpoint);
  if (saved == nullptr || saved->loadId != loadId) throwForeignCheckpoint(sorter, checkpoint);
  return *saved;
}

// A new storage buffer holding the first `bytes` of `source`, copied on the GPU after the
// shader writes issued so far.
gl::Buffer copyOfBuffer(std::string_view label, const gl::Buffer& source, std::size_t bytes);
// Copies `bytes` of `source` over `target`, ordered after the shader writes issued so far.
void restoreBuffer(const gl::Buffer& source, const gl::Buffer& target, std::size_t bytes);

}  // namespace shadersort

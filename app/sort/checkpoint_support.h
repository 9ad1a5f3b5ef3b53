#pragma once
// What checkpoints are made of (sort/stepper.h puts them together): a number that ties a
// checkpoint to one load(), the error for one resumed elsewhere, and copies made on the GPU.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "gl/handles.h"
#include "sort/sorter.h"

namespace shadersort {

// A number no load() in this process has had before; steppers take one per load().
std::uint64_t newLoadId();

[[noreturn]] void throwForeignCheckpoint(std::string_view sorter, const Checkpoint& checkpoint);

// A new storage buffer holding the first `bytes` of `source`, copied on the GPU after the
// shader writes issued so far.
gl::Buffer copyOfBuffer(std::string_view label, const gl::Buffer& source, std::size_t bytes);
// Copies `bytes` of `source` over `target`, ordered after the shader writes issued so far.
void restoreBuffer(const gl::Buffer& source, const gl::Buffer& target, std::size_t bytes);
// The first `bytes` of `source` into `copy`, which holds `heldBytes`: kept when that is `bytes`
// (a refreshed checkpoint allocates nothing), else a new buffer; none when `bytes` is 0.
void refreshCopy(gl::Buffer& copy, std::size_t heldBytes, std::string_view label, const gl::Buffer& source,
                 std::size_t bytes);

}  // namespace shadersort

#pragma once
// Shared plumbing of the compute sorters: storage buffers, 32-bit word transfers, and dispatches
// of more workgroups than one grid dimension allows (65535 on many drivers).

#include <cstdint>
#include <string_view>
#include <vector>

#include "gl/handles.h"

namespace shadersort::gl {

// A shader storage buffer of `bytes` bytes (at least 4, so an empty input still binds), filled
// from `data` when given, for the GPU's use only (read back through downloadWords' staging copy).
Buffer makeStorageBuffer(std::string_view label, std::size_t bytes, const void* data = nullptr);
Buffer makeStorageBuffer(std::string_view label, const std::vector<std::uint32_t>& words);

std::vector<std::uint32_t> downloadWords(const Buffer& buffer, std::size_t count, std::size_t firstWord = 0);
// The same through `staging`, which the caller keeps (made on first use): repeated read-backs
// (the viewer's histogram on every change) create no buffer.
std::vector<std::uint32_t> downloadWords(const Buffer& buffer, std::size_t count, Buffer& staging,
                                         std::size_t firstWord = 0);
// downloadWords calls since the program started (a test's proof that a frame made none).
std::uint64_t wordDownloadCount();
void copyBuffer(const Buffer& from, const Buffer& to, std::size_t bytes);

// Dispatches `groups` workgroups as a 2D grid (x at most the GPU's limit). Shaders recover the
// linear index with linearGroupId() from shaders/common/grid.glsl. Does nothing for 0 groups.
void dispatchLinear(std::uint64_t groups);

// Ceiling division, for group counts.
constexpr std::uint64_t divideRoundingUp(std::uint64_t value, std::uint64_t divisor) {
  return (value + divisor - 1) / divisor;
}

}  // namespace shadersort::gl

#include "sort/work_counter.h"

#include <string>

namespace shadersort {
namespace {

// Words per pass: a slot starts at a multiple of 256 bytes, the largest
// GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT drivers ask for.
constexpr std::size_t kSlotWords = 64;
static_assert(kWorkFieldCount <= kSlotWords);

}  // namespace

gl::ShaderDefines workCountDefines() {
  gl::ShaderDefines defines;
  defines.set("COUNT_WORK", 1).set("WORK_COUNT_BINDING", kWorkCountBinding);
  for (std::size_t i = 0; i < kWorkFieldCount; ++i) {
    std::string name = "WORK_";
    for (char c : workFieldName(static_cast<WorkField>(i)))
      name += c == ' ' ? '_' : static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    defines.set(name, std::to_string(i) + "u");
  }
  return defines;
}

void WorkCounter::reset(std::uint32_t passCount) {
  buffer_ = compute::StorageBuffer("work counts", std::size_t{passCount} * kSlotWords * 4);
  buffer_.clear();
  begun_.assign(passCount, false);
  cache_.assign(passCount, std::nullopt);
}

void WorkCounter::beginPass(std::uint32_t pass) {
  if (pass >= begun_.size()) return;
  // Atomics of the pass's earlier run land before the clear.
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
  buffer_.clear(0, std::size_t{pass} * kSlotWords, kSlotWords);
  buffer_.bindRange(kWorkCountBinding, std::size_t{pass} * kSlotWords * 4, kSlotWords * 4);
  begun_[pass] = true;
  cache_[pass].reset();
}

std::optional<WorkCounts> WorkCounter::read(std::uint32_t pass) const {
  if (pass >= begun_.size() || !begun_[pass]) return std::nullopt;
  if (cache_[pass]) return cache_[pass];
  std::uint32_t words[kWorkFieldCount] = {};
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer_.id());
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, static_cast<GLintptr>(std::size_t{pass} * kSlotWords * 4),
                     sizeof words, words);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  WorkCounts counts;
  for (std::size_t i = 0; i < kWorkFieldCount; ++i) counts.counts[i] = words[i];
  cache_[pass] = counts;
  return counts;
}

}  // namespace shadersort

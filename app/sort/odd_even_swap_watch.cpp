#include "sort/odd_even_swap_watch.h"

#include <algorithm>
#include <string>
#include <vector>

#include "gl/compute.h"
#include "sort/checkpoint_support.h"

namespace shadersort {

void SwapWatch::reset(std::uint32_t passCount, std::uint32_t roundsPerPass, std::uint32_t checkInterval) {
  passCount_ = passCount;
  roundsPerPass_ = roundsPerPass;
  checkInterval_ = checkInterval;
  countsRead_.assign(passCount, std::nullopt);
  counters_ = compute::StorageBuffer("odd-even: swaps per pass", std::size_t{passCount} * 4);
  // A check copies its passes' counters plus the one before (a one-round pass needs it).
  const std::size_t stagingWords = std::min<std::size_t>(checkInterval, passCount) + 1;
  for (std::uint32_t i = 0; i < kRingSize; ++i) {
    ring_[i].staging =
        gl::makeStorageBuffer("odd-even: swap count read-back " + std::to_string(i), stagingWords * 4);
  }
  rewind();
}

void SwapWatch::rewind() {
  for (auto& check : ring_) check.fence.reset();
  oldest_ = 0;
  inFlight_ = 0;
  checkedUpTo_ = 0;
  readUpTo_ = 0;
  sortedAfter_.reset();
  if (passCount_ == 0) return;
  // The last sort's shaders may still be adding to the counters.
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  const GLuint zero = 0;
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, counters_.id());
  glClearBufferData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &zero);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
}

void SwapWatch::passIssued(std::uint32_t passesRun) {
  if (sortedAfter_ || passesRun > passCount_) return;
  // The check after the last pass decides nothing (the sort is over) but brings the last counts.
  if (passesRun - checkedUpTo_ >= checkInterval_ || (passesRun == passCount_ && passesRun > checkedUpTo_))
    issueCheck(passesRun);
}

std::optional<std::uint32_t> SwapWatch::countOf(std::uint32_t pass) const {
  return pass < countsRead_.size() ? countsRead_[pass] : std::nullopt;
}

void SwapWatch::issueCheck(std::uint32_t passesRun) {
  if (inFlight_ == kRingSize) {
    // Every staging buffer is busy: wait for the oldest, many passes behind the newest.
    Check& oldest = ring_[oldest_];
    while (glClientWaitSync(oldest.fence.get(), GL_SYNC_FLUSH_COMMANDS_BIT, 1'000'000'000) == GL_TIMEOUT_EXPIRED) {
    }
    consumeOldest();
    if (sortedAfter_) return;
  }
  Check& check = ring_[(oldest_ + inFlight_) % kRingSize];
  check.firstPass = checkedUpTo_ > 0 ? checkedUpTo_ - 1 : 0;
  check.count = passesRun - check.firstPass;
  checkedUpTo_ = passesRun;

  // The counters were written by shader atomics; the copy must see them.
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  glBindBuffer(GL_COPY_READ_BUFFER, counters_.id());
  glBindBuffer(GL_COPY_WRITE_BUFFER, check.staging.id());
  glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, static_cast<GLintptr>(check.firstPass) * 4, 0,
                      static_cast<GLsizeiptr>(check.count) * 4);
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  check.fence.reset(glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0));
  // An unflushed fence may never signal while we only poll it.
  glFlush();
  ++inFlight_;
}

void SwapWatch::poll() {
  while (inFlight_ > 0 && !sortedAfter_) {
    const GLenum state = glClientWaitSync(ring_[oldest_].fence.get(), 0, 0);
    if (state != GL_ALREADY_SIGNALED && state != GL_CONDITION_SATISFIED) return;
    consumeOldest();
  }
}

void SwapWatch::consumeOldest() {
  Check& check = ring_[oldest_];
  // The copy has completed (its fence signalled), so this read does not wait for later passes.
  std::vector<std::uint32_t> counts(check.count);
  glBindBuffer(GL_COPY_READ_BUFFER, check.staging.id());
  glGetBufferSubData(GL_COPY_READ_BUFFER, 0, static_cast<GLsizeiptr>(check.count) * 4, counts.data());
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
  check.fence.reset();
  oldest_ = (oldest_ + 1) % kRingSize;
  --inFlight_;
  readUpTo_ = check.firstPass + check.count;

  for (std::uint32_t pass = check.firstPass; pass < check.firstPass + check.count; ++pass)
    if (!countsRead_[pass]) countsRead_[pass] = counts[pass - check.firstPass];
  for (std::uint32_t pass = check.firstPass; pass < check.firstPass + check.count; ++pass) {
    if (isQuiet(counts.data(), check.firstPass, pass)) {
      sortedAfter_ = pass + 1;
      return;
    }
  }
}

bool SwapWatch::isQuiet(const std::uint32_t* counts, std::uint32_t firstPass, std::uint32_t pass) const {
  if (counts[pass - firstPass] != 0) return false;
  // A pass of two or more rounds counted its own closing even and odd round.
  if (roundsPerPass_ >= 2) return true;
  // A one-round pass needs the round before it quiet too.
  return pass > firstPass && counts[pass - 1 - firstPass] == 0;
}

SwapWatch::Saved SwapWatch::save() const {
  Saved saved;
  saved.readUpTo = readUpTo_;
  saved.sortedAfter = sortedAfter_;
  if (passCount_ == 0) return saved;
  saved.counters = copyOfBuffer("odd-even: checkpoint swaps per pass", counters_.buffer(), std::size_t{passCount_} * 4);
  return saved;
}

void SwapWatch::restore(const Saved& saved, std::uint32_t passesRun) {
  for (auto& check : ring_) check.fence.reset();
  oldest_ = 0;
  inFlight_ = 0;
  sortedAfter_ = saved.sortedAfter;
  readUpTo_ = saved.readUpTo;
  checkedUpTo_ = saved.readUpTo;
  if (passCount_ == 0) return;
  restoreBuffer(saved.counters, counters_.buffer(), std::size_t{passCount_} * 4);
  // Later passes had not run when it was taken, so their counters are zero in the copy already;
  // cleared again all the same, since passes run again must count their swaps once.
  if (passesRun < passCount_) {
    const GLuint zero = 0;
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, counters_.id());
    glClearBufferSubData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, static_cast<GLintptr>(passesRun) * 4,
                         static_cast<GLsizeiptr>(passCount_ - passesRun) * 4, GL_RED_INTEGER, GL_UNSIGNED_INT, &zero);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  }
  // Checks fall every checkInterval passes; those the CPU had not read yet are taken again.
  while (!sortedAfter_ && passesRun - checkedUpTo_ >= checkInterval_ && checkedUpTo_ + checkInterval_ < passCount_)
    issueCheck(checkedUpTo_ + checkInterval_);
}

}  // namespace shadersort

#include "sort/state_readback.h"

#include <atomic>

namespace shadersort {
namespace {

std::atomic<std::uint64_t> readbacks{0};

}  // namespace

std::uint64_t stateReadbackCount() {
  return readbacks.load(std::memory_order_relaxed);
}

void countStateReadback() {
  readbacks.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace shadersort

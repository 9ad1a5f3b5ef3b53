#include "core/memory_budget.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>

#include "core/error.h"
#include "core/input_file.h"

namespace shadersort {
namespace {

// What the program itself takes besides its inputs: code, libraries, Mesa's driver (llvmpipe
// alone maps a few hundred MiB of address space).
constexpr std::uint64_t kProgramReserveBytes = 1ull << 30;

std::optional<std::uint64_t> configuredBudget;

std::optional<std::uint64_t> processLimit() {
  std::optional<std::uint64_t> lowest;
  for (int resource : {RLIMIT_AS, RLIMIT_DATA}) {
    struct rlimit limit {};
    if (::getrlimit(resource, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
      lowest = std::min<std::uint64_t>(lowest.value_or(UINT64_MAX), limit.rlim_cur);
  }
  return lowest;
}

std::uint64_t physicalMemory() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), pageSize = ::sysconf(_SC_PAGESIZE);
  // Unknown: assume a small machine rather than none.
  if (pages <= 0 || pageSize <= 0) return 4ull << 30;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(pageSize);
}

}  // namespace

std::uint64_t defaultMemoryBudget(std::uint64_t physicalBytes, std::optional<std::uint64_t> limitBytes) {
  std::uint64_t budget = physicalBytes / 4 * 3;
  if (limitBytes) budget = std::min(budget, *limitBytes > 2 * kProgramReserveBytes ? *limitBytes - kProgramReserveBytes
                                                                                 : *limitBytes / 2);
  return budget;
}

std::uint64_t memoryBudget() { return configuredBudget.value_or(defaultMemoryBudget(physicalMemory(), processLimit())); }

void setMemoryBudget(std::uint64_t bytes) { configuredBudget = bytes; }

void requireMemory(std::uint64_t bytes, const std::string& what) {
  const std::uint64_t budget = memoryBudget();
  if (bytes <= budget) return;
  throw UsageError(what + " needs about " + byteCount(bytes) + " of memory, more than the " + byteCount(budget) +
                   " budget (--max-memory)");
}

}  // namespace shadersort

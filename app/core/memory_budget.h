#pragma once
// How much memory a command may plan to use. Inputs are checked against it before anything large
// is allocated, so a small file that declares a huge picture is refused in one line (exit 2)
// instead of growing until the allocator fails. `--max-memory` sets it; by default it is a share
// of the physical memory, and no more than the process's address-space or data limit allows.

#include <cstdint>
#include <optional>
#include <string>

namespace shadersort {

// Three quarters of `physicalBytes`, and below `limitBytes` (RLIMIT_AS / RLIMIT_DATA, when
// set) with room left for the program, its libraries and the GL driver.
std::uint64_t defaultMemoryBudget(std::uint64_t physicalBytes, std::optional<std::uint64_t> limitBytes);

// The budget in force: what setMemoryBudget() set, else defaultMemoryBudget() for this machine.
std::uint64_t memoryBudget();
void setMemoryBudget(std::uint64_t bytes);

// Throws UsageError (exit 2) when `bytes` is more than the budget: "WHAT needs about 3.75 GiB of
// memory, more than the 1 GiB budget (--max-memory)".
void requireMemory(std::uint64_t bytes, const std::string& what);

}  // namespace shadersort

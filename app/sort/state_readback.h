#pragma once
// Counts the state read-backs (GPU -> CPU copies of a sorter's whole state, i.e. Sorter::read).
// The viewer draws and checks states on the GPU; a test reads this count to prove that playback
// makes none.

#include <cstdint>

namespace shadersort {

// Read-backs since the program started.
std::uint64_t stateReadbackCount();
// Called by every Sorter::read() path.
void countStateReadback();

}  // namespace shadersort

#pragma once
// Which states of a sort a recording keeps (a GIF's frames, a contact sheet's cells): the states
// after passes 0, every, 2 x every, ... and always the last one, `lastPass`, even off that step.

#include <cstddef>
#include <cstdint>
#include <string>

namespace shadersort::render {

inline bool isRecordedPass(std::uint32_t pass, std::uint32_t every, std::uint32_t lastPass) {
  return pass % every == 0 || pass == lastPass;
}

// How many states that keeps of a run of `lastPass` passes: ceil(lastPass / every) + 1.
inline std::size_t recordedStateCount(std::uint32_t lastPass, std::uint32_t every) {
  return static_cast<std::size_t>((static_cast<std::uint64_t>(lastPass) + every - 1) / every) + 1;
}

// The smallest multiple of `wanted` that keeps at most `maxStates` states (at least 2), so a
// raised step still lands on the passes asked for.
std::uint32_t everyForAtMost(std::uint32_t lastPass, std::uint32_t wanted, std::size_t maxStates);
// The smallest power of two that does: a step of 16 reads better on a slide than one of 13.
std::uint32_t roundEveryForAtMost(std::uint32_t lastPass, std::size_t maxStates);

// The label of the state after `pass` passes, named by the last pass run as captions are:
// "input", "after pass 11", "after pass 63 sorted".
std::string passLabel(std::uint32_t pass, bool sorted);

}  // namespace shadersort::render

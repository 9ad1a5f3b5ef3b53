#include "render/recorded_passes.h"

#include <algorithm>

#include "sort/index_text.h"

namespace shadersort::render {

namespace {

// ceil(P / K) + 1 <= maxStates from K = ceil(P / (maxStates - 1)) on.
std::uint64_t smallestEvery(std::uint32_t lastPass, std::size_t maxStates) {
  const std::uint64_t steps = std::max<std::size_t>(maxStates, 2) - 1;
  return std::max<std::uint64_t>((lastPass + steps - 1) / steps, 1);
}

}  // namespace

std::uint32_t everyForAtMost(std::uint32_t lastPass, std::uint32_t wanted, std::size_t maxStates) {
  const std::uint64_t step = std::max<std::uint32_t>(wanted, 1);
  const std::uint64_t every = (smallestEvery(lastPass, maxStates) + step - 1) / step * step;
  return static_cast<std::uint32_t>(std::min<std::uint64_t>(every, 0xFFFFFFFFu));
}

std::uint32_t roundEveryForAtMost(std::uint32_t lastPass, std::size_t maxStates) {
  const std::uint64_t smallest = smallestEvery(lastPass, maxStates);
  std::uint64_t every = 1;
  while (every < smallest) every *= 2;
  return static_cast<std::uint32_t>(std::min<std::uint64_t>(every, 0x80000000u));
}

std::string passLabel(std::uint32_t pass, bool sorted) {
  // `pass` passes ran: named by the last one's index, as the captions do.
  return (pass == 0 ? std::string("input") : "after pass " + indexText(pass - 1)) + (sorted ? " sorted" : "");
}

}  // namespace shadersort::render

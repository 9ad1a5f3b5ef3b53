#include "render/recorded_passes.h"

#include <algorithm>

namespace shadersort::render {

std::uint32_t everyForAtMost(std::uint32_t lastPass, std::uint32_t wanted, std::size_t maxStates) {
  // ceil(P / K) + 1 <= maxStates from K = ceil(P / (maxStates - 1)) on.
  const std::uint64_t steps = std::max<std::size_t>(maxStates, 2) - 1;
  const std::uint64_t smallest = std::max<std::uint64_t>((lastPass + steps - 1) / steps, 1);
  return static_cast<std::uint32_t>(std::max<std::uint64_t>(wanted, smallest));
}

std::string passLabel(std::uint32_t pass, bool sorted) {
  return "pass " + std::to_string(pass) + (sorted ? " sorted" : "");
}

}  // namespace shadersort::render

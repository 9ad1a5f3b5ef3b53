#include "sort/index_text.h"

namespace shadersort {

std::string indexText(std::uint64_t index) { return std::to_string(index + kFirstShownIndex); }

std::string indexRangeText(std::uint64_t first, std::uint64_t count) {
  if (count <= 1) return indexText(first);
  return indexText(first) + "-" + indexText(first + count - 1);
}

std::string pairText(std::uint64_t low, std::uint64_t high) { return "(" + indexText(low) + "," + indexText(high) + ")"; }

std::string passName(std::uint32_t pass, std::uint32_t passCount) {
  return "pass " + indexText(pass) + " of " + indexRangeText(0, passCount == 0 ? 1 : passCount);
}

std::string passesRunText(std::uint32_t passesRun, std::uint32_t passCount) {
  return std::to_string(passesRun) + " of " + std::to_string(passCount) + (passCount == 1 ? " pass run" : " passes run");
}

}  // namespace shadersort

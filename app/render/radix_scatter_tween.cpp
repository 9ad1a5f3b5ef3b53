#include "render/radix_scatter_tween.h"

#include <algorithm>

namespace shadersort::render {
namespace {
constexpr std::uint32_t kKeyBits = 32;
constexpr std::uint32_t kMaxBucketBits = 16;
}  // namespace

std::uint32_t radixDigitOf(std::uint32_t key, RadixDigit digit) {
  if (digit.bits == 0 || digit.shift >= kKeyBits) return 0;
  const std::uint32_t mask = digit.bits >= kKeyBits ? ~0u : (1u << digit.bits) - 1u;
  return (key >> digit.shift) & mask;
}

ScatterPlan scatterPlan(const std::vector<std::uint32_t>& keysBefore, RadixDigit digit) {
  ScatterPlan plan;
  if (digit.bits == 0 || digit.bits > kMaxBucketBits) return plan;
  std::vector<std::uint32_t> next(std::size_t{1} << digit.bits, 0);
  for (std::uint32_t key : keysBefore) ++next[radixDigitOf(key, digit)];
  std::uint32_t start = 0;
  for (std::uint32_t value = 0; value < next.size(); ++value) {
    const std::uint32_t count = next[value];
    if (count > 0) plan.buckets.push_back({value, start, start + count});
    next[value] = start;
    start += count;
  }
  plan.destination.reserve(keysBefore.size());
  for (std::uint32_t key : keysBefore) plan.destination.push_back(next[radixDigitOf(key, digit)]++);
  return plan;
}

double easedFraction(double t) {
  t = std::clamp(t, 0.0, 1.0);
  return t * t * (3.0 - 2.0 * t);
}

std::vector<double> tweenSlots(const ScatterPlan& plan, double t) {
  const double eased = easedFraction(t);
  std::vector<double> slots;
  slots.reserve(plan.destination.size());
  for (std::size_t i = 0; i < plan.destination.size(); ++i)
    slots.push_back(static_cast<double>(i) + eased * (static_cast<double>(plan.destination[i]) - static_cast<double>(i)));
  return slots;
}

std::vector<DigitState> digitStates(const std::vector<std::uint32_t>& passShifts, std::uint32_t bits,
                                    std::uint32_t passesDone, std::uint32_t current) {
  if (bits == 0) return {};
  std::vector<DigitState> states((kKeyBits + bits - 1) / bits, DigitState::Skipped);
  for (std::uint32_t pass = 0; pass < passShifts.size(); ++pass) {
    const std::uint32_t place = passShifts[pass] / bits;
    if (place >= states.size()) continue;
    states[place] = pass == current ? DigitState::Current : pass < passesDone ? DigitState::Done : DigitState::Pending;
  }
  return states;
}

}  // namespace shadersort::render

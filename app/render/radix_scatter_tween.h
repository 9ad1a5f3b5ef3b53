#pragma once
// Radix's scatter, shown as motion: one LSD pass orders the keys stably by one digit, so where
// each key lands follows from the keys before the pass alone (a stable counting sort on the
// digit). The viewer flies each key from its old slot to that slot over a short tween; this is
// the geometry of it, as plain data (slot positions, no pixels, no GL), so it is tested on the CPU.

#include <cstdint>
#include <vector>

namespace shadersort::render {

// The digit a pass sorts by: bits [shift, shift + bits) of the stored key.
struct RadixDigit {
  std::uint32_t shift = 0, bits = 0;
};
std::uint32_t radixDigitOf(std::uint32_t key, RadixDigit digit);

// The slots [begin, end) the keys with digit `digit` land in (non-empty buckets only).
struct DigitBucket {
  std::uint32_t digit = 0, begin = 0, end = 0;
};
struct ScatterPlan {
  std::vector<std::uint32_t> destination;  // per slot before the pass: the slot after it
  std::vector<DigitBucket> buckets;        // in digit order, so in slot order
};
// The stable counting sort of `keysBefore` by `digit`: counts, their exclusive prefix sum (each
// bucket's start), then each key in order to the next free slot of its bucket. Empty for
// digits of 0 or more than 16 bits.
ScatterPlan scatterPlan(const std::vector<std::uint32_t>& keysBefore, RadixDigit digit);

// Slow in, slow out: 0 at 0, 1 at 1 (smoothstep); `t` is clamped to [0, 1].
double easedFraction(double t);
// Each key's slot (by its slot before the pass) at tween time `t` in [0, 1]: the old slot at 0,
// the destination at 1, eased in between. Slot i spans [i, i + 1) of the array's width.
std::vector<double> tweenSlots(const ScatterPlan& plan, double t);

// The digit places of a key (from the least significant) and what a pass has done to each.
enum class DigitState {
  Done,     // an earlier pass sorted by it: the keys are in order on it and every place below
  Current,  // the pass to come sorts by it (or, during the tween, the pass being shown)
  Pending,  // a later pass sorts by it
  Skipped,  // no pass sorts by it: every key has the same digit there
};
// `passShifts`: the shift of each pass of the schedule, in order; `passesDone` of them have
// run; `current`: the pass shown as current (passesDone, or passesDone - 1 during its tween).
// One entry per digit place of a 32-bit key, least significant first.
std::vector<DigitState> digitStates(const std::vector<std::uint32_t>& passShifts, std::uint32_t bits,
                                    std::uint32_t passesDone, std::uint32_t current);

}  // namespace shadersort::render

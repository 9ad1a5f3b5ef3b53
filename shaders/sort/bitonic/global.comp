// STEPS consecutive steps of one bitonic merge, straight from global memory. Each invocation owns
// the 2^STEPS positions closed under the steps' partner masks, holds them in registers, runs
// every step there and writes them back, so STEPS steps cost one read and one write.
// Consecutive invocations own consecutive positions (the bits below the smallest distance), so
// every load and store of a warp is coalesced. Used with STEPS = 1 by the teaching schedule.
// Injected: WORKGROUP_SIZE, STEPS, and those of elements.glsl.

#pragma optionNV(unroll all)

#include "shaders/common/grid.glsl"
#include "shaders/sort/bitonic/elements.glsl"
#include "shaders/sort/work_count.glsl"

layout(local_size_x = WORKGROUP_SIZE) in;

const uint kItems = 1u << STEPS;

// Partner mask of each step, widest first: mergeWidth - 1 for a merge's first (mirror) step,
// else the distance. Its highest bit tells the lower element of a pair from the upper one.
uniform uint u_masks[STEPS];
uniform uint u_invocationCount;  // S * P / 2^STEPS

uint r_key[kItems];
#if HAS_VALUES
uint r_value[kItems];
#endif

// `x` with a zero bit inserted at `bit`.
uint insertZeroBit(uint x, uint bit) {
  const uint low = x & ((1u << bit) - 1u);
  return ((x ^ low) << 1u) | low;
}

// The owned set: a base whose bits at the steps' highest mask bits are zero, xor any subset of
// the masks; item bit b selects step b's mask. Computed where needed rather than kept in a
// register array, and every loop has constant bounds, so that NVIDIA's compiler unrolls them and
// keeps the keys in registers (an array indexed by a run-time value lives in local memory).
uint positionOf(uint base, uint item) {
  uint position = base;
  for (int step = 0; step < STEPS; ++step)
    if ((item & (1u << step)) != 0u) position ^= u_masks[step];
  return position;
}

void main() {
  const uint invocation = linearGroupId() * WORKGROUP_SIZE + gl_LocalInvocationID.x;
  if (invocation >= u_invocationCount) return;

  // Insert the zeros from the lowest bit up (the last step's mask is the narrowest).
  uint base = invocation;
  for (int step = STEPS - 1; step >= 0; --step) base = insertZeroBit(base, uint(findMSB(u_masks[step])));

  // The base is the smallest owned position: when it is padding, everything owned is.
  if (storageIndex(base) == kPadding) return;

  for (uint item = 0u; item < kItems; ++item) {
    const uint index = storageIndex(positionOf(base, item));
    r_key[item] = loadKey(index);
    if (index != kPadding) COUNT_WORK_ADD(WORK_GLOBAL_READS, 1 + HAS_VALUES);
#if HAS_VALUES
    r_value[item] = loadValue(index);
#endif
  }

  for (int step = 0; step < STEPS; ++step) {
    const uint highBit = 1u << uint(findMSB(u_masks[step]));
    for (uint item = 0u; item < kItems; ++item) {
      if ((item & (1u << step)) != 0u) continue;
      const uint other = item | (1u << step);
      // Slot `item` may hold the upper position of the pair (after a mirror step flipped bits).
      const bool itemIsLower = (positionOf(base, item) & highBit) == 0u;
      const uint a = r_key[item], b = r_key[other];
      // Branch-free: swap when the lower position holds the larger key.
      const bool swap = itemIsLower ? a > b : b > a;
#ifdef COUNT_WORK
      // Pairs with a padding position compare against +infinity, a foregone result: the network
      // over L keys has only the pairs of two real ones.
      if (storageIndex(positionOf(base, item)) != kPadding && storageIndex(positionOf(base, other)) != kPadding)
        COUNT_WORK_ADD(WORK_COMPARISONS, 1);
      if (swap) COUNT_WORK_ADD(WORK_EXCHANGES, 1);
#endif
      r_key[item] = swap ? b : a;
      r_key[other] = swap ? a : b;
#if HAS_VALUES
      const uint valueA = r_value[item], valueB = r_value[other];
      r_value[item] = swap ? valueB : valueA;
      r_value[other] = swap ? valueA : valueB;
#endif
    }
  }

  for (uint item = 0u; item < kItems; ++item) {
    if (storageIndex(positionOf(base, item)) != kPadding) COUNT_WORK_ADD(WORK_GLOBAL_WRITES, 1 + HAS_VALUES);
#if HAS_VALUES
    storeElement(storageIndex(positionOf(base, item)), r_key[item], r_value[item]);
#else
    storeElement(storageIndex(positionOf(base, item)), r_key[item], 0u);
#endif
  }
}

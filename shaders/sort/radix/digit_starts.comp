// Fast path, once per sort of more than one sequence (histogram.comp does it for one), after
// histogram.comp: turns each (sequence, place) histogram into where each digit's keys start in
// the whole array (the sequence's first element plus the keys of smaller digits). One workgroup
// per (sequence, place), scanning the digits in parallel: one invocation walking 256 counts in
// global memory took 50 us on an H100, a fixed cost that dominated small sorts.
//
// It leaves the histograms zeroed for the next sort and zeroes every pass's partition ticket,
// so that no buffer clear runs per sort (see histogram.comp for what one cost).

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/sort/radix/common.glsl"
#include "shaders/sort/radix/workgroup_scan.glsl"

#define PLACES (32u / RADIX_BITS)
#define DIGITS_PER_INVOCATION ((RADIX + WORKGROUP_SIZE - 1u) / WORKGROUP_SIZE)

uniform uint u_sequenceCount;
uniform uint u_passCount;

layout(std430, binding = HISTOGRAM_BINDING) buffer Histogram { uint histogram[]; };
layout(std430, binding = DIGIT_STARTS_BINDING) writeonly buffer DigitStarts { uint digitStarts[]; };
layout(std430, binding = TICKETS_BINDING) writeonly buffer Tickets { uint tickets[]; };

void main() {
  uint histogramIndex = linearGroupId();  // sequence * PLACES + place, the same in the workgroup
  if (histogramIndex == 0u)
    for (uint pass = gl_LocalInvocationIndex; pass < u_passCount; pass += WORKGROUP_SIZE) tickets[pass] = 0u;
  if (histogramIndex >= u_sequenceCount * PLACES) return;
  uint base = histogramIndex * RADIX;
  uint first = gl_LocalInvocationIndex * DIGITS_PER_INVOCATION;  // this invocation's digits
  uint counts[DIGITS_PER_INVOCATION];
  uint owned = 0u;
  for (uint i = 0u; i < DIGITS_PER_INVOCATION; ++i) {
    counts[i] = first + i < RADIX ? histogram[base + first + i] : 0u;
    owned += counts[i];
    if (first + i < RADIX) histogram[base + first + i] = 0u;
  }
  uint start = segmentStart(histogramIndex / PLACES) + workgroupExclusiveSum(owned);
  for (uint i = 0u; i < DIGITS_PER_INVOCATION; ++i) {
    if (first + i < RADIX) digitStarts[base + first + i] = start;
    start += counts[i];
  }
}

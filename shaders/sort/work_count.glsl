// Work counting of the instrumented teaching variants: with COUNT_WORK defined (only when a
// sorter is loaded with counting on, see app/sort/work_counter.h), COUNT_WORK_ADD(WORK_<FIELD>, n)
// adds n to this pass's word of the field; without it, every use disappears, so the fast path's
// programs are what they were. Field definitions: app/sort/work_counts.h.
// A loop that would add one at a time tallies in a local first (COUNT_WORK_TALLY(name), then
// COUNT_WORK_TALLY_ADD(name, n)) and adds the tally once: one atomic per invocation, not per step.
// Injected with COUNT_WORK: WORK_COUNT_BINDING and the WORK_<FIELD> word indices.

#ifdef COUNT_WORK
layout(std430, binding = WORK_COUNT_BINDING) buffer WorkCounts { uint b_workCounts[]; };
#define COUNT_WORK_ADD(field, amount) atomicAdd(b_workCounts[field], uint(amount))
#define COUNT_WORK_TALLY(name) uint name = 0u
#define COUNT_WORK_TALLY_ADD(name, amount) name += uint(amount)
#else
#define COUNT_WORK_ADD(field, amount)
#define COUNT_WORK_TALLY(name)
#define COUNT_WORK_TALLY_ADD(name, amount)
#endif

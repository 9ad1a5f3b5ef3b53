// The one workgroup barrier every compute shader here uses: all invocations meet, and shared
// memory accesses before it are done before any after it. A bare barrier() was not enough on
// NVIDIA's GL compiler: on an H100 a shared-memory load written before barrier() was performed
// after it, reading a scan total another invocation had already overwritten (radix's column
// scan lost whole chunks of counts; see docs/BENCHMARKS.md). Call it in uniform control flow.
#ifndef WORKGROUP_BARRIER_GLSL
#define WORKGROUP_BARRIER_GLSL

void workgroupBarrier() {
  memoryBarrierShared();
  barrier();
}

#endif

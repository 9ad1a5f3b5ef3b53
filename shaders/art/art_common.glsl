// What every art kernel shares: one invocation per element in 256-wide workgroups on the 2D grid
// of gl::dispatchLinear, and the word that marks "none" (padding, no pixel).

#include "shaders/common/grid.glsl"

layout(local_size_x = 256) in;

const uint kNone = 0xFFFFFFFFu;

uint elementIndex() {
  return linearGroupId() * 256u + gl_LocalInvocationID.x;
}

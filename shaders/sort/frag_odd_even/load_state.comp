// Fills the RG32UI input texture from keys and values in storage buffers (a SortTarget), so that
// an input already on the GPU never goes through the CPU.

layout(local_size_x = 16, local_size_y = 16) in;

layout(std430, binding = 0) readonly buffer Keys { uint keys[]; };
layout(std430, binding = 1) readonly buffer Values { uint values[]; };
layout(rg32ui, binding = 0) writeonly uniform uimage2D u_state;

uniform uvec2 u_size;  // sequence length, sequence count
uniform bool u_hasValues;

void main() {
  const uvec2 at = gl_GlobalInvocationID.xy;
  if (at.x >= u_size.x || at.y >= u_size.y) return;
  const uint element = at.y * u_size.x + at.x;
  imageStore(u_state, ivec2(at), uvec4(keys[element], u_hasValues ? values[element] : 0u, 0u, 0u));
}

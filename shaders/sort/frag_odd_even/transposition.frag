// One pass of odd-even transposition sort over every row of the state texture. Each row is an
// independent sequence; a texel holds (key, value). In pass p the pairs are (i, i+1) for every i
// with i = p (mod 2). Both texels of a pair make the same strict comparison, so exactly one of
// them takes the other's element or neither does: elements move whole, equal keys never swap
// (the sort is stable), and no element is ever duplicated or dropped.

#include "shaders/sort/work_count.glsl"

uniform usampler2D u_state;
uniform int u_parity;          // 0: pairs (0,1), (2,3), ...   1: pairs (1,2), (3,4), ...
uniform int u_sequenceLength;

layout(location = 0) out uvec2 o_element;

void main() {
  const ivec2 here = ivec2(gl_FragCoord.xy);
  const uvec2 mine = texelFetch(u_state, here, 0).xy;
  COUNT_WORK_ADD(WORK_GLOBAL_READS, 2);   // a texel: key and value
  COUNT_WORK_ADD(WORK_GLOBAL_WRITES, 2);  // o_element, on every path
  const bool isLeft = ((here.x - u_parity) & 1) == 0;
  const int partner = isLeft ? here.x + 1 : here.x - 1;
  // texelFetch does not clamp (and llvmpipe ignores wrap modes there): an edge texel whose
  // partner would fall outside the sequence keeps its element.
  if (partner < 0 || partner >= u_sequenceLength) {
    o_element = mine;
    return;
  }
  const uvec2 other = texelFetch(u_state, ivec2(partner, here.y), 0).xy;
  const bool swap = isLeft ? mine.x > other.x : other.x > mine.x;
  COUNT_WORK_ADD(WORK_GLOBAL_READS, 2);
  COUNT_WORK_ADD(WORK_COMPARISONS, 1);
  if (swap && isLeft) COUNT_WORK_ADD(WORK_EXCHANGES, 1);  // the pair's one exchange
  o_element = swap ? other : mine;
}

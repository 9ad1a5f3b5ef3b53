// Sets words [0, count) of a buffer to one word (a dispatch: far faster than glClearBufferData on
// large buffers).

#include "shaders/art/art_common.glsl"

layout(std430, binding = 0) writeonly buffer Words { uint b_words[]; };

uniform uint u_count;
uniform uint u_word;

void main() {
  const uint at = elementIndex();
  if (at < u_count) b_words[at] = u_word;
}

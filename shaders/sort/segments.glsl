// How every sorter and state shader finds its elements: sequence after sequence (the segments),
// each u_sequenceLength long, in one std430 array. The one addressing scheme: a shader asks here
// where a sequence starts, which sequence an element is in and where in it; a new layout (offsets
// per segment) changes this file, not the sorters. The library's segment offsets become groups
// before they reach a sorter (shaders/lib/segment_groups.comp).

uniform uint u_sequenceLength;

// The element index of position 0 of `sequence`.
uint segmentStart(uint sequence) { return sequence * u_sequenceLength; }
// The sequence `element` lies in, and its position there.
uint segmentOf(uint element) { return element / u_sequenceLength; }
uint positionInSegment(uint element) { return element % u_sequenceLength; }

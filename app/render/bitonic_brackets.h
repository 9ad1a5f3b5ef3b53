#pragma once
// Brackets over the bars of a bitonic sort in array view: the blocks the current merge stage is
// merging (each a bitonic sequence, or in the mirror form two ascending halves read as one), the
// smaller bitonic sequences the current step splits, each block's direction in bitonic-classic,
// and a caption naming the stage. Plain data from a pass's merge width and distance; the viewer
// and the screenshot test draw them (teaching_overlays, bitonic_brackets_drawing).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace shadersort::render {

struct BitonicBlock {
  std::uint32_t first = 0, end = 0;  // positions [first, end), clipped to what is drawn
  bool ascending = true;             // the order the block ends in after the merge
  bool operator==(const BitonicBlock&) const = default;
};

struct BitonicStageMarks {
  // "stage 2 of 4: merging bitonic sequences of 4, step 1 of 2"
  std::string caption;
  std::vector<BitonicBlock> blocks;  // of the merge width
  // Of twice the distance, each split by this step: the bitonic sequences inside a block once its
  // first step ran; empty on a merge's first step (they are the blocks).
  std::vector<BitonicBlock> sequences;
};

struct BitonicStep {
  std::uint32_t mergeWidth = 0, distance = 0;
  bool alternating = false;  // bitonic-classic's directions (a block "reversed")
};

// The one step a pass description names ("merge 8, distance 2", "merge 8, mirror"; bitonic-classic's
// alternating blocks: "merge 8, distance 2: (0,2) smaller first, (8,10) reversed"), or nothing for
// a pass of several steps or none.
std::optional<BitonicStep> bitonicStepOf(std::string_view description);

// The marks of `step` over `drawnLength` positions (the padded length where the padding is drawn)
// of a network of `paddedLength`; `alternating`: bitonic-classic's directions (blocks of the merge
// width alternate), else the mirror form's (all ascending).
BitonicStageMarks bitonicStageMarks(BitonicStep step, std::uint32_t drawnLength, std::uint32_t paddedLength,
                                    bool alternating);

// The x range [left, right) of positions [first, end) over `count` equal bars filling [x0, x1).
struct Span {
  float left = 0, right = 0;
};
Span positionSpan(std::uint32_t first, std::uint32_t end, std::uint32_t count, float x0, float x1);

}  // namespace shadersort::render

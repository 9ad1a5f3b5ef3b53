#include "ui/bitonic_marks.h"

#include <cmath>

#include "sort/bitonic_classic_schedule.h"
#include "ui/teaching_overlays.h"

namespace shadersort::ui {
namespace {

void fillRects(ImDrawList* list, const std::vector<render::FilledRect>& rects) {
  for (const render::FilledRect& rect : rects)
    list->AddRectFilled(ImVec2(static_cast<float>(rect.x), static_cast<float>(rect.y)),
                        ImVec2(static_cast<float>(rect.x + rect.width), static_cast<float>(rect.y + rect.height)),
                        static_cast<ImU32>(rect.colour));
}

}  // namespace

std::uint32_t drawnLength(const Sorter& sorter, std::uint32_t sequenceLength) {
  const auto padded = sorter.paddedState();
  return padded ? padded->length : sequenceLength;
}

std::vector<std::uint32_t> keysAsDrawn(const Sorter& sorter, const std::vector<std::uint32_t>& keys, std::uint32_t passes) {
  const auto padded = sorter.paddedState();
  if (!padded) return keys;
  const std::vector<std::uint8_t> padding =
      classicPaddingAfter(static_cast<std::uint32_t>(keys.size()), padded->length, passes);
  std::vector<std::uint32_t> drawn(padding.size(), 0xFFFFFFFFu);
  std::size_t next = 0;
  for (std::size_t position = 0; position < padding.size(); ++position)
    if (!padding[position] && next < keys.size()) drawn[position] = keys[next++];
  return drawn;
}

std::vector<std::uint8_t> paddingAsDrawn(const Sorter& sorter, std::size_t keyCount, std::uint32_t passes) {
  const auto padded = sorter.paddedState();
  if (!padded) return {};
  return classicPaddingAfter(static_cast<std::uint32_t>(keyCount), padded->length, passes);
}

render::BitonicOverlay paddingOverlay(const Sorter& sorter, ImVec2 barsMin, ImVec2 barsMax) {
  render::BitonicOverlay overlay;
  if (const auto padded = sorter.paddedState()) render::addPaddingMarks(overlay, barArea(barsMin, barsMax), padded->padding);
  return overlay;
}

render::BitonicOverlay bitonicOverlay(const Sorter& sorter, const BitonicMarksView& view) {
  render::BitonicOverlay overlay;
  const render::BarArea area = barArea(view.barsMin, view.barsMax);
  const auto padded = sorter.paddedState();
  const auto step = render::bitonicStepOf(sorter.describePass(view.shownPass));
  if (!step) return overlay;
  const std::uint32_t drawn = padded ? padded->length : view.sequenceLength;
  render::BitonicStageMarks marks =
      render::bitonicStageMarks(*step, drawn, bitonicPaddedLength(view.sequenceLength), step->alternating);
  // The arrows speak of the bars as drawn, which show the user's keys.
  for (auto* blocks : {&marks.blocks, &marks.sequences})
    for (render::BitonicBlock& block : *blocks) block.ascending = block.ascending != view.descendingKeys;
  render::addStageBrackets(overlay, area, static_cast<int>(std::lround(view.bandTop)), drawn, marks);
  return overlay;
}

const char* paddingNote(const Sorter& sorter) { return sorter.paddedState() ? kMirrorFormNote : nullptr; }

float stageBandHeight(const Sorter& sorter) {
  return sorter.passCount() > 0 && render::bitonicStepOf(sorter.describePass(0)) ? static_cast<float>(render::kStageBandHeight)
                                                                                  : 0.0f;
}

void drawPaddingMarks(ImDrawList* list, const Sorter& sorter, ImVec2 barsMin, ImVec2 barsMax) {
  fillRects(list, paddingOverlay(sorter, barsMin, barsMax).rects);
}

float drawBitonicMarks(ImDrawList* list, const Sorter& sorter, const BitonicMarksView& view) {
  const render::BitonicOverlay overlay = bitonicOverlay(sorter, view);
  fillRects(list, overlay.rects);
  drawTextLabels(list, overlay.labels);
  return render::bitonicStepOf(sorter.describePass(view.shownPass)) ? static_cast<float>(render::kStageBandHeight) : 0.0f;
}

}  // namespace shadersort::ui

#pragma once
// One pixel-sort from settings to picture, driving any registered sorter: plan and pack on the
// CPU (art_plan, span_packing), sort the packed spans on the GPU, unpack the source map. `run`
// and the tests go through here.

#include <cstdint>
#include <optional>
#include <vector>

#include "art/art_plan.h"
#include "art/span_packing.h"
#include "sort/sorter.h"

namespace shadersort::art {

// What planning and packing hold per pixel on top of an ordinary sort's kSortBytesPerPixel: the
// path map and its build, keys, spans, the packing with its padding and destinations, the source
// map and its check. A 3840x2160 pixel-sort along rings peaked at 96 bytes a pixel in all on
// llvmpipe, a plain sort of it at 70.
constexpr std::uint64_t kArtBytesPerPixel = 48;

class ArtPipeline {
 public:
  // Plans and packs; throws UsageError for images of the wrong size or contradicting settings.
  ArtPipeline(const ArtSettings& settings, const ArtImages& images);

  const ArtPlan& plan() const { return plan_; }
  const PackedSpans& packed() const { return packed_; }
  // Nothing to sort: no span of two pixels or more.
  bool empty() const { return packed_.data.keys.empty(); }

  // Loads the packing into `sorter` (nothing when empty()). The sorter must take
  // packed().data.shape() (registry's requireSortable).
  void load(Sorter& sorter) const;
  // load(), then `passes` passes (all when empty).
  void sort(Sorter& sorter, std::optional<std::uint32_t> passes = std::nullopt) const;
  // The source map of the sorter's current state (identity when empty()).
  std::vector<std::uint32_t> sources(const Sorter& sorter) const;

 private:
  ArtPlan plan_;
  PackedSpans packed_;
};

}  // namespace shadersort::art

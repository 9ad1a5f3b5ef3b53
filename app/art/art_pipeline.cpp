#include "art/art_pipeline.h"

#include <numeric>

namespace shadersort::art {

ArtPipeline::ArtPipeline(const ArtSettings& settings, const ArtImages& images)
    : plan_(planArt(settings, images)), packed_(packSpans(plan_)) {}

void ArtPipeline::load(Sorter& sorter) const {
  if (!empty()) sorter.load(packed_.data);
}

void ArtPipeline::sort(Sorter& sorter, std::optional<std::uint32_t> passes) const {
  if (empty()) return;
  load(sorter);
  if (passes) sorter.seek(*passes);
  else sorter.runAll();
}

std::vector<std::uint32_t> ArtPipeline::sources(const Sorter& sorter) const {
  const std::size_t pixelCount = plan_.sortKeys.size();
  if (empty()) {
    std::vector<std::uint32_t> identity(pixelCount);
    std::iota(identity.begin(), identity.end(), 0u);
    return identity;
  }
  return unpackSources(packed_, sorter.read(), pixelCount);
}

}  // namespace shadersort::art

// An image file through the path `shadersort run --image` takes (data/inputs.h: read the file,
// decode it with stb_image, make the sequences and keys). Refusal is a UserError; a crash, a
// sanitizer report, another exception or sequences that disagree with the picture are findings.

#include <stb_image.h>

#include <climits>
#include <cstdint>

#include "core/error.h"
#include "data/image.h"
#include "data/inputs.h"
#include "fuzz_support.h"

using namespace shadersort;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fuzz::silenceMessages();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Images that declare more than a megapixel are skipped: decoding one is seconds of zeros from a
  // few bytes, not a new path. Refusing them before decoding is `run`'s job (issue 14, defect 7)
  // against the GPU's limits, which this target has none of. Where stb_image's info and its
  // decoder disagree about a size, the decoder still runs and the fuzzer sees what it allocates.
  // The header is read through the project's own reader, which refuses what stb_image would
  // misread (16-bit PNM, oversized JPEG Huffman tables, overflowing PNM numbers) first.
  try {
    const ImageSize declared = readImageSize(std::vector<std::uint8_t>(data, data + size), "fuzz");
    if (static_cast<std::int64_t>(declared.width) * declared.height > (1 << 20)) return 0;
  } catch (const UserError&) {
  }
  InputSpec spec;
  spec.imagePath = fuzz::scratchFile(data, size);
  // Key, axis and direction follow the input's length, so every one is reached without a leading
  // choice byte that would spoil the image seeds.
  const auto& keys = pixelKeyNames();
  spec.order = {*parsePixelKey(keys[size % keys.size()]), size / keys.size() % 2 ? Axis::Rows : Axis::Columns,
                size / keys.size() / 2 % 2 == 1};
  try {
    const ResolvedInput input = resolveInput(spec);
    const SortData& sequences = input.data;
    if (sequences.keys.size() != input.image.pixelCount() || sequences.values.size() != sequences.keys.size() ||
        sequences.keys.size() != sequences.shape().elementCount())
      __builtin_trap();
    // Unsorted sequences put back in place are the picture itself.
    if (sortDataToImage(sequences, input.axis).rgba != input.image.rgba) __builtin_trap();
  } catch (const UserError&) {
  }
  return 0;
}

// The whole image intake as `run --image` takes it (data/inputs.h: read the file, plan it against
// the size limit, what the bytes can carry and the memory budget, decode, make the sequences),
// with nothing skipped: where fuzz_image_keys leaves large declared sizes out, this one feeds them
// all, under a 512 MiB RSS limit (.ci/quickstart) and a 64 MiB budget. A refusal is a UserError
// (or UsageError, past the budget); a crash, a sanitizer report, std::bad_alloc, libFuzzer's
// malloc or RSS limit, or sequences that disagree with the picture are findings: each means that
// something was allocated that the checks before decoding did not account for.

#include <cstdint>

#include "core/error.h"
#include "core/memory_budget.h"
#include "data/inputs.h"
#include "fuzz_support.h"

using namespace shadersort;

// ASan keeps freed blocks in quarantine (256 MiB by default), resident, which alone would use half
// the RSS limit; a smaller quarantine still finds use-after-free within one input.
extern "C" const char* __asan_default_options() { return "quarantine_size_mb=32"; }

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fuzz::silenceMessages();
  setMemoryBudget(64u << 20);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  InputSpec spec;
  spec.imagePath = fuzz::scratchFile(data, size);
  try {
    const ResolvedInput input = resolveInput(spec);
    const SortData& sequences = input.data;
    if (sequences.keys.size() != input.image.pixelCount() || sequences.values.size() != sequences.keys.size())
      __builtin_trap();
    if (sortDataToImage(sequences, input.axis).rgba != input.image.rgba) __builtin_trap();
  } catch (const UserError&) {
  }
  return 0;
}

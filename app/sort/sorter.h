#pragma once
// The one abstraction that matters. A Sorter owns its GPU resources, takes an input, says how
// many passes sorting it takes and what each pass does, and runs the passes one at a time or all
// at once. The viewer, the headless commands, the benchmark and the tests all drive sorters
// through this interface only. Sorters share nothing, so several can race on one input, and
// restart() rewinds to the loaded input without re-uploading it.

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "sort/sort_data.h"

namespace shadersort {

class Sorter {
 public:
  virtual ~Sorter() = default;

  // Uploads the input (replacing any earlier one) and rewinds to pass 0. The input's shape must
  // have passed the registry's limit check for this GPU.
  virtual void load(const SortData& input) = 0;
  // Back to the loaded input, pass 0.
  virtual void restart() = 0;

  // Passes a full sort of the loaded input takes in the worst case.
  virtual std::uint32_t passCount() const = 0;
  virtual std::uint32_t passesRun() const = 0;
  // True once the state is sorted: after passCount() passes, or sooner when the sorter can tell.
  virtual bool finished() const { return passesRun() >= passCount(); }
  // What pass `pass` does, in words, for the loaded input.
  virtual std::string describePass(std::uint32_t pass) const = 0;

  // Runs pass passesRun(); does nothing once finished().
  virtual void runPass() = 0;
  // Runs every remaining pass; sorters with a faster whole-sort schedule override this.
  virtual void runAll() {
    while (!finished()) runPass();
  }

  // The current state, read back from the GPU.
  virtual SortData read() const = 0;

  // Diagnostics: a sorter whose passes are several GPU steps (dispatches) calls the observer after
  // each one, once its memory barrier is issued, with the step's short name (e.g. "downsweep");
  // `bench --steps` puts a GPU timestamp there. Sorters that report no steps ignore it.
  using StepObserver = std::function<void(std::string_view step)>;
  virtual void observeSteps(StepObserver observer) { (void)observer; }

  // Runs or rewinds so that exactly `pass` passes (or all, if fewer) have run.
  void seek(std::uint32_t pass) {
    if (pass < passesRun()) restart();
    while (passesRun() < pass && !finished()) runPass();
  }
};

}  // namespace shadersort

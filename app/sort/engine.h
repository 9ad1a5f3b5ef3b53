#pragma once
// The production contract: sort a target where it lies. Art, video, the library and the
// benchmark's library path sort through a SortEngine; the viewer, slides, recordings and counters
// step a Sorter (sort/sorter.h), the teaching stepper: its pass descriptions are its own, and
// the Stepper base (sort/stepper.h) owns the input copy, restart and checkpoints. A stepper that
// can sort in place hands out its engine (Sorter::engine()); an algorithm with an engine and no
// stepper of its own is stepped by WholeSortStepper (sort/whole_sort_stepper.h), one pass for
// the whole sort.

#include <cstddef>

#include "sort/sort_target.h"

namespace shadersort {

class SortEngine {
 public:
  virtual ~SortEngine() = default;

  // Sorts every sequence of target.shape ascending by key, values following, in the target's own
  // buffers from their byte offsets (multiples of GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT; an
  // engine throws std::invalid_argument otherwise). Keys differ only in target.differingBits.
  // A target may instead give segment offsets or a count in GPU buffers (target.segmented());
  // an engine that sorts pairs stably takes those through SegmentedSort (sort/segmented_sort.h),
  // and throws std::invalid_argument when it cannot.
  // Scratch is kept across calls and shapes and only grows; programs are built once per shape
  // class. No trailing barrier is issued: the caller issues the one its next use of the buffers
  // needs (GL_SHADER_STORAGE_BARRIER_BIT for shaders, GL_BUFFER_UPDATE_BARRIER_BIT for copies
  // and reads), as the library lets its callers choose.
  virtual void sortInPlace(const SortTarget& target) = 0;

  // Makes the scratch and programs that sorts of one sequence of up to `largest` keys (with or
  // without values, as `largest` says) need, so that such sorts create no GL object afterwards.
  // Returns the bytes of scratch held.
  virtual std::size_t reserve(const SortShape& largest) = 0;
  // The scratch reserve(largest) would hold, allocating nothing.
  virtual std::size_t scratchBytesFor(const SortShape& largest) = 0;
  // The same for segmented targets of one sequence of up to `largest` keys (and as many segments).
  virtual std::size_t reserveSegmented(const SortShape& largest) = 0;
  virtual std::size_t scratchBytesForSegmented(const SortShape& largest) = 0;
  // GPU memory the scratch holds now.
  virtual std::size_t scratchBytes() const = 0;
};

}  // namespace shadersort

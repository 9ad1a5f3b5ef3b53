#pragma once
// Odd-even transposition sort in compute shaders, with two schedules of the same rounds:
//  - teaching: one pass = one round (even: pairs (0,1), (2,3), ...; odd: (1,2), (3,4), ...) over
//    every sequence, one dispatch each, so the viewer can draw every round;
//  - fast: one pass = one dispatch that runs `rounds-per-dispatch` rounds (fewer when the sequences
//    are shorter) in registers and shared memory, on overlapping tiles of long sequences or on
//    whole short ones; its state after pass d equals the teaching state after d x that many passes.
// Both stop early once an even and an odd round in a row swap nothing (see SwapWatch).

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gl/limits.h"
#include "sort/compute/kernel.h"
#include "sort/compute/storage_buffer.h"
#include "sort/odd_even_swap_watch.h"
#include "sort/registry.h"
#include "sort/setting_table.h"
#include "sort/stepper.h"

namespace shadersort {

// One round of odd-even transposition in words, shared with the fragment-shader sorter: passes and
// positions count from 0 (sort/index_text.h), so the even passes 0, 2, ... pair (0,1), (2,3), ...
std::string describeOddEvenRound(std::uint32_t pass, std::uint32_t passCount, std::uint32_t sequenceLength,
                                 bool descendingKeys);
// The pairs (low, low + 1) round `pass` compares in a sequence of `sequenceLength`, or nothing
// when there are more than `limit`.
std::vector<Comparator> oddEvenRoundComparators(std::uint32_t pass, std::uint32_t sequenceLength, std::size_t limit);

// What each setting means, its default and the values it allows: see table().
struct OddEvenSettings {
  int workgroupSize = 0;
  int itemsPerThread = 0;      // fast schedule: consecutive elements per invocation (even)
  int roundsPerDispatch = 0;   // fast schedule: rounds fused into one pass
  int checkInterval = 0;       // passes between swap-count read-backs

  std::uint32_t tileSize() const { return static_cast<std::uint32_t>(workgroupSize * itemsPerThread); }

  static const SettingTable<OddEvenSettings>& table();
  // Throws UserError on unknown names and unusable values.
  static OddEvenSettings parse(const SorterOptions& options, const gl::Limits& limits) {
    return table().parse(options, limits);
  }
};

class OddEvenSorter final : public Stepper {
 public:
  OddEvenSorter(const SortContext& context, const SorterOptions& options);
  static std::string whyCannotSort(const SortShape& shape, const gl::Limits& limits);

  using Sorter::load;
  void load(const SortTarget& input) override;
  std::uint32_t passCount() const override;
  bool finished() const override;
  std::string describePass(std::uint32_t pass) const override;
  // The state's keys and values and the swap counts.
  std::size_t checkpointBytes() const override;

  std::vector<Comparator> comparators(std::uint32_t pass, std::size_t limit) const override;
  std::optional<std::uint64_t> swapsInPass(std::uint32_t pass) const override;

  // What the schedules do beyond describePass's one line, for the viewer's help.
  static std::string_view explanation();

  // GPU view (odd_even.cpp's last section).
  std::optional<WorkgroupLayout> workgroupLayout(std::uint32_t pass) const override;

 private:
  // Stepper's hooks: a pass; the swap counts rewound, saved and restored with the state.
  void run(std::uint32_t pass) override;
  void rewind() override;
  std::unique_ptr<StepperCheckpoint> newCheckpoint() const override;
  void save(StepperCheckpoint& into) const override;
  void restore(const StepperCheckpoint& saved) override;

  // The tests' view of sortedAfter() (defined only in tests/sorter_test_access.h).
  friend struct OddEvenSorterTestAccess;
  // The passes after which a swap count showed the state sorted, once one has.
  std::optional<std::uint32_t> sortedAfter() const { return watch_.sortedAfter(); }

  // The uniforms of shaders/sort/odd_even/round.comp (teaching schedule).
  struct RoundUniforms {
    std::uint32_t sequenceLength = 0;
    std::uint32_t pairsPerSequence = 0;
    std::uint32_t pairCount = 0;
    std::uint32_t parity = 0;
    std::uint32_t counter = 0;  // the pass's swap counter
    static std::vector<compute::UniformField<RoundUniforms>> fields();
  };
  // The uniforms of shaders/sort/odd_even/fused.comp (fast schedule); see TileLayout.
  struct FusedUniforms {
    std::uint32_t sequenceLength = 0;
    std::uint32_t threadsPerSlot = 0;
    std::uint32_t slotsPerGroup = 0;
    std::uint32_t tilesPerSequence = 0;
    std::uint32_t tileCount = 0;
    std::int32_t tileStride = 0;
    std::int32_t halo = 0;
    std::int32_t rounds = 0;
    std::uint32_t firstRound = 0;
    std::uint32_t counter = 0;
    static std::vector<compute::UniformField<FusedUniforms>> fields();
  };

  // How the fast schedule cuts the loaded input into tiles (see shaders/sort/odd_even/fused.comp).
  struct TileLayout {
    std::uint32_t rounds = 1;            // per dispatch
    std::uint32_t threadsPerSlot = 1;    // invocations per tile
    std::uint32_t slotsPerGroup = 1;     // tiles per workgroup
    std::uint32_t tilesPerSequence = 1;
    std::uint32_t tileStride = 0;        // positions a tile owns
    std::uint32_t halo = 0;              // positions loaded beyond them on each side
    std::uint64_t tileCount = 0;         // over all sequences
    std::uint64_t groupCount = 0;
  };
  TileLayout layoutFor(const SortShape& shape) const;

  gl::ShaderDefines kernelDefines() const;
  // Compiled on first use, per key-only / key-value variant.
  const compute::Kernel<RoundUniforms>& roundKernel();
  const compute::Kernel<FusedUniforms>& fusedKernel();
  void compileKernel();
  void runRound(std::uint32_t pass);
  void runFusedRounds(std::uint32_t pass);
  std::uint32_t roundsPerPass() const { return teaching_ ? 1 : layout_.rounds; }

  gl::ShaderSource shaders_;  // the context's
  bool teaching_ = false;  // also when counting work: the round kernel is the instrumented one
  bool descendingKeys_ = false;
  OddEvenSettings settings_;
  std::array<compute::Kernel<RoundUniforms>, 2> roundKernels_;  // [hasValues]
  std::array<compute::Kernel<FusedUniforms>, 2> fusedKernels_;  // [hasValues]
  // The state is in slot 0; the fast schedule ping-pongs between slots 0 and 1.
  // Mutable: swapsInPass() takes in the checks whose fences have signalled (no waiting).
  mutable SwapWatch watch_;
  TileLayout layout_;
};

}  // namespace shadersort

#pragma once
// Bitonic sort in compute shaders. The state is a key buffer (and a value buffer when the input
// has values; key-only sorts never touch one) sorted in place. Every sequence runs the network of
// the next power of two over its own elements, bounded by index (see bitonic_schedule.h), so any
// number of sequences of any length sort independently in the same dispatches.
//
// Fast schedule: one shared-memory dispatch sorts every tile (tile.comp); each merge wider than a
// tile then takes its wide steps several per pass over the data, in strided shared-memory tiles
// (wide.comp) or fused in registers (global.comp), and its narrow ones in one shared-memory
// dispatch (tile.comp). Teaching schedule: one dispatch per step (global.comp, one step).

#include <array>
#include <cstdint>
#include <map>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "gl/limits.h"
#include "sort/bitonic_schedule.h"
#include "sort/compute/kernel.h"
#include "sort/compute/storage_buffer.h"
#include "sort/registry.h"
#include "sort/setting_table.h"
#include "sort/stepper.h"

namespace shadersort {

// What each setting means, its default and the values it allows: see table().
struct BitonicSettings {
  int tileSize = 0;       // positions per shared-memory tile; tile / workgroup = items per invocation
  int workgroupSize = 0;  // invocations per workgroup, in both kinds of dispatch
  int fusedSteps = 0;     // global-memory steps per dispatch; each invocation holds 2^n elements
  int wideTileSize = 0;   // positions per strided tile of the wide-tiles passes (at most 4 x tile-size)
  int wideWorkgroupSize = 0;  // invocations per workgroup of the wide-tiles passes
  int tileGroups = 0;     // most workgroups a finish-tiles pass dispatches (0: one per tile)
  int wideGroups = 0;     // most workgroups a wide-tiles pass dispatches (0: one per tile)
  int wideSteps = 0;      // most steps per shared-memory pass over wide distances (0: none)
  static constexpr int kWideGroupsResident = -1;  // a few per multiprocessor, where the count is known
  static constexpr int kWideStepsAuto = -1;  // tile log2 - 4 for keys, none for pairs
  static constexpr int kMaxFusedSteps = 5;  // 32 keys and 32 values in registers per invocation
  static constexpr int kFusedStepsAuto = -1;  // 5 for pairs of 2^24 positions and more, else 4

  static const SettingTable<BitonicSettings>& table();
  // Defaults for this GPU, overridden by the options' settings; UserError on an unknown name or a
  // value the GPU cannot run.
  static BitonicSettings fromOptions(const SorterOptions& options, const gl::Limits& limits) {
    return table().parse(options, limits);
  }
};

class BitonicSorter final : public Stepper {
 public:
  BitonicSorter(const SortContext& context, const SorterOptions& options);
  static std::string whyCannotSort(const SortShape& shape, const gl::Limits& limits);

  using Sorter::load;
  void load(const SortTarget& input) override;
  std::uint32_t passCount() const override { return static_cast<std::uint32_t>(passes_.size()); }
  std::string describePass(std::uint32_t pass) const override;
  std::vector<Comparator> comparators(std::uint32_t pass, std::size_t limit) const override;
  void observeSteps(StepObserver observer) override { observer_ = std::move(observer); }

  // What the network does beyond describePass's one line, for the viewer's help.
  static std::string_view explanation();

  // GPU view (bitonic.cpp's last section).
  std::optional<WorkgroupLayout> workgroupLayout(std::uint32_t pass) const override;

  // wide-groups with `resident` resolved: as many workgroups of wide-workgroup-size as stayed
  // resident per multiprocessor on an H100 (3 of 512), times the driver's multiprocessor count;
  // 0 (one workgroup per tile) where the driver does not say.
  static int wideGroupsInUse(const BitonicSettings& settings, const gl::Limits& limits);

 private:
  void run(std::uint32_t pass) override;
  // Read by both kernels through shaders/sort/bitonic/elements.glsl.
  struct Geometry {
    std::uint32_t sequenceCount = 0;
    std::uint32_t sequenceLength = 0;
    std::uint32_t paddedLog2 = 0;
  };
  // The uniforms of shaders/sort/bitonic/tile.comp finishing merges (SORT_TILES 0), and sorting
  // blocks (SORT_TILES 1).
  struct FinishTileUniforms {
    Geometry geometry;
    std::uint32_t groupCount = 0;   // tiles
    std::uint32_t groupStride = 0;  // workgroups dispatched
    static std::vector<compute::UniformField<FinishTileUniforms>> fields();
  };
  struct SortTileUniforms {
    Geometry geometry;
    std::uint32_t groupCount = 0;
    std::uint32_t groupStride = 0;
    std::uint32_t sortWidth = 0;  // blocks of this width are sorted
    static std::vector<compute::UniformField<SortTileUniforms>> fields();
  };
  // The uniforms of shaders/sort/bitonic/wide.comp.
  struct WideUniforms {
    Geometry geometry;
    std::uint32_t groupCount = 0;
    std::uint32_t groupStride = 0;
    std::uint32_t lowestStepBit = 0;
    std::uint32_t mirror = 0;
    std::array<std::uint32_t, 31> stepMasks{};     // of the steps, narrowest first
    std::array<std::uint32_t, 32> roundOffsets{};  // the offset of tile position round x workgroup
    static std::vector<compute::UniformField<WideUniforms>> fields();
  };
  // The uniforms of shaders/sort/bitonic/global.comp.
  struct GlobalStepUniforms {
    Geometry geometry;
    std::array<std::uint32_t, BitonicSettings::kMaxFusedSteps> masks{};  // partner mask of each step, widest first
    std::uint32_t invocationCount = 0;
    static std::vector<compute::UniformField<GlobalStepUniforms>> fields();
  };
  // The workgroups a pass over `tiles` tiles dispatches, given tile-groups or wide-groups.
  static std::uint32_t groupsFor(std::uint64_t tiles, int most);
  // The tile of the shared-memory passes and its workgroup: the settings' for keys; with values,
  // half the positions and half the items per invocation, the same workgroup.
  struct Tile {
    int size = 0;
    int workgroupSize = 0;
  };
  Tile tileFor(bool hasValues) const;
  Tile wideTileFor(bool hasValues) const;  // the same for the wide-tiles passes
  // A tile of keys of `size` over `workgroupSize` invocations, or what pairs run in its place.
  static Tile pairTile(int size, int workgroupSize, bool hasValues);
  // The wide-steps setting (auto resolved), within what a strided tile of `tileSize` can hold.
  std::uint32_t wideStepsFor(int tileSize, bool hasValues) const;
  // The fused-steps setting, auto resolved for a network over `positions` positions.
  std::uint32_t fusedStepsFor(std::uint64_t positions, bool hasValues) const;
  Geometry geometry() const;
  void compileKernelFor(const BitonicPass& pass);
  // Bindings, values or not, and the workgroup: what both kernels are compiled with.
  gl::ShaderDefines commonDefines() const;
  gl::ShaderDefines tileDefines(const Tile& tile, bool sortsTiles) const;
  const compute::Kernel<FinishTileUniforms>& finishTileKernel();
  const compute::Kernel<SortTileUniforms>& sortTileKernel();
  const compute::Kernel<WideUniforms>& wideKernel(std::uint32_t steps);
  // A wide-tiles pass's uniforms, with wide.comp's step masks and round offsets worked out here.
  WideUniforms wideUniforms(const BitonicPass& pass) const;
  const compute::Kernel<GlobalStepUniforms>& globalStepKernel(std::uint32_t steps);

  gl::ShaderSource shaders_;  // the context's
  BitonicSettings settings_;
  int wideGroups_ = 0;  // wide-groups resolved (0: one workgroup per tile)
  bool teaching_ = false;  // also when counting work: the global-step kernels are the instrumented ones
  bool descendingKeys_ = false;
  // By (tile size, values or not, prefetching or not), (tile size, workgroup size, values or not,
  // steps) and (values or not, fused steps): built on first use, kept across loads.
  std::map<std::tuple<int, bool, bool>, compute::Kernel<FinishTileUniforms>> finishTileKernels_;
  std::map<std::tuple<int, bool, bool>, compute::Kernel<SortTileUniforms>> sortTileKernels_;
  std::map<std::tuple<int, int, bool, std::uint32_t>, compute::Kernel<WideUniforms>> wideKernels_;
  std::map<std::pair<bool, std::uint32_t>, compute::Kernel<GlobalStepUniforms>> globalStepKernels_;

  std::uint32_t paddedLength_ = 1;
  Tile tile_;
  Tile wideTile_;
  std::vector<BitonicPass> passes_;
  StepObserver observer_;
};

}  // namespace shadersort

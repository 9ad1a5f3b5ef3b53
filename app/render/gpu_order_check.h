#pragma once
// Checks on the GPU, without stalling, that a sort state is sorted and holds the input's
// elements: how the viewer learns "sorted after pass k" without reading the state back.
//
// start() issues one compute pass over the state (shaders/render/order_check.comp) that counts
// the neighbouring pairs out of order within each sequence and sums an order-independent
// fingerprint of the (key, value) pairs, copies those three words into a small staging buffer
// and sets a fence. poll() reads a staging buffer only once its fence has signalled, so it never
// waits; reading three words is not a state read-back (stateReadbackCount does not move).
//
// GL state: start() leaves no program current (see render::StatePainter for why), image unit 1,
// shader storage bindings 0 to 2 and the generic GL_SHADER_STORAGE_BUFFER, GL_COPY_READ_BUFFER
// and GL_COPY_WRITE_BUFFER bindings at 0 (poll() the last two as well); everything else as it was.

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <type_traits>

#include "gl/handles.h"
#include "gl/program.h"
#include "render/state_source.h"
#include "sort/sorter.h"

namespace shadersort::render {

struct OrderCheckResult {
  std::uint32_t pass = 0;        // as given to start()
  bool ordered = false;          // every sequence ascending by key (the sorters' stored keys)
  bool conserved = false;        // the fingerprint equals the one expect() set before start()
  std::uint32_t inversions = 0;  // neighbouring pairs out of order, over all sequences
  std::uint64_t fingerprint = 0;
};

// The fingerprint of a state that holds exactly `input`'s (key, value) pairs, each in its own
// sequence, in any order within it: for each sequence s, the sum of pairFingerprint (as the CPU
// quick check computes it) times 2s + 1, modulo 2^64.
std::uint64_t expectedFingerprint(const SortData& input);

class GpuOrderCheck {
 public:
  static constexpr std::size_t kRingSize = 4;  // checks in flight at once

  // Compiles the check programs from `shaders` (by default the embedded copies); throws GpuError.
  explicit GpuOrderCheck(const gl::ShaderSource& shaders = {});

  // The fingerprint later checks compare with: expectedFingerprint(input) of the loaded input.
  // Until it is set, `conserved` is false.
  void expect(std::uint64_t fingerprint);

  // Issues a check of `state` (of shape `shape`), tagged with `pass`. Returns false, and issues
  // nothing, while kRingSize checks are still in flight (poll() frees them as they finish).
  bool start(const GpuStateView& state, const SortShape& shape, std::uint32_t pass);
  // The oldest check in flight once its fence has signalled; never waits. Checks come back in
  // the order they were started; call until it returns nothing to take every finished one.
  std::optional<OrderCheckResult> poll();
  // Drops the checks in flight (e.g. when the input changes).
  void cancel();
  std::size_t inFlight() const { return inFlight_; }

 private:
  struct SyncDeleter {
    void operator()(GLsync sync) const { glDeleteSync(sync); }
  };
  using Fence = std::unique_ptr<std::remove_pointer_t<GLsync>, SyncDeleter>;

  struct Slot {
    gl::Buffer result;   // written by the shader's atomics
    gl::Buffer staging;  // the copy the CPU reads, so the result buffer stays in video memory
    Fence fence;
    std::uint32_t pass = 0;
    std::optional<std::uint64_t> expected;
  };

  struct Checker {
    gl::Program program;
    StateSourceUniforms source;
    GLint elementCount = -1;
  };
  static Checker makeChecker(const gl::ShaderSource& shaders, GpuStateView::Storage storage);

  std::array<Checker, 2> checkers_;  // [storage is texture]
  std::array<Slot, kRingSize> ring_;
  std::size_t oldest_ = 0;  // ring index of the oldest check in flight
  std::size_t inFlight_ = 0;
  std::optional<std::uint64_t> expected_;
};

}  // namespace shadersort::render

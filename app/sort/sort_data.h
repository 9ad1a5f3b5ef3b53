#pragma once
// What every sorter sorts: `sequenceCount` independent sequences of `sequenceLength` elements,
// stored one sequence after another. Keys are unsigned and ascending (key types and descending
// order are mapped onto that before a sorter sees them); each key may carry a 32-bit value.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace shadersort {

struct SortShape {
  std::uint32_t sequenceCount = 1;
  std::uint32_t sequenceLength = 0;
  bool hasValues = false;
  std::uint64_t elementCount() const { return static_cast<std::uint64_t>(sequenceCount) * sequenceLength; }
};

struct SortData {
  std::uint32_t sequenceCount = 1;
  std::uint32_t sequenceLength = 0;
  std::vector<std::uint32_t> keys;
  std::vector<std::uint32_t> values;  // empty, or one per key

  bool hasValues() const { return !values.empty(); }
  std::size_t size() const { return keys.size(); }
  SortShape shape() const { return {sequenceCount, sequenceLength, hasValues()}; }
};

// One sequence of keys (and values), S = 1.
SortData singleSequence(std::vector<std::uint32_t> keys, std::vector<std::uint32_t> values = {});

}  // namespace shadersort

#pragma once
// Every algorithm is one row of this table. The command line, the viewer, the benchmark and the
// tests iterate it; adding an algorithm adds a row, a source pair and its shaders.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "gl/limits.h"
#include "sort/sorter.h"

namespace shadersort {

struct SorterOptions {
  bool teaching = false;  // one drawn pass per basic step, where the algorithm has a faster schedule
};

struct AlgorithmInfo {
  std::string_view name;
  std::string_view summary;
  bool stable;  // equal keys keep their input order (key-value output equals std::stable_sort)
  // Empty when this GPU can sort the shape, else why not, naming the limit.
  std::string (*whyCannotSort)(const SortShape& shape, const gl::Limits& limits);
  std::unique_ptr<Sorter> (*create)(const SorterOptions& options);
};

const std::vector<AlgorithmInfo>& algorithms();
std::string algorithmNames();  // "a, b, c"

// Throws UserError listing the known names when there is no such algorithm.
const AlgorithmInfo& findAlgorithm(std::string_view name);

// Throws UserError when `algorithm` cannot sort `shape` here; the message names the limit and,
// where one exists, an algorithm that can.
void requireSortable(const AlgorithmInfo& algorithm, const SortShape& shape, const gl::Limits& limits);

}  // namespace shadersort

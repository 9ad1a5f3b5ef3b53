#pragma once
// Every algorithm is one row of this table. The command line, the viewer, the benchmark and the
// tests iterate it; adding an algorithm adds a row, a source pair and its shaders.

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "gl/limits.h"
#include "sort/pseudocode.h"
#include "sort/setting_facts.h"
#include "sort/sort_context.h"
#include "sort/sorter.h"
#include "sort/work_model.h"

namespace shadersort {

struct SorterOptions {
  bool teaching = false;  // one drawn pass per basic step, where the algorithm has a faster schedule
  // The keys were inverted so that an ascending sort orders the input descending: pass
  // descriptions then speak of the user's keys ("the left keeps the larger key").
  bool descendingKeys = false;
  // Compile the instrumented shaders that count their work per pass (Sorter::workCounts). A
  // fused fast schedule is not instrumented: counting runs the teaching schedule instead.
  bool countWork = false;
  // Algorithm-specific settings by name ("workgroup-size", "radix-bits", ...), from --set, the
  // tuning cache or the benchmark. A sorter reads the names it knows and uses its defaults for
  // the rest; an unknown name or a value it cannot use is a UserError.
  std::map<std::string, int, std::less<>> settings;
};

// The options a sorter runs under: counting work runs the instrumented teaching schedule.
inline SorterOptions scheduleOptions(SorterOptions options) {
  if (options.countWork) options.teaching = true;
  return options;
}

// A setting `shadersort tune` may sweep: its default and the values worth trying on this GPU
// (already within the GL limits).
struct Tunable {
  std::string name;
  int defaultValue;
  std::vector<int> candidates;
};

struct AlgorithmInfo {
  std::string_view name;
  std::string_view summary;
  bool stable;  // equal keys keep their input order (key-value output equals std::stable_sort)
  // Whether SorterOptions::teaching selects a different (one step per pass) schedule.
  bool hasTeachingSchedule;
  // Empty when this GPU can sort the shape, else why not, naming the limit.
  std::string (*whyCannotSort)(const SortShape& shape, const gl::Limits& limits);
  // A sorter for the GL context `context` describes (current whenever the sorter is used).
  std::unique_ptr<Sorter> (*create)(SortContext& context, const SorterOptions& options);
  // The settings `tune` sweeps, with candidates for this GPU; empty when none.
  std::vector<Tunable> (*tunables)(const gl::Limits& limits);
  // Every setting this algorithm understands (from its SettingTable); empty when none.
  std::vector<SettingFacts> (*settings)();
  // Passes compare-exchange neighbours within each sequence, so an unfinished state keeps every
  // element in its sequence: a pixel-sort can show its passes (--passes, --gif, --sheet), and its
  // rows of spans are kept short (the passes follow the row length).
  bool compareExchange;
  // Where requireSortable looks for another algorithm for an input this one cannot take: the
  // lowest first (the fewest passes over a large input); 0: never advised.
  int adviceRank;
  // Teaching: the CPU model of the counted schedule's work, pass by pass (sort/work_model.h), and
  // the textbook's figure beside the totals.
  std::vector<WorkCounts> (*workModel)(const SortData& input);
  TextbookWork (*textbookWork)(const TextbookShape& shape);
  // Teaching: the listing the pseudocode panel shows and the lines each pass lights
  // (sort/pseudocode.h); {nullptr, nullptr} shows none.
  Pseudocode pseudocode;
};

const std::vector<AlgorithmInfo>& algorithms();
std::string algorithmNames();  // "a, b, c"

// Throws UserError naming the first setting when `options` has any (for sorters with none).
void requireNoSettings(std::string_view algorithm, const SorterOptions& options);

// The words --set accepts for setting `name` (--set scan=chained), from every algorithm that
// declares one; a word two algorithms read as different numbers appears twice.
std::vector<NamedValue> namedSettingValues(std::string_view name);

// "radix (fast schedule)", "radix (teaching schedule)" or "frag-odd-even (one schedule)": the
// sorter `options` run, as --stats names it.
std::string sorterLabel(const AlgorithmInfo& algorithm, const SorterOptions& options);

// Throws UserError listing the known names when there is no such algorithm.
const AlgorithmInfo& findAlgorithm(std::string_view name);

// Throws UserError when `algorithm` cannot sort `shape` here; the message names the limit and,
// where one exists, an algorithm that can.
void requireSortable(const AlgorithmInfo& algorithm, const SortShape& shape, const gl::Limits& limits);

}  // namespace shadersort

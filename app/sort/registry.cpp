#include "sort/registry.h"

#include <algorithm>

#include "core/error.h"
#include "sort/bitonic.h"
#include "sort/bitonic_classic.h"
#include "sort/frag_odd_even.h"
#include "sort/odd_even.h"
#include "sort/radix/radix_sorter.h"
#include "sort/size_advice.h"

namespace shadersort {

void requireNoSettings(std::string_view algorithm, const SorterOptions& options) {
  if (!options.settings.empty())
    throw UserError(std::string(algorithm) + " has no setting '" + options.settings.begin()->first + "'");
}

std::string sorterLabel(const AlgorithmInfo& algorithm, const SorterOptions& options) {
  const char* schedule = !algorithm.hasTeachingSchedule           ? "one schedule"
                         : scheduleOptions(options).teaching ? "teaching schedule"
                                                             : "fast schedule";
  return std::string(algorithm.name) + " (" + schedule + ")";
}

const std::vector<AlgorithmInfo>& algorithms() {
  static const std::vector<AlgorithmInfo> table = {
      {"frag-odd-even",
       "fragment-shader odd-even transposition: texture ping-pong, one full-screen draw per pass",
       /*stable=*/true, /*hasTeachingSchedule=*/false, FragOddEvenSorter::whyCannotSort,
       [](SortContext& context, const SorterOptions& options) -> std::unique_ptr<Sorter> {
         requireNoSettings("frag-odd-even", options);
         return std::make_unique<FragOddEvenSorter>(context, options);
       },
       [](const gl::Limits&) { return std::vector<Tunable>{}; }, [] { return std::vector<SettingFacts>{}; },
       /*compareExchange=*/true, /*adviceRank=*/4, fragOddEvenWorkModel, fragOddEvenTextbookWork, kFragOddEvenPseudocode},
      {"odd-even",
       "compute odd-even transposition: rounds fused in shared memory on overlapping tiles, early exit on a "
       "quiet even + odd round",
       /*stable=*/true, /*hasTeachingSchedule=*/true, OddEvenSorter::whyCannotSort,
       [](SortContext& context, const SorterOptions& options) -> std::unique_ptr<Sorter> {
         return std::make_unique<OddEvenSorter>(context, options);
       },
       [](const gl::Limits& limits) { return OddEvenSettings::table().tunables(limits); },
       [] { return OddEvenSettings::table().facts(); },
       /*compareExchange=*/true, /*adviceRank=*/3, oddEvenWorkModel, oddEvenTextbookWork, kOddEvenPseudocode},
      {"bitonic",
       "compute-shader bitonic sort: tiles sorted in shared memory, wide merge steps in strided tiles or registers",
       /*stable=*/false, /*hasTeachingSchedule=*/true, BitonicSorter::whyCannotSort,
       [](SortContext& context, const SorterOptions& options) -> std::unique_ptr<Sorter> {
         return std::make_unique<BitonicSorter>(context, options);
       },
       [](const gl::Limits& limits) { return BitonicSettings::table().tunables(limits); },
       [] { return BitonicSettings::table().facts(); },
       /*compareExchange=*/false, /*adviceRank=*/2, bitonicWorkModel, bitonicTextbookWork, kBitonicPseudocode},
      {"radix",
       "LSD radix sort in compute shaders: 8-bit digits ranked with subgroup ballots, reduce-then-scan or chained "
       "scan; teaching: 4-bit digits, Blelloch scans of digit flags",
       /*stable=*/true, /*hasTeachingSchedule=*/true, RadixSorter::whyCannotSort,
       [](SortContext& context, const SorterOptions& options) -> std::unique_ptr<Sorter> {
         return std::make_unique<RadixSorter>(context, options);
       },
       [](const gl::Limits& limits) { return RadixSettings::table().tunables(limits); },
       [] { return RadixSettings::table().facts(); },
       /*compareExchange=*/false, /*adviceRank=*/1, [](const SortData& input) { return radixWorkModel(input); },
       radixTextbookWork, kRadixPseudocode},
      {"bitonic-classic",
       "textbook bitonic sort for teaching: blocks alternate ascending and descending, one compare-exchange step per "
       "pass; other lengths padded with +inf keys to a power of two",
       /*stable=*/false, /*hasTeachingSchedule=*/false, BitonicClassicSorter::whyCannotSort,
       [](SortContext& context, const SorterOptions& options) -> std::unique_ptr<Sorter> {
         return std::make_unique<BitonicClassicSorter>(context, options);
       },
       [](const gl::Limits&) { return std::vector<Tunable>{}; }, [] { return std::vector<SettingFacts>{}; },
       /*compareExchange=*/false, /*adviceRank=*/0, bitonicClassicWorkModel, bitonicClassicTextbookWork, kBitonicClassicPseudocode},
  };
  return table;
}

std::string algorithmNames() {
  std::string names;
  for (const auto& algorithm : algorithms()) names += (names.empty() ? "" : ", ") + std::string(algorithm.name);
  return names;
}

std::vector<NamedValue> namedSettingValues(std::string_view name) {
  std::vector<NamedValue> words;
  for (const auto& algorithm : algorithms())
    for (const SettingFacts& setting : algorithm.settings())
      if (setting.name == name)
        for (const NamedValue& named : setting.namedValues)
          if (std::find_if(words.begin(), words.end(), [&](const NamedValue& known) {
                return known.word == named.word && known.value == named.value;
              }) == words.end())
            words.push_back(named);
  return words;
}

const AlgorithmInfo& findAlgorithm(std::string_view name) {
  for (const auto& algorithm : algorithms())
    if (algorithm.name == name) return algorithm;
  throw UserError("unknown algorithm '" + std::string(name) + "' (known: " + algorithmNames() + ")");
}

const AlgorithmInfo* sortableBy(const AlgorithmInfo* preferred, const SortShape& shape, const gl::Limits& limits) {
  if (preferred && preferred->whyCannotSort(shape, limits).empty()) return preferred;
  // An input too large for one algorithm is large: the advice should not be n passes over it.
  std::vector<const AlgorithmInfo*> advised;
  for (const AlgorithmInfo& other : algorithms())
    if (other.adviceRank > 0) advised.push_back(&other);
  std::sort(advised.begin(), advised.end(), [](auto* a, auto* b) { return a->adviceRank < b->adviceRank; });
  for (const AlgorithmInfo* other : advised)
    if (other != preferred && other->whyCannotSort(shape, limits).empty()) return other;
  return nullptr;
}

void requireSortable(const AlgorithmInfo& algorithm, const SortShape& shape, const gl::Limits& limits) {
  const std::string reason = algorithm.whyCannotSort(shape, limits);
  if (reason.empty()) return;
  // A whole sentence: "...; --algo radix can sort it".
  const AlgorithmInfo* other = sortableBy(nullptr, shape, limits);
  const std::string alternative = other ? "; --algo " + std::string(other->name) + " can sort it"
                                        : "; no algorithm here can sort it on this GPU";
  throw UserError(std::string(algorithm.name) + ": " + reason + alternative);
}

std::string whyPictureTooLarge(int width, int height, const gl::Limits& limits) {
  if (width <= limits.maxTextureSize && height <= limits.maxTextureSize) return {};
  return "a " + std::to_string(width) + "x" + std::to_string(height) + " picture exceeds this GPU's GL_MAX_TEXTURE_SIZE (" +
         std::to_string(limits.maxTextureSize) + ")";
}

}  // namespace shadersort

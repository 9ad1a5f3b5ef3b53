#pragma once
// A sort's whole comparator network as an SVG, for run --slides: one wire per position, each
// pass a column of comparators (vertical lines with a dot at each end), pass numbers on top. The
// merge stages of bitonic passes ("merge 8" in their descriptions) are shaded and named below
// the wires. A sorter with no comparators (radix) gets the list of its digit passes instead.
//
// Caps, said in the SVG itself: wires past kMaxWires are left out with the comparators that
// touch them; a pass with no comparators, or too many to list, is drawn as a grey box.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sort/sorter.h"

namespace shadersort::render {

struct NetworkPass {
  std::vector<Comparator> comparators;  // empty: no single compare-exchange step, or too many
  std::string description;              // Sorter::describePass
  std::optional<DigitPlace> digit;      // Sorter::digitPlace
};

struct Network {
  std::string title;  // "bitonic on a 16x1 pattern"
  std::uint32_t wires = 0;  // sequence length
  std::vector<NetworkPass> passes;
};

inline constexpr std::uint32_t kNetworkMaxWires = 64;
// Comparators asked of a sorter per pass: a pass over kNetworkMaxWires wires has at most half as many.
inline constexpr std::size_t kNetworkComparatorLimit = 1u << 16;

// The labels of wire `wire` (a position) and of pass `pass`'s column, as the SVG and the viewer's
// network panel write them: indices from 0, as the bars and pass descriptions (sort/index_text.h).
std::string networkWireLabel(std::uint32_t wire);
std::string networkPassLabel(std::uint32_t pass);

// The merge width a bitonic pass description names ("merge 8, distance 4"), or 0.
std::uint32_t mergeWidthOf(std::string_view description);

std::string networkSvg(const Network& network);

}  // namespace shadersort::render

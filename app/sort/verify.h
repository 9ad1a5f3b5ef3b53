#pragma once
// The CPU side of every correctness check: a reference sort and a checker of GPU results.

#include <cstdint>
#include <string>

#include "sort/sort_data.h"

namespace shadersort {

// std::stable_sort of each sequence by key, values travelling with their keys.
SortData referenceStableSort(const SortData& input);

// Empty when every sequence of `output` is ordered by key and holds exactly the (key, value)
// pairs of the same sequence of `input`; otherwise what is wrong and where.
std::string verifySorted(const SortData& input, const SortData& output);

// The cheap check every full sort gets before its result is used (O(n), no sorting): each
// sequence ordered by key, and an order-independent fingerprint of its (key, value) pairs equal
// to the input's. Empty when both hold, otherwise what failed.
std::string quickCheckSorted(const SortData& input, const SortData& output);

// A strong 64-bit mix of one (key, value) pair (value 0 when there are none): summed over a
// sequence it gives a fingerprint that does not depend on order but changes when any pair is
// lost, duplicated or altered. quickCheckSorted uses it; shaders/render/fingerprint.glsl mirrors it.
std::uint64_t pairFingerprint(std::uint32_t key, std::uint32_t value);

// Empty when each sequence of `output` holds exactly the pairs of `input` (in any order).
std::string verifyConserved(const SortData& input, const SortData& output);

}  // namespace shadersort

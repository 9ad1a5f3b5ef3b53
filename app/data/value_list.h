#pragma once
// A list of keys typed by a person ("3,7,4,8,1" for `--values` and the viewer's values box) and a
// key range ("0..99" for `--range`), parsed into key bits of a KeyType, and keys written back as
// text the way a person typed them. Pure: no GL, no files.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "data/key_encoding.h"
#include "data/patterns.h"

namespace shadersort {

// The most keys a typed list may have: one sequence of them is a texture column, and 16384 is
// the texture side every OpenGL 4.3 GPU has.
inline constexpr std::size_t kMaxValueCount = 16384;

// "3,7,4,8,1": keys separated by commas (spaces around them allowed), written as `type` reads
// them: u32 0 to 4294967295, i32 -2147483648 to 2147483647 (decimal), f32 any decimal number
// ("-2.5", "1e3", "inf", "nan": the sorters order f32 by IEEE 754 totalOrder, NaN included).
// Returns the keys' bits as typed (not yet encoded for sorting). Throws UsageError in one line
// for an empty list, an empty item, a word that is not a number of the type, a number out of the
// type's range and more than kMaxValueCount keys.
std::vector<std::uint32_t> parseValueList(std::string_view text, KeyType type);

// "LO..HI", both inclusive, as `type` reads them (u32 or i32; f32 has no even spread of keys to
// draw from, so it is refused). Returns the range as sortable keys (encodeKey). Throws UsageError
// for a malformed text, a bound out of the type's range, LO > HI and f32.
KeyRange parseKeyRange(std::string_view text, KeyType type);

// A key's typed bits as text: "42", "-7", "0.25" (f32: the shortest text that reads back as the
// same float; "inf", "-inf", "nan", "-nan").
std::string keyText(KeyType type, std::uint32_t bits);

}  // namespace shadersort

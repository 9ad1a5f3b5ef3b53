#pragma once
// The three kinds of input a command can take, resolved into sequences to sort and a picture.
// In two steps: planInput() learns what the input will be (an image's declared size from its
// header, a pattern's size) without building anything large, so the size can be checked against
// every limit first; resolveInput() then decodes or generates it.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "data/image_sequences.h"
#include "data/key_encoding.h"
#include "data/patterns.h"

namespace shadersort {

// The most pixels an input may have, whatever the GPU: 2^30, the largest frag-odd-even can
// take on a GPU with 32768 x 32768 textures. At 16 bytes per pixel on the CPU side (picture,
// keys, values, decoded copy) that is already 16 GiB; GPU limits usually refuse far less.
constexpr std::uint64_t kMaxInputPixels = 1ull << 30;
// Memory a command takes per input pixel besides decoding, for the memory budget: picture,
// keys, values, the GPU's copies (in system memory on a CPU rasterizer), the result read back and
// the PNG written. `run` on llvmpipe peaked near 60 bytes a pixel with decoding included.
constexpr std::uint64_t kSortBytesPerPixel = 48;

struct InputSpec {
  std::optional<std::string> imagePath;  // an image file
  std::optional<Pattern> pattern;        // or a pattern of keys
  // or keys typed by a person (data/value_list.h), as typed bits of keyType: one sequence,
  // 1xN (columns) or Nx1 (rows), each key coloured by its place between the smallest and largest.
  std::optional<std::vector<std::uint32_t>> values;
  KeyType keyType = KeyType::U32;        // of the values and of a pattern's range
  std::optional<KeyRange> range;         // a pattern's keys (sortable); default: the whole 32 bits
  int width = 256, height = 256;         // the pattern's size
  std::uint64_t seed = 1;
  SortOrder order;                       // key (images only), axis, direction
};

struct InputPlan {
  InputSpec spec;
  std::vector<std::uint8_t> imageFile;  // the image's bytes, not decoded yet
  int width = 0, height = 0;            // declared
  SortShape shape;                      // what will be sorted
  std::string description;              // "image 'x.png' (16000x16000)", "pattern 64x64", ...
};

struct ResolvedInput {
  SortData data;  // values are packed RGBA pixels
  Image image;    // the input as a picture
  Axis axis = Axis::Columns;
  KeyType keyType = KeyType::U32;  // how the keys read as numbers (the sorters see them encoded)
};

// The small teaching input `view --array` opens when given no input: 16 random keys from 0 to 99
// in one sequence (along `order`'s axis), short enough for numbers on the bars.
InputSpec smallTeachingInput(const SortOrder& order);

// Reads the image file (not decoding it) or checks the pattern's size. Throws UserError for
// unreadable or damaged files, for files whose bytes cannot carry their declared size and for
// more than kMaxInputPixels; UsageError past the memory budget (core/memory_budget.h).
InputPlan planInput(const InputSpec& spec);
// Throws UserError when the image turns out cut short or damaged.
ResolvedInput resolveInput(const InputPlan& plan);
// Both steps (for callers with no further limits to check). With neither an image nor a
// pattern, the built-in default image.
ResolvedInput resolveInput(const InputSpec& spec);

// The colour a pattern key is drawn in: a dark-to-bright ramp, so order is visible at a glance.
std::uint32_t patternKeyColour(std::uint32_t key);
// The same ramp over [low, high] (sortable keys), for inputs whose keys span less than 32 bits.
std::uint32_t rangeKeyColour(std::uint32_t key, KeyRange range);

}  // namespace shadersort

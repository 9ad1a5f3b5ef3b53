#pragma once
// The three kinds of input a command can take, resolved into sequences to sort and a picture.

#include <cstdint>
#include <optional>
#include <string>

#include "data/image_sequences.h"
#include "data/patterns.h"

namespace shadersort {

struct InputSpec {
  std::optional<std::string> imagePath;  // an image file
  std::optional<Pattern> pattern;        // or a pattern of keys
  int width = 256, height = 256;         // the pattern's size
  std::uint64_t seed = 1;
  SortOrder order;                       // key (images only), axis, direction
};

struct ResolvedInput {
  SortData data;  // values are packed RGBA pixels
  Image image;    // the input as a picture
  Axis axis = Axis::Columns;
};

// Throws UserError for unreadable images and bad sizes. With neither an image nor a pattern,
// the built-in default image.
ResolvedInput resolveInput(const InputSpec& spec);

// The colour a pattern key is drawn in: a dark-to-bright ramp, so order is visible at a glance.
std::uint32_t patternKeyColour(std::uint32_t key);

}  // namespace shadersort

#include "cli/art_options.h"

#include "art/art_request.h"

namespace shadersort::cli {
namespace {

const char* const kArtOptionNames[] = {"--path", "--spans", "--span-key", "--lower", "--upper", "--span-length", "--max-span", "--skip",
                                       "--mask", "--intervals", "--key-image", "--invert", "--sort-transparent",
                                       "--preset", "--start-angle", "--degrees-sorted", "--inner-radius", "--ray-length",
                                       "--thickness", "--vary-start", "--then"};

}  // namespace

void addArtOptions(CLI::App& command, ArtOptionText& text) {
  command.add_option("--path", text.path, "pixel-sort along: rows, columns, angle:DEG (clockwise, 0 = rows, 90 = columns), "
                                          "rings[:CX,CY] or spokes[:CX,CY] (centre as fractions, default 0.5,0.5)");
  command.add_option("--spans", text.spans, "sort spans of each line: none, threshold, edges, random, mask, intervals, "
                                            "waves, file, black, white");
  command.add_option("--span-key", text.spanKey, "threshold: the pixel key that cuts the spans, when it is not the one that "
                                                  "sorts them (--key): " + pixelKeyList());
  command.add_option("--lower", text.lower, "threshold: lowest key inside, as a fraction of the key's range (default 0.25); "
                                            "edges, intervals: the edge strength that breaks spans, 0 to 1 (default 0.25)");
  command.add_option("--upper", text.upper, "threshold: highest key inside, as a fraction of the key's range (default 0.8)");
  command.add_flag("--invert", text.invert, "the pixels outside the band (or the edges, or the mask's black) are the spans");
  command.add_option("--span-length", text.spanLength, "random: the mean span length in pixels (default 64); waves: the "
                                                      "shortest (spans of L to L + 10)");
  command.add_option("--max-span", text.maxSpan, "cut spans to at most N pixels, the cuts offset at random per line (0: no cap)");
  command.add_option("--skip", text.skip, "leave P percent of the spans unsorted, drawn from --seed (0 to 100)");
  command.add_option("--mask", text.mask, "an image of the input's size; white (luminance >= half) is sortable: the mask "
                                          "mode's spans, or with another mode a narrowing of its spans");
  command.add_option("--intervals", text.intervals, "intervals: an image of the input's size whose edges break the spans");
  command.add_option("--key-image", text.keyImage, "take each pixel's key from this image (same size) at the pixel's place");
  command.add_flag("--sort-transparent", text.sortTransparent, "sort fully transparent pixels too (default: they break spans)");
  command.add_option("--then", text.then, "then sort the result again along rows, columns or angle:DEG with the same "
                                          "settings (ASDFPixelSort sorts columns, then rows; the second pass sorts with radix)");
  // Sapphire S_PixelSort's radial and circular controls.
  command.add_option("--start-angle", text.startAngle, "rings, spokes: where the sorted arc starts, degrees clockwise from +x "
                                                      "(rings also start each line there; default 0)");
  command.add_option("--degrees-sorted", text.degreesSorted, "rings, spokes: the arc sorted from the start angle, 0 to 360 "
                                                            "(default 360)");
  command.add_option("--inner-radius", text.innerRadius, "rings, spokes: pixels nearer the centre than this stay (default 0)");
  command.add_option("--ray-length", text.rayLength, "spokes: pixels sorted along each ray from its start (default: to the edge)");
  command.add_option("--thickness", text.thickness, "rings: how many rings are sorted, out from the inner radius (default: all)");
  command.add_option("--vary-start", text.varyStart, "rings: move each ring's start by up to this share of a turn; spokes: "
                                                    "each ray's start out by up to this share of its length; 0 to 1, drawn from --seed");
  command.add_option("--preset", text.preset, "every art setting from a TOML file, or a built-in look: asendorf, melt, rain, "
                                              "radial-burst, glitch-rows; options given beside it win; a still takes keyframed settings at 0 s");
}

const char* firstArtOption(const CLI::App& command) {
  for (const char* name : kArtOptionNames)
    if (command.count(name) > 0) return name;
  return nullptr;
}

ArtRequest wholeLinesRequest(const InputSpec& input) {
  ArtRequest whole;
  whole.settings.path.kind = input.order.axis == Axis::Rows ? art::PathKind::Rows : art::PathKind::Columns;
  whole.settings.key = input.order.key;
  whole.settings.descending = input.order.descending;
  whole.settings.seed = input.seed;
  return whole;
}

std::optional<ArtRequest> toArtRequest(const CLI::App& command, const ArtOptionText& text, const InputSpec& input) {
  if (firstArtOption(command) == nullptr) return std::nullopt;
  const auto given = [&](std::string_view option) { return command.count(std::string(option)) > 0; };
  return art::resolveArtRequest(text, given, {input.order, input.seed});
}

}  // namespace shadersort::cli

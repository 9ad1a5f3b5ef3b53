#include "cli/art_options.h"

#include "cli/option_values.h"
#include "core/error.h"

namespace shadersort::cli {
namespace {

// Options that only some span modes read; given with another mode they would silently do nothing.
struct ModeOption {
  const char* name;
  std::initializer_list<art::SpanMode> modes;
  const char* wants;
};

const ModeOption kModeOptions[] = {
    {"--lower", {art::SpanMode::Threshold, art::SpanMode::Edges, art::SpanMode::Intervals}, "threshold, edges or intervals"},
    {"--upper", {art::SpanMode::Threshold}, "threshold"},
    {"--span-length", {art::SpanMode::Random}, "random"},
    {"--mask", {art::SpanMode::Mask}, "mask"},
    {"--intervals", {art::SpanMode::Intervals}, "intervals"},
    {"--invert", {art::SpanMode::Threshold, art::SpanMode::Edges, art::SpanMode::Mask, art::SpanMode::Intervals},
     "threshold, edges, mask or intervals"},
};

const char* const kArtOptionNames[] = {"--path", "--spans", "--lower", "--upper", "--span-length", "--max-span", "--skip",
                                       "--mask", "--intervals", "--key-image", "--invert", "--sort-transparent"};

}  // namespace

void addArtOptions(CLI::App& command, ArtOptionText& text) {
  command.add_option("--path", text.path, "pixel-sort along: rows, columns, angle:DEG (clockwise, 0 = rows, 90 = columns), "
                                          "rings[:CX,CY] or spokes[:CX,CY] (centre as fractions, default 0.5,0.5)");
  command.add_option("--spans", text.spans, "sort spans of each line: none, threshold, edges, random, mask, intervals");
  command.add_option("--lower", text.lower, "threshold: lowest key inside, as a fraction of the key's range (default 0.25); "
                                            "edges, intervals: the edge strength that breaks spans, 0 to 1 (default 0.25)");
  command.add_option("--upper", text.upper, "threshold: highest key inside, as a fraction of the key's range (default 0.8)");
  command.add_flag("--invert", text.invert, "the pixels outside the band (or the edges, or the mask's black) are the spans");
  command.add_option("--span-length", text.spanLength, "random: the mean span length in pixels (default 64)");
  command.add_option("--max-span", text.maxSpan, "cut spans to at most N pixels, the cuts offset at random per line");
  command.add_option("--skip", text.skip, "leave P percent of the spans unsorted, drawn from --seed (0 to 100)");
  command.add_option("--mask", text.mask, "mask: an image of the input's size; white (luminance >= half) is sortable");
  command.add_option("--intervals", text.intervals, "intervals: an image of the input's size whose edges break the spans");
  command.add_option("--key-image", text.keyImage, "take each pixel's key from this image (same size) at the pixel's place");
  command.add_flag("--sort-transparent", text.sortTransparent, "sort fully transparent pixels too (default: they break spans)");
}

std::optional<ArtRequest> toArtRequest(const CLI::App& command, const ArtOptionText& text, const InputSpec& input) {
  bool any = false;
  for (const char* name : kArtOptionNames) any = any || command.count(name) > 0;
  if (!any) return std::nullopt;

  ArtRequest request;
  art::ArtSettings& settings = request.settings;
  if (!text.path.empty()) {
    if (command.count("--axis") > 0) throw UsageError("--axis and --path both say where to sort: give one (--path rows or columns)");
    settings.path = art::parsePathSpec(text.path);
  } else {
    settings.path.kind = input.order.axis == Axis::Rows ? art::PathKind::Rows : art::PathKind::Columns;
  }
  if (!text.spans.empty()) settings.spans = art::parseSpanMode(text.spans);
  for (const ModeOption& option : kModeOptions) {
    if (command.count(option.name) == 0) continue;
    bool read = false;
    for (art::SpanMode mode : option.modes) read = read || mode == settings.spans;
    if (!read)
      throw UsageError(std::string(option.name) + " needs --spans " + option.wants + " (the span mode is " +
                       std::string(art::spanModeName(settings.spans)) + ")");
  }
  settings.key = input.order.key;
  settings.descending = input.order.descending;
  settings.seed = input.seed;
  if (!text.lower.empty()) settings.lower = art::parseDecimal(text.lower, "--lower", 0.0, 1.0);
  if (!text.upper.empty()) settings.upper = art::parseDecimal(text.upper, "--upper", 0.0, 1.0);
  art::requireConsistent(settings);
  settings.invert = text.invert;
  settings.sortTransparent = text.sortTransparent;
  if (!text.spanLength.empty())
    settings.spanLength = static_cast<std::uint32_t>(parseUnsigned(text.spanLength, "--span-length", 1, 1u << 30));
  if (!text.maxSpan.empty())
    settings.maxSpan = static_cast<std::uint32_t>(parseUnsigned(text.maxSpan, "--max-span", 2, 1u << 30));
  if (!text.skip.empty()) settings.skipPercent = art::parseDecimal(text.skip, "--skip", 0.0, 100.0);
  if (settings.spans == art::SpanMode::Mask && text.mask.empty()) throw UsageError("--spans mask needs --mask IMAGE");
  if (settings.spans == art::SpanMode::Intervals && text.intervals.empty())
    throw UsageError("--spans intervals needs --intervals IMAGE");
  request.maskPath = text.mask;
  request.intervalsPath = text.intervals;
  request.keyImagePath = text.keyImage;
  return request;
}

}  // namespace shadersort::cli

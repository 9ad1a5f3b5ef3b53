#include "art/art_settings.h"

#include <array>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <system_error>

#include "core/error.h"
#include "core/number_text.h"
#include "core/quoting.h"

namespace shadersort::art {
namespace {

struct SpanModeName {
  SpanMode mode;
  std::string_view name;
};

constexpr SpanModeName kSpanModes[] = {
    {SpanMode::None, "none"},     {SpanMode::Threshold, "threshold"}, {SpanMode::Edges, "edges"},
    {SpanMode::Random, "random"}, {SpanMode::Mask, "mask"},           {SpanMode::Intervals, "intervals"},
    {SpanMode::Waves, "waves"},   {SpanMode::File, "file"},           {SpanMode::Black, "black"},
    {SpanMode::White, "white"},
};

std::string quoted(std::string_view text) { return quote(std::string(text)); }

// "CX,CY" after rings: or spokes:, each a fraction from 0 to 1.
void parseCentre(std::string_view text, std::string_view whole, PathSpec& path) {
  const auto comma = text.find(',');
  if (comma == std::string_view::npos)
    throw UsageError("--path " + quoted(whole) + ": the centre is CX,CY (fractions of the width and height)");
  path.centreX = parseDecimal(text.substr(0, comma), "--path centre x", 0.0, 1.0);
  path.centreY = parseDecimal(text.substr(comma + 1), "--path centre y", 0.0, 1.0);
}

}  // namespace

// The shortest decimal (never an exponent, which the parser refuses) that reads back as the same
// number, so a preset keeps its angle exactly.
std::string decimalText(double value) {
  // -0 would be written "-0", which the parser refuses (an angle of -0.0 saved by the viewer).
  if (value == 0) value = 0.0;
  // Fixed form takes up to 309 digits before the point (1.8e308) and 327 after it (4.9e-324).
  std::array<char, 400> buffer;
  const auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value, std::chars_format::fixed);
  if (error != std::errc()) throw std::logic_error("decimalText: no room for a double");
  return std::string(buffer.data(), end);
}

PathSpec parsePathSpec(std::string_view text) {
  PathSpec path;
  const auto colon = text.find(':');
  const std::string_view name = text.substr(0, colon);
  const std::string_view argument = colon == std::string_view::npos ? std::string_view() : text.substr(colon + 1);
  const bool hasArgument = colon != std::string_view::npos;
  if (name == "rows" || name == "columns") {
    if (hasArgument) throw UsageError("--path " + quoted(text) + ": " + std::string(name) + " takes no argument");
    path.kind = name == "rows" ? PathKind::Rows : PathKind::Columns;
  } else if (name == "angle") {
    if (!hasArgument) throw UsageError("--path angle wants degrees, as in angle:30");
    path.kind = PathKind::Angle;
    path.angleDegrees = parseDecimal(argument, "--path angle", -360.0, 360.0);
  } else if (name == "rings" || name == "spokes") {
    path.kind = name == "rings" ? PathKind::Rings : PathKind::Spokes;
    if (hasArgument) parseCentre(argument, text, path);
  } else {
    throw UsageError("unknown path " + quoted(text) + " (known: rows, columns, angle:DEG, rings[:CX,CY], spokes[:CX,CY])");
  }
  return path;
}

std::string pathSpecText(const PathSpec& path) {
  switch (path.kind) {
    case PathKind::Rows: return "rows";
    case PathKind::Columns: return "columns";
    case PathKind::Angle: return "angle:" + decimalText(path.angleDegrees);
    case PathKind::Rings:
    case PathKind::Spokes: {
      const std::string name = path.kind == PathKind::Rings ? "rings" : "spokes";
      if (path.centreX == 0.5 && path.centreY == 0.5) return name;
      return name + ":" + decimalText(path.centreX) + "," + decimalText(path.centreY);
    }
  }
  return "?";
}

SpanMode parseSpanMode(std::string_view text) {
  std::string known;
  for (const auto& entry : kSpanModes) {
    if (entry.name == text) return entry.mode;
    known += (known.empty() ? "" : ", ") + std::string(entry.name);
  }
  // Listed from the table, so that a new mode is never missing from the message.
  throw UsageError("unknown span mode " + quoted(text) + " (known: " + known + ")");
}

std::string_view spanModeName(SpanMode mode) {
  for (const auto& entry : kSpanModes)
    if (entry.mode == mode) return entry.name;
  return "?";
}

void requireConsistent(const ArtSettings& settings) {
  // Only the threshold mode reads a band; edges and intervals read `lower` alone.
  if (settings.spans == SpanMode::Threshold && settings.lower > settings.upper)
    throw UsageError("--lower " + decimalText(settings.lower) + " is above --upper " + decimalText(settings.upper));
  requireRadialControlsFit(settings);
}

void requireRadialControlsFit(const ArtSettings& settings) {
  const RadialControls& radial = settings.radial;
  const bool rings = settings.path.kind == PathKind::Rings, spokes = settings.path.kind == PathKind::Spokes;
  const auto refuse = [](const char* option, const char* paths) {
    throw UsageError(std::string(option) + " needs --path " + paths);
  };
  if (!rings && !spokes) {
    if (radial.startDegrees != 0.0) refuse("--start-angle", "rings or spokes");
    if (radial.degreesSorted != 360.0) refuse("--degrees-sorted", "rings or spokes");
    if (radial.innerRadius != 0) refuse("--inner-radius", "rings or spokes");
    if (radial.varyStart != 0.0) refuse("--vary-start", "rings or spokes");
  }
  if (!spokes && radial.rayLength != 0) refuse("--ray-length", "spokes");
  if (!rings && radial.thickness != 0) refuse("--thickness", "rings");
  if (settings.then && (settings.then->kind == PathKind::Rings || settings.then->kind == PathKind::Spokes))
    throw UsageError("--then takes rows, columns or angle:DEG, not " + pathSpecText(*settings.then));
}

ArtSettings thenPassSettings(const ArtSettings& settings) {
  ArtSettings then = settings;
  then.path = settings.then.value_or(settings.path);
  then.radial = {};
  then.then.reset();
  return then;
}

const std::vector<std::string_view>& pathNames() {
  static const std::vector<std::string_view> names = {"rows", "columns", "angle:DEG", "rings[:CX,CY]", "spokes[:CX,CY]"};
  return names;
}

const std::vector<std::string_view>& spanModeNames() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> all;
    for (const auto& entry : kSpanModes) all.push_back(entry.name);
    return all;
  }();
  return names;
}

}  // namespace shadersort::art

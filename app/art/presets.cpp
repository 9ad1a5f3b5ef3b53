#include "art/presets.h"

#include <sys/stat.h>
#include <toml++/toml.h>

#include <array>
#include <charconv>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include "core/error.h"
#include "core/input_file.h"
#include "core/number_text.h"
#include "core/quoting.h"

namespace shadersort::art {
namespace {

// Named after the looks they make; each is what the README's gallery shows.
const std::vector<BuiltInPreset> kBuiltIns = {
    {"asendorf", "ASDFPixelSort's black mode: every run of pixels brighter than its black sorted by colour number, "
                 "columns, then rows",
     "path = \"columns\"\nthen = \"rows\"\nspans = \"black\"\nkey = \"rgb\"\n"},
    {"melt", "bright areas dripping downwards in capped runs",
     "path = \"angle:90\"\nspans = \"threshold\"\nkey = \"lightness\"\nlower = 0.45\nupper = 1.0\nmax-span = 90\n"
     "descending = true\n"},
    {"rain", "slanted streaks of random length, more than half left alone",
     "path = \"angle:80\"\nspans = \"random\"\nkey = \"luminance\"\nspan-length = 30\nskip = 60\n"},
    {"radial-burst", "rays from the centre, the midtones sorted outwards",
     "path = \"spokes\"\nspans = \"threshold\"\nkey = \"lightness\"\nlower = 0.2\nupper = 0.85\n"},
    {"glitch-rows", "rows cut at the picture's edges, the classic horizontal glitch",
     "path = \"rows\"\nspans = \"edges\"\nkey = \"hue\"\nlower = 0.12\n"},
};

const char* const kKnownSettings[] = {"path",          "spans",      "key",    "span-key", "descending", "lower",
                                      "upper",         "invert",     "span-length", "max-span", "skip",
                                      "seed",          "sort-transparent", "mask", "intervals", "key-image",
                                      "angle",         "centre-x",   "centre-y",  "start-angle", "degrees-sorted", "inner-radius",
                                      "ray-length",    "thickness",  "vary-start", "then"};

std::string where(const std::string& name, const toml::node& node) {
  return "preset " + quote(name) + " line " + std::to_string(node.source().begin.line);
}

template <typename T>
T required(const std::string& name, const toml::node& node, std::string_view setting, const char* type) {
  const auto value = node.value<T>();
  if (!value) throw UsageError(where(name, node) + ": " + std::string(setting) + " wants " + type);
  return *value;
}

// A picture's file name. Control characters (a line break) are refused: toml++ writes a name with
// a line break as a ''' string, which is not TOML when the name holds ''' itself.
std::string fileName(const std::string& name, const toml::node& node, std::string_view setting) {
  std::string path = required<std::string>(name, node, setting, "a file name");
  for (const char c : path)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F)
      throw UsageError(where(name, node) + ": " + std::string(setting) + " wants a file name without control characters");
  return path;
}

// Only true or false: toml++ would read an integer as a boolean (descending = 2 as true).
bool boolean(const std::string& name, const toml::node& node, std::string_view setting) {
  if (!node.is_boolean()) throw UsageError(where(name, node) + ": " + std::string(setting) + " wants true or false");
  return node.as_boolean()->get();
}

double number(const std::string& name, const toml::node& node, std::string_view setting, double least, double most) {
  const auto value = node.value<double>();  // integers convert too
  if (!value || !(*value >= least && *value <= most)) {  // NaN is neither
    std::ostringstream range;
    range << least << " to " << most;
    throw UsageError(where(name, node) + ": " + std::string(setting) + " wants a number from " + range.str());
  }
  return *value;
}

// An animated setting's keyframes, [[time, value], ...] (art/animation.h), each pair checked where
// it is written, so that an error names the pair's line.
Track keyframes(const std::string& name, const toml::array& array, AnimatedSetting setting) {
  const std::string settingName(animatedSettingName(setting));
  Track track{setting, {}};
  for (const toml::node& pair : array) {
    const toml::array* both = pair.as_array();
    const auto time = both != nullptr && both->size() == 2 ? (*both)[0].value<double>() : std::nullopt;
    const auto value = both != nullptr && both->size() == 2 ? (*both)[1].value<double>() : std::nullopt;
    if (!time || !value)
      throw UsageError(where(name, pair) + ": " + settingName +
                       " keyframes are [time, value] pairs of numbers, as [[0.0, 0.25], [4.0, 0.5]]");
    track.keys.push_back({*time, *value});
  }
  if (const auto problem = trackProblem(track)) {
    const toml::node& at = track.keys.empty() ? static_cast<const toml::node&>(array) : *array.get(problem->key);
    throw UsageError(where(name, at) + ": " + problem->message);
  }
  return track;
}

// A decimal TOML reads as a float, even when it is whole ("30.0").
std::string tomlFloat(double value) {
  // The shortest form that reads back the same: an exponent where it is shorter, since toml++
  // refuses a float of more than 128 digits (1e-300 written out has 301).
  std::array<char, 32> buffer;
  const auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
  if (error != std::errc()) throw std::logic_error("tomlFloat: no room for a double");
  std::string text(buffer.data(), end);
  if (text.find_first_of(".e") == std::string::npos) text += ".0";
  return text;
}

// [[0.0, 0.25], [4.0, 0.5]], whole-number settings' values without a decimal point.
std::string keyframeText(const Track& track) {
  std::string text = "[";
  for (const Keyframe& key : track.keys) {
    text += (text.size() > 1 ? ", [" : "[") + tomlFloat(key.seconds) + ", ";
    text += isWholeNumberSetting(track.setting) ? std::to_string(static_cast<std::int64_t>(key.value)) : tomlFloat(key.value);
    text += "]";
  }
  return text + "]";
}

}  // namespace

std::string Preset::resolve(const std::string& path) const {
  if (path.empty() || folder.empty() || std::filesystem::path(path).is_absolute()) return path;
  return (std::filesystem::path(folder) / path).string();
}

const std::vector<BuiltInPreset>& builtInPresets() { return kBuiltIns; }

namespace {

// toml++ recurses once per part of a dotted key (a.b.c) or table header: a key of 40,000 parts
// overflows the stack inside it, on a file far under the size cap. Presets nest nothing, so a
// chain of more than kMostKeyParts parts is refused before toml++ sees it. Dots inside quotes and
// between the numbers of an array (reset at each comma or bracket) are not parts.
void refuseDeepKeys(std::string_view text, const std::string& name) {
  constexpr std::size_t kMostKeyParts = 64;
  std::size_t line = 1, chain = 0;
  char quote = 0;
  for (char c : text) {
    if (c == '\n') {
      ++line;
      chain = 0;
      quote = 0;  // a multi-line string's lines are read as keys at worst: they only shorten chains
      continue;
    }
    if (quote != 0) {
      if (c == quote) quote = 0;
      continue;
    }
    if (c == '"' || c == '\'') quote = c;
    else if (c == '.') ++chain;
    else if (c == ',' || c == '=' || c == '[' || c == ']' || c == '{' || c == '}' || c == '#') chain = 0;
    if (chain >= kMostKeyParts)
      throw UsageError("preset " + shadersort::quote(name) + " line " + std::to_string(line) + ": a key of more than " +
                       std::to_string(kMostKeyParts) + " dotted parts (no setting is nested)");
  }
}

// Debian's toml++ 3.3.0 asks "is this whitespace?" of characters wherever whitespace may come
// (between keys, values and brackets, inside a malformed token, after a line-ending backslash in a
// """ string), and for some non-ASCII characters (U+00A1-U+0499 among them) that question reaches
// __builtin_unreachable: undefined behaviour (marzer/tomlplusplus #190, fixed upstream after
// 3.3.0). So non-ASCII text is taken only inside a string that opens where TOML opens one (at a
// line's start, or after = [ { , or .), or in a comment; anywhere else, or in a multi-line
// string, it is refused before toml++ reads the file.
void refuseUnsafeUnicode(std::string_view text, const std::string& name) {
  enum class In { Tokens, Comment, String, LiteralString, MultiLineString, MultiLineLiteral } in = In::Tokens;
  std::size_t line = 1;
  char lastToken = '\n';  // the last character of a token on this line, or a line break
  const auto refuse = [&](const char* where) {
    throw UsageError("preset " + shadersort::quote(name) + " line " + std::to_string(line) + ": a character outside ASCII " +
                     where);
  };
  const auto startsWith = [&](std::size_t at, std::string_view what) { return text.substr(at, what.size()) == what; };
  std::size_t at = startsWith(0, "\xEF\xBB\xBF") ? 3 : 0;  // a byte order mark, as some editors write
  for (; at < text.size(); ++at) {
    const char c = text[at];
    const bool ascii = static_cast<unsigned char>(c) < 0x80;
    if (c == '\n') ++line;
    switch (in) {
      case In::Tokens: {
        if (!ascii) refuse("outside a quoted string or a comment");
        const bool stringMayOpen = std::string_view("\n=[{,.").find(lastToken) != std::string_view::npos;
        if (c == '#') in = In::Comment;
        else if (stringMayOpen && startsWith(at, "\"\"\"")) in = In::MultiLineString, at += 2;
        else if (stringMayOpen && startsWith(at, "'''")) in = In::MultiLineLiteral, at += 2;
        else if (stringMayOpen && c == '"') in = In::String;
        else if (stringMayOpen && c == '\'') in = In::LiteralString;
        if (c == '\n') lastToken = '\n';
        else if (c != ' ' && c != '\t') lastToken = c;
        break;
      }
      case In::Comment:
        if (c == '\n') in = In::Tokens, lastToken = '\n';
        break;
      case In::String:
        if (c == '\\') ++at;  // an escaped character (a quote among them) ends nothing
        else if (c == '"' || c == '\n') in = In::Tokens, lastToken = c;
        break;
      case In::LiteralString:
        if (c == '\'' || c == '\n') in = In::Tokens, lastToken = c;
        break;
      case In::MultiLineString:
      case In::MultiLineLiteral: {
        if (!ascii) refuse("in a multi-line string (write it in a \"...\" string)");
        const std::string_view closing = in == In::MultiLineString ? "\"\"\"" : "'''";
        if (in == In::MultiLineString && c == '\\') ++at;
        else if (startsWith(at, closing)) in = In::Tokens, at += 2, lastToken = closing[0];
        break;
      }
    }
  }
}

}  // namespace

Preset parsePreset(std::string_view text, const std::string& name, const std::string& folder) {
  refuseDeepKeys(text, name);
  refuseUnsafeUnicode(text, name);
  toml::table table;
  try {
    table = toml::parse(text, name);
  } catch (const toml::parse_error& error) {
    // toml++'s text may quote what it saw, a line break included: one line, escaped.
    throw UsageError("preset " + quote(name) + " line " + std::to_string(error.source().begin.line) + ": " +
                     printable(error.description()));
  }
  Preset preset;
  preset.folder = folder;
  ArtSettings& s = preset.settings;
  // Where each animated or path-dependent setting is written, for the checks after the loop that
  // need the whole table (TOML tables come in key order: "angle" before "path").
  std::map<AnimatedSetting, const toml::node*> written;
  std::map<AnimatedSetting, double> pathNumbers;  // angle, centre-x, centre-y given as numbers
  for (const auto& [key, node] : table) {
    const std::string_view setting = key.str();
    bool known = false;
    for (const char* candidate : kKnownSettings) known = known || setting == candidate;
    if (!known) throw UsageError(where(name, node) + ": unknown setting " + quote(setting));
    const auto animated = parseAnimatedSetting(setting);
    if (animated) written[*animated] = &node;
    try {
      if (animated && node.is_array()) preset.animation.set(keyframes(name, *node.as_array(), *animated));
      else if (setting == "angle") pathNumbers[*animated] = number(name, node, setting, -360, 360);
      else if (setting == "centre-x" || setting == "centre-y") pathNumbers[*animated] = number(name, node, setting, 0, 1);
      else if (setting == "path") s.path = parsePathSpec(required<std::string>(name, node, setting, "a string such as \"angle:30\""));
      else if (setting == "then") {
        const std::string thenText = required<std::string>(name, node, setting, "a string such as \"rows\"");
        s.then = thenText == "none" ? std::nullopt : std::optional(parsePathSpec(thenText));
      } else if (setting == "spans") s.spans = parseSpanMode(required<std::string>(name, node, setting, "a string"));
      else if (setting == "key") {
        const std::string keyName = required<std::string>(name, node, setting, "a string");
        const auto parsed = parsePixelKey(keyName);
        if (!parsed) throw UsageError("unknown key " + quote(keyName) + " (known: " + pixelKeyList() + ")");
        s.key = *parsed;
      } else if (setting == "span-key") {
        const std::string keyName = required<std::string>(name, node, setting, "a string");
        s.spanKey = parsePixelKey(keyName);
        if (!s.spanKey) throw UsageError("unknown span-key " + quote(keyName) + " (known: " + pixelKeyList() + ")");
      } else if (setting == "descending") s.descending = boolean(name, node, setting);
      else if (setting == "invert") s.invert = boolean(name, node, setting);
      else if (setting == "sort-transparent") s.sortTransparent = boolean(name, node, setting);
      else if (setting == "lower") s.lower = number(name, node, setting, 0, 1);
      else if (setting == "upper") s.upper = number(name, node, setting, 0, 1);
      else if (setting == "skip") s.skipPercent = number(name, node, setting, 0, 100);
      else if (setting == "start-angle") s.radial.startDegrees = number(name, node, setting, -360, 360);
      else if (setting == "degrees-sorted") s.radial.degreesSorted = number(name, node, setting, 0, 360);
      else if (setting == "vary-start") s.radial.varyStart = number(name, node, setting, 0, 1);
      else if (setting == "inner-radius" || setting == "ray-length" || setting == "thickness") {
        const std::int64_t pixels = required<std::int64_t>(name, node, setting, "a whole number");
        const std::int64_t least = setting == "inner-radius" ? 0 : 1;
        if (pixels < least || pixels > (1 << 30))
          throw UsageError(where(name, node) + ": " + std::string(setting) + " wants " + std::to_string(least) + " to 2^30");
        (setting == "inner-radius" ? s.radial.innerRadius : setting == "ray-length" ? s.radial.rayLength : s.radial.thickness) =
            static_cast<std::uint32_t>(pixels);
      }
      else if (setting == "span-length") {
        const std::int64_t length = required<std::int64_t>(name, node, setting, "a whole number");
        if (length < 2 || length > (1 << 30)) throw UsageError(where(name, node) + ": span-length wants 2 to 2^30");
        s.spanLength = static_cast<std::uint32_t>(length);
      } else if (setting == "max-span") {
        const std::int64_t cap = required<std::int64_t>(name, node, setting, "a whole number");
        if (cap != 0 && (cap < 2 || cap > (1 << 30))) throw UsageError(where(name, node) + ": max-span wants 0 (none) or 2 to 2^30");
        s.maxSpan = static_cast<std::uint32_t>(cap);
      } else if (setting == "seed") {
        // TOML integers stop at 2^63 - 1; larger seeds are written as strings of digits.
        if (const auto text = node.value<std::string>()) {
          s.seed = parseUnsigned(*text, "seed", 0, UINT64_MAX);
        } else {
          const std::int64_t seed = required<std::int64_t>(name, node, setting, "a whole number");
          if (seed < 0) throw UsageError(where(name, node) + ": seed wants a number from 0");
          s.seed = static_cast<std::uint64_t>(seed);
        }
      } else if (setting == "mask") preset.maskPath = fileName(name, node, setting);
      else if (setting == "intervals") preset.intervalsPath = fileName(name, node, setting);
      else if (setting == "key-image") preset.keyImagePath = fileName(name, node, setting);
    } catch (const UsageError& error) {
      const std::string message = error.what();
      if (message.rfind("preset ", 0) == 0) throw;
      throw UsageError(where(name, node) + ": " + message);
    }
    preset.given.emplace(setting);
  }
  // The path's numbers given apart from it replace those in its text (path = "angle:0" with
  // angle = [[0.0, 0], [4.0, 90]]); they apply only to the paths that have them.
  const std::string pathText = pathSpecText(s.path);
  const std::string pathKind = pathText.substr(0, pathText.find(':'));
  for (const auto& [setting, value] : pathNumbers) {
    if (pathProblem(Track{setting, {}}, s.path))
      throw UsageError(where(name, *written[setting]) + ": " + std::string(animatedSettingName(setting)) + " needs " +
                       (setting == AnimatedSetting::Angle ? "an angle path" : "rings or spokes") + "; path is " + pathKind);
    if (setting == AnimatedSetting::Angle) s.path.angleDegrees = value;
    else if (setting == AnimatedSetting::CentreX) s.path.centreX = value;
    else s.path.centreY = value;
  }
  try {
    requireRadialControlsFit(s);
  } catch (const UsageError& error) {
    throw UsageError("preset " + quote(name) + ": " + std::string(error.what()).substr(2) + " (path is " + pathKind + ")");
  }
  for (const Track& track : preset.animation.tracks)
    if (const auto problem = pathProblem(track, s.path)) throw UsageError(where(name, *written[track.setting]) + ": " + *problem);
  if (preset.animation.find(AnimatedSetting::Lower) != nullptr || preset.animation.find(AnimatedSetting::Upper) != nullptr) {
    const AnimatedSetting band =
        preset.animation.find(AnimatedSetting::Lower) != nullptr ? AnimatedSetting::Lower : AnimatedSetting::Upper;
    try {
      requireConsistent(s, preset.animation);
    } catch (const UsageError& error) {
      throw UsageError(where(name, *written[band]) + ": " + error.what());
    }
  }
  // The base settings are those at t = 0, so that every reader of a still (run IMAGE, the
  // viewer) sees the first frame's settings without knowing of the animation.
  s = preset.animation.at(s, 0.0);
  requireConsistent(s);
  return preset;
}

Preset loadPreset(const std::string& nameOrPath) {
  for (const BuiltInPreset& builtIn : kBuiltIns)
    if (builtIn.name == nameOrPath) return parsePreset(builtIn.toml, std::string(builtIn.name), "");
  std::string names;
  for (const BuiltInPreset& builtIn : kBuiltIns) names += (names.empty() ? "" : ", ") + std::string(builtIn.name);
  const std::filesystem::path path(nameOrPath);
  if (path.extension() != ".toml")
    throw UsageError("unknown preset " + quote(nameOrPath) + " (built in: " + names + "; or a .toml file)");
  std::error_code error;
  const std::filesystem::file_status status = std::filesystem::status(path, error);
  if (!std::filesystem::exists(status)) throw UsageError("cannot read preset " + quote(nameOrPath) + ": no such file");
  if (!std::filesystem::is_regular_file(status)) {
    // Said apart from a missing file: a FIFO or a folder of that name is there, and not read.
    struct stat info{};
    const std::string kind = ::stat(path.c_str(), &info) == 0 ? " (" + fileKind(info.st_mode) + ")" : "";
    throw UsageError("cannot read preset " + quote(nameOrPath) + ": it is not a regular file" + kind);
  }
  // A preset is a few hundred bytes; a huge file is a mistake, not a preset.
  if (std::filesystem::file_size(path, error) > (1u << 20)) throw UsageError("preset " + quote(nameOrPath) + " is over 1 MiB");
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  if (!file && !file.eof()) throw UsageError("cannot read preset " + quote(nameOrPath));
  return parsePreset(text.str(), nameOrPath, path.parent_path().string());
}

std::string presetToml(const Preset& preset) {
  const ArtSettings& s = preset.settings;
  std::ostringstream text;
  const auto string = [&](const char* key, const std::string& value) {
    text << key << " = " << toml::value<std::string>(value) << "\n";
  };
  // A setting with a track is written as its keyframes, in place of its value at t = 0.
  const auto numberOr = [&](AnimatedSetting setting, const std::string& value) {
    const Track* track = preset.animation.find(setting);
    text << animatedSettingName(setting) << " = " << (track != nullptr ? keyframeText(*track) : value) << "\n";
  };
  string("path", pathSpecText(s.path));
  for (AnimatedSetting setting : {AnimatedSetting::Angle, AnimatedSetting::CentreX, AnimatedSetting::CentreY})
    if (const Track* track = preset.animation.find(setting))
      text << animatedSettingName(setting) << " = " << keyframeText(*track) << "\n";
  if (s.path.kind == PathKind::Rings || s.path.kind == PathKind::Spokes) {
    const RadialControls& radial = s.radial;
    text << "start-angle = " << tomlFloat(radial.startDegrees) << "\n";
    text << "degrees-sorted = " << tomlFloat(radial.degreesSorted) << "\n";
    text << "inner-radius = " << radial.innerRadius << "\n";
    if (s.path.kind == PathKind::Spokes && radial.rayLength > 0) text << "ray-length = " << radial.rayLength << "\n";
    if (s.path.kind == PathKind::Rings && radial.thickness > 0) text << "thickness = " << radial.thickness << "\n";
    text << "vary-start = " << tomlFloat(radial.varyStart) << "\n";
  }
  if (s.then) string("then", pathSpecText(*s.then));
  string("spans", std::string(spanModeName(s.spans)));
  string("key", std::string(pixelKeyName(s.key)));
  if (s.spanKey) string("span-key", std::string(pixelKeyName(*s.spanKey)));
  text << std::boolalpha << "descending = " << s.descending << "\n";
  numberOr(AnimatedSetting::Lower, tomlFloat(s.lower));
  numberOr(AnimatedSetting::Upper, tomlFloat(s.upper));
  text << "invert = " << s.invert << "\n";
  numberOr(AnimatedSetting::SpanLength, std::to_string(s.spanLength));
  numberOr(AnimatedSetting::MaxSpan, std::to_string(s.maxSpan));
  numberOr(AnimatedSetting::Skip, tomlFloat(s.skipPercent));
  text << "sort-transparent = " << s.sortTransparent << "\n";
  if (s.seed <= static_cast<std::uint64_t>(INT64_MAX)) text << "seed = " << s.seed << "\n";
  else string("seed", std::to_string(s.seed));
  if (!preset.maskPath.empty()) string("mask", preset.maskPath);
  if (!preset.intervalsPath.empty()) string("intervals", preset.intervalsPath);
  if (!preset.keyImagePath.empty()) string("key-image", preset.keyImagePath);
  return text.str();
}

}  // namespace shadersort::art

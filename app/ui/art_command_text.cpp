#include "ui/art_command_text.h"

#include <algorithm>

namespace shadersort::ui {

std::string shellWord(std::string_view word) {
  const bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::string_view("_-+./:,=@%").find(c) != std::string_view::npos;
  });
  if (plain) return std::string(word);
  std::string quoted = "'";
  for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string equivalentRunCommand(const ArtConfig& config, std::string_view algorithm, const InputSpec& input,
                                 const std::string& outputPath, const std::string& videoPath,
                                 const art::Animation& animation, const std::string& presetPath) {
  const art::ArtSettings& s = config.settings;
  std::string command = "shadersort run";
  const auto add = [&](std::string_view option, std::string_view value = {}) {
    command += " ";
    command += option;
    if (value.empty()) return;
    command += ' ';
    command += shellWord(value);
  };
  if (!videoPath.empty()) {
    add("--video", videoPath);
  } else if (input.imagePath) {
    command += ' ';
    command += shellWord(*input.imagePath);
  } else if (input.pattern) {
    add("--pattern", patternName(*input.pattern));
    add("--size", std::to_string(input.width) + "x" + std::to_string(input.height));
  }
  add("--algo", algorithm);
  using art::AnimatedSetting;
  const bool keyframed = !animation.empty() && !presetPath.empty();
  const auto animated = [&](AnimatedSetting setting) { return keyframed && animation.find(setting) != nullptr; };
  if (keyframed) add("--preset", presetPath);
  if (!animated(AnimatedSetting::Angle) && !animated(AnimatedSetting::CentreX) && !animated(AnimatedSetting::CentreY))
    add("--path", art::pathSpecText(s.path));
  if (s.then) add("--then", art::pathSpecText(*s.then));
  const art::RadialControls& radial = s.radial;
  if (radial.startDegrees != 0.0) add("--start-angle", art::decimalText(radial.startDegrees));
  if (radial.degreesSorted != 360.0) add("--degrees-sorted", art::decimalText(radial.degreesSorted));
  if (radial.innerRadius > 0) add("--inner-radius", std::to_string(radial.innerRadius));
  if (radial.rayLength > 0) add("--ray-length", std::to_string(radial.rayLength));
  if (radial.thickness > 0) add("--thickness", std::to_string(radial.thickness));
  if (radial.varyStart != 0.0) add("--vary-start", art::decimalText(radial.varyStart));
  add("--spans", art::spanModeName(s.spans));
  add("--key", pixelKeyName(s.key));
  if (s.spanKey && s.spans == art::SpanMode::Threshold) add("--span-key", pixelKeyName(*s.spanKey));
  if (s.descending) add("--descending");
  using art::SpanMode;
  if ((s.spans == SpanMode::Threshold || s.spans == SpanMode::Edges || s.spans == SpanMode::Intervals) &&
      !animated(AnimatedSetting::Lower))
    add("--lower", art::decimalText(s.lower));
  if (s.spans == SpanMode::Threshold && !animated(AnimatedSetting::Upper)) add("--upper", art::decimalText(s.upper));
  if (s.invert && art::invertible(s.spans)) add("--invert");
  if (art::drawsSpanLengths(s.spans) && !animated(AnimatedSetting::SpanLength))
    add("--span-length", std::to_string(s.spanLength));
  // A mask is the mask mode's spans, and narrows any other mode's.
  if (!config.maskPath.empty()) add("--mask", config.maskPath);
  if (art::readsIntervalImage(s.spans)) add("--intervals", config.intervalsPath);
  // Beside a preset, the defaults too: they replace its values.
  if ((s.maxSpan > 0 || keyframed) && !animated(AnimatedSetting::MaxSpan)) add("--max-span", std::to_string(s.maxSpan));
  if ((s.skipPercent > 0.0 || keyframed) && !animated(AnimatedSetting::Skip)) add("--skip", art::decimalText(s.skipPercent));
  // The seed draws random spans, cut offsets and skips (and a pattern), so it is always said.
  add("--seed", std::to_string(s.seed));
  if (s.sortTransparent) add("--sort-transparent");
  if (!config.keyImagePath.empty()) add("--key-image", config.keyImagePath);
  add("--out", outputPath);
  return command;
}

}  // namespace shadersort::ui

#pragma once
// The `shadersort run ...` command line that writes what art mode shows once sorted, for the
// panel to show and copy. Options a span mode does not read are left out (run refuses them).

#include <string>
#include <string_view>

#include "art/animation.h"
#include "data/inputs.h"
#include "ui/art_source.h"

namespace shadersort::ui {

// `input` gives the image or pattern, or `videoPath` a clip (run --video); `outputPath` the --out file.
// A clip's keyframes (`animation`, from the preset `presetPath`) travel as --preset, and the
// options of the settings they animate are left out, since an option replaces its track.
std::string equivalentRunCommand(const ArtConfig& config, std::string_view algorithm, const InputSpec& input,
                                 const std::string& outputPath, const std::string& videoPath = "",
                                 const art::Animation& animation = {}, const std::string& presetPath = "");

// `word` as one POSIX shell word: as it is when it holds only characters no shell treats
// specially, else in single quotes.
std::string shellWord(std::string_view word);

}  // namespace shadersort::ui

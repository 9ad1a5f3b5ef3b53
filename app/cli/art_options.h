#pragma once
// run's pixel-sort options (--path, --spans and their modifiers), kept apart from the other
// options so that `run`, presets and the viewer read one set.

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

#include "art/art_request.h"
#include "cli/commands.h"

namespace shadersort::cli {

// The options' text, which art::resolveArtRequest reads (as the library's pixel-sort API does).
using ArtOptionText = art::ArtOptionText;

void addArtOptions(CLI::App& command, ArtOptionText& text);

// The first of the options above that the command line gives, or null.
const char* firstArtOption(const CLI::App& command);

// What a pixel-sort with no art option does: each line along --axis sorted whole by the input's
// key, direction and seed (run --video and bench --art without art options).
ArtRequest wholeLinesRequest(const InputSpec& input);

// Empty when no art option was given. Uses the input's key, direction and seed; `axisGiven`
// (--axis on the command line) conflicts with --path. Throws UsageError (exit 2) for bad values
// and for options that the chosen span mode ignores.
std::optional<ArtRequest> toArtRequest(const CLI::App& command, const ArtOptionText& text, const InputSpec& input);

}  // namespace shadersort::cli

// The viewer's art mode: switching it on and off, applying the art panel's and the keys' changes
// (each one sorts again from pass 0), and the preset a screenshot leaves beside it.

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <span>

#include "art/presets.h"
#include "art/spans.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/quoting.h"
#include "data/picture_formats.h"
#include "ui/art_command_text.h"
#include "ui/viewer_app.h"

namespace shadersort::ui {
namespace {

constexpr double kThresholdStep = 0.05;
// n: seeds from 1 to 2^31 - 1, drawn on a stream of their own.
constexpr std::uint64_t kSeedShuffleStream = 0x5EED, kSeedShuffleRange = 0x7FFFFFFF;

// `path` as a preset in `folder` names it: relative to the folder, as presets resolve them.
std::string pathFromFolder(const std::string& path, const std::filesystem::path& folder) {
  if (path.empty()) return path;
  std::error_code error;
  const std::filesystem::path absolute = std::filesystem::absolute(path, error);
  const std::filesystem::path base = std::filesystem::absolute(folder.empty() ? "." : folder, error);
  const std::filesystem::path relative = absolute.lexically_normal().lexically_relative(base.lexically_normal());
  return relative.empty() ? absolute.string() : relative.string();
}

// Where a painted mask is saved: beside the export, named after it.
std::string paintedMaskPath(const std::string& exportPath) {
  std::filesystem::path path(exportPath);
  return (path.parent_path() / (path.stem().string() + "-mask.png")).string();
}

}  // namespace

bool ViewerApp::handleArtKey(ViewerKey key) {
  if (key == ViewerKey::ToggleArt) {
    setArtMode(!art_);
    return true;
  }
  const bool artKey = key == ViewerKey::ToggleSpanOverlay || key == ViewerKey::LowerThresholdDown ||
                      key == ViewerKey::LowerThresholdUp || key == ViewerKey::ToggleResultAfterChange ||
                      key == ViewerKey::ShuffleSeed || key == ViewerKey::UndoArt || key == ViewerKey::RedoArt ||
                      key == ViewerKey::ExportArt || key == ViewerKey::ToggleSplit || key == ViewerKey::CycleBrush;
  if (!art_) {
    if (artKey) message_ = "pixel-sort art mode is off (p turns it on)";
    return artKey;
  }
  ArtConfig config = art_->config();
  art::ArtSettings& settings = config.settings;
  switch (key) {
    case ViewerKey::ToggleSpanOverlay: view_.spanOverlay = !view_.spanOverlay; return true;
    case ViewerKey::LowerThresholdDown:
    case ViewerKey::LowerThresholdUp:
      settings = withLowerThresholdMoved(settings, key == ViewerKey::LowerThresholdUp ? kThresholdStep : -kThresholdStep);
      changeArt(config);
      return true;
    case ViewerKey::ToggleResultAfterChange:
      artShowsResult_ = !artShowsResult_;
      if (artShowsResult_) showArtChange();
      return true;
    case ViewerKey::ShuffleSeed:
      // Drawn from the seed itself, so that a scripted run gives the same picture every time.
      settings.seed = art::seededDraw(settings.seed, kSeedShuffleStream, 0) % kSeedShuffleRange + 1;
      changeArt(config);
      return true;
    case ViewerKey::ExportArt:
      exportArt();
      return true;
    case ViewerKey::ToggleSplit:
      view_.split = view_.split >= 0 ? -1.0f : 0.5f;
      return true;
    case ViewerKey::CycleBrush: {
      BrushMode& mode = input_.brush.mode;
      mode = mode == BrushMode::Off ? BrushMode::Paint : mode == BrushMode::Paint ? BrushMode::Erase : BrushMode::Off;
      message_ = mode == BrushMode::Off ? "mask brush off"
                 : mode == BrushMode::Paint ? "mask brush: a drag paints the mask white (sorted)"
                                            : "mask brush: a drag erases the mask to black (pixels stay)";
      return true;
    }
    case ViewerKey::UndoArt:
    case ViewerKey::RedoArt: {
      std::vector<ArtConfig>& from = key == ViewerKey::UndoArt ? artUndo_ : artRedo_;
      std::vector<ArtConfig>& to = key == ViewerKey::UndoArt ? artRedo_ : artUndo_;
      if (from.empty()) {
        message_ = key == ViewerKey::UndoArt ? "nothing to undo" : "nothing to redo";
        return true;
      }
      const ArtConfig wanted = from.back();
      from.pop_back();
      to.push_back(art_->config());
      changeArt(wanted, false);
      return true;
    }
    // In art mode the key, the direction and the path are the art settings'.
    case ViewerKey::NextPixelKey: {
      const auto& names = pixelKeyNames();
      const auto at = std::find(names.begin(), names.end(), pixelKeyName(settings.key));
      settings.key = *parsePixelKey(at == names.end() || at + 1 == names.end() ? names.front() : *(at + 1));
      changeArt(config);
      return true;
    }
    case ViewerKey::ToggleDescending:
      settings.descending = !settings.descending;
      changeArt(config);
      return true;
    case ViewerKey::ToggleAxis:
      settings.path.kind = settings.path.kind == art::PathKind::Columns ? art::PathKind::Rows : art::PathKind::Columns;
      changeArt(config);
      return true;
    case ViewerKey::ToggleArray:
      message_ = "array view shows plain sorts: turn pixel-sort art mode off (p) first";
      return true;
    default: return false;
  }
}

ArtConfig ViewerApp::startingArtConfig() const {
  // The input's order carries over; threshold spans make the first look a pixel-sort's.
  ArtConfig config;
  art::ArtSettings& settings = config.settings;
  settings.path.kind = inputs_.spec.order.axis == Axis::Rows ? art::PathKind::Rows : art::PathKind::Columns;
  settings.spans = art::SpanMode::Threshold;
  settings.key = inputs_.spec.order.key;
  settings.descending = inputs_.spec.order.descending;
  settings.seed = inputs_.spec.seed;
  return config;
}

void ViewerApp::setArtMode(bool on) {
  if (on == (art_ != nullptr)) return;
  const std::shared_ptr<ArtSource> previous = art_;
  try {
    art_ = on ? std::make_shared<ArtSource>(*sortContext_, startingArtConfig(), inputs_.resolved->image) : nullptr;
    // One lane: art mode has no race, and leaving it goes back to the lane's algorithm alone.
    replaceLanes({laneAlgorithms_.front()}, inputs_.resolved);
    message_.clear();
  } catch (const std::exception& refused) {
    art_ = previous;
    message_ = refused.what();
    return;
  }
  view_.arrayMode = false;
  view_.spanOverlay = false;
  view_.split = -1.0f;
  artUndo_.clear();
  artRedo_.clear();
  ++artGeneration_;
  if (art_) showArtChange();
}

void ViewerApp::changeArt(const ArtConfig& config, bool remember) {
  const ArtConfig previous = art_->config();
  try {
    art_->configure(config);
    try {
      lanes_.front()->reloadArt();
    } catch (...) {
      // The sorter could not take the new packing: back to the settings it had.
      art_->configure(previous);
      lanes_.front()->reloadArt();
      throw;
    }
    message_.clear();
  } catch (const std::exception& refused) {
    message_ = refused.what();
    return;
  }
  if (remember) {
    artUndo_.push_back(previous);
    artRedo_.clear();
  }
  ++artGeneration_;
  showArtChange();
}

void ViewerApp::showArtChange() {
  playback_.targetPass.reset();
  SortLane& lane = *lanes_.front();
  if (video_) {
    // A playing clip shows each frame finished; paused, the frame's passes wait for the pass
    // keys unless a change shows its result (e).
    if (playback_.playing || artShowsResult_) lane.seek(lane.passCount());
  } else if (artShowsResult_) {
    // All passes now, in this frame: the finished picture is what this frame shows.
    lane.seek(lane.passCount());
    playback_.playing = false;
  } else {
    playback_.playing = !lane.finished();
    playback_.owedPasses = 0.0;
    playback_.lastAdvance = std::chrono::steady_clock::now();
  }
}

std::string ViewerApp::artRunCommand(const std::string& outputPath) const {
  if (!art_) return {};
  ArtConfig config = art_->config();
  // A painted mask is saved beside the export (w): the command names that file.
  if (art_->maskPainted()) config.maskPath = paintedMaskPath(outputPath);
  return video_ ? equivalentRunCommand(config, lanes_.front()->algorithm().name, inputs_.spec, outputPath,
                                       video_->path(), config_.animation, config_.presetPath)
                : equivalentRunCommand(config, lanes_.front()->algorithm().name, inputs_.spec, outputPath);
}

void ViewerApp::paintMaskStroke(ImVec2 from, ImVec2 to) {
  const Brush& brush = input_.brush;
  art_->paintMask({.fromX = from.x, .fromY = from.y, .toX = to.x, .toY = to.y, .radius = brush.radius,
                   .feather = brush.feather, .erase = brush.mode == BrushMode::Erase});
  try {
    lanes_.front()->reloadArt();
  } catch (const std::exception& refused) {
    message_ = refused.what();
    return;
  }
  ++artGeneration_;
  showArtChange();
}

void ViewerApp::drawBrushControls() {
  ImGui::TextUnformatted("mask brush (i): drag over the picture");
  int mode = static_cast<int>(input_.brush.mode);
  ImGui::RadioButton("off", &mode, static_cast<int>(BrushMode::Off));
  ImGui::SameLine();
  ImGui::RadioButton("paint", &mode, static_cast<int>(BrushMode::Paint));
  ImGui::SameLine();
  ImGui::RadioButton("erase", &mode, static_cast<int>(BrushMode::Erase));
  input_.brush.mode = static_cast<BrushMode>(mode);
  ImGui::SliderFloat("brush radius", &input_.brush.radius, 1.0f, 512.0f, "%.0f px", ImGuiSliderFlags_Logarithmic);
  ImGui::SliderFloat("feather", &input_.brush.feather, 0.0f, 1.0f, "%.2f");
  if (art_->maskPainted()) ImGui::TextDisabled("painted mask: saved beside the export (w)");
}

void ViewerApp::drawArtControls() {
  bool on = art_ != nullptr;
  if (ImGui::Checkbox("pixel-sort art (p)", &on)) handleKey(ViewerKey::ToggleArt);
  if (!art_) return;
  ArtPanelView view;
  view.spanOverlay = view_.spanOverlay;
  view.showResultAfterChange = artShowsResult_;
  view.nothingToSort = lanes_.front()->nothingToSort();
  view.runCommand = artRunCommand(video_ ? "OUT.mp4" : "OUT.png");
  const ArtPanelEdits edits = artPanel_.draw(*art_, view, uiScale_);
  drawBrushControls();
  if (edits.key) handleKey(*edits.key);
  if (edits.config) changeArt(*edits.config);
}

void ViewerApp::exportArt() {
  try {
    const std::string path = config_.exportPath.empty() ? defaultOutputPath(".png") : config_.exportPath;
    // A sorter of the lane's algorithm on its fast schedule: what `run` with the copied command uses.
    std::unique_ptr<Sorter> sorter = lanes_.front()->algorithm().create(*sortContext_, SorterOptions{});
    savePicture(art_->finishedPicture(*sortContext_, *sorter), path);
    if (art_->maskPainted()) {
      // The painted mask beside the picture, which the preset and the run command then name.
      const std::string maskPath = paintedMaskPath(path);
      savePicture(art_->paintedMask(), maskPath);
      art_->maskSavedAs(maskPath);
      std::printf("mask: %s\n", quote(maskPath).c_str());
    }
    std::printf("export: %s\n", quote(path).c_str());
    std::fflush(stdout);
    message_ = "exported " + quote(path);
    writeArtPreset(path);
  } catch (const std::exception& error) {
    outputFailed(error.what());
  }
}

void ViewerApp::writeArtPreset(const std::string& screenshotPath) {
  try {
    const std::filesystem::path path = std::filesystem::path(screenshotPath).replace_extension(".toml");
    const std::filesystem::path folder = path.parent_path();
    const ArtConfig& config = art_->config();
    art::Preset preset;
    preset.settings = config.settings;
    preset.maskPath = pathFromFolder(config.maskPath, folder);
    preset.intervalsPath = pathFromFolder(config.intervalsPath, folder);
    preset.keyImagePath = pathFromFolder(config.keyImagePath, folder);
    const std::string text = art::presetToml(preset);
    writeFileAtomically(path.string(), std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
    std::printf("preset: %s\n", quote(path.string()).c_str());
    std::fflush(stdout);
    message_ += " and " + quote(path.string());
  } catch (const std::exception& error) {
    outputFailed(error.what());
  }
}

}  // namespace shadersort::ui

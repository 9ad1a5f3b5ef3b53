// `shadersort view` (and no subcommand): a window that plays a sort pass by pass.
// [SECTION] setup, [SECTION] frame loop (poll, advance, UI, draw, swap), [SECTION] cleanup.

#include <glad/gl.h>
// glad first: GLFW must not pull in a system GL header.
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bench/tune_cache.h"
#include "cli/commands.h"
#include "core/error.h"
#include "gl/limits.h"
#include "platform/window.h"
#include "render/state_texture.h"
#include "sort/registry.h"

namespace shadersort::cli {
namespace {

constexpr float kPanelWidth = 330.0f;

struct Playback {
  bool playing = true;
  float passesPerSecond = 60.0f;
  double owedPasses = 0.0;  // fractional passes carried between frames
};

Image readBackBuffer(int width, int height) {
  Image image(width, height);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data());
  // GL's rows start at the bottom; PNG's at the top.
  const std::size_t rowBytes = static_cast<std::size_t>(width) * 4;
  std::vector<std::uint8_t> row(rowBytes);
  for (int y = 0; y < height / 2; ++y) {
    auto* top = &image.rgba[static_cast<std::size_t>(y) * rowBytes];
    auto* bottom = &image.rgba[static_cast<std::size_t>(height - 1 - y) * rowBytes];
    std::copy(top, top + rowBytes, row.begin());
    std::copy(bottom, bottom + rowBytes, top);
    std::copy(row.begin(), row.end(), bottom);
  }
  for (std::size_t i = 3; i < image.rgba.size(); i += 4) image.rgba[i] = 255;
  return image;
}

// The picture fills the space right of the panel, keeping its aspect ratio.
void drawPicture(const render::StateTexture& texture, int windowWidth, int windowHeight) {
  const float margin = 16.0f;
  const float left = kPanelWidth + 2 * margin;
  const float availableWidth = std::max(1.0f, static_cast<float>(windowWidth) - left - margin);
  const float availableHeight = std::max(1.0f, static_cast<float>(windowHeight) - 2 * margin);
  const float scale = std::min(availableWidth / static_cast<float>(texture.width()),
                               availableHeight / static_cast<float>(texture.height()));
  const ImVec2 size(static_cast<float>(texture.width()) * scale, static_cast<float>(texture.height()) * scale);
  const ImVec2 origin(left + (availableWidth - size.x) / 2, margin + (availableHeight - size.y) / 2);
  ImGui::GetBackgroundDrawList()->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(texture.id())),
                                           origin, ImVec2(origin.x + size.x, origin.y + size.y));
}

// Input controls; true when the user changed something this frame. `imageFile` is the --image
// the viewer started with, if any, so it can be chosen again after a pattern.
bool drawInputControls(InputSpec& spec, const std::optional<std::string>& imageFile) {
  bool changed = false;
  const std::string current = spec.pattern ? std::string(patternName(*spec.pattern))
                              : spec.imagePath ? *spec.imagePath
                                               : std::string("built-in picture");
  if (ImGui::BeginCombo("input", current.c_str())) {
    if (ImGui::Selectable("built-in picture", !spec.pattern && !spec.imagePath)) {
      spec.pattern.reset();
      spec.imagePath.reset();
      changed = true;
    }
    if (imageFile && ImGui::Selectable(imageFile->c_str(), !spec.pattern && spec.imagePath)) {
      spec.pattern.reset();
      spec.imagePath = imageFile;
      changed = true;
    }
    for (Pattern pattern : allPatterns()) {
      if (ImGui::Selectable(std::string(patternName(pattern)).c_str(), spec.pattern == pattern)) {
        spec.pattern = pattern;
        spec.imagePath.reset();
        changed = true;
      }
    }
    ImGui::EndCombo();
  }
  if (spec.pattern) {
    // The size follows the slider while it is dragged; the input is rebuilt once it is let go.
    int size[2] = {spec.width, spec.height};
    ImGui::SliderInt2("size", size, 2, 512, "%d", ImGuiSliderFlags_Logarithmic);
    spec.width = size[0];
    spec.height = size[1];
    if (ImGui::IsItemDeactivatedAfterEdit()) changed = true;
  } else if (ImGui::BeginCombo("key", std::string(pixelKeyName(spec.order.key)).c_str())) {
    for (std::string_view name : pixelKeyNames()) {
      if (ImGui::Selectable(std::string(name).c_str(), pixelKeyName(spec.order.key) == name)) {
        spec.order.key = *parsePixelKey(name);
        changed = true;
      }
    }
    ImGui::EndCombo();
  }
  int axis = spec.order.axis == Axis::Columns ? 0 : 1;
  bool axisChanged = ImGui::RadioButton("columns", &axis, 0);
  ImGui::SameLine();
  axisChanged |= ImGui::RadioButton("rows", &axis, 1);
  if (axisChanged) {
    spec.order.axis = axis == 0 ? Axis::Columns : Axis::Rows;
    changed = true;
  }
  ImGui::SameLine();
  if (ImGui::Checkbox("descending", &spec.order.descending)) changed = true;
  return changed;
}

}  // namespace

int runView(const GlobalOptions& global, const ViewOptions& options) {
  // [SECTION] setup
  const AlgorithmInfo* algorithm = &findAlgorithm(options.algorithm);
  InputSpec inputSpec = options.input;
  ResolvedInput input = resolveInput(inputSpec);
  platform::Window window(1280, 800, "shadersort", global.glDebug);
  requireSortable(*algorithm, input.data.shape(), gl::currentLimits());

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini left in the user's folder
  ImGui::StyleColorsDark();
  ImGui_ImplGlfw_InitForOpenGL(window.handle(), true);
  ImGui_ImplOpenGL3_Init("#version 430 core");

  // The viewer draws every basic step: each sorter runs its teaching schedule.
  auto makeSorter = [&](const AlgorithmInfo& chosen, const SorterOptions& explicitOptions) {
    SorterOptions sorterOptions =
        bench::withTunedSettings(chosen, explicitOptions, gl::currentLimits(), global.useTuneCache);
    sorterOptions.teaching = true;
    std::unique_ptr<Sorter> made = chosen.create(sorterOptions);
    made->load(input.data);
    return made;
  };
  std::unique_ptr<Sorter> sorter = makeSorter(*algorithm, options.sorter);
  std::string switchError;  // why the last change of algorithm or input was refused, shown in the panel
  render::StateTexture picture;
  picture.update(sortDataToImage(sorter->read(), input.axis));
  Playback playback{.playing = options.startPlaying};
  double lastTime = glfwGetTime();
  int frame = 0;

  // [SECTION] frame loop
  while (!window.shouldClose()) {
    // Poll events and advance the sort by as many passes as the speed owes.
    glfwPollEvents();
    const double now = glfwGetTime();
    const double elapsed = std::min(now - lastTime, 0.25);
    lastTime = now;
    const std::uint32_t passesBefore = sorter->passesRun();
    std::int64_t target = passesBefore;
    if (playback.playing && !sorter->finished()) {
      playback.owedPasses += elapsed * playback.passesPerSecond;
      // Scripted runs advance one pass per frame so their screenshots do not depend on timing.
      const auto step = options.frames > 0 ? 1 : static_cast<std::int64_t>(playback.owedPasses);
      playback.owedPasses -= static_cast<double>(step);
      target += step;
    }

    // Build the UI.
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(16, 16), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(kPanelWidth, 0), ImGuiCond_Always);
    ImGui::Begin("shadersort", nullptr, ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse);
    if (ImGui::BeginCombo("algorithm", std::string(algorithm->name).c_str())) {
      for (const AlgorithmInfo& candidate : algorithms()) {
        if (ImGui::Selectable(std::string(candidate.name).c_str(), &candidate == algorithm) && &candidate != algorithm) {
          // A new sorter on the same input, from pass 0; settings given on the command line belong
          // to the first algorithm, so the new one starts from its own (tuned) defaults.
          try {
            requireSortable(candidate, input.data.shape(), gl::currentLimits());
            sorter = makeSorter(candidate, {});
            algorithm = &candidate;
            target = 0;
            switchError.clear();
            picture.update(sortDataToImage(sorter->read(), input.axis));
          } catch (const UserError& refused) {
            switchError = refused.what();
          }
        }
      }
      ImGui::EndCombo();
    }
    ImGui::TextWrapped("%s", std::string(algorithm->summary).c_str());
    // The input: the picture (or the --image file) or a pattern, and how it is ordered. A change
    // reloads the same sorter from pass 0; one the GPU cannot take is refused and explained.
    if (drawInputControls(inputSpec, options.input.imagePath)) {
      try {
        ResolvedInput changed = resolveInput(inputSpec);
        requireSortable(*algorithm, changed.data.shape(), gl::currentLimits());
        input = std::move(changed);
        sorter->load(input.data);
        target = 0;
        switchError.clear();
        picture.update(sortDataToImage(sorter->read(), input.axis));
      } catch (const UserError& refused) {
        switchError = refused.what();
      }
    }
    if (!switchError.empty()) ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "%s", switchError.c_str());
    ImGui::Separator();
    if (ImGui::Button(playback.playing ? "Pause" : "Play") || ImGui::IsKeyPressed(ImGuiKey_Space))
      playback.playing = !playback.playing;
    ImGui::SameLine();
    if (ImGui::Button("< Step") || ImGui::IsKeyPressed(ImGuiKey_LeftArrow)) {
      playback.playing = false;
      target = std::max<std::int64_t>(0, static_cast<std::int64_t>(sorter->passesRun()) - 1);
    }
    ImGui::SameLine();
    if (ImGui::Button("Step >") || ImGui::IsKeyPressed(ImGuiKey_RightArrow)) {
      playback.playing = false;
      target = sorter->passesRun() + 1;
    }
    ImGui::SameLine();
    if (ImGui::Button("Restart")) target = 0;
    ImGui::SliderFloat("passes/s", &playback.passesPerSecond, 1.0f, 2000.0f, "%.0f", ImGuiSliderFlags_Logarithmic);
    ImGui::Separator();
    // Run or rewind the sort to the pass the UI asked for (a sorter may finish early).
    sorter->seek(static_cast<std::uint32_t>(std::clamp<std::int64_t>(target, 0, sorter->passCount())));
    const std::uint32_t shownPass = sorter->passesRun();
    ImGui::Text("%u of %u passes run%s", shownPass, sorter->passCount(), sorter->finished() ? "  (sorted)" : "");
    if (shownPass > 0) ImGui::TextWrapped("last: %s", sorter->describePass(shownPass - 1).c_str());
    if (!sorter->finished()) ImGui::TextWrapped("next: %s", sorter->describePass(shownPass).c_str());
    ImGui::TextDisabled("space: play/pause   left/right: step");
    ImGui::End();

    // Redraw the picture if the state moved.
    if (sorter->passesRun() != passesBefore) picture.update(sortDataToImage(sorter->read(), input.axis));

    // Draw: the picture behind, the panel on top.
    int width = 0, height = 0;
    window.framebufferSize(width, height);
    drawPicture(picture, width, height);
    ImGui::Render();
    glViewport(0, 0, width, height);
    glClearColor(0.08f, 0.08f, 0.10f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

    ++frame;
    if (options.frames > 0 && frame >= options.frames) {
      if (!options.screenshotPath.empty()) savePng(readBackBuffer(width, height), options.screenshotPath);
      break;
    }
    glfwSwapBuffers(window.handle());
  }

  // [SECTION] cleanup
  sorter.reset();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  return 0;
}

}  // namespace shadersort::cli

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

}  // namespace

int runView(const GlobalOptions& global, const ViewOptions& options) {
  // [SECTION] setup
  const AlgorithmInfo* algorithm = &findAlgorithm(options.algorithm);
  const ResolvedInput input = resolveInput(options.input);
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
  std::string switchError;  // why the last algorithm switch was refused, shown in the panel
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
    if (!switchError.empty()) ImGui::TextWrapped("%s", switchError.c_str());
    ImGui::TextWrapped("%s", std::string(algorithm->summary).c_str());
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

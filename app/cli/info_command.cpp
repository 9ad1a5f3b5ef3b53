// `shadersort info`: what the GPU is and the limits the sorters are bound by.

#include <cstdio>
#include <string>

#include "art/art_settings.h"
#include "art/presets.h"
#include "bench/tune_cache.h"
#include "cli/commands.h"
#include "cli/gpu_session.h"
#include "core/quoting.h"
#include "sort/registry.h"

namespace shadersort::cli {
namespace {

// "scan=auto workgroup-size=256": a value the settings table names is shown as its word.
std::string describeInWords(const AlgorithmInfo& algorithm, const SorterOptions& options) {
  const std::vector<SettingFacts> facts = algorithm.settings();
  std::string text;
  for (const auto& [name, value] : options.settings) {
    std::string shown = std::to_string(value);
    for (const SettingFacts& setting : facts)
      if (setting.name == name)
        for (const NamedValue& named : setting.namedValues)
          if (named.value == value) shown = named.word;
    text += (text.empty() ? "" : " ") + name + "=" + shown;
  }
  return text;
}

// What run's pixel-sort options accept, so that scripts can ask the binary.
void printArtVocabulary() {
  const auto list = [](const std::vector<std::string_view>& names) {
    std::string text;
    for (std::string_view name : names) text += (text.empty() ? "" : ", ") + std::string(name);
    return text;
  };
  std::printf("art paths       %s\n", list(art::pathNames()).c_str());
  std::printf("art span modes  %s\n", list(art::spanModeNames()).c_str());
  std::printf("art keys        %s\n", pixelKeyList().c_str());
  std::printf("art presets\n");
  for (const art::BuiltInPreset& preset : art::builtInPresets())
    std::printf("  %-16s %s\n", std::string(preset.name).c_str(), std::string(preset.look).c_str());
}

}  // namespace

int runInfo(const GlobalOptions& global) {
  GpuSession gpu(global);
  const gl::Limits& limits = gpu.limits();
  std::printf("renderer        %s\n", limits.renderer.c_str());
  std::printf("vendor          %s\n", limits.vendor.c_str());
  std::printf("GL version      %s\n", limits.version.c_str());
  std::printf("GLSL version    %s\n", limits.glslVersion.c_str());
  std::printf("max texture     %d x %d\n", limits.maxTextureSize, limits.maxTextureSize);
  std::printf("workgroup       %d invocations, size %d x %d x %d\n", limits.maxComputeWorkGroupInvocations,
              limits.maxComputeWorkGroupSize[0], limits.maxComputeWorkGroupSize[1], limits.maxComputeWorkGroupSize[2]);
  std::printf("workgroups      %d x %d x %d\n", limits.maxComputeWorkGroupCount[0], limits.maxComputeWorkGroupCount[1],
              limits.maxComputeWorkGroupCount[2]);
  std::printf("shared memory   %d bytes\n", limits.maxComputeSharedMemorySize);
  std::printf("SSBO block      %lld bytes\n", static_cast<long long>(limits.maxShaderStorageBlockSize));
  std::printf("subgroups       KHR_shader_subgroup %s, ARB_shader_ballot %s\n", limits.hasKhrSubgroup ? "yes" : "no",
              limits.hasArbShaderBallot ? "yes" : "no");
  if (limits.multiprocessorCount > 0) {
    std::printf("multiprocessors %d (GL_NV_shader_thread_group)\n", limits.multiprocessorCount);
  } else {
    std::printf("multiprocessors not reported by the driver\n");
  }
  std::printf("timer queries   %s\n", limits.timerQueriesTrustworthy ? "trusted" : "not trusted (software renderer): wall clock");
  std::printf("algorithms\n");
  for (const auto& algorithm : algorithms())
    std::printf("  %-16s %s%s\n", std::string(algorithm.name).c_str(), std::string(algorithm.summary).c_str(),
                algorithm.stable ? " (stable)" : "");
  const auto tuned = bench::loadTunedSettings(limits);
  const std::string cachePath = bench::tuneCachePath();
  const std::string cacheShown =
      cachePath.empty() ? "none (neither XDG_CACHE_HOME nor HOME is an absolute path)" : printable(cachePath);
  std::printf("tuning cache    %s%s\n", cacheShown.c_str(),
              !global.useTuneCache ? " (ignored: --no-tune-cache)" : tuned.empty() ? " (nothing for this GPU)" : "");
  for (const auto& algorithm : algorithms()) {
    const SorterOptions tuned = bench::withTunedSettings(algorithm, {}, gpu.sortContext(), global.useTuneCache);
    SorterOptions inUse = tuned;
    for (const Tunable& tunable : algorithm.tunables(limits)) inUse.settings.emplace(tunable.name, tunable.defaultValue);
    if (inUse.settings.empty()) continue;
    std::printf("  %-16s %s (%s)\n", std::string(algorithm.name).c_str(), describeInWords(algorithm, inUse).c_str(),
                tuned.settings.empty() ? "defaults" : "tuned");
  }
  // What each setting means, from the algorithms' settings tables.
  std::printf("settings        --set NAME=VALUE; the values in use are listed above\n");
  for (const auto& algorithm : algorithms()) {
    for (const SettingFacts& setting : algorithm.settings()) {
      std::string words;
      for (const NamedValue& named : setting.namedValues)
        words += (words.empty() ? " (" : ", ") + std::string(named.word) + "=" + std::to_string(named.value);
      if (!words.empty()) words += ")";
      std::printf("  %-16s %-20s %s%s\n", std::string(algorithm.name).c_str(), std::string(setting.name).c_str(),
                  std::string(setting.meaning).c_str(), words.c_str());
    }
  }
  printArtVocabulary();
  gpu.requireNoGlErrors();
  return 0;
}

}  // namespace shadersort::cli

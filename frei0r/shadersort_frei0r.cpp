// shadersort as a frei0r filter (frei0r 1.2 API, RGBA8888): FFmpeg's `-vf frei0r=shadersort:...`,
// MLT's `frei0r.shadersort` (melt, Kdenlive, Shotcut) and GStreamer's frei0r elements. Each
// frame is pixel-sorted by the library (include/shadersort/pixel_sort.h), so a frame equals
// `shadersort run --out` of it with the same options, on the plugin's own GL thread (gpu_worker.h).
// Parameters (docs/HOSTS.md): text, the command line's values (numbers too), empty for "not
// given"; then three switches. Bad settings leave the frame as it came and say why on stderr,
// once per message: frei0r has no way to report an error.

#include <cstdint>

// frei0r.h declares C functions without extern "C" of its own.
extern "C" {
#include <frei0r.h>
}

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <optional>
#include <set>
#include <string>

#include "gpu_worker.h"
#include "shadersort/pixel_sort.h"

namespace {

using shadersort::PixelSortSettings;

// Numbers are text too: "" is "not given" (an empty number would be 0 to FFmpeg, which reads its
// filter_params by position).
enum class Kind { Text, Flag };

// One row per parameter, in the order FFmpeg's `filter_params=a|b|...` gives them.
struct Parameter {
  const char* name;
  Kind kind;
  const char* explanation;
};
constexpr Parameter kParameters[] = {
    {"preset", Kind::Text, "a built-in look (asendorf, melt, rain, radial-burst, glitch-rows) or a .toml file"},
    {"path", Kind::Text, "rows, columns, angle:DEG, rings[:CX,CY], spokes[:CX,CY]"},
    {"spans", Kind::Text, "none, threshold, edges, random, mask, intervals, waves, black, white"},
    {"key", Kind::Text, "what sorts: luminance, hue, lightness, saturation, ..."},
    {"span key", Kind::Text, "threshold spans: what cuts them, when not the key"},
    {"lower", Kind::Text, "the band's lower end, a fraction of the key's range"},
    {"upper", Kind::Text, "the band's upper end"},
    {"max span", Kind::Text, "cut spans to at most this many pixels (0: no cap)"},
    {"skip", Kind::Text, "percent of the spans left unsorted"},
    {"span length", Kind::Text, "random and waves spans: their length in pixels"},
    {"seed", Kind::Text, "draws random spans, offsets and skips; kept for every frame"},
    {"then", Kind::Text, "a second pass along rows, columns or angle:DEG"},
    {"descending", Kind::Flag, "sort from high to low"},
    {"invert", Kind::Flag, "sort outside the band, the edges or the mask instead"},
    {"time in ms", Kind::Flag, "the host's frame times are milliseconds (FFmpeg's are), for keyframed presets"},
};
constexpr int kParameterCount = static_cast<int>(sizeof(kParameters) / sizeof(kParameters[0]));

// An instance: its size and its parameters' values, set and read by the host from any thread.
struct Instance {
  int width = 0, height = 0;
  std::mutex mutex;
  std::string text[kParameterCount];
  double number[kParameterCount] = {};  // the switches: 1 on, 0 off
};

// The plugin's one GPU thread, and how many f0r_init calls are open (each host instance of the
// plugin makes one): the thread ends with the last f0r_deinit.
shadersort::frei0r::GpuWorker& worker() {
  static shadersort::frei0r::GpuWorker made;
  return made;
}
std::mutex initMutex;
int initCount = 0;

// Each distinct message once on stderr: a wrong setting would otherwise print once per frame.
void warnOnce(const std::string& message) {
  static std::mutex mutex;
  static std::set<std::string> said;
  const std::lock_guard lock(mutex);
  if (said.insert(message).second) std::fprintf(stderr, "%s\n", message.c_str());
}

int indexOf(const char* name) {
  for (int i = 0; i < kParameterCount; ++i)
    if (std::strcmp(kParameters[i].name, name) == 0) return i;
  return -1;
}

// A number parameter's text ("" when not given), read whole.
std::optional<double> numberOf(const std::string& name, const std::string& text) {
  if (text.empty()) return std::nullopt;
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || *end != '\0' || !std::isfinite(value))
    throw shadersort::SettingsError("shadersort: " + name + " must be a number, got \"" + text + "\"");
  return value;
}

// A whole-number parameter: 0 to `most`.
template <typename Whole>
std::optional<Whole> wholeOf(const std::string& name, const std::string& text, double most) {
  const auto value = numberOf(name, text);
  if (!value) return std::nullopt;
  if (*value < 0 || *value > most || *value != std::floor(*value))
    throw shadersort::SettingsError("shadersort: " + name + " must be a whole number from 0, got \"" + text + "\"");
  return static_cast<Whole>(*value);
}

// The instance's parameters as the library's settings, at `seconds` into the clip.
PixelSortSettings settingsOf(Instance& instance, double seconds) {
  const std::lock_guard lock(instance.mutex);
  PixelSortSettings settings;
  const auto value = [&](const char* name) -> const std::string& { return instance.text[indexOf(name)]; };
  const auto text = [&](const char* name) -> std::optional<std::string> {
    if (value(name).empty()) return std::nullopt;
    return value(name);
  };
  const auto flag = [&](const char* name) { return instance.number[indexOf(name)] >= 0.5; };
  // A built-in look's name or a .toml file: the library tells them apart.
  settings.preset = text("preset");
  settings.path = text("path");
  settings.spans = text("spans");
  settings.key = text("key");
  settings.spanKey = text("span key");
  settings.lower = numberOf("lower", value("lower"));
  settings.upper = numberOf("upper", value("upper"));
  settings.maxSpan = wholeOf<std::uint32_t>("max span", value("max span"), 4294967295.0);
  settings.skip = numberOf("skip", value("skip"));
  settings.spanLength = wholeOf<std::uint32_t>("span length", value("span length"), 4294967295.0);
  settings.seed = wholeOf<std::uint64_t>("seed", value("seed"), 9007199254740992.0);
  settings.then = text("then");
  settings.descending = flag("descending");
  settings.invert = flag("invert");
  const double time = flag("time in ms") ? seconds / 1000.0 : seconds;
  settings.seconds = std::isfinite(time) && time > 0 ? time : 0.0;
  return settings;
}

}  // namespace

extern "C" {

int f0r_init() {
  const std::lock_guard lock(initMutex);
  ++initCount;
  return 1;
}

void f0r_deinit() {
  const std::lock_guard lock(initMutex);
  if (initCount > 0 && --initCount == 0) worker().stop();
}

void f0r_get_plugin_info(f0r_plugin_info_t* info) {
  info->name = "shadersort";
  info->author = "shadersort";
  info->plugin_type = F0R_PLUGIN_TYPE_FILTER;
  info->color_model = F0R_COLOR_MODEL_RGBA8888;
  info->frei0r_version = FREI0R_MAJOR_VERSION;
  info->major_version = 0;
  info->minor_version = 1;
  info->num_params = kParameterCount;
  info->explanation = "Pixel-sorts each frame on the GPU (shadersort run's art options and presets)";
}

void f0r_get_param_info(f0r_param_info_t* info, int index) {
  if (index < 0 || index >= kParameterCount) return;
  const Parameter& parameter = kParameters[index];
  info->name = parameter.name;
  info->explanation = parameter.explanation;
  info->type = parameter.kind == Kind::Text ? F0R_PARAM_STRING : F0R_PARAM_BOOL;
}

f0r_instance_t f0r_construct(unsigned int width, unsigned int height) {
  auto* instance = new Instance;
  instance->width = static_cast<int>(width);
  instance->height = static_cast<int>(height);
  return instance;
}

void f0r_destruct(f0r_instance_t handle) { delete static_cast<Instance*>(handle); }

void f0r_set_param_value(f0r_instance_t handle, f0r_param_t value, int index) {
  if (handle == nullptr || value == nullptr || index < 0 || index >= kParameterCount) return;
  auto& instance = *static_cast<Instance*>(handle);
  const std::lock_guard lock(instance.mutex);
  if (kParameters[index].kind == Kind::Text) {
    const char* text = *static_cast<f0r_param_string*>(value);
    instance.text[index] = text ? text : "";
  } else {
    instance.number[index] = *static_cast<const double*>(value);
  }
}

void f0r_get_param_value(f0r_instance_t handle, f0r_param_t value, int index) {
  if (handle == nullptr || value == nullptr || index < 0 || index >= kParameterCount) return;
  auto& instance = *static_cast<Instance*>(handle);
  const std::lock_guard lock(instance.mutex);
  // A string parameter's value is the instance's own text, valid until it is set again.
  if (kParameters[index].kind == Kind::Text) *static_cast<f0r_param_string*>(value) = instance.text[index].data();
  else *static_cast<double*>(value) = instance.number[index];
}

void f0r_update(f0r_instance_t handle, double time, const std::uint32_t* in, std::uint32_t* out) {
  auto& instance = *static_cast<Instance*>(handle);
  const std::size_t bytes = static_cast<std::size_t>(instance.width) * static_cast<std::size_t>(instance.height) * 4;
  try {
    const PixelSortSettings settings = settingsOf(instance, time);
    const shadersort::PictureView picture{reinterpret_cast<const std::uint8_t*>(in), instance.width, instance.height, 0};
    worker().run([&](shadersort::PixelSorter& sorter) {
      const shadersort::Picture sorted = sorter.sort(picture, settings);
      std::memcpy(out, sorted.rgba.data(), bytes);
    });
  } catch (const std::exception& error) {
    warnOnce(error.what());
    std::memmove(out, in, bytes);
  }
}

}  // extern "C"

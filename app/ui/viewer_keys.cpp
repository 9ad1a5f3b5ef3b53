#include "ui/viewer_keys.h"

#include "core/error.h"

namespace shadersort::ui {

namespace {
// GLFW's key codes (glfw3.h), written here so parsing a script needs no GLFW.
constexpr int kSpace = 32, kComma = 44, kMinus = 45, kPeriod = 46, kEqual = 61, kDigit1 = 49, kA = 65, kD = 68, kE = 69,
              kF = 70, kG = 71, kK = 75, kO = 79, kP = 80, kR = 82, kS = 83, kT = 84, kX = 88, kLeftBracket = 91,
              kRightBracket = 93, kEscape = 256, kRight = 262, kLeft = 263, kHome = 268, kEnd = 269,
              kKeypadSubtract = 333, kKeypadAdd = 334, kM = 77, kB = 66, kI = 73, kN = 78, kW = 87, kY = 89, kZ = 90, kC = 67, kV = 86;
}  // namespace

const std::vector<KeyBinding>& keyBindings() {
  static const std::vector<KeyBinding> table = {
      {ViewerKey::PlayPause, "space", kSpace, -1, "play / pause"},
      {ViewerKey::StepBack, "left", kLeft, -1, "one pass back (exact)"},
      {ViewerKey::StepForward, "right", kRight, -1, "one pass forward"},
      {ViewerKey::Restart, "home", kHome, -1, "back to pass 0"},
      {ViewerKey::Finish, "end", kEnd, -1, "run to the end"},
      {ViewerKey::Faster, "plus", kEqual, kKeypadAdd, "twice as fast"},
      {ViewerKey::Slower, "minus", kMinus, kKeypadSubtract, "half as fast"},
      {ViewerKey::Algorithm1, "1", kDigit1, -1, "algorithm 1"},
      {ViewerKey::Algorithm2, "2", kDigit1 + 1, -1, "algorithm 2"},
      {ViewerKey::Algorithm3, "3", kDigit1 + 2, -1, "algorithm 3"},
      {ViewerKey::Algorithm4, "4", kDigit1 + 3, -1, "algorithm 4"},
      {ViewerKey::ToggleArray, "a", kA, -1, "array / image view"},
      {ViewerKey::ToggleDrawing, "v", kV, -1, "array view: bars / dots"},
      {ViewerKey::ToggleTeaching, "t", kT, -1, "teaching / fast schedule"},
      {ViewerKey::ToggleGpuView, "g", kG, -1, "GPU view: colour by workgroup, tile lines"},
      {ViewerKey::NextPixelKey, "k", kK, -1, "next pixel key (images)"},
      {ViewerKey::ToggleAxis, "x", kX, -1, "columns / rows"},
      {ViewerKey::ToggleDescending, "d", kD, -1, "ascending / descending"},
      {ViewerKey::Screenshot, "s", kS, -1, "screenshot (PNG, name printed)"},
      {ViewerKey::Fit, "f", kF, -1, "zoom to fit"},
      {ViewerKey::Record, "r", kR, -1, "record the lanes as a GIF / stop (name printed)"},
      {ViewerKey::ToggleArt, "p", kP, -1, "pixel-sort art mode on / off"},
      {ViewerKey::ToggleSpanOverlay, "o", kO, -1, "art: span overlay (inside light, outside dark)"},
      {ViewerKey::LowerThresholdDown, "[", kLeftBracket, -1, "art: lower threshold - 0.05"},
      {ViewerKey::LowerThresholdUp, "]", kRightBracket, -1, "art: lower threshold + 0.05"},
      {ViewerKey::ToggleResultAfterChange, "e", kE, -1, "art: a change plays its passes / shows the end"},
      {ViewerKey::ShuffleSeed, "n", kN, -1, "art: a new seed (random spans, offsets, skips)"},
      {ViewerKey::UndoArt, "z", kZ, -1, "art: undo the last change of a setting"},
      {ViewerKey::RedoArt, "y", kY, -1, "art: redo what z undid"},
      {ViewerKey::ToggleSplit, "b", kB, -1, "art: before / after, split by a draggable divider"},
      {ViewerKey::ExportArt, "w", kW, -1, "art: export the finished picture (full resolution) and its preset"},
      {ViewerKey::CycleBrush, "i", kI, -1, "art: mask brush: paint / erase / off (drag over the picture)"},
      // Named in scripts, since a script's names are separated by commas.
      {ViewerKey::NextFrame, "period", kPeriod, -1, "video: pause, next frame"},
      {ViewerKey::PreviousFrame, "comma", kComma, -1, "video: pause, previous frame"},
      {ViewerKey::ToggleSound, "m", kM, -1, "sound on / off: a chord per pass (inputs up to 16384 keys)"},
      {ViewerKey::ToggleSoundMode, "c", kC, -1, "sound: a tone per exchange / per comparison"},
      {ViewerKey::Quit, "escape", kEscape, -1, "quit"},
  };
  return table;
}

std::vector<ViewerKey> parseKeyScript(std::string_view script) {
  std::vector<ViewerKey> keys;
  while (!script.empty()) {
    const std::size_t comma = script.find(',');
    const std::string_view name = script.substr(0, comma);
    script = comma == std::string_view::npos ? std::string_view{} : script.substr(comma + 1);
    if (name == "wait") {
      keys.push_back(ViewerKey::None);
      continue;
    }
    bool known = false;
    for (const KeyBinding& binding : keyBindings()) {
      if (binding.scriptName == name) {
        keys.push_back(binding.key);
        known = true;
        break;
      }
    }
    if (!known) {
      std::string names = "wait";
      for (const KeyBinding& binding : keyBindings()) names += ", " + std::string(binding.scriptName);
      throw UsageError("--keys: unknown key '" + std::string(name) + "' (known: " + names + ")");
    }
  }
  return keys;
}

std::optional<ViewerKey> keyForGlfw(int glfwKey) {
  for (const KeyBinding& binding : keyBindings())
    if (binding.glfwKey == glfwKey || binding.alternativeGlfwKey == glfwKey) return binding.key;
  return std::nullopt;
}

}  // namespace shadersort::ui

#pragma once
// The viewer's keyboard commands, one name each. The window maps GLFW keys onto them and
// `--keys` scripts name them, so a script presses exactly what a person would.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace shadersort::ui {

enum class ViewerKey {
  None,            // "wait": a frame with no key
  PlayPause,       // space
  StepBack,        // left
  StepForward,     // right
  Restart,         // home
  Finish,          // end
  Faster,          // + (or =)
  Slower,          // -
  Algorithm1, Algorithm2, Algorithm3, Algorithm4,  // 1-4: the registry's rows in order
  ToggleArray,     // a: array / image view
  ToggleDrawing,   // v: array view draws bars / dots
  ToggleGpuView,   // g: colour the elements by the workgroup that handled them
  ToggleTeaching,  // t: teaching / fast schedule
  NextPixelKey,    // k: luminance, hue, ... (image inputs)
  ToggleAxis,      // x: columns / rows
  ToggleDescending,  // d
  Screenshot,      // s
  Fit,             // f: zoom to fit
  Record,          // r: start / stop recording the lanes as an animated GIF
  ToggleArt,       // p: pixel-sort art mode on / off
  ToggleSpanOverlay,     // o: art mode: the spans over the picture / the sorted picture
  LowerThresholdDown,    // [: art mode: the lower threshold down 0.05
  LowerThresholdUp,      // ]: art mode: the lower threshold up 0.05
  ToggleResultAfterChange,  // e: art mode: a change plays its passes / shows the end result at once
  ShuffleSeed,     // n: art mode: a new seed (random spans, max-span offsets, skips)
  UndoArt,         // z: art mode: undo the last change of a setting
  RedoArt,         // y: art mode: redo what z undid
  ExportArt,       // w: art mode: write the finished picture at full resolution, and its preset
  ToggleSplit,     // b: art mode: before / after, split by a draggable divider
  CycleBrush,      // i: art mode: the mask brush paints / erases / is off (a drag over the picture)
  NextFrame,       // .: video: pause and show the next frame
  PreviousFrame,   // ,: video: pause and show the previous frame
  ToggleSound,     // m: each pass played forward sounds a chord
  ToggleSoundMode,  // c: the chord sounds the pass's exchanges / every comparison
  Quit,            // escape
};

struct KeyBinding {
  ViewerKey key;
  std::string_view scriptName;  // as in --keys
  int glfwKey;                  // GLFW_KEY_* (the numbers, so this header needs no GLFW)
  int alternativeGlfwKey;       // keypad or shifted twin; -1 when none
  std::string_view help;        // for the keys table in the panel and README
};

const std::vector<KeyBinding>& keyBindings();

// A comma-separated list such as "space,right,right,left,a,t"; throws UserError naming the
// first unknown name and listing the known ones.
std::vector<ViewerKey> parseKeyScript(std::string_view script);

std::optional<ViewerKey> keyForGlfw(int glfwKey);

}  // namespace shadersort::ui

#pragma once
// shadersort's pixel-sort as a library: sorts an RGBA8 picture in CPU memory, or in a GL texture
// the caller owns, with every art option of `shadersort run` (paths, spans, keys, masks, key
// images, presets by name or TOML, keyframes at a time). The result equals
// `shadersort run IMAGE --out OUT [the same options]` byte for byte: both read the options
// through one function (app/art/art_request.h) and sort with the same pipeline and sorter (radix).
//
//   #include <shadersort/pixel_sort.h>
//
//   shadersort::PixelSorter sorter(eglGetProcAddress);   // once per context, with it current
//   shadersort::PixelSortSettings settings;
//   settings.path = "angle:30";                           // --path angle:30
//   settings.spans = "threshold";                         // --spans threshold
//   settings.lower = 0.25;                                // --lower 0.25
//   settings.key = "lightness";                           // --key lightness
//   shadersort::Picture out = sorter.sort({pixels, width, height}, settings);
//
// A field left unset is an option not given: the command line's default, or the preset's value.
// Threads, contexts and GL loading are as for GpuSorter (gpu_sorter.h): a PixelSorter belongs to
// the context current when it was made. This header does not include gpu_sorter.h (a program may
// include either or both).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

// As in gpu_sorter.h: the symbols both forms of the library keep global.
#ifndef SHADERSORT_API
#if defined(__GNUC__)
#define SHADERSORT_API __attribute__((visibility("default")))
#else
#define SHADERSORT_API
#endif
#endif

namespace shadersort {

// Any failure of a pixel-sort: no OpenGL 4.3, a GPU limit, a driver error; bad settings are the
// SettingsError below. The message says which, in one line.
class SHADERSORT_API PixelSortError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Bad settings: an unknown name, a value out of range, options that contradict each other or that
// the span mode ignores, an image of another size, an unreadable image or preset file. The
// message is the command line's for the same mistake, in one line.
class SHADERSORT_API SettingsError : public PixelSortError {
 public:
  using PixelSortError::PixelSortError;
};

// An RGBA8 picture in the caller's memory: width x height pixels, the top row first, 4 bytes a
// pixel (R, G, B, A), rows `stride` bytes apart (0: width * 4). Read during the call only.
struct PictureView {
  const std::uint8_t* rgba = nullptr;
  int width = 0, height = 0;
  std::size_t stride = 0;
  bool empty() const { return rgba == nullptr; }
};

// A picture the library made: width x height RGBA8, the top row first, rows packed.
struct Picture {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba;
};

// Every art option of `shadersort run` (README: Pixel-sort art), named after it (--span-length:
// spanLength), with the same values, defaults and checks.
struct PixelSortSettings {
  std::optional<std::string> path;       // rows, columns, angle:DEG, rings[:CX,CY], spokes[:CX,CY]
  std::optional<std::string> axis;       // columns or rows: the path when `path` is unset
  std::optional<std::string> spans;      // none, threshold, edges, random, mask, intervals, waves, file, black, white
  std::optional<std::string> key;        // what sorts: luminance (default), hue, lightness, ... (run --help)
  std::optional<std::string> spanKey;    // threshold: what cuts the spans, when not `key`
  bool descending = false;
  std::optional<double> lower, upper;    // fractions of the key's range (edges, intervals: edge strength)
  bool invert = false;
  std::optional<std::uint32_t> spanLength;  // random, waves
  std::optional<std::uint32_t> maxSpan;     // 0: no cap
  std::optional<double> skip;               // percent of the spans left unsorted
  std::optional<std::uint64_t> seed;
  bool sortTransparent = false;
  std::optional<std::string> then;       // a second pass along rows, columns or angle:DEG; "none"
  // Sapphire S_PixelSort's radial (spokes) and circular (rings) controls.
  std::optional<double> startAngle, degreesSorted;
  std::optional<std::uint32_t> innerRadius, rayLength, thickness;
  std::optional<double> varyStart;
  // A built-in look's name (asendorf, melt, rain, radial-burst, glitch-rows) or a .toml file;
  // or `presetToml`, a preset's TOML text (its image paths relative to the working folder).
  // Fields set here win over the preset's.
  std::optional<std::string> preset;
  std::optional<std::string> presetToml;
  // The mask (--mask), the interval image (--intervals) and the key image (--key-image), of the
  // picture's size: as files, or as pictures in memory (a picture wins over a file, and over a
  // preset's file).
  std::optional<std::string> maskFile, intervalsFile, keyImageFile;
  PictureView mask, intervals, keyImage;
  // A preset's keyframed settings are taken at this time, in seconds (run --out takes 0). The
  // seed stays as set, as run --video --temporal-seed keeps it.
  double seconds = 0.0;
};

class SHADERSORT_API PixelSorter {
 public:
  // What eglGetProcAddress, glfwGetProcAddress and SDL_GL_GetProcAddress return (as GpuSorter's).
  using GlFunction = void (*)();
  using GlFunctionLoader = GlFunction (*)(const char* name);

  // Loads the GL functions of the current context through `loader`, as GpuSorter does (nullptr
  // only for code that links shadersort's layers and has loaded their glad). Compiles the
  // pipeline's programs. Throws PixelSortError when the context has no OpenGL 4.3.
  explicit PixelSorter(GlFunctionLoader loader = nullptr);
  ~PixelSorter();
  PixelSorter(const PixelSorter&) = delete;
  PixelSorter& operator=(const PixelSorter&) = delete;
  PixelSorter(PixelSorter&&) noexcept;
  PixelSorter& operator=(PixelSorter&&) noexcept;

  // The picture pixel-sorted with `settings`. Throws SettingsError for bad settings (nothing is
  // sorted), PixelSortError otherwise.
  Picture sort(const PictureView& picture, const PixelSortSettings& settings);

  // Sorts level 0 of `texture`, a GL_TEXTURE_2D of the current context with an RGBA8 internal
  // format, in place. The picture never passes through CPU memory (copied in and out on the GPU),
  // and calls at one size reuse the buffers; the GL state it changes is put back as
  // GpuSorter::sort puts it back, and the image
  // units 0 to 7, the pixel pack and unpack buffers and their alignments besides.
  void sortTexture(unsigned int texture, const PixelSortSettings& settings);

  // The implementation's state (app/lib/pixel_sort.cpp); nothing a caller can use.
  struct Resources;

 private:
  std::unique_ptr<Resources> resources_;
};

}  // namespace shadersort

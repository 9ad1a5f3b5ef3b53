// The Python module's native part, shadersort._shadersort (python/shadersort/__init__.py is the
// face): a headless EGL context of its own, made on first use, and in it the library's
// pixel-sort (include/shadersort/pixel_sort.h) and buffer sort (include/shadersort/gpu_sorter.h).
// Bad arguments raise ValueError in one line; anything the GPU or the driver refuses (no
// OpenGL 4.3 among them) RuntimeError. Nothing here aborts the interpreter.

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <glad/gl.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/error.h"
#include "platform/headless_context.h"
#include "shadersort/gpu_sorter.h"
#include "shadersort/pixel_sort.h"

namespace py = pybind11;

namespace {

// The module's GL context and what lives in it, made on first use and kept for the process:
// a context is current on one thread, so every call must come from the thread of the first.
struct Gpu {
  shadersort::platform::HeadlessContext context{{}};
  shadersort::PixelSorter pixels;
  shadersort::GpuSorter buffers;
  std::thread::id thread = std::this_thread::get_id();
};

Gpu& gpu() {
  static std::unique_ptr<Gpu> made;
  static std::string failed;  // a context that could not be made is not tried again
  if (!failed.empty()) throw std::runtime_error(failed);
  if (!made) {
    try {
      made = std::make_unique<Gpu>();
    } catch (const std::exception& error) {
      failed = std::string("shadersort: no GPU context: ") + error.what();
      throw std::runtime_error(failed);
    }
  }
  if (made->thread != std::this_thread::get_id())
    throw std::runtime_error("shadersort: its GL context belongs to the thread that first used it; call it from that thread");
  return *made;
}

[[noreturn]] void badArgument(const std::string& message) { throw py::value_error(message); }

// A settings message in Python's names: the command line's "--span-length" as "span_length".
std::string pythonNames(const std::string& message) {
  std::string result;
  for (std::size_t i = 0; i < message.size(); ++i) {
    const bool option = message.compare(i, 2, "--") == 0 && i + 2 < message.size() && message[i + 2] >= 'a' &&
                        message[i + 2] <= 'z' && (i == 0 || message[i - 1] == ' ' || message[i - 1] == '(');
    if (!option) {
      result += message[i];
      continue;
    }
    for (i += 2; i < message.size() && ((message[i] >= 'a' && message[i] <= 'z') || message[i] == '-'); ++i)
      result += message[i] == '-' ? '_' : message[i];
    --i;
  }
  return result;
}

// The library's errors as Python's: bad settings are ValueError, the rest RuntimeError.
template <typename Work>
auto pythonErrors(Work&& work) {
  try {
    return work();
  } catch (const shadersort::SettingsError& error) {
    throw py::value_error(pythonNames(error.what()));
  } catch (const shadersort::PixelSortError& error) {
    throw std::runtime_error(error.what());
  } catch (const shadersort::SortError& error) {
    throw std::runtime_error(error.what());
  } catch (const shadersort::GpuError& error) {
    throw std::runtime_error(std::string("shadersort: ") + error.what());
  }
}

// --- pixel_sort ---------------------------------------------------------------------------------

// An H x W x 4 uint8 C-contiguous array (the Python side makes it from H x W x 3 and PIL images).
using Rgba = py::array_t<std::uint8_t, py::array::c_style>;

shadersort::PictureView viewOf(const Rgba& array, const char* what) {
  if (array.ndim() != 3 || array.shape(2) != 4)
    badArgument(std::string("shadersort: ") + what + " must be an H x W x 4 uint8 array");
  return {array.data(), static_cast<int>(array.shape(1)), static_cast<int>(array.shape(0)), 0};
}

template <typename T>
std::optional<T> optionalOf(const py::dict& settings, const char* name) {
  if (!settings.contains(name) || settings[name].is_none()) return std::nullopt;
  try {
    return settings[name].cast<T>();
  } catch (const py::cast_error&) {
    badArgument(std::string("shadersort: ") + name + " has the wrong type (" +
                std::string(py::str(settings[name].get_type().attr("__name__"))) + ")");
  }
}

// Whole-number settings: Python ints, refused when negative or beyond 32 bits (a cast would wrap).
std::optional<std::uint32_t> wholeOf(const py::dict& settings, const char* name) {
  const auto value = optionalOf<long long>(settings, name);
  if (value && (*value < 0 || *value > 0xFFFFFFFFll))
    badArgument(std::string("shadersort: ") + name + " must be 0 to 2^32 - 1, got " + std::to_string(*value));
  if (!value) return std::nullopt;
  return static_cast<std::uint32_t>(*value);
}

py::array pixelSort(const Rgba& picture, const py::dict& settings, const py::dict& images) {
  shadersort::PixelSortSettings s;
  s.path = optionalOf<std::string>(settings, "path");
  s.axis = optionalOf<std::string>(settings, "axis");
  s.spans = optionalOf<std::string>(settings, "spans");
  s.key = optionalOf<std::string>(settings, "key");
  s.spanKey = optionalOf<std::string>(settings, "span_key");
  s.descending = optionalOf<bool>(settings, "descending").value_or(false);
  s.lower = optionalOf<double>(settings, "lower");
  s.upper = optionalOf<double>(settings, "upper");
  s.invert = optionalOf<bool>(settings, "invert").value_or(false);
  s.spanLength = wholeOf(settings, "span_length");
  s.maxSpan = wholeOf(settings, "max_span");
  s.skip = optionalOf<double>(settings, "skip");
  if (const auto seed = optionalOf<long long>(settings, "seed")) {
    if (*seed < 0) badArgument("shadersort: seed must be 0 or more, got " + std::to_string(*seed));
    s.seed = static_cast<std::uint64_t>(*seed);
  }
  s.sortTransparent = optionalOf<bool>(settings, "sort_transparent").value_or(false);
  s.then = optionalOf<std::string>(settings, "then");
  s.startAngle = optionalOf<double>(settings, "start_angle");
  s.degreesSorted = optionalOf<double>(settings, "degrees_sorted");
  s.innerRadius = wholeOf(settings, "inner_radius");
  s.rayLength = wholeOf(settings, "ray_length");
  s.thickness = wholeOf(settings, "thickness");
  s.varyStart = optionalOf<double>(settings, "vary_start");
  s.preset = optionalOf<std::string>(settings, "preset");
  s.presetToml = optionalOf<std::string>(settings, "preset_toml");
  s.maskFile = optionalOf<std::string>(settings, "mask_file");
  s.intervalsFile = optionalOf<std::string>(settings, "intervals_file");
  s.keyImageFile = optionalOf<std::string>(settings, "key_image_file");
  s.seconds = optionalOf<double>(settings, "seconds").value_or(0.0);
  // The images in memory, kept alive by `images` for the call.
  const auto image = [&](const char* name, shadersort::PictureView& into) {
    if (images.contains(name) && !images[name].is_none()) into = viewOf(images[name].cast<Rgba>(), name);
  };
  image("mask", s.mask);
  image("intervals", s.intervals);
  image("key_image", s.keyImage);

  const shadersort::PictureView view = viewOf(picture, "the picture");
  shadersort::Picture sorted = pythonErrors([&] { return gpu().pixels.sort(view, s); });
  py::array_t<std::uint8_t> result({static_cast<py::ssize_t>(sorted.height), static_cast<py::ssize_t>(sorted.width),
                                    py::ssize_t{4}});
  std::memcpy(result.mutable_data(), sorted.rgba.data(), sorted.rgba.size());
  return result;
}

// --- sort ---------------------------------------------------------------------------------------

// A GL buffer of the module's context holding `words`, deleted when it goes.
struct Buffer {
  GLuint id = 0;
  explicit Buffer(const std::vector<std::uint32_t>& words) {
    glGenBuffers(1, &id);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, id);
    glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(words.size() * 4), words.data(), GL_DYNAMIC_COPY);
  }
  ~Buffer() { glDeleteBuffers(1, &id); }
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  std::vector<std::uint32_t> read(std::size_t count) const {
    std::vector<std::uint32_t> words(count);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, id);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(count * 4), words.data());
    return words;
  }
};

// The keys as 32-bit words that sort as NumPy orders them: f32 NaNs (of either sign) after
// +inf, and -0.0 equal to +0.0 (NumPy compares values; the GPU's f32 format orders by IEEE
// totalOrder instead, where -0.0 < +0.0 and -NaN comes first).
std::vector<std::uint32_t> numpyOrderKeys(const py::array& keys, shadersort::KeyFormat& format) {
  const std::size_t count = static_cast<std::size_t>(keys.size());
  std::vector<std::uint32_t> words(count);
  std::memcpy(words.data(), keys.data(), count * 4);
  const char kind = keys.dtype().kind();
  if (kind == 'u') {
    format = shadersort::KeyFormat::U32;
  } else if (kind == 'i') {
    format = shadersort::KeyFormat::I32;
  } else {
    format = shadersort::KeyFormat::U32;
    for (std::uint32_t& word : words) {
      float value;
      std::memcpy(&value, &word, 4);
      if (std::isnan(value)) word = 0xFFFFFFFFu;  // above +inf's image, 0xFF800000
      else if (word == 0x80000000u) word = 0x80000000u;  // -0.0 takes +0.0's image
      else word = (word & 0x80000000u) != 0 ? ~word : word | 0x80000000u;
    }
  }
  return words;
}

// keys sorted (and values with them), as numpy.sort(kind="stable") and a stable argsort gather.
py::object sortArrays(const py::array& keys, const py::object& values, bool descending) {
  const auto check = [](const py::array& array, const char* what) {
    const char kind = array.dtype().kind();
    if (array.ndim() != 1 || array.itemsize() != 4 || (kind != 'u' && kind != 'i' && kind != 'f'))
      badArgument(std::string("shadersort: ") + what + " must be a 1-D array of uint32, int32 or float32, got " +
                  std::to_string(array.ndim()) + "-D " + std::string(py::str(array.dtype())));
  };
  check(keys, "keys");
  const py::array keysC = py::array::ensure(keys, py::array::c_style);
  py::array valuesC;
  if (!values.is_none()) {
    if (!py::isinstance<py::array>(values)) badArgument("shadersort: values must be a NumPy array or None");
    check(values.cast<py::array>(), "values");
    valuesC = py::array::ensure(values, py::array::c_style);
    if (valuesC.size() != keysC.size())
      badArgument("shadersort: values has " + std::to_string(valuesC.size()) + " elements and keys " +
                  std::to_string(keysC.size()) + "; they must match");
  }
  const std::size_t count = static_cast<std::size_t>(keysC.size());
  if (count > 0xFFFFFFFEull) badArgument("shadersort: at most 2^32 - 2 keys, got " + std::to_string(count));
  std::vector<std::uint32_t> order(count);
  if (count > 0) {
    shadersort::KeyFormat format = shadersort::KeyFormat::U32;
    const std::vector<std::uint32_t> words = numpyOrderKeys(keysC, format);
    // The keys carry their positions: a stable sort on the GPU, then a gather here of the
    // caller's own keys and values, bit for bit.
    for (std::size_t i = 0; i < count; ++i) order[i] = static_cast<std::uint32_t>(i);
    pythonErrors([&] {
      Gpu& context = gpu();
      const Buffer keyBuffer(words), positionBuffer(order);
      shadersort::SortRequest request;
      request.keys = keyBuffer.id;
      request.values = positionBuffer.id;
      request.count = count;
      request.keyFormat = format;
      request.order = descending ? shadersort::SortOrder::Descending : shadersort::SortOrder::Ascending;
      context.buffers.sort(request);
      order = positionBuffer.read(count);
      if (glGetError() != GL_NO_ERROR) throw std::runtime_error("shadersort: the GL driver reported an error");
    });
  }
  const auto gather = [&](const py::array& from) {
    py::array to(from.dtype(), std::vector<py::ssize_t>{static_cast<py::ssize_t>(count)});
    const auto* in = static_cast<const std::uint32_t*>(from.data());
    auto* out = static_cast<std::uint32_t*>(to.mutable_data());
    for (std::size_t i = 0; i < count; ++i) out[i] = in[order[i]];
    return to;
  };
  if (values.is_none()) return gather(keysC);
  return py::make_tuple(gather(keysC), gather(valuesC));
}

}  // namespace

PYBIND11_MODULE(_shadersort, module) {
  module.doc() = "shadersort's GPU pixel-sort and key sort (the native part; import shadersort)";
  module.def("pixel_sort", &pixelSort, py::arg("picture"), py::arg("settings"), py::arg("images"),
             "An H x W x 4 uint8 array pixel-sorted with `settings` (the art options by their Python names) "
             "and `images` (mask, intervals, key_image as H x W x 4 arrays).");
  module.def("sort", &sortArrays, py::arg("keys"), py::arg("values") = py::none(), py::arg("descending") = false,
             "keys (uint32, int32 or float32) sorted stably, as numpy.sort; with values, (keys, values).");
  module.def(
      "renderer", [] { return pythonErrors([] { gpu(); return std::string(reinterpret_cast<const char*>(glGetString(GL_RENDERER))); }); },
      "The GL renderer the module's context runs on (makes the context).");
}

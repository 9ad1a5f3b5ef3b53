// The library's pixel-sort (include/shadersort/pixel_sort.h): the settings become the command
// line's option text and go through art::resolveArtRequest, as `run`'s do; the art pipeline sorts
// with radix, as `run` does with art options and no --algo. Same reading, same pipeline, same
// sorter: the same picture.

#include "shadersort/pixel_sort.h"

#include <glad/gl.h>

#include <cmath>
#include <cstring>
#include <set>
#include <string_view>

#include "art/art_pipeline.h"
#include "art/art_request.h"
#include "core/error.h"
#include "core/quoting.h"
#include "data/image.h"
#include "lib/gl_state_guard.h"
#include "lib/pixel_state_guard.h"
#include "sort/registry.h"
#include "sort/sort_context.h"

namespace shadersort {

struct PixelSorter::Resources {
  SortContext context{gl::ShaderSource()};
  art::ArtPipeline pipeline{context};
  std::unique_ptr<Sorter> sorter = findAlgorithm("radix").create(context, {});
};

namespace {

// The picture a view shows, copied (rows packed).
Image copyOf(const PictureView& view, std::string_view what) {
  if (view.width <= 0 || view.height <= 0)
    throw SettingsError("shadersort: the " + std::string(what) + " is " + std::to_string(view.width) + "x" +
                        std::to_string(view.height) + " pixels; it needs at least one");
  const std::size_t rowBytes = static_cast<std::size_t>(view.width) * 4;
  const std::size_t stride = view.stride == 0 ? rowBytes : view.stride;
  if (stride < rowBytes)
    throw SettingsError("shadersort: the " + std::string(what) + "'s stride " + std::to_string(stride) +
                        " is shorter than a row of " + std::to_string(rowBytes) + " bytes");
  Image image(view.width, view.height);
  for (int y = 0; y < view.height; ++y)
    std::memcpy(image.rgba.data() + static_cast<std::size_t>(y) * rowBytes, view.rgba + static_cast<std::size_t>(y) * stride,
                rowBytes);
  return image;
}

// The settings as the command line's option text, and the options they give.
struct OptionsGiven {
  art::ArtOptionText text;
  std::set<std::string, std::less<>> names;
  art::ArtInputOptions input;
};

OptionsGiven optionsOf(const PixelSortSettings& settings) {
  OptionsGiven given;
  art::ArtOptionText& text = given.text;
  const auto string = [&](const char* name, const std::optional<std::string>& value, std::string& into) {
    if (!value) return;
    into = *value;
    given.names.insert(name);
  };
  // Numbers as their shortest exact decimal, which the command line's parsers read back to the
  // same double and check against the same ranges.
  const auto decimal = [&](const char* name, const std::optional<double>& value, std::string& into) {
    if (!value) return;
    if (!std::isfinite(*value)) throw SettingsError(std::string("shadersort: ") + name + " must be a finite number");
    into = art::decimalText(*value);
    given.names.insert(name);
  };
  const auto whole = [&](const char* name, const std::optional<std::uint32_t>& value, std::string& into) {
    if (!value) return;
    into = std::to_string(*value);
    given.names.insert(name);
  };
  const auto flag = [&](const char* name, bool value, bool& into) {
    into = value;
    if (value) given.names.insert(name);
  };
  string("--path", settings.path, text.path);
  string("--spans", settings.spans, text.spans);
  string("--span-key", settings.spanKey, text.spanKey);
  decimal("--lower", settings.lower, text.lower);
  decimal("--upper", settings.upper, text.upper);
  flag("--invert", settings.invert, text.invert);
  whole("--span-length", settings.spanLength, text.spanLength);
  whole("--max-span", settings.maxSpan, text.maxSpan);
  decimal("--skip", settings.skip, text.skip);
  flag("--sort-transparent", settings.sortTransparent, text.sortTransparent);
  string("--then", settings.then, text.then);
  decimal("--start-angle", settings.startAngle, text.startAngle);
  decimal("--degrees-sorted", settings.degreesSorted, text.degreesSorted);
  whole("--inner-radius", settings.innerRadius, text.innerRadius);
  whole("--ray-length", settings.rayLength, text.rayLength);
  whole("--thickness", settings.thickness, text.thickness);
  decimal("--vary-start", settings.varyStart, text.varyStart);
  if (settings.preset && settings.presetToml)
    throw SettingsError("shadersort: preset and presetToml both give a preset: set one");
  string("--preset", settings.preset, text.preset);
  string("--preset", settings.presetToml, text.presetToml);
  string("--mask", settings.maskFile, text.mask);
  string("--intervals", settings.intervalsFile, text.intervals);
  string("--key-image", settings.keyImageFile, text.keyImage);
  // A picture in memory stands where its file would: the option is given (the span mode's
  // checks see it), and the file is never read.
  if (!settings.mask.empty()) given.names.insert("--mask"), text.mask = "<mask picture>";
  if (!settings.intervals.empty()) given.names.insert("--intervals"), text.intervals = "<intervals picture>";
  if (!settings.keyImage.empty()) given.names.insert("--key-image"), text.keyImage = "<key picture>";

  // The input options a pixel-sort reads, as the command line's toInputSpec reads them.
  art::ArtInputOptions& input = given.input;
  if (settings.key) {
    const auto key = parsePixelKey(*settings.key);
    if (!key) throw UsageError("unknown key " + quote(*settings.key) + " (known: " + pixelKeyList() + ")");
    input.order.key = *key;
    given.names.insert("--key");
  }
  if (settings.axis) {
    const auto axis = parseAxis(*settings.axis);
    if (!axis) throw UsageError("unknown axis " + quote(*settings.axis) + " (known: columns, rows)");
    input.order.axis = *axis;
    given.names.insert("--axis");
  }
  input.order.descending = settings.descending;
  if (settings.descending) given.names.insert("--descending");
  if (settings.seed) {
    input.seed = *settings.seed;
    given.names.insert("--seed");
  }
  return given;
}

// The image an option names: the picture in memory, else the file (empty: none).
std::unique_ptr<Image> artImage(const PictureView& view, const std::string& path, std::string_view what) {
  if (!view.empty()) return std::make_unique<Image>(copyOf(view, what));
  if (path.empty()) return nullptr;
  return std::make_unique<Image>(loadImage(path));
}

// Runs `work` with the library's errors: bad settings as SettingsError, the rest as PixelSortError.
template <typename Work>
auto translated(Work&& work) {
  try {
    return work();
  } catch (const PixelSortError&) {
    throw;
  } catch (const UsageError& error) {
    throw SettingsError(std::string("shadersort: ") + error.what());
  } catch (const UserError& error) {
    throw SettingsError(std::string("shadersort: ") + error.what());
  } catch (const GpuError& error) {
    throw PixelSortError(std::string("shadersort: ") + error.what());
  }
}

// The pipeline given the picture by `setPicture(pipeline, others)` (others: the settings' mask,
// interval and key images), set up with `settings`, sorted.
template <typename SetPicture>
void sortPicture(PixelSorter::Resources& resources, const PixelSortSettings& settings, SetPicture&& setPicture) {
  const OptionsGiven given = optionsOf(settings);
  if (!std::isfinite(settings.seconds) || settings.seconds < 0)
    throw SettingsError("shadersort: seconds must be a finite time of 0 or more, got " + art::decimalText(settings.seconds));
  const auto isGiven = [&](std::string_view option) { return given.names.count(option) > 0; };
  const art::ArtRequest request = art::resolveArtRequest(given.text, isGiven, given.input);
  const auto mask = artImage(settings.mask, request.maskPath, "mask");
  const auto intervals = artImage(settings.intervals, request.intervalsPath, "interval image");
  const auto keyImage = artImage(settings.keyImage, request.keyImagePath, "key image");
  art::ArtPipeline& pipeline = resources.pipeline;
  setPicture(pipeline, art::ArtImages{nullptr, mask.get(), intervals.get(), keyImage.get()});
  pipeline.setSettings(request.animation.at(request.settings, settings.seconds));
  pipeline.sort(*resources.sorter);
}

}  // namespace

PixelSorter::PixelSorter(GlFunctionLoader loader) {
  if (loader != nullptr && gladLoadGL(loader) == 0)
    throw PixelSortError("shadersort: cannot load OpenGL functions through the loader given");
  if (!GLAD_GL_VERSION_4_3)
    throw PixelSortError(loader == nullptr ? "shadersort: no OpenGL 4.3 functions loaded (pass the context's loader)"
                                      : "shadersort: the current context has no OpenGL 4.3");
  const lib::GlStateGuard savedState;
  const lib::PixelStateGuard savedPixelState;
  translated([&] { resources_ = std::make_unique<Resources>(); });
}

PixelSorter::~PixelSorter() = default;
PixelSorter::PixelSorter(PixelSorter&&) noexcept = default;
PixelSorter& PixelSorter::operator=(PixelSorter&&) noexcept = default;

Picture PixelSorter::sort(const PictureView& picture, const PixelSortSettings& settings) {
  if (!resources_) throw PixelSortError("shadersort: this PixelSorter was moved from; it holds no context or programs");
  if (picture.empty()) throw SettingsError("shadersort: no picture given (its pixels are null)");
  const lib::GlStateGuard savedState;
  const lib::PixelStateGuard savedPixelState;
  return translated([&] {
    const Image copy = copyOf(picture, "picture");
    sortPicture(*resources_, settings, [&](art::ArtPipeline& pipeline, art::ArtImages images) {
      images.picture = &copy;
      pipeline.setImages(images);
    });
    Image result = resources_->pipeline.readResult();
    return Picture{result.width, result.height, std::move(result.rgba)};
  });
}

void PixelSorter::sortTexture(unsigned int texture, const PixelSortSettings& settings) {
  if (!resources_) throw PixelSortError("shadersort: this PixelSorter was moved from; it holds no context or programs");
  const lib::GlStateGuard savedState;
  const lib::PixelStateGuard savedPixelState;
  translated([&] {
    if (texture == 0 || !glIsTexture(texture))
      throw SettingsError("shadersort: " + std::to_string(texture) + " is not a texture of the current context");
    glBindTexture(GL_TEXTURE_2D, texture);
    GLint width = 0, height = 0, format = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &width);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT, &height);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &format);
    if (glGetError() != GL_NO_ERROR || format != GL_RGBA8)
      throw SettingsError("shadersort: texture " + std::to_string(texture) +
                          " is not a GL_TEXTURE_2D with an RGBA8 level 0");
    // The picture is copied into the pipeline on the GPU: it never passes through CPU memory.
    sortPicture(*resources_, settings, [&](art::ArtPipeline& pipeline, const art::ArtImages& images) {
      pipeline.setImagesFromTexture(texture, width, height, images);
    });
    // The result texture is RGBA8 of the same size: copied on the GPU.
    glCopyImageSubData(resources_->pipeline.resultTexture(), GL_TEXTURE_2D, 0, 0, 0, 0, texture, GL_TEXTURE_2D, 0, 0, 0, 0,
                       width, height, 1);
    glMemoryBarrier(GL_ALL_BARRIER_BITS);
  });
}

}  // namespace shadersort

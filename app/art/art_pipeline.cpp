#include "art/art_pipeline.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <map>
#include <numeric>
#include <stdexcept>
#include <string>

#include "art/path_map.h"
#include "art/spans.h"
#include "core/error.h"
#include "gl/compute.h"
#include "render/state_source.h"
#include "sort/compute/storage_buffer.h"
#include "sort/radix/radix_sorter.h"
#include "sort/registry.h"
#include "sort/size_advice.h"

namespace shadersort::art {
namespace {

using compute::StorageBuffer;

constexpr std::uint32_t kGroupSize = 256;   // shaders/art/art_common.glsl
constexpr std::uint32_t kScanBlock = 1024;  // shaders/art/scan_blocks.comp
constexpr GLuint kResultImageUnit = 0;
static_assert(kResultImageUnit != render::kStateImageUnit);
// The rows a packing aims for at most: the smallest GL_MAX_TEXTURE_SIZE GL 4.3 allows, so that
// frag-odd-even can take it.
constexpr std::uint64_t kMaxPackedRows = 16384;

// Counters the CPU reads after the spans are found (the only read-back of prepare()).
enum Counter : std::uint32_t { kRuns = 0, kSpanPixels = 1, kSpans = 2, kLongest = 3, kCounterCount = 4 };

// The constants the art kernels share with C++: the PixelKey and SpanMode numbers.
gl::ShaderDefines artDefines() {
  gl::ShaderDefines defines;
  const std::pair<const char*, PixelKey> keys[] = {
      {"KEY_LUMINANCE", PixelKey::Luminance}, {"KEY_HUE", PixelKey::Hue},     {"KEY_SATURATION", PixelKey::Saturation},
      {"KEY_VALUE", PixelKey::Value},         {"KEY_RED", PixelKey::Red},     {"KEY_GREEN", PixelKey::Green},
      {"KEY_BLUE", PixelKey::Blue},           {"KEY_LIGHTNESS", PixelKey::Lightness},
      {"KEY_INTENSITY", PixelKey::Intensity}, {"KEY_MINIMUM", PixelKey::Minimum}, {"KEY_RGB", PixelKey::Rgb}};
  for (const auto& [name, key] : keys) defines.set(name, std::to_string(static_cast<int>(key)) + "u");
  const std::pair<const char*, SpanMode> modes[] = {
      {"SPAN_NONE", SpanMode::None},     {"SPAN_THRESHOLD", SpanMode::Threshold}, {"SPAN_EDGES", SpanMode::Edges},
      {"SPAN_RANDOM", SpanMode::Random}, {"SPAN_MASK", SpanMode::Mask},           {"SPAN_INTERVALS", SpanMode::Intervals},
      {"SPAN_WAVES", SpanMode::Waves},   {"SPAN_FILE", SpanMode::File},           {"SPAN_BLACK", SpanMode::Black},
      {"SPAN_WHITE", SpanMode::White}};
  for (const auto& [name, value] : {std::pair<const char*, std::uint32_t>{"ASDF_BLACK_RGB", kAsdfBlackRgb},
                                    {"ASDF_WHITE_RGB", kAsdfWhiteRgb}})
    defines.set(name, std::to_string(value) + "u");
  for (const auto& [name, mode] : modes) defines.set(name, std::to_string(static_cast<int>(mode)) + "u");
  return defines;
}

std::uint64_t groupsFor(std::uint64_t invocations) { return gl::divideRoundingUp(invocations, kGroupSize); }

void requireSameSize(const Image* image, int width, int height, const char* what) {
  if (image == nullptr) return;
  if (image->width != width || image->height != height)
    throw UsageError(std::string(what) + " is " + std::to_string(image->width) + "x" + std::to_string(image->height) +
                     ", the picture " + std::to_string(width) + "x" + std::to_string(height) +
                     ": they must be the same size");
}

// Integer bounds equal to the CPU's test lower <= key / max <= upper in double: {low, high}
// with low > high when no key is inside.
std::pair<std::uint32_t, std::uint32_t> thresholdKeys(double lower, double upper, std::uint32_t max) {
  const auto fraction = [&](std::uint64_t key) { return static_cast<double>(key) / static_cast<double>(max); };
  // Smallest key with lower <= key / max (max + 1: none); first key with key / max > upper.
  std::uint64_t lo = 0, hi = std::uint64_t{max} + 1;
  while (lo < hi) {
    const std::uint64_t mid = (lo + hi) / 2;
    if (lower <= fraction(mid)) hi = mid;
    else lo = mid + 1;
  }
  const std::uint64_t lowKey = lo;
  lo = 0, hi = std::uint64_t{max} + 1;
  while (lo < hi) {
    const std::uint64_t mid = (lo + hi) / 2;
    if (fraction(mid) > upper) hi = mid;
    else lo = mid + 1;
  }
  if (lo == 0 || lowKey > max) return {1u, 0u};
  return {static_cast<std::uint32_t>(lowKey), static_cast<std::uint32_t>(lo - 1)};
}

}  // namespace

std::string_view artStageName(ArtStage stage) {
  switch (stage) {
    case ArtStage::Map: return "map";
    case ArtStage::Keys: return "keys";
    case ArtStage::Spans: return "spans";
    case ArtStage::Sort: return "sort";
    case ArtStage::WriteBack: return "write-back";
  }
  return "?";
}

std::string_view packingName(Packing packing) {
  switch (packing) {
    case Packing::ShortRows: return "short rows";
    case Packing::LongRows: return "long rows";
    case Packing::OneSequence: return "one sequence";
  }
  return "?";
}

struct ArtPipeline::Gpu {
  gl::ShaderDefines defines = artDefines();
  gl::ShaderSource shaders;  // the context's
  std::map<std::string, gl::Program> programs;  // built on first use

  StorageBuffer dummy{"art: nothing", 4};
  StorageBuffer picture, keyImage, mask, intervals;
  StorageBuffer yuvPlanes;  // setPictureYuv420's planes, converted into `picture`
  StorageBuffer yuvResult;  // startReadResultYuv420's planes, before their copy to a read-back slot
  gl::Buffer pictureUpload;  // setPicture's staging: the storage buffers are immutable
  gl::Texture result;
  // startReadResult's pixel-pack buffers, their sizes, and the fence after each one's copy.
  std::array<gl::Buffer, kReadSlots> readBack;
  std::array<GLsizeiptr, kReadSlots> readBackBytes{};
  std::array<GLsync, kReadSlots> readBackDone{};
  // uploadImage's ring of persistently mapped staging buffers (where GL has buffer storage).
  static constexpr int kUploadSlots = 3;
  std::array<gl::Buffer, kUploadSlots> upload;
  std::array<void*, kUploadSlots> uploadMapped{};
  std::array<GLsizeiptr, kUploadSlots> uploadBytes{};
  std::array<GLsync, kUploadSlots> uploadDone{};
  int nextUploadSlot = 0;
  Gpu() = default;
  Gpu(const Gpu&) = delete;
  Gpu& operator=(const Gpu&) = delete;
  ~Gpu() {
    for (GLsync fence : readBackDone)
      if (fence) glDeleteSync(fence);
    for (GLsync fence : uploadDone)
      if (fence) glDeleteSync(fence);
  }

  // The path map: the pixels line after line, in order along each line, their line numbers, and
  // each line's first and one-past-last position (both 0 for an empty line).
  StorageBuffer mapPixels, mapLines, lineFirst, lineEnd;
  std::uint32_t lineCount = 0;
  std::unique_ptr<RadixSorter> mapSorter;  // rings and spokes: made on first use

  StorageBuffer keys, spanKeys, inside, capOffset, breaks, starts, runOf, runBegin, runEnd;
  StorageBuffer keptPixels, kept, runState, counters;
  std::vector<StorageBuffer> scanTotals;  // per level of the scan
  StorageBuffer binOffset, binSpan;
  StorageBuffer packedKeys, packedValues, destinations;
  StorageBuffer groups;  // a split one-sequence packing's groups, by map position
  StorageBuffer found;   // pictureIsOpaque's flag
  StorageBuffer histogram;  // keyHistogram's bins, and their read-back's staging buffer
  gl::Buffer histogramReadBack;
  gl::Buffer countersReadBack;  // the span counters and the transparency flag, read back per picture
  // An angle's map: each line's shift, start and first step; the shifts come through mapUpload.
  StorageBuffer angleShift, angleLineStarts, angleFirstSteps;
  gl::Buffer mapUpload;

  // Copies `count` words to the start of `into` through a kept staging buffer (the storage buffers are
  // immutable): a map rebuilt for a new angle creates no buffer.
  void uploadWords(const void* words, std::size_t count, const StorageBuffer& into) {
    if (count == 0) return;
    if (mapUpload.id() == 0) mapUpload = gl::Buffer("art: map upload");
    const auto bytes = static_cast<GLsizeiptr>(count * 4);
    glBindBuffer(GL_COPY_READ_BUFFER, mapUpload.id());
    glBufferData(GL_COPY_READ_BUFFER, bytes, words, GL_STREAM_DRAW);
    glBindBuffer(GL_COPY_WRITE_BUFFER, into.id());
    glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, bytes);
    glBindBuffer(GL_COPY_READ_BUFFER, 0);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  }

  const gl::Program& program(const std::string& path, const gl::ShaderDefines& extra = {}) {
    const std::string key = path + "\n" + extra.preamble();
    auto found = programs.find(key);
    if (found != programs.end()) return found->second;
    gl::ShaderDefines all = defines;
    all.setAll(extra);
    return programs.emplace(key, gl::Program::compute(shaders, path, all)).first->second;
  }

  // For the program in use; GL ignores names the program lacks (location -1).
  static void setUniform(const gl::Program& program, const char* name, std::uint32_t value) {
    glUniform1ui(program.uniformLocation(name), value);
  }
  static void setUniform(const gl::Program& program, const char* name, std::int32_t value) {
    glUniform1i(program.uniformLocation(name), value);
  }
  static void setUniform(const gl::Program& program, const char* name, std::uint64_t value) {
    glUniform2ui(program.uniformLocation(name), static_cast<GLuint>(value), static_cast<GLuint>(value >> 32));
  }

  // art::RadialWindow's fields for shaders/art/radial.glsl.
  static void setRadialWindow(const gl::Program& program, const RadialWindow& window) {
    setUniform(program, "u_radialRings", window.rings ? 1u : 0u);
    setUniform(program, "u_wholeTurn", window.wholeTurn ? 1u : 0u);
    setUniform(program, "u_startTurns", window.startTurns);
    setUniform(program, "u_arcTurns", window.arcTurns);
    setUniform(program, "u_innerRadius", window.innerRadius);
    setUniform(program, "u_reach", window.reach);
    setUniform(program, "u_varyUnits", window.varyUnits);
    setUniform(program, "u_varyPixels", window.varyPixels);
    setUniform(program, "u_radialSeed", window.seed);
  }

  // One invocation per element of `count`; its writes are then visible to later kernels, copies
  // and texture reads.
  static void dispatch(std::uint64_t count) {
    gl::dispatchLinear(groupsFor(count));
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT |
                    GL_TEXTURE_UPDATE_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT);
  }

  // Binds the buffers to bindings 0, 1, 2 ... in order.
  static void bind(std::initializer_list<const StorageBuffer*> buffers) {
    GLuint binding = 0;
    for (const StorageBuffer* buffer : buffers) buffer->bind(binding++);
  }

  // A buffer of at least `words` words, kept when big enough.
  static void ensure(StorageBuffer& buffer, const char* label, std::uint64_t words) {
    const std::uint64_t bytes = std::max<std::uint64_t>(words, 1) * 4;
    if (buffer.bytes() < bytes) buffer = StorageBuffer(label, bytes);
  }

  void fill(const StorageBuffer& words, std::uint64_t count, std::uint32_t word) {
    if (count == 0) return;
    const gl::Program& kernel = program("shaders/art/fill.comp");
    kernel.use();
    bind({&words});
    setUniform(kernel, "u_count", static_cast<std::uint32_t>(count));
    setUniform(kernel, "u_word", word);
    dispatch(count);
  }

  static void copyWords(GLuint from, std::size_t fromWord, const StorageBuffer& to, std::size_t toWord, std::size_t words) {
    glBindBuffer(GL_COPY_READ_BUFFER, from);
    glBindBuffer(GL_COPY_WRITE_BUFFER, to.id());
    glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, static_cast<GLintptr>(fromWord * 4),
                        static_cast<GLintptr>(toWord * 4), static_cast<GLsizeiptr>(words * 4));
    glBindBuffer(GL_COPY_READ_BUFFER, 0);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  }

  // Exclusive prefix sum of `count` words in place; the total goes to counters[slot]. Each level
  // scans blocks of 1024 and writes their totals to the next level, which is scanned the same way
  // and added back.
  void scan(const StorageBuffer& words, std::uint64_t count, Counter slot) {
    std::vector<std::uint64_t> sizes;
    std::uint64_t level = std::max<std::uint64_t>(count, 1);
    do {
      level = gl::divideRoundingUp(level, kScanBlock);
      sizes.push_back(level);
    } while (level > 1);
    while (scanTotals.size() < sizes.size()) scanTotals.emplace_back();
    for (std::size_t i = 0; i < sizes.size(); ++i) ensure(scanTotals[i], "art: scan totals", sizes[i]);

    const gl::Program& blocks = program("shaders/art/scan_blocks.comp");
    blocks.use();
    const StorageBuffer* levelWords = &words;
    std::uint64_t levelCount = count;
    for (std::size_t i = 0; i < sizes.size(); ++i) {
      bind({levelWords, &scanTotals[i]});
      setUniform(blocks, "u_count", static_cast<std::uint32_t>(levelCount));
      gl::dispatchLinear(sizes[i]);
      glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
      levelWords = &scanTotals[i];
      levelCount = sizes[i];
    }
    // The last level is one block: its total is the whole sum.
    copyWords(scanTotals[sizes.size() - 1].id(), 0, counters, slot, 1);

    const gl::Program& add = program("shaders/art/scan_add.comp");
    add.use();
    for (std::size_t j = sizes.size(); j-- > 0;) {
      if (sizes[j] <= 1) continue;  // one block: nothing comes before it
      const std::uint64_t wordsAtLevel = j == 0 ? count : sizes[j - 1];
      bind({j == 0 ? &words : &scanTotals[j - 1], &scanTotals[j]});
      setUniform(add, "u_count", static_cast<std::uint32_t>(wordsAtLevel));
      dispatch(wordsAtLevel);
    }
  }
};

ArtPipeline::ArtPipeline(SortContext& context) : context_(&context), gpu_(std::make_unique<Gpu>()) { gpu_->shaders = context.shaders(); }
ArtPipeline::~ArtPipeline() = default;

void ArtPipeline::setImages(const ArtImages& images) {
  const Image& picture = *images.picture;
  setSizeAndImages(picture.width, picture.height, images);
  gpu_->picture = StorageBuffer("art: picture", picture.rgba.size(), picture.rgba.data());
  pictureOpaque_ = opaque(picture);
  paintInput();
}

void ArtPipeline::setImagesFromTexture(GLuint texture, int width, int height, const ArtImages& images) {
  setSizeAndImages(width, height, images);
  Gpu& gpu = *gpu_;
  const std::size_t bytes = static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4;
  if (!gpu.picture || gpu.picture.bytes() != std::max<std::size_t>(bytes, 4)) gpu.picture = StorageBuffer("art: picture", bytes);
  if (bytes > 0) {
    // glGetTexImage into a pixel-pack buffer: a copy on the GPU, rows top first as the texture holds them.
    glBindBuffer(GL_PIXEL_PACK_BUFFER, gpu.picture.id());
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glPixelStorei(GL_PACK_ROW_LENGTH, 0);
    glPixelStorei(GL_PACK_SKIP_ROWS, 0);
    glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
    glPixelStorei(GL_PACK_SWAP_BYTES, GL_FALSE);
    glBindTexture(GL_TEXTURE_2D, texture);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glBindTexture(GL_TEXTURE_2D, 0);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  }
  pictureOpaque_.reset();  // asked of the GPU if the settings need it
  paintInput();
}

void ArtPipeline::setSizeAndImages(int width, int height, const ArtImages& images) {
  requireSameSize(images.mask, width, height, "the mask (--mask)");
  requireSameSize(images.intervals, width, height, "the interval image (--intervals)");
  requireSameSize(images.keyImage, width, height, "the key image (--key-image)");
  if (static_cast<std::uint64_t>(width) * static_cast<std::uint64_t>(height) >= 0xFFFFFFFFull)
    throw UserError("a pixel-sort takes fewer than 2^32 pixels");
  // The result is a texture: refused here in words, not as a GL error when it is made.
  if (const std::string why = whyPictureTooLarge(width, height, context_->limits()); !why.empty())
    throw UserError("pixel-sort: " + why + "; give a picture of at most " +
                    std::to_string(context_->limits().maxTextureSize) + " pixels a side");
  const bool sameSize = gpu_->result && width == width_ && height == height_;
  width_ = width;
  height_ = height;
  const auto upload = [](const Image* image, const char* label) {
    return image == nullptr ? StorageBuffer() : StorageBuffer(label, image->rgba.size(), image->rgba.data());
  };
  gpu_->mask = upload(images.mask, "art: mask");
  gpu_->intervals = upload(images.intervals, "art: interval image");
  gpu_->keyImage = upload(images.keyImage, "art: key image");
  hasMask_ = images.mask != nullptr;
  hasIntervals_ = images.intervals != nullptr;
  hasKeyImage_ = images.keyImage != nullptr;
  // The map depends only on the size and the path (mapIsCurrent), as in setPicture.
  if (!sameSize) {
    gpu_->result = gl::makeNearestTexture("art: result", GL_RGBA8, std::max(width_, 1), std::max(height_, 1));
    mappedPath_.reset();
  }
  preparedFor_.reset();
  packed_ = {};
}

void ArtPipeline::setPicture(const Image& picture) {
  requireSameSize(&picture, width_, height_, "the new picture");
  if (picture.pixelCount() == 0) return;
  uploadImage(picture, gpu_->picture);
  // A scan of the picture only where the settings would use it (a clip's frames come here).
  pictureOpaque_.reset();
  if (settings_.spans == SpanMode::None && !settings_.sortTransparent) pictureOpaque_ = opaque(picture);
  preparedFor_.reset();
  packed_ = {};
}

bool ArtPipeline::opaque(const Image& picture) {
  bool transparent = false;
  for (std::size_t alpha = 3; alpha < picture.rgba.size(); alpha += 4) transparent |= picture.rgba[alpha] == 0;
  return !transparent;
}

bool ArtPipeline::pictureIsOpaque() {
  if (!pictureOpaque_) {
    Gpu& gpu = *gpu_;
    const std::uint64_t pixels = static_cast<std::uint64_t>(width_) * static_cast<std::uint64_t>(height_);
    Gpu::ensure(gpu.found, "art: transparent pixel found", 1);
    gpu.fill(gpu.found, 1, 0);
    const gl::Program& kernel = gpu.program("shaders/art/any_transparent.comp");
    kernel.use();
    Gpu::bind({&gpu.picture, &gpu.found});
    Gpu::setUniform(kernel, "u_count", static_cast<std::uint32_t>(pixels));
    Gpu::dispatch(pixels);
    pictureOpaque_ = gl::downloadWords(gpu.found.buffer(), 1, gpu.countersReadBack)[0] == 0;
  }
  return *pictureOpaque_;
}

void ArtPipeline::setPictureYuv420(const Yuv420Picture& picture) {
  if (picture.width != width_ || picture.height != height_)
    throw UsageError("the new picture is " + std::to_string(picture.width) + "x" + std::to_string(picture.height) +
                     ", the pipeline's " + std::to_string(width_) + "x" + std::to_string(height_));
  if (picture.planes.size() != picture.byteCount()) throw std::logic_error("setPictureYuv420: planes of the wrong size");
  const std::uint64_t pixels = picture.lumaBytes();
  if (pixels == 0) return;
  Gpu& gpu = *gpu_;
  const std::size_t bufferBytes = (picture.byteCount() + 3) / 4 * 4;  // whole words for the shader
  gpu.yuvPlanes.ensure("art: YUV planes", bufferBytes);
  uploadBytes(picture.planes.data(), picture.planes.size(), gpu.yuvPlanes);
  const gl::Program& kernel = gpu.program("shaders/art/yuv420_to_rgba.comp");
  kernel.use();
  Gpu::bind({&gpu.yuvPlanes, &gpu.picture});
  Gpu::setUniform(kernel, "u_width", static_cast<std::uint32_t>(width_));
  Gpu::setUniform(kernel, "u_height", static_cast<std::uint32_t>(height_));
  Gpu::setUniform(kernel, "u_bt709", picture.matrix == YuvMatrix::Bt709 ? 1u : 0u);
  Gpu::setUniform(kernel, "u_fullRange", picture.fullRange ? 1u : 0u);
  Gpu::dispatch(pixels);
  pictureOpaque_ = true;  // converted from planes with no alpha
  preparedFor_.reset();
  packed_ = {};
}

void ArtPipeline::uploadImage(const Image& image, const StorageBuffer& into) {
  uploadBytes(image.rgba.data(), image.rgba.size(), into);
}

void ArtPipeline::uploadBytes(const std::uint8_t* data, std::size_t size, const StorageBuffer& into) {
  const auto bytes = static_cast<GLsizeiptr>(size);
  Gpu& gpu = *gpu_;
  if (glBufferStorage != nullptr) {
    // A ring of persistently mapped staging buffers: the picture is copied straight into memory
    // the GPU reads, and a slot is written again only once the GPU's copy out of it has passed
    // its fence, three pictures later. (Orphaning one buffer with glBufferData made the driver
    // allocate and copy 33 MB a 4K frame: 15 ms on an H200.)
    const int slot = gpu.nextUploadSlot;
    gpu.nextUploadSlot = (slot + 1) % Gpu::kUploadSlots;
    if (gpu.uploadBytes[slot] != bytes) {
      if (gpu.uploadDone[slot]) glDeleteSync(gpu.uploadDone[slot]);
      gpu.uploadDone[slot] = nullptr;
      gpu.upload[slot] = gl::Buffer("art: picture upload");
      glBindBuffer(GL_COPY_READ_BUFFER, gpu.upload[slot].id());
      const GLbitfield flags = GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
      glBufferStorage(GL_COPY_READ_BUFFER, bytes, nullptr, flags);
      gpu.uploadMapped[slot] = glMapBufferRange(GL_COPY_READ_BUFFER, 0, bytes, flags);
      if (!gpu.uploadMapped[slot]) throw std::runtime_error("the GPU's upload buffer could not be mapped");
      gpu.uploadBytes[slot] = bytes;
    }
    if (GLsync fence = gpu.uploadDone[slot]) {
      while (glClientWaitSync(fence, GL_SYNC_FLUSH_COMMANDS_BIT, 1'000'000'000) == GL_TIMEOUT_EXPIRED) {
      }
      glDeleteSync(fence);
      gpu.uploadDone[slot] = nullptr;
    }
    std::memcpy(gpu.uploadMapped[slot], data, size);
    glBindBuffer(GL_COPY_READ_BUFFER, gpu.upload[slot].id());
    glBindBuffer(GL_COPY_WRITE_BUFFER, into.id());
    glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, bytes);
    gpu.uploadDone[slot] = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    glBindBuffer(GL_COPY_READ_BUFFER, 0);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    return;
  }
  // Without buffer storage (GL 4.3 alone): a staging buffer given new storage each time
  // (orphaned), so the upload never waits for the GPU to finish with the last frame's; then a
  // copy on the GPU (the storage buffers are immutable).
  if (gpu.pictureUpload.id() == 0) gpu.pictureUpload = gl::Buffer("art: picture upload");
  glBindBuffer(GL_COPY_READ_BUFFER, gpu.pictureUpload.id());
  glBufferData(GL_COPY_READ_BUFFER, bytes, data, GL_STREAM_DRAW);
  glBindBuffer(GL_COPY_WRITE_BUFFER, into.id());
  glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, bytes);
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
}

void ArtPipeline::paintMask(const BrushStroke& stroke) {
  const std::uint64_t pixels = static_cast<std::uint64_t>(width_) * static_cast<std::uint64_t>(height_);
  if (pixels == 0) return;
  Gpu& gpu = *gpu_;
  if (!hasMask_) {
    gpu.mask = StorageBuffer("art: mask", pixels * 4);
    gpu.mask.clear(0xFFFFFFFFu);
    hasMask_ = true;
  }
  // The segment's bounding box, grown by the radius and kept within the picture.
  const auto low = [&](float a, float b, int size) {
    return std::clamp(static_cast<int>(std::floor(std::min(a, b) - stroke.radius)) - 1, 0, size);
  };
  const auto high = [&](float a, float b, int size) {
    return std::clamp(static_cast<int>(std::ceil(std::max(a, b) + stroke.radius)) + 1, 0, size);
  };
  const int x0 = low(stroke.fromX, stroke.toX, width_), x1 = high(stroke.fromX, stroke.toX, width_);
  const int y0 = low(stroke.fromY, stroke.toY, height_), y1 = high(stroke.fromY, stroke.toY, height_);
  if (x1 <= x0 || y1 <= y0) return;
  const auto boxWidth = static_cast<std::uint32_t>(x1 - x0);
  const auto boxCount = boxWidth * static_cast<std::uint32_t>(y1 - y0);
  const gl::Program& kernel = gpu.program("shaders/art/brush.comp");
  kernel.use();
  Gpu::bind({&gpu.mask});
  Gpu::setUniform(kernel, "u_width", static_cast<std::uint32_t>(width_));
  Gpu::setUniform(kernel, "u_height", static_cast<std::uint32_t>(height_));
  glUniform2i(kernel.uniformLocation("u_origin"), x0, y0);
  Gpu::setUniform(kernel, "u_boxWidth", boxWidth);
  Gpu::setUniform(kernel, "u_boxCount", boxCount);
  glUniform2f(kernel.uniformLocation("u_from"), stroke.fromX, stroke.fromY);
  glUniform2f(kernel.uniformLocation("u_to"), stroke.toX, stroke.toY);
  glUniform1f(kernel.uniformLocation("u_radius"), std::max(stroke.radius, 0.5f));
  glUniform1f(kernel.uniformLocation("u_feather"), std::clamp(stroke.feather, 0.0f, 1.0f));
  glUniform1f(kernel.uniformLocation("u_target"), stroke.erase ? 0.0f : 255.0f);
  Gpu::dispatch(boxCount);
  preparedFor_.reset();
  thenPainted_ = false;
}

namespace {

// An RGBA8 picture of `width` x `height` read back from the storage buffer holding it.
Image readPictureBuffer(const StorageBuffer& buffer, int width, int height) {
  Image picture(width, height);
  if (picture.pixelCount() == 0) return picture;
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  const std::vector<std::uint32_t> words = gl::downloadWords(buffer.buffer(), picture.pixelCount());
  std::memcpy(picture.rgba.data(), words.data(), picture.rgba.size());
  return picture;
}

}  // namespace

Image ArtPipeline::readMask() const { return hasMask_ ? readPictureBuffer(gpu_->mask, width_, height_) : Image(); }

Image ArtPipeline::readPicture() const { return readPictureBuffer(gpu_->picture, width_, height_); }

void ArtPipeline::setMask(const Image& mask) {
  if (!hasMask_) throw UsageError("a new mask for a pipeline given none");
  requireSameSize(&mask, width_, height_, "the mask (--mask)");
  if (mask.pixelCount() == 0) return;
  uploadImage(mask, gpu_->mask);
  preparedFor_.reset();
  packed_ = {};
}

void ArtPipeline::setSettings(const ArtSettings& settings) {
  requireConsistent(settings);
  if (settings.spans == SpanMode::Mask && !hasMask_) throw UsageError("the mask (--mask) is needed by this span mode");
  if (readsIntervalImage(settings.spans) && !hasIntervals_)
    throw UsageError("the interval image (--intervals) is needed by this span mode");
  settings_ = settings;
  preparedFor_.reset();
  thenPainted_ = false;
}

// What of the settings a rings map depends on besides the path: where each ring starts.
static std::tuple<std::uint32_t, std::uint32_t, std::uint64_t> ringStarts(const ArtSettings& settings, int width,
                                                                          int height) {
  if (settings.path.kind != PathKind::Rings) return {};
  const RadialWindow window = radialWindow(settings, radialGeometry(settings.path, width, height));
  return {window.startTurns, window.varyUnits, window.varyUnits > 0 ? window.seed : 0};
}

bool ArtPipeline::mapIsCurrent() const {
  const PathSpec& path = settings_.path;
  return mappedPath_ && mappedPath_->kind == path.kind && mappedPath_->angleDegrees == path.angleDegrees &&
         mappedPath_->centreX == path.centreX && mappedPath_->centreY == path.centreY &&
         mappedRingStarts_ == ringStarts(settings_, width_, height_);
}

void ArtPipeline::buildMap() {
  Gpu& gpu = *gpu_;
  const std::uint64_t pixels = static_cast<std::uint64_t>(width_) * static_cast<std::uint64_t>(height_);
  const auto count = static_cast<std::uint32_t>(pixels);
  Gpu::ensure(gpu.mapPixels, "art: map pixels", pixels);
  Gpu::ensure(gpu.mapLines, "art: map lines", pixels);
  Gpu::ensure(gpu.counters, "art: counters", kCounterCount);
  const PathSpec& path = settings_.path;
  if (path.kind == PathKind::Rings || path.kind == PathKind::Spokes) {
    // Rings and spokes: two stable radix sorts, by the place along the line and then by line,
    // in place in the map's own buffers (keys: mapLines, values: mapPixels) with kernels kept: a
    // centre dragged live rebuilds the map per frame, and a buffer copy is slow (see sort()).
    if (!gpu.mapSorter) gpu.mapSorter = std::make_unique<RadixSorter>(*context_, SorterOptions{});
    const auto sortByKeys = [&](std::uint32_t differing) {
      gpu.mapSorter->sortInPlace(SortTarget{.shape = {1, count, true}, .keys = {gpu.mapLines.id(), 0},
                                            .values = {gpu.mapPixels.id(), 0}, .differingBits = differing});
      glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    };
    const auto bitsBelow = [](std::uint64_t limit) {
      return limit <= 1 ? 0u : static_cast<std::uint32_t>((std::uint64_t{1} << std::bit_width(limit - 1)) - 1);
    };
    const RadialGeometry geometry = radialGeometry(path, width_, height_);
    gpu.lineCount = geometry.lineCount;
    const gl::Program& kernel = gpu.program("shaders/art/map_radial.comp");
    for (const bool lineKeys : {false, true}) {
      kernel.use();
      // The second pass reads each element's pixel and writes its key and pixel in place.
      Gpu::bind({lineKeys ? &gpu.mapPixels : &gpu.dummy, &gpu.mapLines, &gpu.mapPixels});
      Gpu::setUniform(kernel, "u_width", static_cast<std::uint32_t>(width_));
      Gpu::setUniform(kernel, "u_count", count);
      Gpu::setUniform(kernel, "u_centreX2", geometry.centreX2);
      Gpu::setUniform(kernel, "u_centreY2", geometry.centreY2);
      Gpu::setUniform(kernel, "u_spokes", path.kind == PathKind::Spokes ? geometry.spokes : 0u);
      Gpu::setUniform(kernel, "u_lineKeys", lineKeys ? 1u : 0u);
      Gpu::setRadialWindow(kernel, radialWindow(settings_, geometry));
      Gpu::dispatch(pixels);
      sortByKeys(lineKeys ? bitsBelow(geometry.lineCount) : 0xFFFFFFFFu);
    }
  } else {
    const double degrees = path.kind == PathKind::Rows ? 0.0 : path.kind == PathKind::Columns ? 90.0 : path.angleDegrees;
    const AngleLines lines = angleLines(degrees, width_, height_);
    gpu.lineCount = lines.lineCount;
    // Kept and grown like the rest: a new angle makes no buffer.
    StorageBuffer& shift = gpu.angleShift;
    StorageBuffer& lineStart = gpu.angleLineStarts;
    StorageBuffer& firstStep = gpu.angleFirstSteps;
    Gpu::ensure(shift, "art: path shift", lines.shift.size());
    Gpu::ensure(lineStart, "art: angle line starts", lines.lineCount);
    Gpu::ensure(firstStep, "art: angle first steps", lines.lineCount);
    gpu.uploadWords(lines.shift.data(), lines.shift.size(), shift);
    gpu.fill(lineStart, lines.lineCount, 0);
    gpu.fill(firstStep, lines.lineCount, kPadding);
    const gl::Program& kernel = gpu.program("shaders/art/map_angle.comp");
    for (const std::uint32_t pass : {0u, 1u}) {
      if (pass == 1) gpu.scan(lineStart, lines.lineCount, kRuns);  // kRuns: a scratch slot here
      kernel.use();
      Gpu::bind({&shift, &lineStart, &firstStep, &gpu.mapLines, &gpu.mapPixels});
      Gpu::setUniform(kernel, "u_width", static_cast<std::uint32_t>(width_));
      Gpu::setUniform(kernel, "u_majorSize", static_cast<std::uint32_t>(lines.majorSize));
      Gpu::setUniform(kernel, "u_minorSize", static_cast<std::uint32_t>(lines.minorSize));
      Gpu::setUniform(kernel, "u_horizontal", lines.horizontal ? 1u : 0u);
      Gpu::setUniform(kernel, "u_forward", lines.forward ? 1u : 0u);
      Gpu::setUniform(kernel, "u_firstLine", lines.firstLine);
      Gpu::setUniform(kernel, "u_pass", pass);
      Gpu::dispatch(pixels);
    }
  }
  Gpu::ensure(gpu.lineFirst, "art: line starts", gpu.lineCount);
  Gpu::ensure(gpu.lineEnd, "art: line ends", gpu.lineCount);
  gpu.fill(gpu.lineFirst, gpu.lineCount, 0);
  gpu.fill(gpu.lineEnd, gpu.lineCount, 0);
  const gl::Program& bounds = gpu.program("shaders/art/line_bounds.comp");
  bounds.use();
  Gpu::bind({&gpu.mapLines, &gpu.lineFirst, &gpu.lineEnd});
  Gpu::setUniform(bounds, "u_count", count);
  Gpu::dispatch(pixels);
  mappedPath_ = path;
  mappedRingStarts_ = ringStarts(settings_, width_, height_);
}

void ArtPipeline::computeKeys() {
  Gpu& gpu = *gpu_;
  const std::uint64_t pixels = static_cast<std::uint64_t>(width_) * static_cast<std::uint64_t>(height_);
  const gl::Program& kernel = gpu.program("shaders/art/keys.comp");
  kernel.use();
  const auto keysOf = [&](PixelKey key, StorageBuffer& into, const char* label) {
    Gpu::ensure(into, label, pixels);
    Gpu::bind({hasKeyImage_ ? &gpu.keyImage : &gpu.picture, &into});
    Gpu::setUniform(kernel, "u_count", static_cast<std::uint32_t>(pixels));
    Gpu::setUniform(kernel, "u_key", static_cast<std::uint32_t>(key));
    Gpu::dispatch(pixels);
  };
  keysOf(settings_.key, gpu.keys, "art: keys");
  // The threshold's own key (--span-key), when it is not the sort key.
  if (spanKeyOf(settings_) != settings_.key) keysOf(spanKeyOf(settings_), gpu.spanKeys, "art: span keys");
}

Packing ArtPipeline::packingFor(Sorter& sorter) const {
  const AlgorithmInfo& algorithm = findAlgorithm(sorter.algorithmName());
  // Passes that follow the row length: keep rows as short as the spans.
  if (algorithm.compareExchange) return Packing::ShortRows;
  // One sequence needs a stable sort of the whole picture, in place (sort() may run two).
  return algorithm.stable && sorter.engine() != nullptr ? Packing::OneSequence : Packing::LongRows;
}

bool ArtPipeline::oneSequenceFitsOneSort() const {
  const std::uint64_t pixels = static_cast<std::uint64_t>(width_) * static_cast<std::uint64_t>(height_);
  const auto keyBits = static_cast<std::uint32_t>(std::bit_width(pixelKeyMax(settings_.key)));
  const auto groupBits = static_cast<std::uint32_t>(std::bit_width(pixels == 0 ? 0 : (pixels - 1) >> 1));
  return keyBits + groupBits <= 32;
}

void ArtPipeline::prepare(Packing packing) {
  const std::uint64_t pixels = static_cast<std::uint64_t>(width_) * static_cast<std::uint64_t>(height_);
  packed_ = PackedSpans{};
  packed_.packing = packing;
  spanCounts_.reset();
  preparedFor_ = packing;
  if (pixels == 0) {
    spanCounts_ = SpanCounts{};
    return;
  }
  if (!mapIsCurrent()) {
    buildMap();
    finished(ArtStage::Map);
  }
  computeKeys();
  finished(ArtStage::Keys);
  if (packing == Packing::OneSequence && spansAreWholeLines()) {
    packWholeLines();
    runsFound_ = false;
    finished(ArtStage::Spans);
    return;
  }
  findSpans();
  runsFound_ = true;
  if (packing == Packing::OneSequence) {
    packOneSequence(false);
  } else {
    // Bins are sized on the CPU: the one read-back of this packing.
    Gpu& gpu = *gpu_;
    gpu.scan(gpu.keptPixels, pixels, kSpanPixels);
    gpu.scan(gpu.kept, pixels, kSpans);
    const std::vector<std::uint32_t> counters = gl::downloadWords(gpu.counters.buffer(), kCounterCount, gpu.countersReadBack);
    spanCounts_ = SpanCounts{counters[kSpans], counters[kSpanPixels], counters[kLongest]};
    if (spanCounts_->spanCount > 0) packBins(packing);
  }
  finished(ArtStage::Spans);
}

const SpanCounts& ArtPipeline::spanCounts() const {
  if (!spanCounts_) {
    if (!preparedFor_) throw std::logic_error("ArtPipeline::spanCounts before prepare");
    const std::vector<std::uint32_t> counters =
        gl::downloadWords(gpu_->counters.buffer(), kCounterCount, gpu_->countersReadBack);
    spanCounts_ = SpanCounts{counters[kSpans], counters[kSpanPixels], counters[kLongest]};
  }
  return *spanCounts_;
}

// [inside, runs, spans] art::findSpans in parallel: which pixels are inside, the per-line draws,
// the runs and which of them are sorted spans (their state, and the counters).
void ArtPipeline::findSpans() {
  Gpu& gpu = *gpu_;
  const std::uint64_t pixels = static_cast<std::uint64_t>(width_) * static_cast<std::uint64_t>(height_);
  const auto count = static_cast<std::uint32_t>(pixels);
  Gpu::ensure(gpu.inside, "art: inside", pixels);
  {
    const gl::Program& kernel = gpu.program("shaders/art/inside.comp");
    kernel.use();
    const StorageBuffer* other = settings_.spans == SpanMode::Mask        ? &gpu.mask
                                 : settings_.spans == SpanMode::Intervals ? &gpu.intervals
                                                                          : &gpu.dummy;
    const bool maskNarrows = hasMask_ && settings_.spans != SpanMode::Mask;
    const bool ownSpanKey = spanKeyOf(settings_) != settings_.key;
    Gpu::bind({&gpu.picture, ownSpanKey ? &gpu.spanKeys : &gpu.keys, other, &gpu.inside,
               maskNarrows ? &gpu.mask : &gpu.dummy});
    const auto [lowKey, highKey] = thresholdKeys(settings_.lower, settings_.upper, pixelKeyMax(spanKeyOf(settings_)));
    Gpu::setUniform(kernel, "u_width", static_cast<std::uint32_t>(width_));
    Gpu::setUniform(kernel, "u_height", static_cast<std::uint32_t>(height_));
    Gpu::setUniform(kernel, "u_mode", static_cast<std::uint32_t>(settings_.spans));
    Gpu::setUniform(kernel, "u_lowKey", lowKey);
    Gpu::setUniform(kernel, "u_highKey", highKey);
    Gpu::setUniform(kernel, "u_edgeLimit", edgeLimitSquared(settings_.lower));
    Gpu::setUniform(kernel, "u_invert", settings_.invert ? 1u : 0u);
    Gpu::setUniform(kernel, "u_sortTransparent", settings_.sortTransparent ? 1u : 0u);
    Gpu::setUniform(kernel, "u_maskNarrows", maskNarrows ? 1u : 0u);
    const bool radial = settings_.path.kind == PathKind::Rings || settings_.path.kind == PathKind::Spokes;
    const RadialGeometry geometry = radial ? radialGeometry(settings_.path, width_, height_) : RadialGeometry{};
    const RadialWindow window = radialWindow(settings_, geometry);
    Gpu::setUniform(kernel, "u_radialNarrows", window.narrows ? 1u : 0u);
    Gpu::setUniform(kernel, "u_centreX2", geometry.centreX2);
    Gpu::setUniform(kernel, "u_centreY2", geometry.centreY2);
    Gpu::setUniform(kernel, "u_spokes", geometry.spokes);
    Gpu::setRadialWindow(kernel, window);
    Gpu::dispatch(pixels);
  }

  // [spans] Per-line draws, run starts, runs, spans, the sorted ones: art::findSpans in parallel.
  const bool random = drawsSpanLengths(settings_.spans);
  const auto [shortest, longest] = drawnLengths(settings_);
  Gpu::ensure(gpu.capOffset, "art: max-span offsets", gpu.lineCount);
  Gpu::ensure(gpu.breaks, "art: random breaks", gl::divideRoundingUp(pixels, 32));
  if (random) gpu.fill(gpu.breaks, gl::divideRoundingUp(pixels, 32), 0);
  if (random || settings_.maxSpan > 0) {
    const gl::Program& kernel = gpu.program("shaders/art/line_draws.comp");
    kernel.use();
    Gpu::bind({&gpu.lineFirst, &gpu.lineEnd, &gpu.capOffset, &gpu.breaks});
    Gpu::setUniform(kernel, "u_lineCount", gpu.lineCount);
    Gpu::setUniform(kernel, "u_seed", settings_.seed);
    Gpu::setUniform(kernel, "u_maxSpan", settings_.maxSpan);
    Gpu::setUniform(kernel, "u_random", random ? 1u : 0u);
    Gpu::setUniform(kernel, "u_shortest", shortest);
    Gpu::setUniform(kernel, "u_longest", longest);
    Gpu::dispatch(gpu.lineCount);
  }
  Gpu::ensure(gpu.starts, "art: run starts", pixels);
  Gpu::ensure(gpu.runOf, "art: run of position", pixels);
  Gpu::ensure(gpu.runBegin, "art: run begins", pixels);
  Gpu::ensure(gpu.runEnd, "art: run ends", pixels);
  Gpu::ensure(gpu.counters, "art: counters", kCounterCount);
  gpu.fill(gpu.counters, kCounterCount, 0);
  {
    const gl::Program& kernel = gpu.program("shaders/art/run_starts.comp");
    kernel.use();
    const bool file = settings_.spans == SpanMode::File;
    Gpu::bind({&gpu.mapPixels, &gpu.mapLines, &gpu.inside, &gpu.lineFirst, &gpu.capOffset, &gpu.breaks, &gpu.starts,
               &gpu.runOf, file ? &gpu.intervals : &gpu.dummy});
    Gpu::setUniform(kernel, "u_count", count);
    Gpu::setUniform(kernel, "u_maxSpan", settings_.maxSpan);
    Gpu::setUniform(kernel, "u_random", random ? 1u : 0u);
    Gpu::setUniform(kernel, "u_file", file ? 1u : 0u);
    Gpu::dispatch(pixels);
  }
  gpu.scan(gpu.runOf, pixels, kRuns);
  {
    const gl::Program& kernel = gpu.program("shaders/art/runs.comp");
    kernel.use();
    Gpu::bind({&gpu.mapPixels, &gpu.inside, &gpu.starts, &gpu.runOf, &gpu.runBegin, &gpu.runEnd});
    Gpu::setUniform(kernel, "u_count", count);
    Gpu::dispatch(pixels);
  }
  Gpu::ensure(gpu.keptPixels, "art: span offsets", pixels);
  Gpu::ensure(gpu.kept, "art: span indices", pixels);
  Gpu::ensure(gpu.runState, "art: run states", pixels);
  {
    const gl::Program& kernel = gpu.program("shaders/art/spans_kept.comp");
    kernel.use();
    Gpu::bind({&gpu.runBegin, &gpu.runEnd, &gpu.counters, &gpu.mapLines, &gpu.keptPixels, &gpu.kept, &gpu.runState,
               &gpu.lineFirst});
    Gpu::setUniform(kernel, "u_count", count);
    Gpu::setUniform(kernel, "u_seed", settings_.seed);
    // Skipped when draw % 1000000 < skip% * 10000 (a double): the integers below its ceiling.
    Gpu::setUniform(kernel, "u_skipBelow",
                    static_cast<std::uint32_t>(std::min(1000000.0, std::ceil(settings_.skipPercent * 10000.0))));
    Gpu::dispatch(pixels);
  }
}

void ArtPipeline::packOneSequence(bool wholeLines) {
  Gpu& gpu = *gpu_;
  const std::uint64_t pixels = static_cast<std::uint64_t>(width_) * static_cast<std::uint64_t>(height_);
  const std::uint32_t keyMax = pixelKeyMax(settings_.key);
  packed_.wholeLines = wholeLines;
  packed_.keyBits = static_cast<std::uint32_t>(std::bit_width(keyMax));
  // Groups: line numbers for whole lines, else the runs' first positions halved (pack_sequence.comp).
  packed_.groupBits = static_cast<std::uint32_t>(
      wholeLines ? std::bit_width(gpu.lineCount <= 1 ? 0u : gpu.lineCount - 1) : std::bit_width((pixels - 1) >> 1));
  packed_.sortedBits = packed_.keyBits + packed_.groupBits;
  packed_.shape = {1, static_cast<std::uint32_t>(pixels), true};
  const bool split = packed_.sortedBits > 32;
  Gpu::ensure(gpu.packedKeys, "art: packed keys", pixels);
  Gpu::ensure(gpu.packedValues, "art: packed values", pixels);
  if (split) Gpu::ensure(gpu.groups, "art: span groups", pixels);
  const gl::Program& kernel = gpu.program(wholeLines ? "shaders/art/pack_lines.comp" : "shaders/art/pack_sequence.comp");
  kernel.use();
  StorageBuffer* groups = split ? &gpu.groups : &gpu.dummy;
  if (wholeLines)
    Gpu::bind({&gpu.mapPixels, &gpu.mapLines, &gpu.lineFirst, &gpu.lineEnd, &gpu.keys, &gpu.packedKeys,
               &gpu.packedValues, groups});
  else
    Gpu::bind({&gpu.mapPixels, &gpu.runOf, &gpu.runBegin, &gpu.runState, &gpu.keys, &gpu.packedKeys,
               &gpu.packedValues, groups});
  Gpu::setUniform(kernel, "u_split", split ? 1u : 0u);
  Gpu::setUniform(kernel, "u_count", static_cast<std::uint32_t>(pixels));
  Gpu::setUniform(kernel, "u_keyBits", packed_.keyBits);
  Gpu::setUniform(kernel, "u_descending", settings_.descending ? 1u : 0u);
  Gpu::setUniform(kernel, "u_keyMax", keyMax);
  Gpu::dispatch(pixels);
}

bool ArtPipeline::spansAreWholeLines() {
  if (settings_.spans != SpanMode::None || hasMask_ || settings_.maxSpan > 0 || settings_.skipPercent > 0) return false;
  const bool radial = settings_.path.kind == PathKind::Rings || settings_.path.kind == PathKind::Spokes;
  if (radial && radialWindow(settings_, radialGeometry(settings_.path, width_, height_)).narrows) return false;
  // Line numbers as groups take no more bits than findSpans' groups (a one-sort packing stays one).
  const std::uint64_t pixels = static_cast<std::uint64_t>(width_) * static_cast<std::uint64_t>(height_);
  if (std::bit_width(gpu_->lineCount <= 1 ? 0u : gpu_->lineCount - 1) > std::bit_width((pixels - 1) >> 1)) return false;
  return settings_.sortTransparent || pictureIsOpaque();
}

void ArtPipeline::packWholeLines() {
  Gpu& gpu = *gpu_;
  packOneSequence(true);
  // The counters spanCounts() reads, as findSpans() leaves them.
  Gpu::ensure(gpu.counters, "art: counters", kCounterCount);
  gpu.fill(gpu.counters, kCounterCount, 0);
  const gl::Program& kernel = gpu.program("shaders/art/line_spans.comp");
  kernel.use();
  Gpu::bind({&gpu.lineFirst, &gpu.lineEnd, &gpu.counters});
  Gpu::setUniform(kernel, "u_lineCount", gpu.lineCount);
  Gpu::dispatch(gpu.lineCount);
}

void ArtPipeline::packBins(Packing packing) {
  Gpu& gpu = *gpu_;
  const SpanCounts& spans = *spanCounts_;
  const std::uint64_t pixels = static_cast<std::uint64_t>(width_) * static_cast<std::uint64_t>(height_);
  // Bins of binWidth span pixels, by where spans start. A bin holds at most ceil(binWidth / 2)
  // spans (each two pixels or more), and each needs a slot below the padding's.
  const std::uint32_t keyMax = pixelKeyMax(settings_.key);
  packed_.keyBits = static_cast<std::uint32_t>(std::bit_width(keyMax));
  const std::uint64_t slots = (std::uint64_t{1} << (32 - packed_.keyBits)) - 1;
  const std::uint64_t fewestWide = gl::divideRoundingUp(spans.spanPixels, kMaxPackedRows);
  const std::uint64_t wanted =
      packing == Packing::ShortRows ? spans.longestSpan : std::uint64_t{4} * spans.longestSpan;
  const std::uint64_t binWidth = std::max<std::uint64_t>(2, std::min(std::max(wanted, fewestWide), 2 * slots));
  packed_.binWidth = static_cast<std::uint32_t>(binWidth);
  const std::uint64_t binCount = gl::divideRoundingUp(spans.spanPixels, binWidth);
  const std::uint64_t rowLength = binWidth + spans.longestSpan - 1;
  if (binCount * rowLength >= 0xFFFFFFFFull) throw UserError("the packed spans need 2^32 elements or more");
  packed_.shape = {static_cast<std::uint32_t>(binCount), static_cast<std::uint32_t>(rowLength), true};
  // The composite keys use the slot bits up to the most slots a bin can hold. Radix may skip the
  // digits above: the padding (all ones) then ties with the largest keys in them and, being last
  // in its row, stays last in a stable sort.
  const std::uint64_t slotsUsed = gl::divideRoundingUp(packed_.binWidth, 2);
  packed_.sortedBits = std::min(32u, packed_.keyBits + static_cast<std::uint32_t>(std::bit_width(slotsUsed)));
  const std::uint64_t elements = packed_.shape.elementCount();

  Gpu::ensure(gpu.binOffset, "art: bin offsets", binCount);
  Gpu::ensure(gpu.binSpan, "art: bin spans", binCount);
  gpu.fill(gpu.binOffset, binCount, kPadding);
  gpu.fill(gpu.binSpan, binCount, kPadding);
  {
    const gl::Program& kernel = gpu.program("shaders/art/bin_firsts.comp");
    kernel.use();
    Gpu::bind({&gpu.runState, &gpu.keptPixels, &gpu.kept, &gpu.binOffset, &gpu.binSpan});
    Gpu::setUniform(kernel, "u_count", static_cast<std::uint32_t>(pixels));
    Gpu::setUniform(kernel, "u_binWidth", packed_.binWidth);
    Gpu::dispatch(pixels);
  }
  Gpu::ensure(gpu.packedKeys, "art: packed keys", elements);
  Gpu::ensure(gpu.packedValues, "art: packed values", elements);
  Gpu::ensure(gpu.destinations, "art: packed destinations", elements);
  gpu.fill(gpu.packedKeys, elements, kPadding);
  gpu.fill(gpu.destinations, elements, kPadding);
  const gl::Program& kernel = gpu.program("shaders/art/pack.comp");
  kernel.use();
  Gpu::bind({&gpu.mapPixels, &gpu.runOf, &gpu.runBegin, &gpu.runState, &gpu.keptPixels, &gpu.kept, &gpu.binOffset,
             &gpu.binSpan, &gpu.keys, &gpu.packedKeys, &gpu.packedValues, &gpu.destinations});
  Gpu::setUniform(kernel, "u_count", static_cast<std::uint32_t>(pixels));
  Gpu::setUniform(kernel, "u_binWidth", packed_.binWidth);
  Gpu::setUniform(kernel, "u_rowLength", packed_.shape.sequenceLength);
  Gpu::setUniform(kernel, "u_keyBits", packed_.keyBits);
  Gpu::setUniform(kernel, "u_descending", settings_.descending ? 1u : 0u);
  Gpu::setUniform(kernel, "u_keyMax", keyMax);
  Gpu::dispatch(pixels);
}

void ArtPipeline::load(Sorter& sorter) {
  Packing packing = packingFor(sorter);
  // A loaded sorter steps one sort; a key too wide for one takes bins instead.
  if (packing == Packing::OneSequence && !oneSequenceFitsOneSort()) packing = Packing::LongRows;
  if (preparedFor_ != packing) prepare(packing);
  sortedInPlace_ = false;
  if (packedNothing()) return;
  const std::uint32_t bits = packed_.sortedBits;
  sorter.load(SortTarget{.shape = packed_.shape,
                         .keys = {gpu_->packedKeys.id(), 0},
                         .values = {gpu_->packedValues.id(), 0},
                         .differingBits = bits >= 32 ? 0xFFFFFFFFu : (1u << bits) - 1});
}

void ArtPipeline::sort(Sorter& sorter, std::optional<std::uint32_t> passes) {
  SortEngine* engine = sorter.engine();
  if (engine != nullptr && !passes) {
    // The engine's way: sorted where the packing lies, with no copy into the sorter (on an H100 a
    // buffer copy moves 177 GB/s, a sixteenth of what shaders move).
    const Packing packing = packingFor(sorter);
    if (preparedFor_ != packing) prepare(packing);
    const auto sortBy = [&](std::uint32_t bits) {
      engine->sortInPlace(SortTarget{.shape = packed_.shape,
                                    .keys = {gpu_->packedKeys.id(), 0},
                                    .values = {gpu_->packedValues.id(), 0},
                                    .differingBits = bits >= 32 ? 0xFFFFFFFFu : (1u << bits) - 1});
      glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    };
    const bool split = packed_.packing == Packing::OneSequence && packed_.sortedBits > 32;
    if (packedNothing()) {
      // Nothing to sort.
    } else if (!split) {
      sortBy(packed_.sortedBits);
    } else {
      // Split: by the pixel key, then (stably) by the group each element's position had.
      sortBy(packed_.keyBits);
      const gl::Program& gather = gpu_->program("shaders/art/gather_groups.comp");
      gather.use();
      Gpu::bind({&gpu_->groups, &gpu_->packedValues, &gpu_->packedKeys});
      Gpu::setUniform(gather, "u_count", packed_.shape.sequenceLength);
      Gpu::dispatch(packed_.shape.sequenceLength);
      sortBy(packed_.groupBits);
    }
    sortedInPlace_ = true;
    finished(ArtStage::Sort);
    paint(sorter);
    finished(ArtStage::WriteBack);
    return;
  }
  load(sorter);
  if (!packedNothing()) {
    if (passes) sorter.seek(*passes);
    else sorter.runAll();
  }
  finished(ArtStage::Sort);
  paint(sorter);
  finished(ArtStage::WriteBack);
}

void ArtPipeline::paintInput() {
  thenPainted_ = false;
  Gpu& gpu = *gpu_;
  const std::uint64_t pixels = static_cast<std::uint64_t>(width_) * static_cast<std::uint64_t>(height_);
  if (pixels == 0) return;
  const gl::Program& kernel = gpu.program("shaders/art/paint_input.comp");
  kernel.use();
  Gpu::bind({&gpu.picture});
  glBindImageTexture(kResultImageUnit, gpu.result.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
  Gpu::setUniform(kernel, "u_width", static_cast<std::uint32_t>(width_));
  Gpu::setUniform(kernel, "u_height", static_cast<std::uint32_t>(height_));
  Gpu::dispatch(pixels);
  glBindImageTexture(kResultImageUnit, 0, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
}

void ArtPipeline::paint(const Sorter& sorter) {
  thenPainted_ = false;
  const bool finishedSort = preparedFor_ && (packedNothing() || sortedInPlace_ || sorter.finished());
  paintFirstPass(sorter);
  if (settings_.then && finishedSort) runThenPass();
}

void ArtPipeline::runThenPass() {
  const std::uint64_t pixels = static_cast<std::uint64_t>(width_) * static_cast<std::uint64_t>(height_);
  if (pixels == 0) return;
  if (!then_) then_ = std::make_unique<ArtPipeline>(*context_);
  ArtPipeline& then = *then_;
  Gpu& from = *gpu_;
  Gpu& to = *then.gpu_;
  // Its images: this result as its picture, the same mask, intervals and key image, copied on the
  // GPU into buffers kept while the size stays.
  if (then.width_ != width_ || then.height_ != height_ || !to.picture) {
    then.width_ = width_;
    then.height_ = height_;
    to.picture = StorageBuffer("art: then picture", pixels * 4);
    to.result = gl::makeNearestTexture("art: then result", GL_RGBA8, width_, height_);
    to.mask.reset();
    to.intervals.reset();
    to.keyImage.reset();
    then.mappedPath_.reset();
  }
  const auto copy = [&](const StorageBuffer& source, StorageBuffer& into, bool present, const char* label) {
    if (!present) return;
    if (!into) into = StorageBuffer(label, pixels * 4);
    gl::copyBuffer(source.buffer(), into.buffer(), pixels * 4);
  };
  copy(from.mask, to.mask, hasMask_, "art: then mask");
  copy(from.intervals, to.intervals, hasIntervals_, "art: then interval image");
  copy(from.keyImage, to.keyImage, hasKeyImage_, "art: then key image");
  then.hasMask_ = hasMask_;
  then.hasIntervals_ = hasIntervals_;
  then.hasKeyImage_ = hasKeyImage_;
  then.pictureOpaque_ = pictureOpaque_;  // the same pixels, moved
  // The result texture into the picture buffer, on the GPU (a pixel-pack read into a buffer).
  glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glBindBuffer(GL_PIXEL_PACK_BUFFER, to.picture.id());
  glBindTexture(GL_TEXTURE_2D, from.result.id());
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glBindTexture(GL_TEXTURE_2D, 0);
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
  then.setSettings(thenPassSettings(settings_));
  if (!thenSorter_) thenSorter_ = std::make_unique<RadixSorter>(*context_, SorterOptions{});
  then.sort(*thenSorter_);
  glCopyImageSubData(to.result.id(), GL_TEXTURE_2D, 0, 0, 0, 0, from.result.id(), GL_TEXTURE_2D, 0, 0, 0, 0, width_,
                     height_, 1);
  thenPainted_ = true;
}

std::vector<std::uint32_t> ArtPipeline::thenSources() const {
  if (!thenPass()) throw std::logic_error("ArtPipeline::thenSources without a then pass painted");
  return then_->sources(*thenSorter_);
}

void ArtPipeline::paintFirstPass(const Sorter& sorter) {
  if (packedNothing() || !preparedFor_) {
    paintInput();
    return;
  }
  const bool oneSequence = packed_.packing == Packing::OneSequence;
  if (!oneSequence) paintInput();  // bins write back only the spans' pixels
  Gpu& gpu = *gpu_;
  const GpuStateView state =
      sortedInPlace_ ? GpuStateView{.keys = gpu.packedKeys.id(), .values = gpu.packedValues.id()} : sorter.gpuState();
  const SortShape& shape = packed_.shape;
  render::requireReadableState(state, shape);
  const gl::Program& kernel =
      gpu.program(oneSequence ? "shaders/art/paint_sequence.comp" : "shaders/art/paint_sorted.comp",
                  render::stateSourceDefines(state.storage));
  kernel.use();
  render::bindStateSource(state, shape, render::StateSourceUniforms::find(kernel));
  gpu.picture.bind(2);
  (oneSequence ? gpu.mapPixels : gpu.destinations).bind(3);
  glBindImageTexture(kResultImageUnit, gpu.result.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
  Gpu::setUniform(kernel, "u_width", static_cast<std::uint32_t>(width_));
  Gpu::setUniform(kernel, "u_count", static_cast<std::uint32_t>(shape.elementCount()));
  Gpu::dispatch(shape.elementCount());
  glBindImageTexture(kResultImageUnit, 0, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
  render::unbindStateSource(state.storage);
}

void ArtPipeline::paintSpanOverlay() {
  thenPainted_ = false;
  if (!preparedFor_) prepare(Packing::LongRows);
  if (!runsFound_) {
    findSpans();  // a whole-lines packing found none; the packing stays as it is
    runsFound_ = true;
  }
  const std::uint64_t pixels = static_cast<std::uint64_t>(width_) * static_cast<std::uint64_t>(height_);
  if (pixels == 0) return;
  Gpu& gpu = *gpu_;
  const gl::Program& kernel = gpu.program("shaders/art/span_overlay.comp");
  kernel.use();
  Gpu::bind({&gpu.picture, &gpu.mapPixels, &gpu.runOf, &gpu.runState});
  glBindImageTexture(kResultImageUnit, gpu.result.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
  Gpu::setUniform(kernel, "u_width", static_cast<std::uint32_t>(width_));
  Gpu::setUniform(kernel, "u_count", static_cast<std::uint32_t>(pixels));
  Gpu::dispatch(pixels);
  glBindImageTexture(kResultImageUnit, 0, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
}

GLuint ArtPipeline::resultTexture() const { return gpu_->result.id(); }

Image ArtPipeline::readResult() const {
  Image image(width_, height_);
  if (image.pixelCount() == 0) return image;
  glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glBindTexture(GL_TEXTURE_2D, gpu_->result.id());
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data());
  glBindTexture(GL_TEXTURE_2D, 0);
  return image;
}

void ArtPipeline::startReadResult(int slot) {
  if (slot < 0 || slot >= kReadSlots) throw std::logic_error("startReadResult: no read-back slot " + std::to_string(slot));
  const auto bytes = static_cast<GLsizeiptr>(std::size_t{4} * width_ * height_);
  if (bytes == 0) return;
  Gpu& gpu = *gpu_;
  if (gpu.readBack[slot].id() == 0) gpu.readBack[slot] = gl::Buffer("art: result read-back");
  glBindBuffer(GL_PIXEL_PACK_BUFFER, gpu.readBack[slot].id());
  if (gpu.readBackBytes[slot] != bytes) {
    glBufferData(GL_PIXEL_PACK_BUFFER, bytes, nullptr, GL_STREAM_READ);
    gpu.readBackBytes[slot] = bytes;
  }
  glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glBindTexture(GL_TEXTURE_2D, gpu.result.id());
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);  // into the buffer: no wait here
  glBindTexture(GL_TEXTURE_2D, 0);
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  if (gpu.readBackDone[slot]) glDeleteSync(gpu.readBackDone[slot]);
  gpu.readBackDone[slot] = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
  glFlush();  // the copy starts while the CPU goes on, not when it first waits
}

void ArtPipeline::finishReadResult(int slot, Image& into) {
  if (slot < 0 || slot >= kReadSlots) throw std::logic_error("finishReadResult: no read-back slot " + std::to_string(slot));
  if (into.width != width_ || into.height != height_) into = Image(width_, height_);
  if (into.pixelCount() == 0) return;
  copyFromReadSlot(slot, into.rgba.data(), into.rgba.size());
}

void ArtPipeline::startReadResultYuv420(int slot) {
  if (slot < 0 || slot >= kReadSlots)
    throw std::logic_error("startReadResultYuv420: no read-back slot " + std::to_string(slot));
  Yuv420Picture shape;
  shape.width = width_;
  shape.height = height_;
  if (shape.byteCount() == 0) return;
  Gpu& gpu = *gpu_;
  const std::uint64_t words = (shape.byteCount() + 3) / 4;
  gpu.yuvResult.ensure("art: YUV result", static_cast<std::size_t>(words * 4));
  const gl::Program& kernel = gpu.program("shaders/art/rgba_to_yuv420.comp");
  kernel.use();
  gpu.yuvResult.bind(0);
  glBindImageTexture(kResultImageUnit, gpu.result.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
  Gpu::setUniform(kernel, "u_width", static_cast<std::uint32_t>(width_));
  Gpu::setUniform(kernel, "u_height", static_cast<std::uint32_t>(height_));
  Gpu::dispatch(words);
  glBindImageTexture(kResultImageUnit, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
  // Into the slot's buffer by a copy on the GPU: the CPU waits for nothing here.
  const auto bytes = static_cast<GLsizeiptr>(words * 4);
  if (gpu.readBack[slot].id() == 0) gpu.readBack[slot] = gl::Buffer("art: result read-back");
  glBindBuffer(GL_COPY_WRITE_BUFFER, gpu.readBack[slot].id());
  if (gpu.readBackBytes[slot] != bytes) {
    glBufferData(GL_COPY_WRITE_BUFFER, bytes, nullptr, GL_STREAM_READ);
    gpu.readBackBytes[slot] = bytes;
  }
  glBindBuffer(GL_COPY_READ_BUFFER, gpu.yuvResult.id());
  glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, bytes);
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  if (gpu.readBackDone[slot]) glDeleteSync(gpu.readBackDone[slot]);
  gpu.readBackDone[slot] = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
  glFlush();
}

void ArtPipeline::finishReadResultYuv420(int slot, Yuv420Picture& into) {
  if (slot < 0 || slot >= kReadSlots)
    throw std::logic_error("finishReadResultYuv420: no read-back slot " + std::to_string(slot));
  into.width = width_;
  into.height = height_;
  into.matrix = YuvMatrix::Bt601;
  into.fullRange = false;
  into.planes.resize(into.byteCount());
  if (into.planes.empty()) return;
  copyFromReadSlot(slot, into.planes.data(), into.planes.size());
}

void ArtPipeline::copyFromReadSlot(int slot, std::uint8_t* into, std::size_t size) {
  Gpu& gpu = *gpu_;
  GLsync fence = gpu.readBackDone[slot];
  if (!fence) throw std::logic_error("read-back slot " + std::to_string(slot) + " holds no read-back");
  if (static_cast<GLsizeiptr>(size) > gpu.readBackBytes[slot])
    throw std::logic_error("read-back slot " + std::to_string(slot) + " holds a smaller read-back");
  for (;;) {
    const GLenum waited = glClientWaitSync(fence, GL_SYNC_FLUSH_COMMANDS_BIT, 1'000'000'000);  // 1 s a wait
    if (waited == GL_ALREADY_SIGNALED || waited == GL_CONDITION_SATISFIED) break;
    if (waited == GL_WAIT_FAILED) throw std::runtime_error("the GPU's read-back fence failed");
  }
  glDeleteSync(fence);
  gpu.readBackDone[slot] = nullptr;
  glBindBuffer(GL_PIXEL_PACK_BUFFER, gpu.readBack[slot].id());
  const auto bytes = static_cast<GLsizeiptr>(size);
  const void* mapped = glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, bytes, GL_MAP_READ_BIT);
  if (mapped) std::memcpy(into, mapped, size);
  glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  if (!mapped) throw std::runtime_error("the GPU's read-back buffer could not be mapped");
}

std::vector<std::uint32_t> ArtPipeline::sources(const Sorter& sorter) const {
  const std::size_t pixels = static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_);
  std::vector<std::uint32_t> result(pixels);
  std::iota(result.begin(), result.end(), 0u);
  if (packedNothing()) return result;
  SortData state;
  if (sortedInPlace_) {
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    state.keys = gl::downloadWords(gpu_->packedKeys.buffer(), packed_.shape.elementCount());
    state.values = gl::downloadWords(gpu_->packedValues.buffer(), packed_.shape.elementCount());
  } else {
    state = sorter.read();
  }
  if (packed_.packing == Packing::OneSequence) {
    const std::vector<std::uint32_t> map = gl::downloadWords(gpu_->mapPixels.buffer(), pixels);
    for (std::size_t i = 0; i < pixels; ++i)
      // A value out of range (a broken sort) shows as kPadding, which checkSources() reports.
      result[map[i]] = state.values[i] < pixels ? map[state.values[i]] : kPadding;
    return result;
  }
  const std::vector<std::uint32_t> destinations =
      gl::downloadWords(gpu_->destinations.buffer(), packed_.shape.elementCount());
  for (std::size_t i = 0; i < destinations.size(); ++i) {
    if (destinations[i] == kPadding) continue;
    // Padding where a pixel belongs (a broken sort) shows as kPadding, which checkSources() reports.
    result[destinations[i]] = state.keys[i] == kPadding ? kPadding : state.values[i];
  }
  return result;
}

PathMap ArtPipeline::readMap() {
  if (!mapIsCurrent()) buildMap();
  PathMap map;
  map.width = width_;
  map.height = height_;
  const std::size_t pixels = static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_);
  if (pixels == 0) return map;
  map.pixels = gl::downloadWords(gpu_->mapPixels.buffer(), pixels);
  const std::vector<std::uint32_t> lines = gl::downloadWords(gpu_->mapLines.buffer(), pixels);
  for (std::size_t at = 0; at < pixels; ++at)
    if (at == 0 || lines[at] != lines[at - 1]) {
      map.lineStarts.push_back(static_cast<std::uint32_t>(at));
      map.lineIds.push_back(lines[at]);
    }
  map.lineStarts.push_back(static_cast<std::uint32_t>(pixels));
  return map;
}

std::vector<std::uint32_t> ArtPipeline::readKeys() const {
  const std::size_t pixels = static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_);
  std::vector<std::uint32_t> keys = gl::downloadWords(gpu_->keys.buffer(), pixels);
  if (settings_.descending)
    for (std::uint32_t& key : keys) key = pixelKeyMax(settings_.key) - key;
  return keys;
}

std::vector<std::uint32_t> ArtPipeline::keyHistogram(std::uint32_t bins) {
  Gpu& gpu = *gpu_;
  const std::uint64_t pixels = static_cast<std::uint64_t>(width_) * static_cast<std::uint64_t>(height_);
  if (pixels == 0 || bins == 0) return std::vector<std::uint32_t>(bins, 0);
  computeKeys();
  Gpu::ensure(gpu.histogram, "art: key histogram", bins);
  const StorageBuffer& counts = gpu.histogram;
  gpu.fill(counts, bins, 0);
  const gl::Program& kernel = gpu.program("shaders/art/key_histogram.comp");
  kernel.use();
  // The key the threshold slides over: the span key's.
  Gpu::bind({spanKeyOf(settings_) != settings_.key ? &gpu.spanKeys : &gpu.keys, &counts});
  Gpu::setUniform(kernel, "u_count", static_cast<std::uint32_t>(pixels));
  Gpu::setUniform(kernel, "u_bins", bins);
  Gpu::setUniform(kernel, "u_keyMax", pixelKeyMax(spanKeyOf(settings_)));
  Gpu::dispatch(pixels);
  return gl::downloadWords(counts.buffer(), bins, gpu.histogramReadBack);
}

}  // namespace shadersort::art

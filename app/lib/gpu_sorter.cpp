// The library's sort (include/shadersort/gpu_sorter.h). Radix at aligned offsets sorts the
// caller's buffers where they lie: the keys are encoded in place (when their format or order
// needs it), the engine's in-place sort alternates between them and its scratch, and the keys
// are decoded in place. Otherwise the keys go through a scratch copy each way and a registry
// sorter's load(), as the viewer's sorters take their input.

#include "shadersort/gpu_sorter.h"

#include <glad/gl.h>

#include <dlfcn.h>

#include <array>
#include <limits>
#include <string>
#include <string_view>

#include "core/error.h"
#include "gl/compute.h"
#include "gl/limits.h"
#include "lib/gl_state_guard.h"
#include "sort/compute/kernel.h"
#include "sort/compute/storage_buffer.h"
#include "sort/registry.h"

namespace shadersort {
namespace {

constexpr std::uint32_t kCodecWorkgroup = 256;
constexpr GLuint kCodecFromBinding = 0, kCodecToBinding = 1;  // shaders/lib/key_codec.comp

struct CodecUniforms {
  std::uint32_t count = 0, keyFormat = 0, descending = 0, decode = 0;
  static auto fields() {
    return std::array{compute::uniform("u_count", &CodecUniforms::count),
                      compute::uniform("u_keyFormat", &CodecUniforms::keyFormat),
                      compute::uniform("u_descending", &CodecUniforms::descending),
                      compute::uniform("u_decode", &CodecUniforms::decode)};
  }
};

std::string_view registryName(SortAlgorithm algorithm) {
  switch (algorithm) {
    case SortAlgorithm::Radix: return "radix";
    case SortAlgorithm::Bitonic: return "bitonic";
    case SortAlgorithm::OddEven: return "odd-even";
  }
  throw SortError("shadersort: unsupported algorithm " + std::to_string(static_cast<int>(algorithm)) +
                  " (radix, bitonic and odd-even are offered)");
}

// The windowing system's handle of the current context (EGL's, else GLX's), or null when neither
// library is loaded in the process or no context is current. Looked up in the libraries already
// loaded, whoever loaded them: the library itself loads none.
void* currentContextHandle() {
  using CurrentContext = void* (*)();
  static const std::array<CurrentContext, 2> queries = [] {
    std::array<CurrentContext, 2> found{};
    const std::array<std::pair<const char*, const char*>, 2> sources = {
        {{"libEGL.so.1", "eglGetCurrentContext"}, {"libGLX.so.0", "glXGetCurrentContext"}}};
    for (std::size_t i = 0; i < sources.size(); ++i)
      if (void* library = dlopen(sources[i].first, RTLD_LAZY | RTLD_NOLOAD))
        found[i] = reinterpret_cast<CurrentContext>(dlsym(library, sources[i].second));
    return found;
  }();
  for (CurrentContext query : queries)
    if (query != nullptr)
      if (void* context = query()) return context;
  return nullptr;
}

// Bytes of `buffer`, or a SortError naming `role` when it is no buffer of this context.
GLint64 bufferBytes(GLuint buffer, std::string_view role) {
  if (buffer == 0 || !glIsBuffer(buffer))
    throw SortError("shadersort: the " + std::string(role) + " (" + std::to_string(buffer) +
                    ") is not a buffer of the current context");
  GLint64 bytes = 0;
  glBindBuffer(GL_COPY_READ_BUFFER, buffer);  // the caller's binding comes back with the guard
  glGetBufferParameteri64v(GL_COPY_READ_BUFFER, GL_BUFFER_SIZE, &bytes);
  return bytes;
}

// The request's shape, after checking everything the caller controls and this GPU's limits (before
// the buffers' sizes, so that a count beyond the limits says so whatever the buffers hold).
SortShape checkedShape(const SortRequest& request, const gl::Limits& limits) {
  const AlgorithmInfo& algorithm = findAlgorithm(registryName(request.algorithm));
  if (request.keyFormat != KeyFormat::U32 && request.keyFormat != KeyFormat::I32 &&
      request.keyFormat != KeyFormat::F32)
    throw SortError("shadersort: unknown key format " + std::to_string(static_cast<int>(request.keyFormat)));
  if (request.order != SortOrder::Ascending && request.order != SortOrder::Descending)
    throw SortError("shadersort: unknown sort order " + std::to_string(static_cast<int>(request.order)));
  if (request.values != 0 && request.values == request.keys)
    throw SortError("shadersort: keys and values must lie in different buffers");
  if (request.keysOffset % 4 != 0 || request.valuesOffset % 4 != 0)
    throw SortError("shadersort: offsets must be multiples of 4 bytes (keys " + std::to_string(request.keysOffset) +
                    ", values " + std::to_string(request.valuesOffset) + ")");
  if (request.beginBit >= request.endBit || request.endBit > 32 || request.beginBit % 8 != 0 || request.endBit % 8 != 0)
    throw SortError("shadersort: the bit range [" + std::to_string(request.beginBit) + ", " +
                    std::to_string(request.endBit) + ") must be a non-empty range of 8-bit digits within [0, 32)");
  if ((request.beginBit != 0 || request.endBit != 32) && request.algorithm != SortAlgorithm::Radix)
    throw SortError("shadersort: a bit range needs the radix algorithm");
  constexpr auto kMaxCount = std::numeric_limits<std::uint32_t>::max();
  if (request.count > kMaxCount)
    throw SortError("shadersort: " + std::to_string(request.count) + " keys exceed 2^32 - 1");
  const bool grouped = request.segmentOffsets != 0 || request.countBuffer != 0;
  if (grouped && request.algorithm != SortAlgorithm::Radix)
    throw SortError("shadersort: segment offsets and an indirect count need the radix algorithm");
  if (grouped && request.rowLength != 0)
    throw SortError("shadersort: segment offsets and an indirect count cannot go with a row length");
  if (request.segmentOffsetsOffset % 4 != 0 || request.countBufferOffset % 4 != 0)
    throw SortError("shadersort: the segment offsets' and the count's byte offsets must be multiples of 4");
  if (request.segmentCount > kMaxCount - 1)
    throw SortError("shadersort: " + std::to_string(request.segmentCount) + " segments exceed 2^32 - 2");
  const std::size_t rowLength = request.rowLength == 0 ? request.count : request.rowLength;
  if (rowLength != 0 && request.count % rowLength != 0)
    throw SortError("shadersort: count " + std::to_string(request.count) + " is not a multiple of the row length " +
                    std::to_string(rowLength));
  SortShape shape;
  shape.sequenceLength = static_cast<std::uint32_t>(rowLength);
  shape.sequenceCount = rowLength == 0 ? 1u : static_cast<std::uint32_t>(request.count / rowLength);
  shape.hasValues = request.values != 0;
  requireSortable(algorithm, shape, limits);
  const auto neededBytes = static_cast<GLint64>(request.count) * 4;
  auto requireRoom = [&](GLuint buffer, std::size_t offset, const char* role, const char* what) {
    const GLint64 bytes = bufferBytes(buffer, role);
    if (bytes < static_cast<GLint64>(offset) + neededBytes)
      throw SortError("shadersort: the " + std::string(role) + " holds " + std::to_string(bytes) + " bytes, " +
                      std::to_string(request.count) + " " + what + " from byte " + std::to_string(offset) + " need " +
                      std::to_string(static_cast<GLint64>(offset) + neededBytes));
  };
  requireRoom(request.keys, request.keysOffset, "keys buffer", "keys");
  if (request.values != 0) requireRoom(request.values, request.valuesOffset, "values buffer", "values");
  auto requireWords = [&](GLuint buffer, std::size_t offset, std::size_t words, const char* role) {
    const GLint64 bytes = bufferBytes(buffer, role);
    const auto needed = static_cast<GLint64>(offset + words * 4);
    if (bytes < needed)
      throw SortError("shadersort: the " + std::string(role) + " holds " + std::to_string(bytes) + " bytes, " +
                      std::to_string(needed) + " needed");
  };
  if (request.segmentOffsets != 0)
    requireWords(request.segmentOffsets, request.segmentOffsetsOffset, request.segmentCount + 1,
                 "segment offsets buffer");
  if (request.countBuffer != 0) requireWords(request.countBuffer, request.countBufferOffset, 1, "count buffer");
  return shape;
}

// Copies `bytes` bytes between two buffers at any offsets (what a storage binding cannot take).
void copyBytes(GLuint from, std::size_t fromOffset, GLuint to, std::size_t toOffset, std::size_t bytes) {
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);  // the copy reads what shaders wrote
  glBindBuffer(GL_COPY_READ_BUFFER, from);
  glBindBuffer(GL_COPY_WRITE_BUFFER, to);
  glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, static_cast<GLintptr>(fromOffset),
                      static_cast<GLintptr>(toOffset), static_cast<GLsizeiptr>(bytes));
}

}  // namespace

struct GpuSorter::Resources {
  // Of the context current when the GpuSorter was made. Its shaders are always the embedded
  // copies: a library has no shader folder, whatever a viewer in the same process reads.
  SortContext context{gl::ShaderSource()};
  void* contextHandle = currentContextHandle();  // null where it cannot be told (no EGL or GLX)
  compute::Kernel<CodecUniforms> codec;
  compute::StorageBuffer keysCopy;  // the copied path's keys; grows, never shrinks
  // Segments or a GPU count at offsets no storage binding takes: the values, offsets and count,
  // copied (the keys go to keysCopy).
  compute::StorageBuffer valuesCopy, segmentArguments, countArgument;
  // One per SortAlgorithm, made on first use; each keeps its programs and scratch across calls.
  std::array<std::unique_ptr<Sorter>, 3> sorters;

  Sorter& sorterFor(SortAlgorithm algorithm) {
    std::unique_ptr<Sorter>& sorter = sorters.at(static_cast<std::size_t>(algorithm));
    if (!sorter) sorter = findAlgorithm(registryName(algorithm)).create(context, SorterOptions{});
    return *sorter;
  }
  // The algorithm's engine where its stepper has one (radix), else nullptr: such sorts go through
  // load() and a copy.
  SortEngine* engineFor(SortAlgorithm algorithm) { return sorterFor(algorithm).engine(); }
  SortEngine& radix() { return *engineFor(SortAlgorithm::Radix); }

  // The library's own scratch for segmented sorts of up to `count` keys (and as many segments) at
  // offsets no storage binding takes, beside the engine's (SegmentedSort's and radix's pairs).
  static std::size_t segmentedCopiesBytes(std::size_t count, bool withValues) {
    return count * 4 * (withValues ? 2 : 1) + (count + 1) * 4 + 4;
  }
  void reserveSegmentedCopies(std::size_t count, bool withValues) {
    keysCopy.ensure("shadersort library: keys", count * 4);
    if (withValues) valuesCopy.ensure("shadersort library: values", count * 4);
    segmentArguments.ensure("shadersort library: segment offsets", (count + 1) * 4);
    countArgument.ensure("shadersort library: count", 4);
  }

  // Throws SortError when radix cannot sort `count` keys on this GPU.
  void requireRadixCount(std::size_t count, bool withValues) const {
    if (count > std::numeric_limits<std::uint32_t>::max())
      throw SortError("shadersort: " + std::to_string(count) + " keys exceed 2^32 - 1");
    requireSortable(findAlgorithm("radix"), SortShape{1, static_cast<std::uint32_t>(count), withValues},
                    context.limits());
  }

  void requireOwnContext() const {
    if (contextHandle != nullptr && currentContextHandle() != contextHandle)
      throw SortError("shadersort: called with another OpenGL context current than the one this GpuSorter was made in");
  }

  // Encodes or decodes `count` keys in place at `range`: every invocation reads and writes its own word.
  void runCodec(const compute::StorageRange& range, const CodecUniforms& uniforms) {
    range.bind(kCodecFromBinding);
    range.bind(kCodecToBinding);
    // The dispatch ends with GL_SHADER_STORAGE_BARRIER_BIT, enough for the sorter's reads.
    codec.dispatch(uniforms, gl::divideRoundingUp(uniforms.count, kCodecWorkgroup));
  }

  // Segments or a GPU count: the radix engine's segmented sort (sort/segmented_sort.h) on the
  // caller's buffers where their offsets allow a binding, else on copies.
  void sortSegmented(const SortRequest& request, std::uint32_t bitRange) {
    const std::size_t count = request.count, bytes = count * 4;
    const bool identity = request.keyFormat == KeyFormat::U32 && request.order == SortOrder::Ascending;
    CodecUniforms uniforms{.count = static_cast<std::uint32_t>(count),
                           .keyFormat = static_cast<std::uint32_t>(request.keyFormat),
                           .descending = request.order == SortOrder::Descending ? 1u : 0u,
                           .decode = 0};
    const bool bindable = compute::alignedForStorage(request.keysOffset) &&
                          (request.values == 0 || compute::alignedForStorage(request.valuesOffset));
    SortTarget target{.shape = {1, static_cast<std::uint32_t>(count), request.values != 0},
                      .keys = {request.keys, request.keysOffset},
                      .values = {request.values, request.valuesOffset},
                      .differingBits = bitRange};
    if (!bindable) {
      keysCopy.ensure("shadersort library: keys", bytes);
      copyBytes(request.keys, request.keysOffset, keysCopy.id(), 0, bytes);
      target.keys = {keysCopy.id(), 0};
      if (request.values != 0) {
        valuesCopy.ensure("shadersort library: values", bytes);
        copyBytes(request.values, request.valuesOffset, valuesCopy.id(), 0, bytes);
        target.values = {valuesCopy.id(), 0};
      }
    }
    if (request.segmentOffsets != 0) {
      const std::size_t offsetBytes = (request.segmentCount + 1) * 4;
      target.segments = SegmentOffsets{.offsets = {request.segmentOffsets, request.segmentOffsetsOffset},
                                       .count = static_cast<std::uint32_t>(request.segmentCount)};
      if (!compute::alignedForStorage(request.segmentOffsetsOffset)) {
        segmentArguments.ensure("shadersort library: segment offsets", offsetBytes);
        copyBytes(request.segmentOffsets, request.segmentOffsetsOffset, segmentArguments.id(), 0, offsetBytes);
        target.segments->offsets = {segmentArguments.id(), 0};
      }
    }
    if (request.countBuffer != 0) {
      target.gpuCount = BufferRange{request.countBuffer, request.countBufferOffset};
      if (!compute::alignedForStorage(request.countBufferOffset)) {
        countArgument.ensure("shadersort library: count", 4);
        copyBytes(request.countBuffer, request.countBufferOffset, countArgument.id(), 0, 4);
        target.gpuCount = BufferRange{countArgument.id(), 0};
      }
    }
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // the kernels read what the copies wrote
    const compute::StorageRange keys{target.keys.buffer, target.keys.offset, bytes};
    if (!identity) runCodec(keys, uniforms);
    radix().sortInPlace(target);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    uniforms.decode = 1;
    if (!identity) runCodec(keys, uniforms);
    if (bindable) return;
    copyBytes(keysCopy.id(), 0, request.keys, request.keysOffset, bytes);
    if (request.values != 0) copyBytes(valuesCopy.id(), 0, request.values, request.valuesOffset, bytes);
  }

  void sort(const SortRequest& request) {
    requireOwnContext();
    const SortShape shape = checkedShape(request, context.limits());
    if (shape.sequenceLength < 2 || request.count == 0) return;  // nothing can move
    const std::uint32_t bitRange = request.endBit - request.beginBit == 32
                                       ? 0xFFFFFFFFu
                                       : ((1u << (request.endBit - request.beginBit)) - 1u) << request.beginBit;
    if (request.segmentOffsets != 0 || request.countBuffer != 0) {
      sortSegmented(request, bitRange);
      if (request.barrierBits != 0) glMemoryBarrier(request.barrierBits);
      return;
    }
    const std::size_t bytes = request.count * 4;
    CodecUniforms uniforms{.count = static_cast<std::uint32_t>(request.count),
                           .keyFormat = static_cast<std::uint32_t>(request.keyFormat),
                           .descending = request.order == SortOrder::Descending ? 1u : 0u,
                           .decode = 0};
    const bool identity = request.keyFormat == KeyFormat::U32 && request.order == SortOrder::Ascending;
    SortEngine* engine = engineFor(request.algorithm);
    const bool inPlace = engine != nullptr && compute::alignedForStorage(request.keysOffset) &&
                         (request.values == 0 || compute::alignedForStorage(request.valuesOffset));
    if (inPlace) {
      const compute::StorageRange keys{request.keys, request.keysOffset, bytes};
      if (!identity) runCodec(keys, uniforms);
      engine->sortInPlace(SortTarget{.shape = shape,
                                     .keys = {request.keys, request.keysOffset},
                                     .values = {request.values, request.valuesOffset},
                                     .differingBits = bitRange});
      uniforms.decode = 1;
      if (!identity) runCodec(keys, uniforms);
    } else {
      keysCopy.ensure("shadersort library: keys", bytes);
      copyBytes(request.keys, request.keysOffset, keysCopy.id(), 0, bytes);
      if (!identity) runCodec(keysCopy.range(), uniforms);
      Sorter& sorter = sorterFor(request.algorithm);
      sorter.load(SortTarget{.shape = shape,
                             .keys = {keysCopy.id(), 0},
                             .values = {request.values, request.valuesOffset},
                             .differingBits = bitRange});
      sorter.runAll();
      const GpuStateView state = sorter.gpuState();
      uniforms.decode = 1;
      // The sorter's state is its own scratch: decoded there, then copied to the caller's offset.
      if (!identity) runCodec({state.keys, 0, bytes}, uniforms);
      copyBytes(state.keys, 0, request.keys, request.keysOffset, bytes);
      if (request.values != 0) copyBytes(state.values, 0, request.values, request.valuesOffset, bytes);
    }
    // The caller may use the buffers next as it said (gpu_sorter.h: Memory barriers).
    if (request.barrierBits != 0) glMemoryBarrier(request.barrierBits);
  }
};

GpuSorter::GpuSorter(GlFunctionLoader loader) {
  if (loader != nullptr && gladLoadGL(loader) == 0)
    throw SortError("shadersort: cannot load OpenGL functions through the loader given");
  if (!GLAD_GL_VERSION_4_3)
    throw SortError(loader == nullptr ? "shadersort: no OpenGL 4.3 functions loaded (pass the context's loader)"
                                      : "shadersort: the current context has no OpenGL 4.3");
  const lib::GlStateGuard savedState;
  resources_ = std::make_unique<Resources>();
  try {
    const gl::ShaderDefines workgroup = gl::ShaderDefines().set("WORKGROUP_SIZE", std::int64_t{kCodecWorkgroup});
    resources_->codec =
        compute::Kernel<CodecUniforms>(resources_->context.shaders(), "shaders/lib/key_codec.comp", workgroup);
  } catch (const GpuError& error) {
    throw SortError(error.what());
  }
}

GpuSorter::~GpuSorter() = default;
GpuSorter::GpuSorter(GpuSorter&&) noexcept = default;
GpuSorter& GpuSorter::operator=(GpuSorter&&) noexcept = default;

namespace {

// Runs `work` with the caller's GL state saved and restored, the internal errors as SortError.
template <typename Work>
auto guarded(const std::unique_ptr<GpuSorter::Resources>& resources, Work&& work) {
  if (!resources) throw SortError("shadersort: this GpuSorter was moved from; it holds no context or programs");
  const lib::GlStateGuard savedState;
  try {
    return work(*resources);
  } catch (const SortError&) {
    throw;
  } catch (const UserError& error) {  // the registry's and the sorters' limit checks
    throw SortError(std::string("shadersort: ") + error.what());
  } catch (const GpuError& error) {
    throw SortError(std::string("shadersort: ") + error.what());
  }
}

}  // namespace

void GpuSorter::sort(const SortRequest& request) {
  guarded(resources_, [&](Resources& resources) { resources.sort(request); });
}

std::size_t GpuSorter::memoryRequirements(std::size_t count, bool withValues, bool withSegments) const {
  return guarded(resources_, [&](Resources& resources) {
    resources.requireOwnContext();
    resources.requireRadixCount(count, withValues || withSegments);
    const auto shape = SortShape{1, static_cast<std::uint32_t>(count), withValues};
    if (!withSegments) return resources.radix().scratchBytesFor(shape);
    return resources.radix().scratchBytesForSegmented(shape) + Resources::segmentedCopiesBytes(count, withValues);
  });
}

std::size_t GpuSorter::reserve(std::size_t count, bool withValues, bool withSegments) {
  return guarded(resources_, [&](Resources& resources) {
    resources.requireOwnContext();
    resources.requireRadixCount(count, withValues || withSegments);
    const auto keys = static_cast<std::uint32_t>(count);
    const std::size_t radix = resources.radix().reserve(SortShape{1, keys, withValues});
    if (!withSegments) return radix;
    resources.reserveSegmentedCopies(count, withValues);
    return resources.radix().reserveSegmented(SortShape{1, keys, withValues}) +
           Resources::segmentedCopiesBytes(count, withValues);
  });
}

}  // namespace shadersort

// The library's sort (include/shadersort/gpu_sorter.h): encode the caller's keys into a scratch
// buffer, hand it to a registry sorter as a SortTarget with the caller's values, run every pass,
// decode the result into the caller's keys and copy the values back, all on the GPU.

#include "shadersort/gpu_sorter.h"

#include <glad/gl.h>

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
  constexpr auto kMaxCount = std::numeric_limits<std::uint32_t>::max();
  if (request.count > kMaxCount)
    throw SortError("shadersort: " + std::to_string(request.count) + " keys exceed 2^32 - 1");
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
  const GLint64 keyBytes = bufferBytes(request.keys, "keys buffer");
  if (keyBytes < neededBytes)
    throw SortError("shadersort: the keys buffer holds " + std::to_string(keyBytes) + " bytes, " +
                    std::to_string(request.count) + " keys need " + std::to_string(neededBytes));
  if (request.values != 0) {
    const GLint64 valueBytes = bufferBytes(request.values, "values buffer");
    if (valueBytes < neededBytes)
      throw SortError("shadersort: the values buffer holds " + std::to_string(valueBytes) + " bytes, " +
                      std::to_string(request.count) + " values need " + std::to_string(neededBytes));
  }
  return shape;
}

}  // namespace

struct GpuSorter::Resources {
  // Of the context current when the GpuSorter was made. Its shaders are always the embedded
  // copies: a library has no shader folder, whatever a viewer in the same process reads.
  SortContext context{gl::ShaderSource()};
  compute::Kernel<CodecUniforms> codec;
  compute::StorageBuffer encodedKeys;  // grows, never shrinks
  // One per SortAlgorithm, made on first use; each keeps its programs across calls.
  std::array<std::unique_ptr<Sorter>, 3> sorters;

  Sorter& sorterFor(SortAlgorithm algorithm) {
    std::unique_ptr<Sorter>& sorter = sorters.at(static_cast<std::size_t>(algorithm));
    if (!sorter) sorter = findAlgorithm(registryName(algorithm)).create(context, SorterOptions{});
    return *sorter;
  }

  void runCodec(GLuint from, GLuint to, std::size_t bytes, const CodecUniforms& uniforms) {
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, kCodecFromBinding, from, 0, static_cast<GLsizeiptr>(bytes));
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, kCodecToBinding, to, 0, static_cast<GLsizeiptr>(bytes));
    // The dispatch ends with GL_SHADER_STORAGE_BARRIER_BIT, enough for the sorter's loads.
    codec.dispatch(uniforms, gl::divideRoundingUp(uniforms.count, kCodecWorkgroup));
  }

  void sort(const SortRequest& request) {
    const SortShape shape = checkedShape(request, context.limits());
    if (shape.sequenceLength < 2) return;  // nothing can move
    const std::size_t bytes = request.count * 4;
    if (!encodedKeys || encodedKeys.bytes() < bytes)
      encodedKeys = compute::StorageBuffer("shadersort library: encoded keys", bytes);
    CodecUniforms uniforms{.count = static_cast<std::uint32_t>(request.count),
                           .keyFormat = static_cast<std::uint32_t>(request.keyFormat),
                           .descending = request.order == SortOrder::Descending ? 1u : 0u,
                           .decode = 0};
    runCodec(request.keys, encodedKeys.id(), bytes, uniforms);

    Sorter& sorter = sorterFor(request.algorithm);
    sorter.load(SortTarget{.shape = shape, .keys = {encodedKeys.id(), 0}, .values = {request.values, 0}});
    sorter.runAll();
    const GpuStateView state = sorter.gpuState();

    uniforms.decode = 1;
    runCodec(state.keys, request.keys, bytes, uniforms);
    if (request.values != 0) {
      glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);  // the copy reads what the passes wrote
      glBindBuffer(GL_COPY_READ_BUFFER, state.values);
      glBindBuffer(GL_COPY_WRITE_BUFFER, request.values);
      glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, static_cast<GLsizeiptr>(bytes));
    }
    // The caller may use the buffers in any way next (gpu_sorter.h: Memory barriers).
    glMemoryBarrier(GL_ALL_BARRIER_BITS);
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
    resources_->codec = compute::Kernel<CodecUniforms>(
        resources_->context.shaders(), "shaders/lib/key_codec.comp",
        gl::ShaderDefines().set("WORKGROUP_SIZE", std::int64_t{kCodecWorkgroup}));
  } catch (const GpuError& error) {
    throw SortError(error.what());
  }
}

GpuSorter::~GpuSorter() = default;
GpuSorter::GpuSorter(GpuSorter&&) noexcept = default;
GpuSorter& GpuSorter::operator=(GpuSorter&&) noexcept = default;

void GpuSorter::sort(const SortRequest& request) {
  const lib::GlStateGuard savedState;
  try {
    resources_->sort(request);
  } catch (const SortError&) {
    throw;
  } catch (const UserError& error) {  // the registry's and the sorters' limit checks
    throw SortError(std::string("shadersort: ") + error.what());
  } catch (const GpuError& error) {
    throw SortError(std::string("shadersort: ") + error.what());
  }
}

}  // namespace shadersort

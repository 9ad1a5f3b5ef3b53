#pragma once
// shadersort as a library: sorts keys (and values) that lie in the caller's OpenGL shader storage
// buffers, in place, on the GPU. It needs only a current OpenGL 4.3 context made by the caller
// (any windowing library, or none); nothing comes back to the CPU but error checks.
//
//   #include <shadersort/gpu_sorter.h>
//
//   shadersort::GpuSorter sorter(eglGetProcAddress);  // or glfwGetProcAddress; once per context
//   shadersort::SortRequest request;
//   request.keys = keyBuffer;                           // GLuint, count 32-bit keys from byte 0
//   request.values = valueBuffer;                       // optional: 0 for none
//   request.count = 1 << 20;
//   request.keyFormat = shadersort::KeyFormat::F32;     // u32, i32 or f32 (IEEE 754 totalOrder)
//   request.order = shadersort::SortOrder::Descending;
//   request.rowLength = 1024;                           // optional: each row of 1024 sorted on its own
//   sorter.sort(request);                               // throws shadersort::SortError on bad arguments
//   // The keys and values are sorted; every barrier a later read needs has been issued.
//
// GL functions: the library carries its own GL loader (glad), private to it, and loads the
// functions it uses through the loader passed to GpuSorter. The caller's GL calls go through a
// loader of the caller's own (any glad, GLEW, ...), which the library neither clashes with nor
// writes into.
//
// Threads and contexts: a GpuSorter belongs to the context current when it was made; call it
// only while that context is current, from the thread that has it current, and destroy it there.
//
// GL state: sort() leaves the caller's state as it found it. It changes, and restores before it
// returns (also when it throws):
//   - the current program (glUseProgram; one already deleted while current cannot outlive the
//     switch, so 0 is current afterwards instead),
//   - the shader storage buffer bindings 0 to 15 (buffer, offset and size of each) and the
//     generic GL_SHADER_STORAGE_BUFFER binding,
//   - the generic GL_COPY_READ_BUFFER and GL_COPY_WRITE_BUFFER bindings,
//   - the active texture unit and its GL_TEXTURE_2D binding, and the bound vertex array object
//     (the sorters it runs bind none today; saved so that a future pass cannot leak them).
// It binds no image unit, atomic counter, uniform buffer, framebuffer or indirect buffer, and
// changes no capability (glEnable), viewport or pixel store setting. The uniforms it sets belong
// to its own programs. Its scratch buffers and programs belong to the GpuSorter: made on first
// use, reused by later calls and grown only when a call needs more.
//
// Memory barriers: sort() waits for the caller's earlier GL commands in the usual GL order, but
// data that the caller's shaders wrote into the buffers through image or storage writes needs the
// caller's glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT) first,
// as for any GL reader. After its last write, sort() issues glMemoryBarrier(GL_ALL_BARRIER_BITS),
// so every later use of the buffers (shader reads, vertex attributes, glGetBufferSubData,
// mapping, copies) sees the sorted data without a barrier of the caller's.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>

// The symbols both forms keep global (their objects are built with -fvisibility=hidden, and the
// archive's hidden symbols are made local): the API below, nothing of glad's or the internals'.
#if defined(__GNUC__)
#define SHADERSORT_API __attribute__((visibility("default")))
#else
#define SHADERSORT_API
#endif

namespace shadersort {

// Bad arguments (a buffer smaller than the count, a count that is no multiple of the row length,
// an algorithm this library does not offer), sizes beyond this GPU's limits, or a context
// without OpenGL 4.3. The message says which. GL state is restored before it is thrown.
class SHADERSORT_API SortError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// How the 32-bit keys are read (named apart from the app's data/key_encoding.h KeyType, so the two
// never meet in one program under one name). F32 orders by IEEE 754 totalOrder:
// -NaN < -inf < ... < -0.0 < +0.0 < ... < +inf < +NaN; every bit pattern is kept.
enum class KeyFormat { U32, I32, F32 };

enum class SortOrder { Ascending, Descending };

enum class SortAlgorithm {
  Radix,    // LSD radix sort: stable, the fastest
  Bitonic,  // bitonic network: NOT stable (equal keys may trade their values)
  OddEven,  // odd-even transposition: stable, O(n^2) work, for short rows
};

struct SortRequest {
  // Buffer names of the caller's context. Keys: `count` 32-bit words from byte `keysOffset`
  // (std430 uint, int or float array); values (0 for none): `count` 32-bit words from byte
  // `valuesOffset` that travel with their keys. Bytes outside those ranges are not touched.
  unsigned int keys = 0;
  unsigned int values = 0;
  std::size_t count = 0;
  // Multiples of 4. Radix sorts in the caller's buffers themselves where both offsets are
  // multiples of GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT (0 always is); other offsets, and the
  // other algorithms, go through a scratch copy each way.
  std::size_t keysOffset = 0, valuesOffset = 0;
  // Radix only: the keys are ordered by their bits [beginBit, endBit) alone (CUB's begin_bit and
  // end_bit), so the digit passes outside are skipped; keys equal there keep their input order.
  // Both must lie on radix's 8-bit digit boundaries (0, 8, 16, 24, 32). For i32 and f32 keys the
  // bits are those of the order-preserving unsigned image (data's sign bit is bit 31).
  unsigned int beginBit = 0, endBit = 32;
  // The glMemoryBarrier bits sort() issues after its last write: GL_ALL_BARRIER_BITS by default,
  // or only those of the caller's next reads (e.g. GL_SHADER_STORAGE_BARRIER_BIT); 0 for none.
  unsigned int barrierBits = 0xFFFFFFFFu;
  KeyFormat keyFormat = KeyFormat::U32;
  SortOrder order = SortOrder::Ascending;
  // 0: one sequence of `count` keys. Otherwise the keys are count / rowLength rows of rowLength
  // keys, one after another, each sorted on its own; count must be a multiple of it.
  std::size_t rowLength = 0;
  // Radix only, instead of rowLength: segments of any lengths, as CUB's DeviceSegmentedRadixSort
  // takes them: `segmentOffsets` names a buffer holding segmentCount + 1 non-decreasing uint32
  // key positions from byte `segmentOffsetsOffset` (a multiple of 4); keys [offsets[s],
  // offsets[s + 1]) are segment s, sorted on its own (empty segments are fine), and keys outside
  // every segment keep their place. 0: none.
  unsigned int segmentOffsets = 0;
  std::size_t segmentOffsetsOffset = 0;
  std::size_t segmentCount = 0;
  // Radix only: the count read on the GPU when the sort runs (an indirect count: nothing comes
  // back to the CPU), the uint32 at byte `countBufferOffset` (a multiple of 4) of `countBuffer`.
  // `count` is then the most it may be (the buffers must hold that many; a larger value counts
  // as `count`), and the keys from the GPU's count on keep their place. 0: none.
  unsigned int countBuffer = 0;
  std::size_t countBufferOffset = 0;
  SortAlgorithm algorithm = SortAlgorithm::Radix;
};

class SHADERSORT_API GpuSorter {
 public:
  // What eglGetProcAddress, glfwGetProcAddress and SDL_GL_GetProcAddress return.
  using GlFunction = void (*)();
  using GlFunctionLoader = GlFunction (*)(const char* name);

  // Loads the GL functions of the current context through `loader` into the library's own glad.
  // The installed library (libshadersort.a or .so) needs one: its glad is private, so nothing
  // else can have loaded it, and nullptr throws SortError. nullptr serves code that links
  // shadersort's layers and their glad directly and has loaded that glad (shadersort itself).
  // Throws SortError when the context has no OpenGL 4.3.
  explicit GpuSorter(GlFunctionLoader loader = nullptr);
  ~GpuSorter();
  GpuSorter(const GpuSorter&) = delete;
  GpuSorter& operator=(const GpuSorter&) = delete;
  GpuSorter(GpuSorter&&) noexcept;
  GpuSorter& operator=(GpuSorter&&) noexcept;

  // Sorts request.keys (and request.values with them) in place; see the top of this file for the
  // state it restores and the barrier it issues. Throws SortError (see above), also when called
  // with another context current than the one the sorter was made in, or on a moved-from sorter.
  void sort(const SortRequest& request);

  // Bytes of GPU scratch that radix sorts of up to `count` keys in one row (with values or not,
  // at aligned offsets) take beyond the caller's buffers: what reserve() would hold. With
  // `withSegments`, also sorts with segment offsets (up to `count` segments) or a count read from
  // the GPU: those carry each key's position through two sorts and hold four or five more words
  // per key.
  std::size_t memoryRequirements(std::size_t count, bool withValues, bool withSegments = false) const;
  // Makes that scratch and compiles every program such sorts run, so that later radix sorts of
  // up to `count` keys in one row (and, with `withSegments`, in segments or with a GPU count)
  // create no buffer and no program (the first call otherwise compiles: hundreds of milliseconds
  // without a driver shader cache). Returns the bytes held.
  // Scratch only grows; sorts beyond what was reserved grow it when they come.
  std::size_t reserve(std::size_t count, bool withValues, bool withSegments = false);

  // The implementation's state (app/lib/gpu_sorter.cpp); nothing a caller can use.
  struct Resources;

 private:
  std::unique_ptr<Resources> resources_;
};

}  // namespace shadersort

#pragma once
// The GPU-resident pixel-sort: the picture is uploaded once; the path map, the keys, the spans and
// their packing are worked out on the GPU (shaders/art/), any registered sorter sorts the packing
// where it lies (Sorter::load of a SortTarget), and the sorted pixels are written back into a
// picture on the GPU. New settings re-run it from the keys (from the map when the path changed)
// without uploading anything. `run`, the viewer and the tests drive this one pipeline; the CPU
// plan (art_plan.h) is the reference it is checked against.
//
// Packing, two ways. One sequence (radix): every pixel in path order keyed group << keyBits | key,
// where a sorted span's pixels share one group and every other pixel stays put
// (shaders/art/pack_sequence.comp); nothing is read back and nothing padded. When key and group
// need more than 32 bits, sort() sorts twice (by key, then stably by group). Bins (the other
// sorters, and a radix sorter stepped through load() when one sort cannot hold the bits): the spans'
// pixels, line after line in path order, are cut into bins of binWidth pixels by where each span
// starts; a bin's spans go into one row of the sort, each span keeping its slot (its index in the
// bin) above the pixel key (slot << keyBits | key), so a sort of the whole row sorts each span in
// place and no pixel crosses into another span. Rows are binWidth + longest span - 1 long and end
// in padding keys above every real one; three counters (spans, their pixels, the longest) come
// back to the CPU to size them.

#include <glad/gl.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <tuple>
#include <vector>

#include "art/art_plan.h"
#include "data/image.h"
#include "data/yuv_picture.h"
#include "sort/sort_context.h"
#include "sort/sorter.h"

namespace shadersort::art {

// GPU memory the pipeline holds per pixel on top of the sorter's: pictures, keys, the map, span
// bookkeeping and the packing with its padding (about 2x).
constexpr std::uint64_t kArtBytesPerPixel = 96;

// Padding keys and destinations of the packing, above every real key.
constexpr std::uint32_t kPadding = 0xFFFFFFFFu;

// How the spans are laid out for the sort: rows as short as the longest span allows (odd-even's
// and frag-odd-even's pass counts follow the row length), rows as long as the slots allow
// (bitonic: less padding), or the whole picture as one sequence (radix: a stable sort).
enum class Packing { ShortRows, LongRows, OneSequence };
// "short rows", "long rows", "one sequence".
std::string_view packingName(Packing packing);

// The sorted spans of the settings, as the GPU found them.
struct SpanCounts {
  std::uint32_t spanCount = 0;  // spans sorted (of two pixels or more, not skipped)
  std::uint64_t spanPixels = 0;
  std::uint32_t longestSpan = 0;
};

// What prepare() made: the packing's shape.
struct PackedSpans {
  Packing packing = Packing::LongRows;
  SortShape shape;             // rows x row length (one sequence: 1 x pixels), with values
  std::uint32_t keyBits = 0;   // the pixel key's bits; the slot or group takes the rest of the 32
  std::uint32_t binWidth = 0;  // bins only
  std::uint32_t sortedBits = 0;  // the low bits of the packed keys that can differ (one sequence:
                                 // key and group bits; above 32, two sorts: by key, then by group)
  std::uint32_t groupBits = 0;   // one sequence only
  // One sequence whose spans are the path's whole lines (spansAreWholeLines): the groups are the
  // line numbers and no runs were found.
  bool wholeLines = false;
};

// The stages of a pixel-sort, in order: the path map (only when rebuilt), the keys, the spans
// (which pixels are inside, runs, spans and the packing; for bins, the read-back of their counts),
// the sort (radix in place; other sorters load the packing first; all passes) and the write-back
// (paint()).
enum class ArtStage { Map, Keys, Spans, Sort, WriteBack };
// "map", "keys", "spans", "sort", "write-back".
std::string_view artStageName(ArtStage stage);

class ArtPipeline {
 public:
  // Compiles the kernels; needs `context`'s GL 4.3 context current, now and whenever it is used.
  explicit ArtPipeline(SortContext& context);
  ~ArtPipeline();
  ArtPipeline(const ArtPipeline&) = delete;
  ArtPipeline& operator=(const ArtPipeline&) = delete;

  // Uploads the picture and the images the settings may read (mask, intervals, key image; null
  // when absent). Throws UsageError (exit 2) for an image of another size than the picture.
  void setImages(const ArtImages& images);
  // The same with the picture copied on the GPU from level 0 of an RGBA8 texture of `width` x
  // `height` (row 0 at the top) rather than from CPU memory; `images.picture` is not read. At the
  // size of the last picture, the buffers are kept (the library's sortTexture, once a frame).
  void setImagesFromTexture(GLuint texture, int width, int height, const ArtImages& images);
  // A new picture of the same size (a video's next frame): uploaded into the buffer the last one
  // used, keeping the path map, which depends only on the size. Throws UsageError for another size.
  void setPicture(const Image& picture);
  // The same from a video decoder's 8-bit YUV 4:2:0 planes, converted to RGBA on the GPU
  // (shaders/art/yuv420_to_rgba.comp). Throws UsageError for another size.
  void setPictureYuv420(const Yuv420Picture& picture);
  // A new mask of the same size (an animated matte's next frame), into the mask setImages() was
  // given (UsageError without one, or for another size).
  void setMask(const Image& mask);
  // One segment of a stroke of the viewer's mask brush, in picture pixels (y down): a round brush
  // of `radius` pixels whose outer `feather` share (0 to 1) fades out.
  struct BrushStroke {
    float fromX = 0, fromY = 0, toX = 0, toY = 0;
    float radius = 16, feather = 0;
    bool erase = false;  // towards black (pixels stay); else towards white (sortable)
  };
  // Paints it into the mask on the GPU: each pixel's grey moves towards the target by the brush's
  // strength. Without a mask it starts from a white one (every pixel sortable, nothing changed).
  void paintMask(const BrushStroke& stroke);
  bool hasMask() const { return hasMask_; }
  // The mask read back (for saving a painted one); an empty image without one.
  Image readMask() const;
  // The input picture read back (after setPictureYuv420, the GPU's conversion: what --verify
  // checks a frame against).
  Image readPicture() const;
  // Takes new settings; the next prepare() rebuilds the path map only when the path changed.
  // Throws UsageError when they contradict each other or need an image setImages() lacks.
  void setSettings(const ArtSettings& settings);
  const ArtSettings& settings() const { return settings_; }
  int width() const { return width_; }
  int height() const { return height_; }

  // The next prepare() builds the path map again (benchmarks time the whole pipeline).
  void forgetMap() { mappedPath_.reset(); }
  // The packing `sorter` sorts best with these settings and this picture size (load() takes
  // long rows instead of one sequence when the key and group need two sorts).
  Packing packingFor(Sorter& sorter) const;
  // The one-sequence packing's key and group fit one 32-bit sort.
  bool oneSequenceFitsOneSort() const;
  // Map (when stale), keys, spans and packing, on the GPU.
  void prepare(Packing packing);
  const PackedSpans& packed() const { return packed_; }
  // Nothing for a sorter to do: a bins packing without spans. A one-sequence packing always
  // holds the picture (with no span, its sort moves nothing), and knowing needs no read-back.
  bool packedNothing() const { return packed_.shape.elementCount() == 0; }
  // The spans of the last prepare(): a read-back of three counters for a one-sequence packing
  // (the first call after prepare()), none for bins.
  const SpanCounts& spanCounts() const;
  // No span of two pixels or more (spanCounts()).
  bool empty() const { return spanCounts().spanCount == 0; }

  // prepare(packingFor(sorter)) when needed, then loads the packing into `sorter` on the GPU
  // (nothing when packedNothing()). Throws UserError when the sorter cannot take the packing's
  // shape.
  void load(Sorter& sorter);
  // load(), then `passes` passes (all when not given), then paint(). A radix sorter asked for
  // every pass sorts the packing in place instead (RadixSorter::sortInPlace: no copy), and
  // paint() and sources() then read the packing, not the sorter.
  void sort(Sorter& sorter, std::optional<std::uint32_t> passes = std::nullopt);
  // Writes the sorter's current state into the result picture, on the GPU: each span's pixels as
  // the sorter has arranged them, every other pixel as in the input. With nothing packed (or a
  // sorter never loaded) the result is the input. Once the sort is finished, settings with a then
  // path take a second pass over that result (thenPass()), and the result is the second pass's.
  void paint(const Sorter& sorter);
  // The then pass of the last finished paint(): a pipeline of its own over the first pass's result,
  // sorted by a radix engine (stable, so it equals the CPU reference whatever sorted the first);
  // null when the settings have no then path or no finished sort was painted since they changed.
  const ArtPipeline* thenPass() const { return thenPainted_ ? then_.get() : nullptr; }
  // Its sources (in the then pass's input, the first pass's result).
  std::vector<std::uint32_t> thenSources() const;
  // The input picture again as the result (before any sort).
  void paintInput();
  // The span overlay (AcerolaFX's debug view) as the result: pixels inside a sorted span in a
  // lighter tone of their own colour alternating per span, pixels outside darkened, skipped spans
  // tinted blue.
  void paintSpanOverlay();

  // Diagnostics: with an observer set, prepare() and sort() call it as each stage's last GPU
  // command (and its memory barrier) is issued, before the next stage's first; `bench --art`
  // puts a GPU timestamp there. Unset (the default, or an empty function) it costs a test.
  using StageObserver = std::function<void(ArtStage finished)>;
  void observeStages(StageObserver observer) { observer_ = std::move(observer); }

  // The result picture: RGBA8, width() x height(), row 0 at the top, ready to sample.
  GLuint resultTexture() const;
  // The result read back: the one read-back of `run --out`.
  Image readResult() const;
  // The same without waiting, for a stream of pictures (`run --video`): startReadResult queues the
  // copy of the current result into read-back slot `slot` (0 to kReadSlots - 1) and returns at
  // once; finishReadResult(slot, into) waits for that copy and puts it in `into` (made the
  // picture's size if it is not). Between the two the caller may set and sort further pictures,
  // so the copy overlaps their work instead of stalling the GPU and the CPU on each other.
  static constexpr int kReadSlots = 3;
  void startReadResult(int slot);
  void finishReadResult(int slot, Image& into);
  // The same as 8-bit YUV 4:2:0 planes (BT.601, limited range: what a video encoder takes),
  // converted on the GPU (shaders/art/rgba_to_yuv420.comp): 1.5 bytes a pixel come back, not 4.
  // A slot holds one read-back at a time, of either kind; finish it with its own kind's call.
  void startReadResultYuv420(int slot);
  void finishReadResultYuv420(int slot, Yuv420Picture& into);

  // For tests and --verify (read-backs):
  // the source map of the sorter's current state (identity when nothing is packed);
  std::vector<std::uint32_t> sources(const Sorter& sorter) const;
  // the GPU's path map of the settings' path (built first when stale), to compare with
  // buildPathMap();
  PathMap readMap();
  // the sort keys the GPU computed, by pixel.
  std::vector<std::uint32_t> readKeys() const;

  // `bins` counts of key * bins / (max + 1) over the picture (the viewer's histogram), computed
  // on the GPU; one read-back of `bins` words.
  std::vector<std::uint32_t> keyHistogram(std::uint32_t bins);

 private:
  // setImages' part but the picture: the size, the other images, the result texture.
  void setSizeAndImages(int width, int height, const ArtImages& images);
  bool mapIsCurrent() const;
  void buildMap();
  void computeKeys();
  void findSpans();
  // Copies a picture of this pipeline's size into `into` on the GPU (setPicture, setMask).
  void uploadImage(const Image& image, const compute::StorageBuffer& into);
  void uploadBytes(const std::uint8_t* bytes, std::size_t size, const compute::StorageBuffer& into);
  // Waits for read-back slot `slot` and copies its first `size` bytes into `into`.
  void copyFromReadSlot(int slot, std::uint8_t* into, std::size_t size);
  void packBins(Packing packing);
  // The one-sequence packing: groups from the runs findSpans() found, or the line numbers.
  void packOneSequence(bool wholeLines);
  // Spans none with every pixel inside, uncut and unskipped: each line of the path is one span,
  // and the one-sequence packing takes line numbers as groups instead of finding runs.
  bool spansAreWholeLines();
  void packWholeLines();
  // Whether no pixel of the picture is fully transparent (such pixels bound spans unless
  // sortTransparent): known from the CPU's picture, else asked of the GPU once per picture.
  bool pictureIsOpaque();
  static bool opaque(const Image& picture);
  // paint() without the then pass.
  void paintFirstPass(const Sorter& sorter);
  // The then pass over the result just painted, into the result.
  void runThenPass();
  void finished(ArtStage stage) const {
    if (observer_) observer_(stage);
  }

  struct Gpu;
  SortContext* context_;  // the map's radix sorts are made for it
  std::unique_ptr<Gpu> gpu_;
  ArtSettings settings_;
  int width_ = 0, height_ = 0;
  bool hasMask_ = false, hasIntervals_ = false, hasKeyImage_ = false;
  std::optional<PathSpec> mappedPath_;
  std::tuple<std::uint32_t, std::uint32_t, std::uint64_t> mappedRingStarts_;  // rings: where each starts
  std::optional<Packing> preparedFor_;  // empty: settings changed since the last prepare()
  PackedSpans packed_;
  mutable std::optional<SpanCounts> spanCounts_;  // read back on demand for one sequence
  bool sortedInPlace_ = false;  // sort() sorted the packing where it lies: paint from it, not the sorter
  std::optional<bool> pictureOpaque_;  // empty: not known for the current picture
  bool runsFound_ = false;  // the GPU's runs and span states match the settings (the overlay reads them)
  std::unique_ptr<ArtPipeline> then_;  // the then pass's, made on first use
  std::unique_ptr<Sorter> thenSorter_;
  bool thenPainted_ = false;
  StageObserver observer_;
};

}  // namespace shadersort::art

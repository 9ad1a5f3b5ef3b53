#include "render/gif_recorder.h"

#include <gif_lib.h>

#include <algorithm>
#include <array>
#include <span>
#include <vector>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/quoting.h"
#include "render/gif_palette.h"

namespace shadersort::render {

int gifFrameDelay(std::size_t index, int fps) {
  // Hundredths of a second from the start to frame i, rounded half up.
  const auto elapsed = [fps](std::size_t i) {
    return static_cast<long long>((200 * i + static_cast<std::size_t>(fps)) / (2 * static_cast<std::size_t>(fps)));
  };
  return static_cast<int>(elapsed(index + 1) - elapsed(index));
}

namespace {

// A frame ready to write: a rectangle of palette indices, in picture (not enlarged) pixels.
struct PendingFrame {
  int left = 0, top = 0, width = 0, height = 0;
  std::vector<std::uint8_t> indices;
  bool hasTransparency = false;
};

// The rectangle around the pixels that differ, with unchanged pixels set to `transparent`; a
// single transparent pixel when nothing changed (a GIF frame cannot be empty).
PendingFrame changedRectangle(const std::vector<std::uint8_t>& before, const std::vector<std::uint8_t>& after,
                              int width, int height, std::uint8_t transparent) {
  int left = width, right = -1, top = height, bottom = -1;
  for (int y = 0; y < height; ++y) {
    const std::size_t row = static_cast<std::size_t>(y) * width;
    for (int x = 0; x < width; ++x) {
      if (before[row + x] == after[row + x]) continue;
      left = std::min(left, x);
      right = std::max(right, x);
      top = std::min(top, y);
      bottom = std::max(bottom, y);
    }
  }
  PendingFrame frame;
  frame.hasTransparency = true;
  if (right < 0) {
    frame.width = frame.height = 1;
    frame.indices = {transparent};
    return frame;
  }
  frame.left = left;
  frame.top = top;
  frame.width = right - left + 1;
  frame.height = bottom - top + 1;
  frame.indices.reserve(static_cast<std::size_t>(frame.width) * frame.height);
  for (int y = top; y <= bottom; ++y)
    for (int x = left; x <= right; ++x) {
      const std::size_t i = static_cast<std::size_t>(y) * width + x;
      frame.indices.push_back(before[i] == after[i] ? transparent : after[i]);
    }
  return frame;
}

}  // namespace

struct GifRecorder::State {
  std::unique_ptr<AtomicFileWriter> file;
  GifFileType* gif = nullptr;
  int width = 0, height = 0, fps = 1, scale = 1;
  std::unique_ptr<GifPalette> palette;  // from the first frame and fixedColours
  std::vector<Rgb> fixedColours;
  int paletteRows = 0;  // 0: all
  std::uint8_t transparent = 0;
  std::vector<std::uint8_t> shown;  // indices of the newest frame, all of it
  PendingFrame pending;
  std::size_t framesAdded = 0, framesWritten = 0;

  ~State() {
    int ignored = 0;
    if (gif) EGifCloseFile(gif, &ignored);
  }

  [[noreturn]] void fail(int gifError) const {
    const std::string reason = !file->failure().empty() ? file->failure() : GifErrorString(gifError);
    throw UserError("cannot write " + quote(file->path()) + ": " + reason);
  }
  // giflib ignores some of its own write failures; the file remembers them all.
  void check(int result) const {
    if (result == GIF_ERROR || !file->failure().empty()) fail(gif->Error);
  }

  // The logical screen, the global palette and the loop-forever extension.
  void writeHeader() {
    const auto& colours = palette->colours();
    transparent = static_cast<std::uint8_t>(colours.size());
    // A GIF colour table has a power-of-two size; the spare entries (one at least) stay black.
    std::vector<GifColorType> table(static_cast<std::size_t>(1) << GifBitSize(static_cast<int>(colours.size()) + 1));
    for (std::size_t i = 0; i < colours.size(); ++i) table[i] = {colours[i][0], colours[i][1], colours[i][2]};
    ColorMapObject* map = GifMakeMapObject(static_cast<int>(table.size()), table.data());
    if (!map) throw UserError("cannot write " + quote(file->path()) + ": out of memory");
    EGifSetGifVersion(gif, true);
    const int result = EGifPutScreenDesc(gif, width * scale, height * scale, 8, 0, map);
    GifFreeMapObject(map);
    check(result);
    static constexpr std::array<GifByteType, 11> application = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
    static constexpr std::array<GifByteType, 3> loopForever = {1, 0, 0};  // sub-block 1, loop count 0
    check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE));
    check(EGifPutExtensionBlock(gif, application.size(), application.data()));
    check(EGifPutExtensionBlock(gif, loopForever.size(), loopForever.data()));
    check(EGifPutExtensionTrailer(gif));
  }

  void writePending(int delay) {
    GraphicsControlBlock control{};
    control.DisposalMode = DISPOSE_DO_NOT;  // each frame paints over the one before
    control.UserInputFlag = false;
    control.DelayTime = delay;
    control.TransparentColor = pending.hasTransparency ? transparent : NO_TRANSPARENT_COLOR;
    std::array<GifByteType, 4> extension{};
    EGifGCBToExtension(&control, extension.data());
    check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, extension.size(), extension.data()));
    check(EGifPutImageDesc(gif, pending.left * scale, pending.top * scale, pending.width * scale,
                           pending.height * scale, false, nullptr));
    std::vector<GifPixelType> line(static_cast<std::size_t>(pending.width) * scale);
    for (int y = 0; y < pending.height; ++y) {
      const std::uint8_t* row = &pending.indices[static_cast<std::size_t>(y) * pending.width];
      for (int x = 0; x < pending.width; ++x)
        std::fill_n(line.begin() + static_cast<std::ptrdiff_t>(x) * scale, scale, row[x]);
      for (int repeat = 0; repeat < scale; ++repeat) check(EGifPutLine(gif, line.data(), static_cast<int>(line.size())));
    }
    ++framesWritten;
  }
};

namespace {

int writeToFile(GifFileType* gif, const GifByteType* bytes, int length) {
  auto* file = static_cast<AtomicFileWriter*>(gif->UserData);
  return file->write({bytes, static_cast<std::size_t>(length)}) ? length : 0;
}

}  // namespace

GifRecorder::GifRecorder() = default;
GifRecorder::~GifRecorder() = default;

void GifRecorder::open(const std::string& path, int width, int height, int fps, int scale, std::vector<Rgb> fixedColours,
                       int paletteRows) {
  if (fps < 1 || fps > kMaxFps)
    throw UserError("a GIF's frame rate must be 1 to " + std::to_string(kMaxFps) + " fps, got " + std::to_string(fps));
  if (scale < 1 || scale > kMaxScale)
    throw UserError("a GIF's scale must be 1 to " + std::to_string(kMaxScale) + ", got " + std::to_string(scale));
  if (width < 1 || height < 1 || static_cast<long long>(std::max(width, height)) * scale > kMaxSide)
    throw UserError("cannot record a " + std::to_string(width) + "x" + std::to_string(height) + " picture at scale " +
                    std::to_string(scale) + " as a GIF: its sides are limited to " + std::to_string(kMaxSide) + " pixels");
  if (fixedColours.size() > GifPalette::kMaxReserved)
    throw UserError("a GIF keeps at most " + std::to_string(GifPalette::kMaxReserved) + " fixed colours, got " +
                    std::to_string(fixedColours.size()));
  state_.reset();
  finished_ = {};
  auto state = std::make_unique<State>();
  state->file = std::make_unique<AtomicFileWriter>(path);
  int error = 0;
  state->gif = EGifOpen(state->file.get(), writeToFile, &error);
  if (!state->gif) throw UserError("cannot write " + quote(path) + ": " + GifErrorString(error));
  state->width = width;
  state->height = height;
  state->fps = fps;
  state->scale = scale;
  state->fixedColours = std::move(fixedColours);
  state->paletteRows = paletteRows > 0 && paletteRows < height ? paletteRows : 0;
  state_ = std::move(state);
}

void GifRecorder::addFrame(const Image& picture) {
  if (!state_) throw UserError("GIF recorder: addFrame() before open()");
  State& state = *state_;
  if (picture.width != state.width || picture.height != state.height)
    throw UserError("GIF recorder: a " + std::to_string(picture.width) + "x" + std::to_string(picture.height) +
                    " frame in a " + std::to_string(state.width) + "x" + std::to_string(state.height) + " recording");
  if (state.framesAdded == 0) {
    if (state.paletteRows > 0) {
      Image top(picture.width, state.paletteRows);
      std::copy_n(picture.rgba.begin(), top.rgba.size(), top.rgba.begin());
      state.palette = std::make_unique<GifPalette>(GifPalette::fromPicture(top, state.fixedColours));
    } else {
      state.palette = std::make_unique<GifPalette>(GifPalette::fromPicture(picture, state.fixedColours));
    }
    state.writeHeader();
    state.palette->indexPicture(picture, state.shown);
    state.pending = {0, 0, state.width, state.height, state.shown, false};
  } else {
    std::vector<std::uint8_t> next;
    state.palette->indexPicture(picture, next);
    state.writePending(gifFrameDelay(state.framesWritten, state.fps));
    state.pending = changedRectangle(state.shown, next, state.width, state.height, state.transparent);
    state.shown = std::move(next);
  }
  ++state.framesAdded;
}

void GifRecorder::finish() {
  if (!state_) throw UserError("GIF recorder: finish() before open()");
  // Whatever happens below, the recorder is closed afterwards and its temporary file gone.
  const std::unique_ptr<State> state = std::move(state_);
  if (state->framesAdded == 0) throw UserError("cannot write " + quote(state->file->path()) + ": no frames were recorded");
  state->writePending(std::max(gifFrameDelay(state->framesWritten, state->fps), kFinalHoldCentiseconds));
  int error = 0;
  const int closed = EGifCloseFile(state->gif, &error);  // writes the trailer and frees, even on failure
  state->gif = nullptr;
  if (closed == GIF_ERROR) state->fail(error);
  state->file->commit();
  finished_ = {state->framesWritten, state->file->bytesWritten(), state->palette->exact()};
}

std::size_t GifRecorder::frameCount() const { return state_ ? state_->framesAdded : finished_.frames; }

std::uint64_t GifRecorder::bytesWritten() const { return state_ ? state_->file->bytesWritten() : finished_.bytes; }

bool GifRecorder::exactColours() const {
  return state_ ? state_->palette && state_->palette->exact() : finished_.exactColours;
}

}  // namespace shadersort::render

#pragma once
// Animated GIFs of a sort, written with giflib frame by frame as the frames come: memory holds
// the newest two frames (a byte per pixel each) whatever the length of the run; the file appears
// at its path, whole, only when finish() succeeds (a failed or abandoned recording leaves
// nothing, not even a temporary file).
//
// What the file holds: one global palette chosen from the first frame and the fixed colours (see
// GifPalette); a
// NETSCAPE2.0 extension that loops forever; each frame enlarged `scale` times by repeating pixels
// (nearest neighbour, so each element stays a crisp block). After the first frame, a frame is the
// rectangle around the pixels that changed, with unchanged pixels transparent: late passes of a
// sort move few pixels, so their frames cost little. The last frame is held at least
// kFinalHoldCentiseconds so the sorted result can be seen before the loop starts again.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "data/image.h"
#include "render/gif_palette.h"

namespace shadersort::render {

class GifRecorder {
 public:
  static constexpr int kMaxFps = 100;  // GIF delays count hundredths of a second
  static constexpr int kMaxScale = 16;
  static constexpr int kMaxSide = 65535;  // GIF sizes are 16-bit
  static constexpr int kFinalHoldCentiseconds = 100;

  GifRecorder();
  ~GifRecorder();  // without a successful finish(): removes the temporary file
  GifRecorder(const GifRecorder&) = delete;
  GifRecorder& operator=(const GifRecorder&) = delete;

  // Starts a GIF of `width` x `height` pictures shown `scale` times larger at `fps` frames per
  // second, in a temporary file beside `path`. Throws UserError for values out of range or a
  // path that cannot be written. `fixedColours` (GifPalette::kMaxReserved at most) keep palette
  // entries of their own: colours drawn on later frames, absent from the first one.
  // `paletteRows` > 0: the palette is chosen from the first frame's top rows only (the picture
  // above a caption strip drawn in fixed colours, which would otherwise take palette weight).
  void open(const std::string& path, int width, int height, int fps, int scale = 1, std::vector<Rgb> fixedColours = {},
            int paletteRows = 0);
  // Appends a frame (a width x height picture). Each frame is written when the next one arrives
  // (or at finish()), once its delay is known. Throws UserError on a write failure.
  void addFrame(const Image& picture);
  // Writes the last frame and the trailer and renames the file into place. Throws UserError on a
  // write failure or when no frame was added; the temporary file is gone either way.
  void finish();

  bool isOpen() const { return state_ != nullptr; }
  std::size_t frameCount() const;
  // Bytes in the file so far (after finish(): its size).
  std::uint64_t bytesWritten() const;
  // Whether the palette holds every colour of the first frame exactly (else median cut).
  bool exactColours() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
  struct Summary {
    std::size_t frames = 0;
    std::uint64_t bytes = 0;
    bool exactColours = false;
  };
  Summary finished_;  // of the last finished recording
};

// Frame `index`'s delay in hundredths of a second at `fps`: each delay is rounded so that the
// delays add up to the exact time, e.g. 30 fps gives 3, 4, 3, 3, 4, 3, ... (30 frames in 100).
int gifFrameDelay(std::size_t index, int fps);

}  // namespace shadersort::render

#pragma once
// `run --gif` / `run --sheet`: the run made pass by pass, its states recorded as they come into an
// animated GIF and/or a contact sheet. Nothing appears at their paths until commit(), which the
// run calls only once the result has been checked.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "cli/commands.h"
#include "data/image_sequences.h"
#include "render/contact_sheet.h"
#include "render/sorter_picture.h"
#include "cli/run_slides.h"
#include "render/gif_recorder.h"
#include "sort/sorter.h"

namespace shadersort::cli {

// Before any GPU work: the folders of --gif and --sheet exist and are writable. Throws UserError.
void requireRecordableOutputs(const RunOptions& options);

class RunRecording {
 public:
  // A sheet made with no --every keeps at most this many states, a power-of-two step apart.
  static constexpr std::size_t kDefaultSheetCells = 16;
  // What the last pass did, under each sheet cell's label and in each GIF frame's caption strip.
  static constexpr int kSheetDescriptionLines = 2;
  static constexpr int kGifDescriptionLines = 1;

  // For a run of at most `lastPass` passes of `pictureWidth` x `pictureHeight` pictures. Tells
  // the user (stderr) when the sheet keeps fewer states than --every asked, to fit its cells.
  // `title` heads the slides ("bitonic on a 16x1 pattern").
  // `slideViewer` draws the slides (needed with --slides).
  RunRecording(const RecordOptions& options, int pictureWidth, int pictureHeight, std::uint32_t lastPass,
               const std::string& title, std::unique_ptr<SlideViewer> slideViewer = nullptr);

  // Runs `sorter` (loaded, at pass 0) one pass at a time up to lastPass or until it finishes,
  // recording the kept states.
  void run(Sorter& sorter, const SortShape& shape, Axis axis);
  // The same with the picture of each kept state made by `pictureOf` (a pixel-sort's spans put
  // back into the picture).
  using PictureOfState = std::function<Image(const Sorter&)>;
  void run(Sorter& sorter, const PictureOfState& pictureOf);
  // Writes the GIF and the sheet into place.
  void commit();
  // What was recorded, one line per output (for --stats).
  std::string summary() const;

 private:
  RecordOptions options_;
  std::uint32_t lastPass_;
  std::uint32_t gifEvery_ = 1, sheetEvery_ = 1;
  std::unique_ptr<render::GifRecorder> gif_;
  std::unique_ptr<render::ContactSheet> sheet_;
  std::unique_ptr<SlidesRecording> slides_;
  std::unique_ptr<SlideViewer> slideViewer_;
  render::SorterPictures pictures_;
};

}  // namespace shadersort::cli

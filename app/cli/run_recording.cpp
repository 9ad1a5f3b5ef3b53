#include "cli/run_recording.h"

#include <cstdio>
#include <iostream>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/quoting.h"
#include "render/recorded_passes.h"
#include "render/sorter_picture.h"

namespace shadersort::cli {

void requireRecordableOutputs(const RunOptions& options) {
  const RecordOptions& record = options.record;
  if (!record.gifPath.empty()) requireWritableOutput(record.gifPath);
  if (!record.sheetPath.empty()) requireWritableOutput(record.sheetPath);
  if (!record.slidesPath.empty()) requireSlidesFolder(record.slidesPath);
}

RunRecording::RunRecording(const RecordOptions& options, int pictureWidth, int pictureHeight, std::uint32_t lastPass,
                           const std::string& title)
    : options_(options), lastPass_(lastPass) {
  if (!options.slidesPath.empty())
    slides_ = std::make_unique<SlidesRecording>(options.slidesPath, title, lastPass, options.scale);
  if (!options.sheetPath.empty()) {
    sheetEvery_ = options.every ? render::everyForAtMost(lastPass, *options.every, render::ContactSheet::kMaxCells)
                                : render::roundEveryForAtMost(lastPass, kDefaultSheetCells);
    if (options.every && sheetEvery_ != *options.every)
      std::cerr << "shadersort: note: --every " << *options.every << " would give the sheet "
                << render::recordedStateCount(lastPass, *options.every) << " cells; it keeps every " << sheetEvery_
                << " passes instead (" << render::recordedStateCount(lastPass, sheetEvery_) << " cells, "
                << render::ContactSheet::kMaxCells << " at most)\n";
    sheet_ = std::make_unique<render::ContactSheet>(pictureWidth, pictureHeight,
                                                    render::recordedStateCount(lastPass, sheetEvery_), options.scale,
                                                    render::passLabel(lastPass, true));
  }
  if (!options.gifPath.empty()) {
    gifEvery_ = options.every.value_or(1);
    gif_ = std::make_unique<render::GifRecorder>();
    gif_->open(options.gifPath, pictureWidth, pictureHeight, options.fps, options.scale);
  }
}

void RunRecording::run(Sorter& sorter, const SortShape& shape, Axis axis) {
  run(sorter, [&](const Sorter& state) { return pictures_.pictureOf(state, shape, axis); });
}

void RunRecording::run(Sorter& sorter, const PictureOfState& pictureOf) {
  const auto done = [&] { return sorter.finished() || sorter.passesRun() >= lastPass_; };
  const auto record = [&] {
    const std::uint32_t pass = sorter.passesRun();
    const bool last = done();
    const bool toGif = gif_ && (last || pass % gifEvery_ == 0);
    const bool toSheet = sheet_ && (last || pass % sheetEvery_ == 0);
    if (!toGif && !toSheet && !slides_) return;
    const Image picture = pictureOf(sorter);
    if (slides_)
      slides_->addSlide(picture, pass, sorter.passCount(), last && sorter.finished(),
                        pass > 0 ? sorter.describePass(pass - 1) : std::string());
    if (toGif) gif_->addFrame(picture);
    if (toSheet) sheet_->addCell(picture, render::passLabel(pass, last && sorter.finished()));
  };
  record();
  while (!done()) {
    sorter.runPass();
    record();
  }
  if (slides_) slides_->finish(sorter);
}

void RunRecording::commit() {
  if (gif_) gif_->finish();
  if (sheet_) sheet_->save(options_.sheetPath);
  if (slides_) slides_->commit();
}

std::string RunRecording::summary() const {
  // Names are quoted as error messages quote them: a file name may hold any byte but '/' and NUL.
  std::string text;
  char numbers[256];
  if (gif_) {
    std::snprintf(numbers, sizeof numbers, ", %zu frames (every %u pass%s), %d fps, scale %d, %.1f KiB, %s\n",
                  gif_->frameCount(), gifEvery_, gifEvery_ == 1 ? "" : "es", options_.fps, options_.scale,
                  static_cast<double>(gif_->bytesWritten()) / 1024.0,
                  gif_->exactColours() ? "every colour exact" : "palette chosen from the first frame");
    text += "gif: " + quote(options_.gifPath) + numbers;
  }
  if (sheet_) {
    const Image image = sheet_->image();
    std::snprintf(numbers, sizeof numbers, ", %zu cells (every %u pass%s), %dx%d\n", sheet_->cellsAdded(), sheetEvery_,
                  sheetEvery_ == 1 ? "" : "es", image.width, image.height);
    text += "sheet: " + quote(options_.sheetPath) + numbers;
  }
  if (slides_)
    text += "slides: " + quote(slides_->directory()) + ", " + std::to_string(slides_->slideCount()) +
            " captioned PNGs and captions, network.svg, index.html\n";
  return text;
}

}  // namespace shadersort::cli

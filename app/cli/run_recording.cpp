#include "cli/run_recording.h"

#include <cstdio>
#include <iostream>
#include <stdexcept>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/quoting.h"
#include "render/caption_strip.h"
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
                           const std::string& title, std::unique_ptr<SlideViewer> slideViewer)
    : options_(options), lastPass_(lastPass), slideViewer_(std::move(slideViewer)) {
  if (!options.slidesPath.empty()) {
    if (!slideViewer_) throw std::logic_error("RunRecording: --slides without a slide viewer");
    slides_ = std::make_unique<SlidesRecording>(options.slidesPath, title, lastPass);
  }
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
                                                    render::passLabel(lastPass, true), kSheetDescriptionLines);
  }
  if (!options.gifPath.empty()) {
    gifEvery_ = options.every.value_or(1);
    gif_ = std::make_unique<render::GifRecorder>();
    // Frames are enlarged here, so that the caption strip below them keeps its own size.
    const long long width = static_cast<long long>(pictureWidth) * options.scale;
    const long long height = static_cast<long long>(pictureHeight) * options.scale;
    if (width > render::GifRecorder::kMaxSide || height > render::GifRecorder::kMaxSide)
      throw UserError("cannot record a " + std::to_string(pictureWidth) + "x" + std::to_string(pictureHeight) +
                      " picture at scale " + std::to_string(options.scale) + " as a GIF: its sides are limited to " +
                      std::to_string(render::GifRecorder::kMaxSide) + " pixels");
    const int captioned = render::captionedWidth(static_cast<int>(width));
    const auto rgb = [](std::uint32_t packed) {
      return render::Rgb{static_cast<std::uint8_t>(packed), static_cast<std::uint8_t>(packed >> 8),
                         static_cast<std::uint8_t>(packed >> 16)};
    };
    gif_->open(options.gifPath, captioned,
               static_cast<int>(height) + render::captionStripHeight(captioned, kGifDescriptionLines), options.fps, 1,
               {rgb(render::kCaptionBackground), rgb(render::kCaptionHeadingColour), rgb(render::kCaptionTextColour)},
               static_cast<int>(height));
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
    const bool sorted = last && sorter.finished();
    const std::string description = pass > 0 ? sorter.describePass(pass - 1) : std::string();
    const render::Caption caption = render::passCaption(pass, sorter.passCount(), sorted, description);
    if (slides_) slides_->addSlide(slideViewer_->draw(pass), pass, sorter.passCount(), sorted, description);
    if (!toGif && !toSheet) return;
    const Image picture = pictureOf(sorter);
    if (toGif)
      gif_->addFrame(render::withCaption(enlargedPicture(picture, options_.scale), caption, kGifDescriptionLines));
    if (toSheet) sheet_->addCell(picture, render::passLabel(pass, sorted), caption.description);
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

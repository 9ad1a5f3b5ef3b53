#pragma once
// `run --slides DIR`: a ready-made lecture. Per state after k passes (k = 0, the input, to the
// last): pass-KKKK.png, the viewer's own frame of that state in array view and its slide layout
// (bars, numbers, brackets, bitonic's padding, the network's current column, the caption), the
// same pixels as `view --offscreen --array --slide --window-size WxH` at pass k; and
// pass-KKKK.txt, the caption's one line; network.svg, the whole comparator network; and
// index.html, which steps through the slides (links, and the arrow keys). Nothing outside DIR.
//
// DIR is made when missing. One that exists must be empty or hold only an earlier slides set
// (the names above), which is replaced: its slides beyond the new last one are removed. Every
// file is written whole into a hidden folder inside DIR, and all are moved into place only
// once the run's result has been checked.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/temporary_files.h"
#include "data/image.h"
#include "render/caption_strip.h"
#include "sort/sorter.h"
#include "ui/viewer_app.h"

namespace shadersort::cli {

// Before any GPU work: DIR can be made or is empty or holds only slides. Throws UserError.
void requireSlidesFolder(const std::string& directory);

// `picture` enlarged `scale` times by repeating pixels (as --scale enlarges every recording).
Image enlargedPicture(const Image& picture, int scale);

// Draws the slides: a viewer (ui::ViewerApp) on an offscreen frame of the slide size, on the
// current context, stepping one pass a frame as `view --keys wait,right,right,...` does.
class SlideViewer {
 public:
  // `config`: the run's algorithm, input and sorter options; made a slide viewer here (array
  // view, slide layout, paused, no tween, `lastPass` steps scripted).
  SlideViewer(ui::ViewerConfig config, int width, int height, std::uint32_t lastPass);
  ~SlideViewer();
  SlideViewer(const SlideViewer&) = delete;
  SlideViewer& operator=(const SlideViewer&) = delete;
  // The next frame, which shows the state after `pass` passes (0, 1, 2, ... in turn). Throws
  // GpuError if the viewer's own sort is not at that pass (its state would not be the run's).
  Image draw(std::uint32_t pass);

  // The viewer settings of a slide, from the run's.
  static ui::ViewerConfig slideConfig(ui::ViewerConfig config, std::uint32_t lastPass);

 private:
  std::unique_ptr<ui::ViewerApp> app_;
};

// The slide file names: pass-0007.png / .txt (four digits: kMaxSlidePasses + 1 slides at most).
std::string slideName(std::uint32_t pass, const char* extension);
// Whether `name` is one of the files a slides set holds.
bool isSlidesFile(const std::string& name);

class SlidesRecording {
 public:
  static constexpr std::uint32_t kMaxSlidePasses = 1000;

  // Throws UserError (before anything is written) for more than kMaxSlidePasses passes.
  SlidesRecording(std::string directory, std::string title, std::uint32_t lastPass);
  ~SlidesRecording();  // without commit(): removes what it wrote, and DIR if it made it
  SlidesRecording(const SlidesRecording&) = delete;
  SlidesRecording& operator=(const SlidesRecording&) = delete;

  // The state after `pass` passes: its slide (SlideViewer's frame, caption drawn in) and what the
  // last pass did. `passCount`: the passes a whole sort takes (the captions say "pass 3 of 10").
  void addSlide(const Image& slide, std::uint32_t pass, std::uint32_t passCount, bool sorted,
                const std::string& lastDescription);
  // network.svg and index.html, from the sorter's passes (its comparators and descriptions).
  void finish(const Sorter& sorter);
  // Moves every file into DIR and removes an earlier set's extra slides.
  void commit();

  std::size_t slideCount() const { return captions_.size(); }
  const std::string& directory() const { return directory_; }

 private:
  std::string directory_, title_;
  std::uint32_t lastPass_;
  bool madeDirectory_ = false;
  // A hidden folder in DIR, removed when the recording ends or a terminating signal arrives; a
  // lock file in it, held while it lives, tells a later run that one SIGKILL left is stale.
  std::unique_ptr<TemporaryFolder> stagingFolder_;
  int stagingLock_ = -1;
  std::filesystem::path staging_;
  std::vector<std::string> written_;  // names in staging_
  std::vector<std::string> captions_;  // one line per slide
  bool committed_ = false;
};

// index.html for `captions.size()` slides (captions[k]: slide k's line), exposed for the tests.
std::string slidesIndexHtml(const std::string& title, const std::vector<std::string>& captions);

}  // namespace shadersort::cli

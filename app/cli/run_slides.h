#pragma once
// `run --slides DIR`: a ready-made lecture. Per state after k passes (k = 0, the input, to the
// last): pass-KKKK.png, the picture `run --passes k --out` writes with its caption strip below,
// and pass-KKKK.txt, the caption's one line; network.svg, the whole comparator network; and
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

namespace shadersort::cli {

// Before any GPU work: DIR can be made or is empty or holds only slides. Throws UserError.
void requireSlidesFolder(const std::string& directory);

// `picture` enlarged `scale` times by repeating pixels (as --scale enlarges every recording).
Image enlargedPicture(const Image& picture, int scale);

// The slide file names: pass-0007.png / .txt (four digits: kMaxSlidePasses + 1 slides at most).
std::string slideName(std::uint32_t pass, const char* extension);
// Whether `name` is one of the files a slides set holds.
bool isSlidesFile(const std::string& name);

class SlidesRecording {
 public:
  static constexpr std::uint32_t kMaxSlidePasses = 1000;
  static constexpr int kDescriptionLines = 2;

  // Throws UserError (before anything is written) for more than kMaxSlidePasses passes.
  SlidesRecording(std::string directory, std::string title, std::uint32_t lastPass, int scale);
  ~SlidesRecording();  // without commit(): removes what it wrote, and DIR if it made it
  SlidesRecording(const SlidesRecording&) = delete;
  SlidesRecording& operator=(const SlidesRecording&) = delete;

  // The state after `pass` passes: its picture (as run --out paints it) and what the last pass did.
  // `passCount`: the passes a whole sort takes (the captions say "pass 3 of 10").
  void addSlide(const Image& picture, std::uint32_t pass, std::uint32_t passCount, bool sorted,
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
  int scale_;
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

#include "cli/run_slides.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/file.h>
#include <unistd.h>

#include <glad/gl.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <system_error>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/markup.h"
#include "core/quoting.h"
#include "render/network_svg.h"

namespace shadersort::cli {
namespace fs = std::filesystem;

namespace {

constexpr const char* kNetworkName = "network.svg";
constexpr const char* kIndexName = "index.html";
constexpr const char* kStagingPrefix = ".shadersort-slides";  // and -XXXXXX
constexpr const char* kStagingLock = ".lock";

// A staging folder a run left (killed by SIGKILL, which no handler sees): removed when no live
// run holds its lock. False when one does.
bool removeIfStale(const fs::path& staging) {
  const int lock = ::open((staging / kStagingLock).c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (lock >= 0) {
    const bool held = ::flock(lock, LOCK_EX | LOCK_NB) != 0;
    ::close(lock);
    if (held) return false;
  }
  std::error_code error;
  fs::remove_all(staging, error);
  return true;
}

bool isStagingName(const std::string& name) {
  return name.size() == std::string(kStagingPrefix).size() + 7 && name.starts_with(std::string(kStagingPrefix) + "-");
}

void writeText(const fs::path& path, const std::string& contents) {
  writeFileAtomically(path.string(), {reinterpret_cast<const std::uint8_t*>(contents.data()), contents.size()});
}

}  // namespace

Image enlargedPicture(const Image& picture, int scale) {
  if (scale == 1) return picture;
  Image big(picture.width * scale, picture.height * scale);
  for (int y = 0; y < big.height; ++y)
    for (int x = 0; x < big.width; ++x) big.setPixel(x, y, picture.pixel(x / scale, y / scale));
  return big;
}

std::string slideName(std::uint32_t pass, const char* extension) {
  char name[32];
  std::snprintf(name, sizeof name, "pass-%04u.%s", pass, extension);
  return name;
}

bool isSlidesFile(const std::string& name) {
  if (name == kNetworkName || name == kIndexName) return true;
  // pass-DDDD.png or pass-DDDD.txt
  if (name.size() != 13 || !name.starts_with("pass-")) return false;
  if (!std::all_of(name.begin() + 5, name.begin() + 9, [](char c) { return c >= '0' && c <= '9'; })) return false;
  return name.ends_with(".png") || name.ends_with(".txt");
}

void requireSlidesFolder(const std::string& directory) {
  std::error_code error;
  const fs::file_status status = fs::symlink_status(directory, error);
  if (!fs::exists(status)) {
    // Made later, once there is something to put in it; its parent must exist now.
    const fs::path parent = fs::absolute(fs::path(directory)).parent_path();
    if (!fs::is_directory(parent, error))
      throw UserError("--slides: cannot make " + quote(directory) + ": its parent folder does not exist");
    requireWritableOutput((parent / ".shadersort-slides-check").string());
    return;
  }
  if (!fs::is_directory(status))
    throw UserError("--slides: " + quote(directory) + " exists and is not a folder");
  for (const fs::directory_entry& entry : fs::directory_iterator(directory, error)) {
    const std::string name = entry.path().filename().string();
    if (isStagingName(name) && entry.is_directory(error) && !entry.is_symlink(error)) {
      if (!removeIfStale(entry.path()))
        throw UserError("--slides: another run is writing slides into " + quote(directory));
      continue;
    }
    if (!isSlidesFile(name) || !entry.is_regular_file(error))
      throw UserError("--slides: " + quote(directory) + " holds " + quote(name) +
                      ", which is not part of a slides set; give an empty or new folder");
  }
  if (error) throw UserError("--slides: cannot read " + quote(directory) + ": " + error.message());
  requireWritableOutput((fs::path(directory) / kIndexName).string());
}

ui::ViewerConfig SlideViewer::slideConfig(ui::ViewerConfig config, std::uint32_t lastPass) {
  config.arrayMode = true;
  config.slideLayout = true;
  config.startPlaying = false;
  config.tweenSeconds = 0.0;  // a slide is a still (view --slide does the same)
  config.race.clear();
  // Frame 0 shows the input; each later frame steps one pass, as --keys wait,right,... does.
  config.frames = static_cast<int>(std::min<std::uint32_t>(lastPass, INT_MAX - 1)) + 1;
  config.keys.assign(static_cast<std::size_t>(config.frames), ui::ViewerKey::StepForward);
  config.keys.front() = ui::ViewerKey::None;
  return config;
}

SlideViewer::SlideViewer(ui::ViewerConfig config, int width, int height, std::uint32_t lastPass)
    : app_(std::make_unique<ui::ViewerApp>(slideConfig(std::move(config), lastPass),
                                           [&] { return ui::makeOffscreenHost(width, height); })) {}

SlideViewer::~SlideViewer() = default;

Image SlideViewer::draw(std::uint32_t pass) {
  // The run's sorter shares the context: the frame's viewport and clear colour are put back.
  GLint viewport[4] = {};
  GLfloat clearColour[4] = {};
  glGetIntegerv(GL_VIEWPORT, viewport);
  glGetFloatv(GL_COLOR_CLEAR_VALUE, clearColour);
  app_->frame();
  Image frame = app_->host().readFrame();
  glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
  glClearColor(clearColour[0], clearColour[1], clearColour[2], clearColour[3]);
  if (app_->laneCount() != 1 || app_->lane(0).pass() != pass)
    throw GpuError("--slides: the viewer's sort is at pass " + std::to_string(app_->lane(0).pass()) + ", the run's at " +
                   std::to_string(pass));
  return frame;
}

SlidesRecording::SlidesRecording(std::string directory, std::string title, std::uint32_t lastPass)
    : directory_(std::move(directory)), title_(std::move(title)), lastPass_(lastPass) {
  if (lastPass > kMaxSlidePasses)
    throw UserError("--slides: " + std::to_string(lastPass) + " passes would make " + std::to_string(lastPass + 1) +
                    " slides, more than " + std::to_string(kMaxSlidePasses + 1) + "; give --passes " +
                    std::to_string(kMaxSlidePasses) + " or fewer, or a smaller input");
  std::error_code error;
  if (!fs::exists(fs::symlink_status(directory_, error))) {
    if (!fs::create_directory(directory_, error) || error)
      throw UserError("--slides: cannot make " + quote(directory_) + ": " + error.message());
    madeDirectory_ = true;
  }
  // A hidden folder beside the slides, so that a failed run leaves the earlier set untouched.
  try {
    stagingFolder_ = std::make_unique<TemporaryFolder>(directory_, kStagingPrefix);
  } catch (const UserError& failure) {
    if (madeDirectory_) fs::remove(directory_, error);
    throw UserError("--slides: cannot write in " + quote(directory_) + ": " + failure.what());
  }
  staging_ = stagingFolder_->path();
  stagingLock_ = ::open((staging_ / kStagingLock).c_str(), O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (stagingLock_ >= 0) ::flock(stagingLock_, LOCK_EX);
}

SlidesRecording::~SlidesRecording() {
  std::error_code error;
  stagingFolder_.reset();
  if (stagingLock_ >= 0) ::close(stagingLock_);
  if (!committed_ && madeDirectory_) fs::remove(directory_, error);
}

void SlidesRecording::addSlide(const Image& slide, std::uint32_t pass, std::uint32_t passCount, bool sorted,
                               const std::string& lastDescription) {
  const render::Caption caption = render::passCaption(pass, passCount, sorted, lastDescription);
  const std::string png = slideName(pass, "png"), txt = slideName(pass, "txt");
  savePng(slide, (staging_ / png).string());
  written_.push_back(png);
  captions_.push_back(render::captionLine(caption));
  writeText(staging_ / txt, captions_.back() + "\n");
  written_.push_back(txt);
}

void SlidesRecording::finish(const Sorter& sorter) {
  render::Network network;
  network.title = title_;
  network.wires = 0;
  for (std::uint32_t pass = 0; pass < lastPass_; ++pass) {
    render::NetworkPass column;
    column.comparators = sorter.comparators(pass, render::kNetworkComparatorLimit);
    column.description = sorter.describePass(pass);
    column.digit = sorter.digitPlace(pass);
    for (const Comparator& c : column.comparators) network.wires = std::max(network.wires, std::max(c.low, c.high) + 1);
    network.passes.push_back(std::move(column));
  }
  writeText(staging_ / kNetworkName, render::networkSvg(network));
  written_.push_back(kNetworkName);
  writeText(staging_ / kIndexName, slidesIndexHtml(title_, captions_));
  written_.push_back(kIndexName);
}

void SlidesRecording::commit() {
  std::error_code error;
  for (const std::string& name : written_) {
    fs::rename(staging_ / name, fs::path(directory_) / name, error);
    if (error) throw UserError("--slides: cannot move " + quote(name) + " into " + quote(directory_) + ": " + error.message());
  }
  committed_ = true;
  // An earlier, longer set's slides past the new last one.
  for (const fs::directory_entry& entry : fs::directory_iterator(directory_, error)) {
    const std::string name = entry.path().filename().string();
    if (isSlidesFile(name) && name.starts_with("pass-") &&
        std::find(written_.begin(), written_.end(), name) == written_.end())
      fs::remove(entry.path(), error);
  }
  stagingFolder_.reset();
  if (stagingLock_ >= 0) ::close(stagingLock_);
  stagingLock_ = -1;
  staging_.clear();
}

std::string slidesIndexHtml(const std::string& title, const std::vector<std::string>& captions) {
  const std::string heading = escapeMarkup(title);
  std::string html =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + heading +
      "</title>\n<style>\n"
      "body{font-family:sans-serif;background:#181b1e;color:#e0e4e8;margin:0;padding:1em}\n"
      "a{color:#8cb4ff}\n"
      "section{display:none;text-align:center}\n"
      "section:target,body:not(:has(section:target)) section:first-of-type{display:block}\n"
      // Slides are whole frames, text included: scaled smoothly, not as blocks of pixels.
      "img{width:92vw;height:72vh;object-fit:contain}\n"
      "nav a{margin:0 1em}\n"
      "</style>\n</head>\n<body>\n<h1>" +
      heading + "</h1>\n<p><a href=\"" + kNetworkName +
      "\">the whole comparator network</a> &middot; the arrow keys or the links step through the slides</p>\n";
  for (std::size_t k = 0; k < captions.size(); ++k) {
    const std::string id = slideName(static_cast<std::uint32_t>(k), "png").substr(0, 9);
    const std::string caption = escapeMarkup(captions[k]);
    html += "<section id=\"" + id + "\">\n<img src=\"" + slideName(static_cast<std::uint32_t>(k), "png") +
            "\" alt=\"" + caption + "\">\n<p>" + caption + "</p>\n<nav>";
    if (k > 0) html += "<a href=\"#" + slideName(static_cast<std::uint32_t>(k - 1), "png").substr(0, 9) + "\">previous</a>";
    html += "slide " + std::to_string(k + 1) + " of " + std::to_string(captions.size());
    if (k + 1 < captions.size())
      html += "<a href=\"#" + slideName(static_cast<std::uint32_t>(k + 1), "png").substr(0, 9) + "\">next</a>";
    html += "<a href=\"" + slideName(static_cast<std::uint32_t>(k), "txt") + "\">caption</a></nav>\n</section>\n";
  }
  html +=
      "<script>\n"
      "const slides = Array.from(document.querySelectorAll('section'));\n"
      "document.addEventListener('keydown', (event) => {\n"
      "  const step = {ArrowRight: 1, ArrowDown: 1, PageDown: 1, ' ': 1, ArrowLeft: -1, ArrowUp: -1, PageUp: -1}[event.key];\n"
      "  if (!step) return;\n"
      "  const at = Math.max(0, slides.findIndex((slide) => '#' + slide.id === location.hash));\n"
      "  location.hash = slides[Math.min(slides.length - 1, Math.max(0, at + step))].id;\n"
      "  event.preventDefault();\n"
      "});\n"
      "</script>\n</body>\n</html>\n";
  return html;
}

}  // namespace shadersort::cli

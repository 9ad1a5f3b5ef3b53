#include "ui/art_source.h"

#include <utility>

namespace shadersort::ui {
namespace {

// The image a setting names, loaded again only when its path changed.
std::shared_ptr<const Image> loadIfChanged(const std::string& path, const std::string& previousPath,
                                           const std::shared_ptr<const Image>& previous) {
  if (path.empty()) return nullptr;
  if (path == previousPath && previous) return previous;
  return std::make_shared<const Image>(loadImage(path));
}

}  // namespace

ArtConfig wholeSortOf(const InputSpec& input) {
  ArtConfig config;
  art::ArtSettings& settings = config.settings;
  settings.path.kind = input.order.axis == Axis::Rows ? art::PathKind::Rows : art::PathKind::Columns;
  settings.spans = art::SpanMode::None;
  settings.key = input.order.key;
  settings.descending = input.order.descending;
  settings.seed = input.seed;
  return config;
}

ArtImageFiles readArtImages(const ArtConfig& config) {
  return {loadIfChanged(config.maskPath, "", nullptr), loadIfChanged(config.intervalsPath, "", nullptr),
          loadIfChanged(config.keyImagePath, "", nullptr)};
}

ArtSource::ArtSource(SortContext& context, const ArtConfig& config, const Image& picture, ArtImageFiles files)
    : config_(config), picture_(picture), images_(std::move(files)) {
  pipeline_ = std::make_unique<art::ArtPipeline>(context);
  upload(images_);
  pipeline_->setSettings(config.settings);
}

ArtImageFiles ArtSource::loadChanged(const ArtConfig& config) const {
  return {loadIfChanged(config.maskPath, config_.maskPath, images_.mask),
          loadIfChanged(config.intervalsPath, config_.intervalsPath, images_.intervals),
          loadIfChanged(config.keyImagePath, config_.keyImagePath, images_.keyImage)};
}

void ArtSource::paintMask(const art::ArtPipeline::BrushStroke& stroke) {
  pipeline_->paintMask(stroke);
  maskPainted_ = maskOnGpuOnly_ = true;
}

void ArtSource::keepPaintedMask() {
  if (!maskOnGpuOnly_) return;
  images_.mask = std::make_shared<const Image>(pipeline_->readMask());
  maskOnGpuOnly_ = false;
}

void ArtSource::maskSavedAs(const std::string& path) {
  keepPaintedMask();
  config_.maskPath = path;
  maskPainted_ = false;
}

Image ArtSource::finishedPicture(SortContext& context, Sorter& sorter) const {
  art::ArtPipeline exporter(context);
  // A painted mask as it is now on the GPU.
  const std::shared_ptr<const Image> mask =
      maskOnGpuOnly_ ? std::make_shared<const Image>(pipeline_->readMask()) : images_.mask;
  exporter.setImages({&currentPicture(), mask.get(), images_.intervals.get(), images_.keyImage.get()});
  exporter.setSettings(config_.settings);
  exporter.sort(sorter);
  return exporter.readResult();
}

void ArtSource::upload(const ArtImageFiles& images) {
  pipeline_->setImages({&currentPicture(), images.mask.get(), images.intervals.get(), images.keyImage.get()});
}

void ArtSource::configure(const ArtConfig& config) {
  // Files are read before anything changes, so an unreadable one leaves all as it was.
  ArtImageFiles images = loadChanged(config);
  const bool sameMask = config.maskPath == config_.maskPath;
  if (sameMask && maskOnGpuOnly_ && (images.intervals != images_.intervals || images.keyImage != images_.keyImage)) {
    keepPaintedMask();  // the upload below must take the painted mask, not the file's
    images.mask = images_.mask;
  }
  const bool imagesChanged =
      images.mask != images_.mask || images.intervals != images_.intervals || images.keyImage != images_.keyImage;
  try {
    if (imagesChanged) upload(images);
    pipeline_->setSettings(config.settings);
  } catch (...) {
    if (imagesChanged) upload(images_);
    pipeline_->setSettings(config_.settings);
    throw;
  }
  images_ = images;
  config_ = config;
  if (!sameMask) maskPainted_ = maskOnGpuOnly_ = false;  // another mask file replaced the painted one
}

void ArtSource::setPicture(Image picture) {
  pipeline_->setPicture(picture);
  // Kept for the uploads a change of images makes; the histogram was the last picture's.
  picture_ = std::move(picture);
  pictureOnGpuOnly_ = false;
  histogramOf_.reset();
}

void ArtSource::setPictureYuv420(const Yuv420Picture& planes) {
  pipeline_->setPictureYuv420(planes);
  pictureOnGpuOnly_ = true;
  histogramOf_.reset();
}

const Image& ArtSource::currentPicture() const {
  if (pictureOnGpuOnly_) {
    picture_ = pipeline_->readPicture();
    pictureOnGpuOnly_ = false;
  }
  return picture_;
}

const std::vector<float>& ArtSource::keyHistogram(std::uint32_t bins) {
  const HistogramOf wanted{spanKeyOf(config_.settings), config_.keyImagePath, bins};
  if (histogramOf_ != wanted) {
    const std::vector<std::uint32_t> counts = pipeline_->keyHistogram(bins);
    histogram_.assign(counts.begin(), counts.end());
    histogramOf_ = wanted;
  }
  return histogram_;
}

}  // namespace shadersort::ui

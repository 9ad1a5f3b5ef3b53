#pragma once
// The viewer's pixel-sort (art mode): the GPU pipeline on the input's picture, the images its
// settings name, and the settings as the panel and the keys edit them. The lane sorts the
// pipeline's packing (ui/sort_lane.h); nothing is read back per frame.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "art/art_pipeline.h"
#include "art/art_settings.h"
#include "data/image.h"
#include "data/inputs.h"
#include "data/yuv_picture.h"

namespace shadersort::ui {

// What art mode sorts by: the settings and the files of the images they name (empty: none).
struct ArtConfig {
  art::ArtSettings settings;
  std::string maskPath, intervalsPath, keyImagePath;
};

// Each picture sorted whole (one span per line) along the input's axis, by its key, direction and
// seed: a plain sort in art mode (view --video without art options).
ArtConfig wholeSortOf(const InputSpec& input);

// The images an ArtConfig names, decoded (null where none is named).
struct ArtImageFiles {
  std::shared_ptr<const Image> mask, intervals, keyImage;
};
// Reads them, needing no GPU, so that an unreadable file fails before a window opens; throws
// UserError naming the file.
ArtImageFiles readArtImages(const ArtConfig& config);

class ArtSource {
 public:
  // Uploads `picture` and `files` (read from `config`'s paths). Throws UsageError for an image
  // of another size or settings that contradict each other.
  ArtSource(SortContext& context, const ArtConfig& config, const Image& picture, ArtImageFiles files);
  // The same, reading the files first (UserError for an unreadable one).
  ArtSource(SortContext& context, const ArtConfig& config, const Image& picture)
      : ArtSource(context, config, picture, readArtImages(config)) {}
  ArtSource(const ArtSource&) = delete;
  ArtSource& operator=(const ArtSource&) = delete;

  const ArtConfig& config() const { return config_; }
  // Takes `config`, loading the images whose paths changed. Throws as the constructor does and
  // then keeps the config it had.
  void configure(const ArtConfig& config);

  // A new picture of the same size (a video's next frame), keeping the settings and the path
  // map; the lane reloads the packing after it (SortLane::reloadArt). UsageError for another size.
  void setPicture(Image picture);
  // The same from a decoded frame's 4:2:0 planes, converted to RGBA on the GPU (nothing is
  // converted on the CPU); the RGBA picture is read back only if an export or a change of images
  // needs it.
  void setPictureYuv420(const Yuv420Picture& planes);

  // The viewer's mask brush: a stroke segment painted into the mask on the GPU (a white mask is
  // made first when there is none). The lane reloads the packing after it (SortLane::reloadArt).
  void paintMask(const art::ArtPipeline::BrushStroke& stroke);
  // The mask was painted since it was read from or saved to config().maskPath.
  bool maskPainted() const { return maskPainted_; }
  // The painted mask, read back.
  Image paintedMask() const { return pipeline_->readMask(); }
  // The painted mask was saved as `path`: the config names it from now on (nothing is reloaded).
  void maskSavedAs(const std::string& path);

  art::ArtPipeline& pipeline() { return *pipeline_; }
  const art::ArtPipeline& pipeline() const { return *pipeline_; }

  // The finished picture at full resolution, as `run` with these settings and `sorter`'s
  // algorithm writes it: sorted by a pipeline of its own, so the lane's stepping is untouched.
  Image finishedPicture(SortContext& context, Sorter& sorter) const;

  // The key's histogram over the picture, `bins` bins; computed on the GPU once per key (a
  // read-back of `bins` words), not per frame.
  const std::vector<float>& keyHistogram(std::uint32_t bins);

 private:
  ArtImageFiles loadChanged(const ArtConfig& config) const;
  // The GPU's painted mask into images_.mask, so that an upload of the images keeps it.
  void keepPaintedMask();
  void upload(const ArtImageFiles& images);
  // picture_, read back from the GPU first when the last picture came as planes.
  const Image& currentPicture() const;

  ArtConfig config_;
  mutable Image picture_;
  mutable bool pictureOnGpuOnly_ = false;  // the last picture came as planes: picture_ is an older one
  ArtImageFiles images_;  // kept alive while the pipeline holds them
  bool maskPainted_ = false;
  bool maskOnGpuOnly_ = false;  // painted since images_.mask was last brought up to date
  std::unique_ptr<art::ArtPipeline> pipeline_;
  struct HistogramOf {
    PixelKey key;
    std::string keyImagePath;
    std::uint32_t bins;
    bool operator==(const HistogramOf&) const = default;
  };
  std::optional<HistogramOf> histogramOf_;
  std::vector<float> histogram_;
};

}  // namespace shadersort::ui

// The viewer's art mode, driven in this process on an offscreen host with the keys a person
// presses: the span overlay, a threshold step, the preset that S leaves beside its screenshot,
// and `view`'s art options. What the frame shows is held, pixel for pixel, to the art pipeline
// run on its own (and to the `shadersort run` command the panel shows).

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <random>

#include "art/art_pipeline.h"
#include "art/art_plan.h"
#include "art/presets.h"
#include "cli_support.h"
#include "sort/registry.h"
#include "sort/state_readback.h"
#include "ui/art_command_text.h"
#include "ui/viewer_app.h"
#include "sort_test_support.h"
#include "ui/art_panel.h"

namespace shadersort::testing {
namespace {

constexpr int kFrameWidth = 800, kFrameHeight = 500;
constexpr int kPictureWidth = 64, kPictureHeight = 48;

// A picture with smooth gradients (long threshold spans whose ends move with the threshold) and
// noise (something to sort inside them).
Image gradientPicture(std::uint32_t seed) {
  Image image(kPictureWidth, kPictureHeight);
  std::mt19937 random(seed);
  for (int y = 0; y < image.height; ++y)
    for (int x = 0; x < image.width; ++x) {
      const std::uint32_t noise = random() % 48;
      const std::uint32_t r = std::min<std::uint32_t>(255, static_cast<std::uint32_t>(x * 255 / (kPictureWidth - 1)) / 2 + noise * 2);
      const std::uint32_t g = std::min<std::uint32_t>(255, static_cast<std::uint32_t>(y * 255 / (kPictureHeight - 1)) / 2 + noise);
      const std::uint32_t b = (static_cast<std::uint32_t>(x + y) * 3 + noise) % 256;
      image.setPixel(x, y, r | g << 8 | b << 16 | 0xff000000u);
    }
  return image;
}

art::ArtSettings thresholdAt30Degrees() {
  art::ArtSettings settings;
  settings.path = art::parsePathSpec("angle:30");
  settings.spans = art::SpanMode::Threshold;
  settings.key = PixelKey::Lightness;
  settings.lower = 0.25;
  settings.upper = 0.8;
  return settings;
}

std::unique_ptr<ui::ViewerApp> makeArtViewer(const std::string& imagePath, const ui::ArtConfig& art,
                                             const std::string& algorithm = "frag-odd-even") {
  ui::ViewerConfig config;
  config.algorithm = algorithm;
  config.input.imagePath = imagePath;
  config.startPlaying = false;
  config.frames = 1000000;  // scripted: fixed frame time, one pass a frame while playing
  config.art = art;
  return std::make_unique<ui::ViewerApp>(std::move(config), [] { return ui::makeOffscreenHost(kFrameWidth, kFrameHeight); });
}

void press(ui::ViewerApp& app, const std::string& script) {
  for (ui::ViewerKey key : ui::parseKeyScript(script)) {
    app.host().queueKey(key);
    app.frame();
  }
}

// The lane's picture as the frame shows it: enlarged by a whole number with nearest filtering,
// so one frame pixel from each texel's block is that texel. Checks the enlargement is whole.
Image shownPicture(ui::ViewerApp& app) {
  const Image frame = app.host().readFrame();
  const auto placement = app.lanePlacement(0);
  const int scale = static_cast<int>(placement.max.x - placement.min.x) / kPictureWidth;
  EXPECT_GE(scale, 1);
  EXPECT_EQ(static_cast<int>(placement.max.x - placement.min.x), kPictureWidth * scale);
  EXPECT_EQ(static_cast<int>(placement.max.y - placement.min.y), kPictureHeight * scale);
  Image picture(kPictureWidth, kPictureHeight);
  for (int y = 0; y < kPictureHeight; ++y)
    for (int x = 0; x < kPictureWidth; ++x)
      picture.setPixel(x, y, frame.pixel(static_cast<int>(placement.min.x) + x * scale + scale / 2,
                                         static_cast<int>(placement.min.y) + y * scale + scale / 2));
  return picture;
}

// The frame's alpha is opaque; compare colours only.
int differingPixels(const Image& a, const Image& b) {
  int differing = 0;
  for (int y = 0; y < a.height; ++y)
    for (int x = 0; x < a.width; ++x)
      if ((a.pixel(x, y) & 0xffffffu) != (b.pixel(x, y) & 0xffffffu)) ++differing;
  return differing;
}

// The art pipeline on its own, for `settings`: the finished sort, or the span overlay.
Image pipelinePicture(const Image& picture, const art::ArtSettings& settings, const std::string& algorithm, bool overlay) {
  art::ArtPipeline pipeline(testSortContext());
  pipeline.setImages({&picture});
  pipeline.setSettings(settings);
  if (overlay) {
    pipeline.prepare(art::Packing::ShortRows);
    pipeline.paintSpanOverlay();
  } else {
    SorterOptions options;
    options.teaching = true;
    std::unique_ptr<Sorter> sorter = findAlgorithm(algorithm).create(testSortContext(), options);
    pipeline.sort(*sorter);
  }
  return pipeline.readResult();
}

int channelSum(std::uint32_t pixel) { return static_cast<int>((pixel & 0xff) + (pixel >> 8 & 0xff) + (pixel >> 16 & 0xff)); }

TEST(ViewerArt, OverlayShowsTheSpansAndAThresholdStepResortsToThePipelinesPicture) {
  ScratchFolder folder;
  const Image picture = gradientPicture(3);
  const std::string input = folder.path("picture.png");
  savePng(picture, input);
  auto app = makeArtViewer(input, {thresholdAt30Degrees(), "", "", ""});
  app->frame();
  ASSERT_NE(app->art(), nullptr);
  EXPECT_FALSE(app->showsResultAfterChange());
  press(*app, "e");  // a change shows its finished result at once; so does pressing e
  ASSERT_TRUE(app->showsResultAfterChange());
  ASSERT_TRUE(app->lane(0).finished());
  const Image sorted = shownPicture(*app);
  EXPECT_EQ(differingPixels(sorted, pipelinePicture(picture, thresholdAt30Degrees(), "frag-odd-even", false)), 0);

  // o: the span overlay (the pipeline's debug view), in place of the sorted picture.
  press(*app, "o");
  EXPECT_TRUE(app->view().spanOverlay);
  const Image overlay = shownPicture(*app);
  EXPECT_EQ(differingPixels(overlay, pipelinePicture(picture, thresholdAt30Degrees(), "frag-odd-even", true)), 0);
  // In the way the overlay promises: the pixels of sorted spans in light tones, every other
  // pixel darkened, so the darkest span pixel is lighter than the lightest pixel outside.
  const art::ArtPlan plan = art::planArt(thresholdAt30Degrees(), {&picture});
  ASSERT_FALSE(plan.spans.empty());
  std::vector<bool> inside(picture.pixelCount(), false);
  for (const art::Span& span : plan.spans)
    for (std::uint32_t at = span.start; at < span.start + span.length; ++at) inside[plan.map.pixels[at]] = true;
  int darkestInside = 3 * 255, lightestOutside = 0, outside = 0, outsideNotDarkened = 0;
  for (int y = 0; y < picture.height; ++y)
    for (int x = 0; x < picture.width; ++x) {
      const int shown = channelSum(overlay.pixel(x, y));
      if (inside[static_cast<std::size_t>(y) * picture.width + x]) {
        darkestInside = std::min(darkestInside, shown);
      } else {
        ++outside;
        lightestOutside = std::max(lightestOutside, shown);
        const int before = channelSum(picture.pixel(x, y));
        if (shown >= before && before > 0) ++outsideNotDarkened;  // black cannot darken
      }
    }
  ASSERT_GT(outside, 0) << "the test picture must have pixels outside the band";
  EXPECT_EQ(outsideNotDarkened, 0);
  EXPECT_GT(darkestInside, lightestOutside);
  press(*app, "o");
  EXPECT_EQ(differingPixels(shownPicture(*app), sorted), 0) << "o again: the sorted picture as it was";

  // ]: the lower threshold up 0.05, sorted again from pass 0 and finished at once.
  press(*app, "]");
  art::ArtSettings raised = thresholdAt30Degrees();
  raised.lower = 0.3;
  EXPECT_EQ(app->art()->config().settings.lower, 0.3);
  EXPECT_TRUE(app->lane(0).finished());
  EXPECT_TRUE(app->message().empty()) << app->message();
  const Image resorted = shownPicture(*app);
  EXPECT_GT(differingPixels(resorted, sorted), 0) << "the threshold step must change the test picture";
  EXPECT_EQ(differingPixels(resorted, pipelinePicture(picture, raised, "frag-odd-even", false)), 0);

  // The command line the panel shows writes the same picture.
  const std::string command =
      ui::equivalentRunCommand(app->art()->config(), "frag-odd-even", app->inputSpec(), folder.path("run.png"));
  EXPECT_NE(command.find("--lower 0.3 "), std::string::npos) << command;
  const auto run = runShadersort(command.substr(std::string("shadersort ").size()));
  ASSERT_EQ(run.exitCode, 0) << command << "\n" << run.err;
  EXPECT_EQ(differingPixels(resorted, loadImage(folder.path("run.png"))), 0) << command;

  // [ brings it back.
  press(*app, "[");
  EXPECT_EQ(differingPixels(shownPicture(*app), sorted), 0);
}

// n draws a new seed (random spans move), z undoes a change and the picture returns exactly, y
// redoes it; with nothing to undo, z says so.
TEST(ViewerArt, SeedShuffleUndoAndRedoReturnEachPictureExactly) {
  ScratchFolder folder;
  const Image picture = gradientPicture(5);
  const std::string input = folder.path("picture.png");
  savePng(picture, input);
  art::ArtSettings random = thresholdAt30Degrees();
  random.spans = art::SpanMode::Random;
  random.spanLength = 6;
  auto app = makeArtViewer(input, {random, "", "", ""}, "radix");
  app->frame();
  press(*app, "z");
  EXPECT_EQ(app->message(), "nothing to undo");
  press(*app, "e");
  const Image first = shownPicture(*app);
  EXPECT_EQ(differingPixels(first, pipelinePicture(picture, random, "radix", false)), 0);

  press(*app, "n");
  const std::uint64_t newSeed = app->art()->config().settings.seed;
  EXPECT_NE(newSeed, random.seed);
  const Image shuffled = shownPicture(*app);
  EXPECT_GT(differingPixels(shuffled, first), 0) << "a new seed draws other spans";
  art::ArtSettings reseeded = random;
  reseeded.seed = newSeed;
  EXPECT_EQ(differingPixels(shuffled, pipelinePicture(picture, reseeded, "radix", false)), 0);

  press(*app, "]");  // a second change: the span length is not a key, the threshold is not read
  press(*app, "x");  // columns from angle:30
  const Image columns = shownPicture(*app);
  press(*app, "z");
  EXPECT_EQ(app->art()->config().settings.path.kind, art::PathKind::Angle);
  press(*app, "z");
  press(*app, "z");
  EXPECT_EQ(app->art()->config().settings.seed, random.seed);
  EXPECT_EQ(differingPixels(shownPicture(*app), first), 0) << "undone back to the first picture";
  press(*app, "y,y,y");
  EXPECT_EQ(app->art()->config().settings.path.kind, art::PathKind::Columns);
  EXPECT_EQ(differingPixels(shownPicture(*app), columns), 0) << "redone to the last picture";
  press(*app, "y");
  EXPECT_EQ(app->message(), "nothing to redo");
  // A new change after an undo forgets the redo.
  press(*app, "z,d,y");
  EXPECT_EQ(app->message(), "nothing to redo");
}

// Radix on threshold spans at 30 degrees over `picture` (saved as picture.png in `folder`),
// exporting to export.png there.
std::unique_ptr<ui::ViewerApp> makeExportingViewer(const ScratchFolder& folder, const Image& picture) {
  savePng(picture, folder.path("picture.png"));
  ui::ViewerConfig config;
  config.algorithm = "radix";
  config.input.imagePath = folder.path("picture.png");
  config.startPlaying = false;
  config.frames = 1000000;
  config.art = ui::ArtConfig{thresholdAt30Degrees(), "", "", ""};
  config.exportPath = folder.path("export.png");
  return std::make_unique<ui::ViewerApp>(std::move(config), [] { return ui::makeOffscreenHost(kFrameWidth, kFrameHeight); });
}

// w exports the finished picture at full resolution, whatever pass the lane shows, equal to what
// `run` writes with the panel's copied command; its preset lands beside it.
TEST(ViewerArt, ExportWritesTheFinishedPictureEqualToRunWithTheCopiedCommand) {
  ScratchFolder folder;
  const Image picture = gradientPicture(7);
  auto exporting = makeExportingViewer(folder, picture);
  ui::ViewerApp& app = *exporting;
  app.frame();
  press(app, "],w");  // a change (not played: the lane is at pass 0), then the export
  EXPECT_FALSE(app.lane(0).finished()) << "the lane shows an unfinished state";
  ASSERT_TRUE(std::filesystem::exists(folder.path("export.png"))) << app.message();
  EXPECT_TRUE(std::filesystem::exists(folder.path("export.toml"))) << "the preset beside it";
  const Image exported = loadImage(folder.path("export.png"));
  EXPECT_EQ(exported.width, picture.width);
  EXPECT_EQ(exported.height, picture.height);
  const std::string command = ui::equivalentRunCommand(app.art()->config(), "radix", app.inputSpec(), folder.path("run.png"));
  const auto run = runShadersort(command.substr(std::string("shadersort ").size()));
  ASSERT_EQ(run.exitCode, 0) << command << "\n" << run.err;
  EXPECT_TRUE(loadImage(folder.path("run.png")).rgba == exported.rgba) << command;
  EXPECT_FALSE(exported.rgba == picture.rgba) << "the export must be sorted";
}

// s in art mode writes a screenshot and a preset beside it: a default name whose preset (or
// painted mask) already exists is passed over, not overwritten (it was, with only the .png checked).
TEST(ViewerArt, AScreenshotNeverOverwritesAPresetOrMaskBesideIt) {
  ScratchFolder folder;
  savePng(gradientPicture(3), folder.path("picture.png"));
  const std::string mine = "path = \"rows\"\n# mine\n";
  writeBytes(folder.path("shadersort-radix-pass0.toml"), std::vector<std::uint8_t>(mine.begin(), mine.end()));
  writeBytes(folder.path("shadersort-radix-pass0-2-mask.png"), std::vector<std::uint8_t>{1, 2, 3});
  auto app = makeArtViewer(folder.path("picture.png"), {thresholdAt30Degrees(), "", "", ""}, "radix");
  app->frame();
  press(*app, "s");
  ASSERT_TRUE(app->outputFailures().empty()) << app->outputFailures().front();
  EXPECT_EQ(readText(folder.path("shadersort-radix-pass0.toml")), mine) << "the user's preset was overwritten";
  EXPECT_EQ(readText(folder.path("shadersort-radix-pass0-2-mask.png")), std::string("\x01\x02\x03"));
  EXPECT_TRUE(std::filesystem::exists(folder.path("shadersort-radix-pass0-3.png")));
  EXPECT_TRUE(std::filesystem::exists(folder.path("shadersort-radix-pass0-3.toml")));
  EXPECT_FALSE(std::filesystem::exists(folder.path("shadersort-radix-pass0.png")));
}

// A link at a name counts as taken even when it leads nowhere: the dangling link at the preset's
// name got the screenshot written and the preset refused, half an output.
TEST(ViewerArt, ALinkBesideTheScreenshotTakesTheName) {
  ScratchFolder folder;
  savePng(gradientPicture(3), folder.path("picture.png"));
  std::filesystem::create_symlink(folder.path("nowhere"), folder.path("shadersort-radix-pass0.toml"));
  auto app = makeArtViewer(folder.path("picture.png"), {thresholdAt30Degrees(), "", "", ""}, "radix");
  app->frame();
  press(*app, "s");
  ASSERT_TRUE(app->outputFailures().empty()) << app->outputFailures().front();
  EXPECT_FALSE(std::filesystem::exists(folder.path("shadersort-radix-pass0.png"))) << "written beside a refused preset";
  EXPECT_TRUE(std::filesystem::is_symlink(folder.path("shadersort-radix-pass0.toml")));
  EXPECT_FALSE(std::filesystem::exists(folder.path("nowhere")));
  EXPECT_TRUE(std::filesystem::exists(folder.path("shadersort-radix-pass0-2.png")));
  EXPECT_TRUE(std::filesystem::exists(folder.path("shadersort-radix-pass0-2.toml")));
}

// The mask brush (i): a scripted stroke changes the mask where it went and nowhere else, the
// picture follows that mask as the CPU reference does, and w saves the mask beside the export,
// which the run command then names.
TEST(ViewerArt, ABrushStrokeChangesTheMaskWhereItWentAndNowhereElse) {
  ScratchFolder folder;
  const Image picture = gradientPicture(5);
  auto exporting = makeExportingViewer(folder, picture);
  ui::ViewerApp& app = *exporting;
  app.frame();
  press(app, "e,i,i");  // the result at once; the brush erases
  ASSERT_EQ(app.brush().mode, ui::BrushMode::Erase);
  app.brush().radius = 4.0f;
  app.brush().feather = 0.0f;
  const auto placement = app.lanePlacement(0);
  const auto toWindow = [&](float x, float y) {
    return std::pair{placement.min.x + x / kPictureWidth * (placement.max.x - placement.min.x),
                     placement.min.y + y / kPictureHeight * (placement.max.y - placement.min.y)};
  };
  double seconds = 1.0;
  const auto send = [&](ui::MouseEvent::Kind kind, float x, float y) {
    const auto [windowX, windowY] = toWindow(x, y);
    app.host().queueMouse({kind, windowX, windowY, seconds});
    app.frame();
    seconds += 1.0 / 60.0;
  };
  using Kind = ui::MouseEvent::Kind;
  const float fromX = 10.5f, toX = 40.5f, strokeY = 20.5f;
  send(Kind::Move, fromX, strokeY);
  send(Kind::Press, fromX, strokeY);
  for (float x = fromX + 5; x <= toX; x += 5) send(Kind::Move, x, strokeY);
  send(Kind::Release, toX, strokeY);
  EXPECT_FLOAT_EQ(app.view().centre.x, 0.5f) << "a brush stroke must not pan";
  ASSERT_TRUE(app.art()->maskPainted());
  const Image mask = app.art()->paintedMask();
  ASSERT_EQ(mask.width, kPictureWidth);
  int erased = 0;
  for (int y = 0; y < kPictureHeight; ++y)
    for (int x = 0; x < kPictureWidth; ++x) {
      const float cx = x + 0.5f, cy = y + 0.5f;
      const float nearestX = std::clamp(cx, fromX, toX);
      const float distance = std::hypot(cx - nearestX, cy - strokeY);
      const std::uint32_t grey = mask.pixel(x, y) & 0xFFu;
      if (distance < 3.5f) {
        EXPECT_EQ(grey, 0u) << "not erased at " << x << "," << y;
        ++erased;
      } else if (distance > 4.5f) {
        EXPECT_EQ(grey, 255u) << "changed away from the stroke at " << x << "," << y;
      }
    }
  EXPECT_GT(erased, 150);
  // The picture follows the painted mask exactly as the CPU reference does.
  const art::ArtPlan plan = art::planArt(thresholdAt30Degrees(), {&picture, &mask});
  EXPECT_TRUE(app.art()->pipeline().readResult().rgba == art::applySources(picture, art::referenceSources(plan)).rgba);
  EXPECT_FALSE(app.art()->pipeline().readResult().rgba ==
               art::applySources(picture, art::referenceSources(art::planArt(thresholdAt30Degrees(), {&picture}))).rgba)
      << "the erased pixels must stay";
  // w: the mask saved beside the picture; the run command names it and writes the same picture.
  press(app, "w");
  ASSERT_TRUE(std::filesystem::exists(folder.path("export-mask.png"))) << app.message();
  EXPECT_TRUE(loadImage(folder.path("export-mask.png")).rgba == mask.rgba);
  EXPECT_NE(readText(folder.path("export.toml")).find("export-mask.png"), std::string::npos);
  const std::string command = app.artRunCommand(folder.path("run.png"));
  EXPECT_NE(command.find("--mask " + folder.path("export-mask.png")), std::string::npos) << command;
  const auto run = runShadersort(command.substr(std::string("shadersort ").size()));
  ASSERT_EQ(run.exitCode, 0) << command << "\n" << run.err;
  EXPECT_TRUE(loadImage(folder.path("run.png")).rgba == loadImage(folder.path("export.png")).rgba) << command;
}

// b: before / after. Left of the divider the frame shows the input, right of it the result, in
// one picture's coordinates; b again shows the result whole.
TEST(ViewerArt, SplitViewShowsTheInputLeftAndTheResultRight) {
  ScratchFolder folder;
  const Image picture = gradientPicture(11);
  const std::string input = folder.path("picture.png");
  savePng(picture, input);
  auto app = makeArtViewer(input, {thresholdAt30Degrees(), "", "", ""}, "radix");
  app->frame();
  press(*app, "e");
  const Image result = shownPicture(*app);
  ASSERT_GT(differingPixels(result, picture), 0) << "the result must differ from the input";
  press(*app, "b");
  ASSERT_FLOAT_EQ(app->view().split, 0.5f);
  const Image split = shownPicture(*app);
  // Columns away from the divider (the line covers the middle).
  int leftDiffers = 0, rightDiffers = 0, leftFromResult = 0;
  for (int y = 0; y < kPictureHeight; ++y)
    for (int x = 0; x < kPictureWidth; ++x) {
      if (x < kPictureWidth / 2 - 1) {
        leftDiffers += (split.pixel(x, y) & 0xffffffu) != (picture.pixel(x, y) & 0xffffffu);
        leftFromResult += (result.pixel(x, y) & 0xffffffu) != (picture.pixel(x, y) & 0xffffffu);
      } else if (x > kPictureWidth / 2) {
        rightDiffers += (split.pixel(x, y) & 0xffffffu) != (result.pixel(x, y) & 0xffffffu);
      }
    }
  EXPECT_EQ(leftDiffers, 0) << "left of the divider: the input";
  EXPECT_EQ(rightDiffers, 0) << "right of the divider: the result";
  EXPECT_GT(leftFromResult, 0) << "the left half of the result differs from the input, so the test can tell";
  press(*app, "b");
  EXPECT_LT(app->view().split, 0.0f);
  EXPECT_EQ(differingPixels(shownPicture(*app), result), 0);
}

// Threshold steps land on the grid exactly, so the copied command writes them short.
TEST(ViewerArt, ThresholdStepsGiveShortNumbers) {
  art::ArtSettings settings = thresholdAt30Degrees();
  settings.lower = 0.0;
  for (int step = 1; step <= 19; ++step) {
    settings = ui::withLowerThresholdMoved(settings, 0.05);
    const std::string text = art::decimalText(settings.lower);
    EXPECT_LE(text.size(), 4u) << text;
    EXPECT_EQ(settings.lower, std::stod(text));
  }
}

TEST(ViewerArt, AChangeReplaysItsPassesFromPassZeroWhenPlaybackIsPasses) {
  ScratchFolder folder;
  const Image picture = gradientPicture(5);
  savePng(picture, folder.path("picture.png"));
  auto app = makeArtViewer(folder.path("picture.png"), {thresholdAt30Degrees(), "", "", ""});
  app->frame();
  press(*app, "right,right,right");
  ASSERT_EQ(app->lane(0).pass(), 3u);
  const std::uint64_t readBacks = stateReadbackCount();
  press(*app, "]");  // re-sorted from pass 0, then playing one pass a scripted frame
  EXPECT_TRUE(app->playing());
  EXPECT_EQ(app->lane(0).pass(), 1u);
  press(*app, "wait,wait");
  EXPECT_EQ(app->lane(0).pass(), 3u);
  EXPECT_EQ(stateReadbackCount(), readBacks) << "art pictures are painted on the GPU";
}

TEST(ViewerArt, ScreenshotKeyWritesAPresetThatReadsBackToTheSameSettings) {
  ScratchFolder folder;
  const Image picture = gradientPicture(7);
  savePng(picture, folder.path("picture.png"));
  std::filesystem::create_directory(folder.path("masks"));
  Image mask(kPictureWidth, kPictureHeight);
  for (int y = 0; y < mask.height; ++y)
    for (int x = 0; x < mask.width; ++x) mask.setPixel(x, y, (x / 8 + y / 8) % 2 ? 0xffffffffu : 0xff000000u);
  savePng(mask, folder.path("masks/m.png"));

  ui::ArtConfig art;
  art.settings.path = art::parsePathSpec("spokes:0.25,0.75");
  art.settings.spans = art::SpanMode::Mask;
  art.settings.key = PixelKey::Hue;
  art.settings.descending = true;
  art.settings.invert = true;
  art.settings.maxSpan = 12;
  art.settings.skipPercent = 12.5;
  art.settings.seed = 99;
  art.maskPath = folder.path("masks/m.png");
  auto app = makeArtViewer(folder.path("picture.png"), art, "radix");
  app->frame();
  press(*app, "],s");
  ASSERT_TRUE(app->outputFailures().empty()) << app->outputFailures().front();

  std::string presetPath;
  for (const std::string& name : folder.entries())
    if (std::filesystem::path(name).extension() == ".toml") presetPath = folder.path(name);
  ASSERT_FALSE(presetPath.empty()) << "no preset beside the screenshot";
  EXPECT_TRUE(std::filesystem::exists(std::filesystem::path(presetPath).replace_extension(".png")));
  const art::Preset preset = art::loadPreset(presetPath);
  const art::ArtSettings& shown = app->art()->config().settings;
  const art::ArtSettings& read = preset.settings;
  EXPECT_EQ(art::pathSpecText(read.path), "spokes:0.25,0.75");
  EXPECT_EQ(read.spans, art::SpanMode::Mask);
  EXPECT_EQ(read.key, PixelKey::Hue);
  EXPECT_TRUE(read.descending);
  EXPECT_TRUE(read.invert);
  EXPECT_EQ(read.lower, shown.lower);
  EXPECT_EQ(read.lower, 0.3) << "] before s";
  EXPECT_EQ(read.upper, shown.upper);
  EXPECT_EQ(read.maxSpan, 12u);
  EXPECT_EQ(read.skipPercent, 12.5);
  EXPECT_EQ(read.seed, 99u);
  EXPECT_EQ(read.spanLength, shown.spanLength);
  EXPECT_EQ(read.sortTransparent, shown.sortTransparent);
  // The mask is named relative to the preset's folder, so the preset works wherever it is opened from.
  EXPECT_EQ(preset.maskPath, "masks/m.png");
  EXPECT_TRUE(std::filesystem::equivalent(preset.resolve(preset.maskPath), folder.path("masks/m.png")));
}

TEST(ViewerArt, PTurnsArtModeOnAndOffOnTheCurrentInput) {
  ScratchFolder folder;
  savePng(gradientPicture(11), folder.path("picture.png"));
  ui::ViewerConfig config;
  config.input.imagePath = folder.path("picture.png");
  config.input.order.axis = Axis::Rows;
  config.startPlaying = false;
  config.frames = 1000000;
  auto app = std::make_unique<ui::ViewerApp>(std::move(config), [] { return ui::makeOffscreenHost(kFrameWidth, kFrameHeight); });
  app->frame();
  EXPECT_EQ(app->art(), nullptr);
  press(*app, "o");
  EXPECT_FALSE(app->message().empty()) << "an art key without art mode says how to turn it on";
  press(*app, "p");
  ASSERT_NE(app->art(), nullptr);
  EXPECT_TRUE(app->lane(0).artMode());
  EXPECT_EQ(app->art()->config().settings.path.kind, art::PathKind::Rows) << "the input's axis carries over";
  press(*app, "k,d");
  EXPECT_EQ(app->art()->config().settings.key, PixelKey::Hue);
  EXPECT_TRUE(app->art()->config().settings.descending);
  EXPECT_EQ(app->inputSpec().order.key, PixelKey::Luminance) << "in art mode k changes the art key";
  press(*app, "a");
  EXPECT_FALSE(app->view().arrayMode);
  press(*app, "p");
  EXPECT_EQ(app->art(), nullptr);
  EXPECT_FALSE(app->lane(0).artMode());
  EXPECT_EQ(app->lane(0).passCount(), app->lane(0).sorter().passCount());
}

TEST(ViewerArt, ViewTakesRunsArtOptionsAndRefusesBadOnesInOneLine) {
  ScratchFolder folder;
  const Image picture = gradientPicture(13);
  savePng(picture, folder.path("picture.png"));
  savePng(gradientPicture(1), folder.path("same-size.png"));
  savePng(Image(5, 5), folder.path("small.png"));
  const std::string image = folder.path("picture.png");
  const auto shot = runShadersort("view " + image + " --path angle:30 --spans threshold --key lightness --offscreen "
                                  "--window-size 800x500 --frames 2 --keys e --screenshot " + folder.path("shot.png"));
  ASSERT_EQ(shot.exitCode, 0) << shot.err;
  EXPECT_TRUE(std::filesystem::exists(folder.path("shot.png")));

  const std::pair<std::string, int> refused[] = {
      {"--path spiral", 2},
      {"--spans threshold --lower 0.9 --upper 0.1", 2},
      {"--spans none --upper 0.5", 2},
      {"--spans mask", 2},
      {"--spans mask --mask " + folder.path("small.png"), 2},
      {"--path rows --race radix,bitonic", 2},
      {"--path rows --array", 2},
      {"--preset no-such-look", 2},
      {"--spans mask --mask " + folder.path("missing.png"), 1},  // unreadable, as run says it
  };
  for (const auto& [options, exitCode] : refused) {
    SCOPED_TRACE(options);
    const auto result = runShadersort("view " + image + " " + options + " --offscreen --frames 1");
    EXPECT_EQ(result.exitCode, exitCode) << result.err;
    EXPECT_EQ(lineCount(result.err), 1) << result.err;
  }
}

TEST(ViewerArt, RunCommandLeavesOutWhatTheSpanModeDoesNotRead) {
  ui::ArtConfig config;
  config.settings.path = art::parsePathSpec("rings:0.5,0.25");
  config.settings.spans = art::SpanMode::Random;
  config.settings.spanLength = 30;
  config.settings.invert = true;  // random spans have no inside to invert
  config.settings.skipPercent = 40;
  InputSpec input;
  input.imagePath = "my picture's.png";
  const std::string command = ui::equivalentRunCommand(config, "radix", input, "out.png");
  EXPECT_EQ(command, "shadersort run 'my picture'\\''s.png' --algo radix --path rings:0.5,0.25 --spans random "
                     "--key luminance --span-length 30 --skip 40 --seed 1 --out out.png");
}

}  // namespace
}  // namespace shadersort::testing

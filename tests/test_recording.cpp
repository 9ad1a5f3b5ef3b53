// run --gif and run --sheet as a user runs them: the GIF decodes (with stb_image, a decoder
// independent of the giflib that wrote it), holds the kept states from the input to the sorted
// output, loops and enlarges as asked; the contact sheet's cells hold the states after the
// labelled passes; bad values and failed or killed runs leave nothing behind.

#include <gtest/gtest.h>

#include <gif_lib.h>
#include <stb_image.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <regex>

#include "cli_support.h"
#include "cli/run_recording.h"
#include "core/error.h"
#include "data/default_image.h"
#include "data/inputs.h"
#include "render/caption_strip.h"
#include "render/contact_sheet.h"
#include "render/gif_palette.h"
#include "render/gif_recorder.h"
#include "render/label_font.h"
#include "render/recorded_passes.h"
#include "sort_test_support.h"

namespace shadersort::testing {
namespace {

struct DecodedGif {
  int width = 0, height = 0;
  std::vector<Image> frames;  // composited, as a viewer shows them
  std::vector<int> delays;    // milliseconds, as stb_image reports them
};

DecodedGif decodeGif(const std::string& path) {
  const std::string bytes = readText(path);
  DecodedGif gif;
  int* delays = nullptr;
  int frames = 0, channels = 0;
  stbi_uc* pixels = stbi_load_gif_from_memory(reinterpret_cast<const stbi_uc*>(bytes.data()), static_cast<int>(bytes.size()),
                                              &delays, &gif.width, &gif.height, &frames, &channels, 4);
  if (!pixels) {
    ADD_FAILURE() << path << " does not decode: " << stbi_failure_reason();
    return gif;
  }
  const std::size_t frameBytes = static_cast<std::size_t>(gif.width) * gif.height * 4;
  for (int i = 0; i < frames; ++i) {
    Image frame(gif.width, gif.height);
    std::memcpy(frame.rgba.data(), pixels + frameBytes * static_cast<std::size_t>(i), frameBytes);
    gif.frames.push_back(std::move(frame));
    gif.delays.push_back(delays[i]);
  }
  stbi_image_free(pixels);
  stbi_image_free(delays);
  return gif;
}

// A GIF frame's picture: its top left, above the caption strip (issue 26: frames carry the pass
// and what it did below the picture, see Slides.GifFramesCarryTheCaptionStrip).
Image picturePart(const Image& frame, int width, int height) {
  Image part(width, height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) part.setPixel(x, y, frame.pixel(x, y));
  return part;
}

int captionedGifHeight(int pictureWidth, int pictureHeight) {
  return pictureHeight + render::captionStripHeight(render::captionedWidth(pictureWidth),
                                                    cli::RunRecording::kGifDescriptionLines);
}

// Passes the run made, from its --stats line "name: P of N passes (...)".
std::uint32_t passesRun(const std::string& statsOutput) {
  std::smatch match;
  if (!std::regex_search(statsOutput, match, std::regex(R"((\d+) of (\d+) passes)"))) {
    ADD_FAILURE() << "no pass count in: " << statsOutput;
    return 0;
  }
  return static_cast<std::uint32_t>(std::stoul(match[1]));
}

struct ColourError {
  int max = 0;
  double mean = 0;
};

// Per-channel RGB difference of two pictures of one size.
ColourError colourError(const Image& expected, const Image& actual) {
  ColourError error;
  double sum = 0;
  for (std::size_t i = 0; i < expected.pixelCount(); ++i)
    for (int c = 0; c < 3; ++c) {
      const int d = std::abs(static_cast<int>(expected.rgba[i * 4 + c]) - actual.rgba[i * 4 + c]);
      error.max = std::max(error.max, d);
      sum += d;
    }
  error.mean = sum / static_cast<double>(expected.pixelCount() * 3);
  return error;
}

// A GIF palette is one colour per source colour: the colour each input colour got in the first
// frame must be the colour it has in every later frame. So the last frame must equal the sorted
// output seen through the first frame's colours, exactly, whatever the palette's error.
void expectSameColourMapping(const Image& input, const Image& firstFrame, const Image& output, const Image& lastFrame) {
  std::map<std::uint32_t, std::uint32_t> shownAs;
  for (int y = 0; y < input.height; ++y)
    for (int x = 0; x < input.width; ++x) {
      const auto [where, added] = shownAs.emplace(input.pixel(x, y), firstFrame.pixel(x, y));
      ASSERT_EQ(where->second, firstFrame.pixel(x, y)) << "one input colour shown two ways at " << x << "," << y;
    }
  int wrong = 0;
  for (int y = 0; y < output.height; ++y)
    for (int x = 0; x < output.width; ++x) {
      const auto where = shownAs.find(output.pixel(x, y));
      ASSERT_NE(where, shownAs.end()) << "the sorted output has a colour the input lacks";
      wrong += where->second != lastFrame.pixel(x, y);
    }
  EXPECT_EQ(wrong, 0) << "pixels of the last frame that are not the sorted output's";
}

std::string patternArguments(const std::string& size = "64x64") { return "--pattern random --size " + size; }

Image patternPicture(int width, int height) {
  InputSpec spec;
  spec.pattern = Pattern::Random;
  spec.width = width;
  spec.height = height;
  return resolveInput(spec).image;
}

// Tolerance on the 64x64 random pattern: its colours lie on a ramp and fall into 95 of giflib's
// 5-bit histogram bins (cubes 8 levels wide), fewer than the palette's 255, so each palette colour
// is the mean of nearby ramp colours: measured max 5 and mean 1.1 levels per channel.
constexpr int kPatternMaxError = 8;
constexpr double kPatternMeanError = 2.0;

class GifOfEverySchedule : public ::testing::TestWithParam<Schedule> {};

TEST_P(GifOfEverySchedule, FramesGoFromTheInputToTheSortedOutput) {
  const Schedule& schedule = GetParam();
  ScratchFolder folder;
  const std::string common = "--algo " + std::string(schedule.algorithm->name) + (schedule.teaching ? " --teaching " : " ") +
                             patternArguments();
  constexpr std::uint32_t every = 3;
  const auto recorded = runShadersort("run " + common + " --gif " + folder.path("run.gif") + " --every 3 --stats");
  ASSERT_EQ(recorded.exitCode, 0) << recorded.err;
  EXPECT_NE(recorded.out.find(schedule.teaching ? "teaching schedule" : schedule.algorithm->hasTeachingSchedule ? "fast schedule" : "its one schedule"),
            std::string::npos)
      << recorded.out;
  const auto sorted = runShadersort("run " + common + " --out " + folder.path("sorted.png"));
  ASSERT_EQ(sorted.exitCode, 0) << sorted.err;

  const DecodedGif gif = decodeGif(folder.path("run.gif"));
  const std::uint32_t passes = passesRun(recorded.out);
  ASSERT_EQ(gif.frames.size(), render::recordedStateCount(passes, every)) << passes << " passes, every " << every;
  ASSERT_EQ(gif.width, render::captionedWidth(64));
  ASSERT_EQ(gif.height, captionedGifHeight(64, 64));

  const Image input = patternPicture(64, 64);
  const Image output = loadImage(folder.path("sorted.png"));
  const Image firstFrame = picturePart(gif.frames.front(), 64, 64), lastFrame = picturePart(gif.frames.back(), 64, 64);
  const ColourError first = colourError(input, firstFrame);
  const ColourError last = colourError(output, lastFrame);
  EXPECT_LE(first.max, kPatternMaxError);
  EXPECT_LE(first.mean, kPatternMeanError);
  EXPECT_LE(last.max, kPatternMaxError);
  EXPECT_LE(last.mean, kPatternMeanError);
  expectSameColourMapping(input, firstFrame, output, lastFrame);
  EXPECT_EQ(folder.entries(), (std::vector<std::string>{"run.gif", "sorted.png"}));
}

INSTANTIATE_TEST_SUITE_P(Recording, GifOfEverySchedule, ::testing::ValuesIn(allSchedules()), scheduleName);

TEST(Recording, GifOfAPictureOfManyColoursStaysWithinThePalettesError) {
  ScratchFolder folder;
  // 64x64 of the built-in picture: noisy gradients, thousands of colours, so the palette is
  // chosen (median cut, then k-means): measured max 31 and mean 5.5 levels per channel. The
  // bounds allow half as much again on the max (a rare colour far from the rest) and 1.5 on the
  // mean, the error the eye sees. Since the frames carry a caption strip (issue 26), three
  // entries are the strip's colours, kept exact, and picture colours whose 5-bit bin lies
  // nearest one of them show as it: measured max 70, so the max bound is 80.
  const Image input = makeDefaultImage(64, 64);
  savePng(input, folder.path("in.png"));
  const std::string common = "--algo bitonic --teaching --image " + folder.path("in.png");
  ASSERT_EQ(runShadersort("run " + common + " --gif " + folder.path("run.gif") + " --every 4").exitCode, 0);
  ASSERT_EQ(runShadersort("run " + common + " --out " + folder.path("sorted.png")).exitCode, 0);
  const DecodedGif gif = decodeGif(folder.path("run.gif"));
  ASSERT_GE(gif.frames.size(), 2u);
  const Image output = loadImage(folder.path("sorted.png"));
  const Image firstFrame = picturePart(gif.frames.front(), 64, 64), lastFrame = picturePart(gif.frames.back(), 64, 64);
  const ColourError first = colourError(input, firstFrame);
  EXPECT_LE(first.max, 80);
  EXPECT_LE(first.mean, 7.0) << "max " << first.max;
  EXPECT_EQ(colourError(output, lastFrame).mean, first.mean) << "the same pixels, in another order";
  expectSameColourMapping(input, firstFrame, output, lastFrame);
  // The caption strip keeps its own colours exactly, whatever the palette did to the picture.
  int offStrip = 0;
  for (const Image& frame : gif.frames)
    for (int y = 64; y < frame.height; ++y)
      for (int x = 0; x < frame.width; ++x) {
        const std::uint32_t pixel = frame.pixel(x, y);
        offStrip += pixel != render::kCaptionBackground && pixel != render::kCaptionHeadingColour &&
                    pixel != render::kCaptionTextColour;
      }
  EXPECT_EQ(offStrip, 0);
}

TEST(Recording, GifLoopsForeverWithDelaysFromFpsAndAHeldLastFrame) {
  ScratchFolder folder;
  ASSERT_EQ(runShadersort("run --algo radix --teaching " + patternArguments("16x16") + " --gif " + folder.path("r.gif") +
                          " --fps 30")
                .exitCode,
            0);
  int error = 0;
  GifFileType* gif = DGifOpenFileName(folder.path("r.gif").c_str(), &error);
  ASSERT_NE(gif, nullptr) << GifErrorString(error);
  ASSERT_EQ(DGifSlurp(gif), GIF_OK) << GifErrorString(gif->Error);
  ASSERT_GE(gif->ImageCount, 3);
  // The NETSCAPE2.0 application extension before the first frame, loop count 0 (forever).
  const SavedImage& first = gif->SavedImages[0];
  bool loops = false;
  for (int i = 0; i + 1 < first.ExtensionBlockCount; ++i) {
    const ExtensionBlock& block = first.ExtensionBlocks[i];
    const ExtensionBlock& next = first.ExtensionBlocks[i + 1];
    if (block.Function == APPLICATION_EXT_FUNC_CODE && block.ByteCount == 11 &&
        std::memcmp(block.Bytes, "NETSCAPE2.0", 11) == 0 && next.ByteCount == 3)
      loops = next.Bytes[0] == 1 && next.Bytes[1] == 0 && next.Bytes[2] == 0;
  }
  EXPECT_TRUE(loops) << "no NETSCAPE2.0 loop-forever extension";
  int total = 0;
  for (int i = 0; i < gif->ImageCount; ++i) {
    GraphicsControlBlock control{};
    ASSERT_EQ(DGifSavedExtensionToGCB(gif, i, &control), GIF_OK);
    if (i + 1 < gif->ImageCount) {
      EXPECT_EQ(control.DelayTime, render::gifFrameDelay(static_cast<std::size_t>(i), 30)) << "frame " << i;
      EXPECT_TRUE(control.DelayTime == 3 || control.DelayTime == 4) << "30 fps is 3.33/100 s a frame";
      total += control.DelayTime;
    } else {
      EXPECT_EQ(control.DelayTime, render::GifRecorder::kFinalHoldCentiseconds) << "the sorted state is held";
    }
  }
  // Rounded delays add up to the time the frames take: 100/30 per frame, within half a hundredth.
  EXPECT_NEAR(total, (gif->ImageCount - 1) * 100.0 / 30.0, 0.5);
  DGifCloseFile(gif, &error);
}

TEST(Recording, ScaleRepeatsEachPixel) {
  ScratchFolder folder;
  const std::string common = "run --algo bitonic " + patternArguments("16x8");
  ASSERT_EQ(runShadersort(common + " --gif " + folder.path("1.gif")).exitCode, 0);
  ASSERT_EQ(runShadersort(common + " --gif " + folder.path("3.gif") + " --scale 3").exitCode, 0);
  const DecodedGif small = decodeGif(folder.path("1.gif"));
  const DecodedGif large = decodeGif(folder.path("3.gif"));
  ASSERT_EQ(large.width, render::captionedWidth(48));
  ASSERT_EQ(large.height, captionedGifHeight(48, 24));
  ASSERT_EQ(large.frames.size(), small.frames.size());
  // The pictures are enlarged; the caption strip below them is not.
  for (std::size_t f = 0; f < large.frames.size(); ++f)
    for (int y = 0; y < 24; ++y)
      for (int x = 0; x < 48; ++x)
        ASSERT_EQ(large.frames[f].pixel(x, y), small.frames[f].pixel(x / 3, y / 3)) << "frame " << f << " at " << x << "," << y;
}

TEST(Recording, EveryKeepsEveryKthPassAndTheLast) {
  ScratchFolder folder;
  // frag-odd-even sorts 10-long columns in 10 passes: every 4 keeps 0, 4, 8 and 10.
  const std::string common = "run --algo frag-odd-even " + patternArguments("8x10");
  ASSERT_EQ(runShadersort(common + " --gif " + folder.path("g.gif") + " --every 4").exitCode, 0);
  const DecodedGif gif = decodeGif(folder.path("g.gif"));
  ASSERT_EQ(gif.frames.size(), 4u);
  for (const std::uint32_t pass : {0u, 4u, 8u}) {
    const std::string name = "p" + std::to_string(pass) + ".png";
    ASSERT_EQ(runShadersort(common + " --passes " + std::to_string(pass) + " --out " + folder.path(name)).exitCode, 0);
    EXPECT_EQ(colourError(loadImage(folder.path(name)), picturePart(gif.frames[pass / 4], 8, 10)).max, 0) << "pass " << pass;
  }
  // --passes stops the recording too: 0, 4 and 6.
  ASSERT_EQ(runShadersort(common + " --gif " + folder.path("h.gif") + " --every 4 --passes 6").exitCode, 0);
  EXPECT_EQ(decodeGif(folder.path("h.gif")).frames.size(), 3u);
}

TEST(Recording, BadValuesAreOneLineErrorsWithNothingWritten) {
  ScratchFolder folder;
  const std::string gif = " --gif " + folder.path("x.gif");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {gif + " --every 0", "--every"},       {gif + " --every -2", "--every"},  {gif + " --every two", "--every"},
      {gif + " --fps 0", "--fps"},           {gif + " --fps 101", "--fps"},     {gif + " --scale 0", "--scale"},
      {gif + " --scale 17", "--scale"},      {" --gif " + folder.path("x.png"), ".gif"},
      {" --sheet " + folder.path("x.gif"), ".png"}, {"", "--out, --gif or --sheet"},
      {" --out " + folder.path("o.png") + " --every 2", "--gif or --sheet"},
      {" --out " + folder.path("o.png") + " --fps 10", "--gif"},
  };
  for (const auto& [arguments, mention] : cases) {
    SCOPED_TRACE(arguments);
    const auto result = runShadersort("run " + patternArguments("8x8") + arguments);
    EXPECT_EQ(result.exitCode, 2) << result.err;
    EXPECT_EQ(lineCount(result.err), 1) << result.err;
    EXPECT_NE(result.err.find(mention), std::string::npos) << result.err;
  }
  // A missing folder is found before any GPU work (exit 1, like --out's).
  const auto missing = runShadersort("run --gif " + folder.path("no/such/folder/x.gif"));
  EXPECT_EQ(missing.exitCode, 1);
  EXPECT_EQ(lineCount(missing.err), 1) << missing.err;
  EXPECT_TRUE(folder.entries().empty());
}

TEST(Recording, AFailedWriteLeavesNoFileNorTemporaryFile) {
  ScratchFolder folder;
  // A file-size limit makes the writes fail part way (EFBIG; SIGXFSZ ignored so write() reports it).
  const auto result = runScript("cd '" + folder.root().string() + "' && trap '' XFSZ && ulimit -f 8 && "
                                "\"$SHADERSORT\" run " + patternArguments() + " --gif x.gif --every 1");
  EXPECT_EQ(result.exitCode, 1) << result.err;
  EXPECT_EQ(lineCount(result.err), 1) << result.err;
  EXPECT_NE(result.err.find("x.gif"), std::string::npos) << result.err;
  EXPECT_TRUE(folder.entries().empty()) << folder.entries().front();
}

TEST(Recording, SheetCellsHoldTheStatesAfterTheLabelledPasses) {
  ScratchFolder folder;
  // frag-odd-even sorts 64-long columns in 64 passes: every 16 keeps passes 0, 16, 32, 48, 64.
  const std::string common = "run --algo frag-odd-even " + patternArguments();
  const auto result = runShadersort(common + " --sheet " + folder.path("sheet.png") + " --every 16");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_TRUE(result.err.empty()) << result.err;
  const Image sheet = loadImage(folder.path("sheet.png"));
  render::ContactSheet layout(64, 64, 5, 1, render::passLabel(64, true), cli::RunRecording::kSheetDescriptionLines);
  for (int cell = 0; cell < 5; ++cell) layout.addCell(Image(64, 64), "");
  ASSERT_EQ(sheet.width, layout.image().width);
  ASSERT_EQ(sheet.height, layout.image().height);
  const std::vector<std::uint32_t> passes = {0, 16, 32, 48, 64};
  for (std::size_t cell = 0; cell < passes.size(); ++cell) {
    SCOPED_TRACE("pass " + std::to_string(passes[cell]));
    const std::string name = "p" + std::to_string(passes[cell]) + ".png";
    ASSERT_EQ(runShadersort(common + " --passes " + std::to_string(passes[cell]) + " --out " + folder.path(name)).exitCode, 0);
    const Image expected = loadImage(folder.path(name));
    const auto picture = layout.pictureRect(cell);
    ASSERT_EQ(picture.width, 64);
    int different = 0;
    for (int y = 0; y < 64; ++y)
      for (int x = 0; x < 64; ++x) different += sheet.pixel(picture.x + x, picture.y + y) != expected.pixel(x, y);
    EXPECT_EQ(different, 0);

    // The label strip lies below the picture: its top holds only the label, the font's drawing of
    // "pass N" (with "sorted" on the last) on the background; below it, what the last pass did.
    const auto strip = layout.labelRect(cell);
    EXPECT_GE(strip.y, picture.y + picture.height);
    const std::string label = render::passLabel(passes[cell], cell + 1 == passes.size());
    Image expectedStrip(strip.width, strip.height);
    for (int y = 0; y < strip.height; ++y)
      for (int x = 0; x < strip.width; ++x) expectedStrip.setPixel(x, y, render::ContactSheet::kBackground);
    const int pixelSize = 1;
    render::drawText(expectedStrip, (strip.width - render::textWidth(label, pixelSize)) / 2, 2 * pixelSize, label,
                     render::ContactSheet::kLabelColour, pixelSize);
    int inked = 0, mismatched = 0, described = 0;
    const int labelRows = (render::kGlyphHeight + 4) * pixelSize;
    for (int y = 0; y < strip.height; ++y)
      for (int x = 0; x < strip.width; ++x) {
        const std::uint32_t pixel = sheet.pixel(strip.x + x, strip.y + y);
        inked += pixel == render::ContactSheet::kLabelColour;
        if (y < labelRows) mismatched += pixel != expectedStrip.pixel(x, y);
        described += y >= labelRows && pixel == render::ContactSheet::kDescriptionColour;
      }
    EXPECT_GT(inked, 20);
    EXPECT_EQ(mismatched, 0);
    EXPECT_GT(described, 100) << "the description under the label";
  }
}

TEST(Recording, SheetWithTooManyCellsKeepsFewerPassesAndSaysSo) {
  ScratchFolder folder;
  // 64 passes at every 1 would be 65 cells; the sheet keeps 64 at most, so every 2 (33 cells).
  const auto result = runShadersort("run --algo frag-odd-even " + patternArguments("8x64") + " --sheet " +
                                    folder.path("s.png") + " --every 1 --gif " + folder.path("g.gif") + " --stats");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_EQ(lineCount(result.err), 1) << result.err;
  EXPECT_NE(result.err.find("every 2"), std::string::npos) << result.err;
  EXPECT_NE(result.out.find("33 cells"), std::string::npos) << result.out;
  EXPECT_EQ(decodeGif(folder.path("g.gif")).frames.size(), 65u) << "the GIF keeps what --every asked";
  // With no --every the sheet picks its own step: 16 cells at most, a power of two apart.
  const auto chosen = runShadersort("run --algo frag-odd-even " + patternArguments("8x64") + " --sheet " +
                                    folder.path("t.png") + " --stats");
  ASSERT_EQ(chosen.exitCode, 0) << chosen.err;
  EXPECT_NE(chosen.out.find("9 cells (every 8 passes)"), std::string::npos) << chosen.out;
}

TEST(RecordedPasses, CountsAndStepsForACap) {
  EXPECT_EQ(render::recordedStateCount(0, 4), 1u);
  EXPECT_EQ(render::recordedStateCount(8, 4), 3u);   // 0 4 8
  EXPECT_EQ(render::recordedStateCount(10, 4), 4u);  // 0 4 8 10
  EXPECT_EQ(render::recordedStateCount(4096, 64), 65u);
  EXPECT_EQ(render::everyForAtMost(64, 1, 64), 2u);
  EXPECT_EQ(render::everyForAtMost(64, 1, 65), 1u);
  EXPECT_EQ(render::everyForAtMost(64, 7, 64), 7u);
  EXPECT_EQ(render::everyForAtMost(4096, 1, 64), 66u);
  EXPECT_EQ(render::everyForAtMost(100, 3, 10), 12u) << "a multiple of the step asked for";
  EXPECT_EQ(render::roundEveryForAtMost(192, 16), 16u);
  EXPECT_EQ(render::roundEveryForAtMost(4, 16), 1u);
  for (std::uint32_t passes : {0u, 1u, 5u, 63u, 64u, 65u, 1000u, 4096u})
    for (std::size_t cap : {2u, 16u, 64u})
      for (std::uint32_t wanted : {1u, 3u}) {
        const std::uint32_t every = render::everyForAtMost(passes, wanted, cap);
        EXPECT_EQ(every % wanted, 0u);
        EXPECT_LE(render::recordedStateCount(passes, every), cap) << passes << " " << cap;
        if (every > wanted) {
          EXPECT_GT(render::recordedStateCount(passes, every - wanted), cap) << "not the smallest step";
        }
        const std::uint32_t round = render::roundEveryForAtMost(passes, cap);
        EXPECT_EQ(round & (round - 1), 0u) << "a power of two";
        EXPECT_LE(render::recordedStateCount(passes, round), cap);
        if (round > 1) {
          EXPECT_GT(render::recordedStateCount(passes, round / 2), cap);
        }
      }
}

TEST(GifFrameDelay, RoundsSoTheDelaysAddUpToTheExactTime) {
  for (int fps : {1, 3, 7, 20, 24, 30, 60, 100}) {
    int total = 0;
    for (int i = 0; i < fps; ++i) {
      const int delay = render::gifFrameDelay(static_cast<std::size_t>(i), fps);
      EXPECT_GE(delay, 1);
      EXPECT_LE(std::abs(delay * fps - 100), fps) << "within a hundredth of 100/fps";
      total += delay;
    }
    EXPECT_EQ(total, 100) << fps << " frames at " << fps << " fps last a second";
  }
}

TEST(GifRecorder, NothingAppearsBeforeFinishAndNothingStaysWhenAbandoned) {
  ScratchFolder folder;
  const Image picture = patternPicture(8, 4);
  {
    render::GifRecorder recorder;
    recorder.open(folder.path("a.gif"), 8, 4, 10, 1);
    recorder.addFrame(picture);
    recorder.addFrame(picture);
    ASSERT_EQ(folder.entries().size(), 1u);
    EXPECT_EQ(folder.entries().front().rfind(".shadersort-", 0), 0u) << folder.entries().front();
    EXPECT_THROW(recorder.addFrame(patternPicture(4, 8)), UserError);
  }
  EXPECT_TRUE(folder.entries().empty()) << "an abandoned recording leaves its temporary file";
  render::GifRecorder recorder;
  recorder.open(folder.path("b.gif"), 8, 4, 10, 2);
  EXPECT_THROW(recorder.finish(), UserError) << "no frames";
  EXPECT_TRUE(folder.entries().empty());
  recorder.open(folder.path("b.gif"), 8, 4, 10, 2);
  recorder.addFrame(picture);
  recorder.finish();
  EXPECT_EQ(folder.entries(), (std::vector<std::string>{"b.gif"}));
  EXPECT_EQ(recorder.bytesWritten(), std::filesystem::file_size(folder.path("b.gif")));
  EXPECT_EQ(decodeGif(folder.path("b.gif")).frames.size(), 1u);
}

TEST(GifPalette, KeepsFewColoursExactlyAndMapsNewOnesToTheNearest) {
  Image picture(16, 1);
  for (int x = 0; x < 16; ++x) picture.setPixel(x, 0, 0xFF000000u | (static_cast<std::uint32_t>(x) * 0x0F0F0Fu));
  render::GifPalette palette = render::GifPalette::fromPicture(picture);
  EXPECT_TRUE(palette.exact());
  EXPECT_EQ(palette.colours().size(), 16u);
  for (int x = 0; x < 16; ++x) {
    const render::Rgb colour = render::opaqueRgb(&picture.rgba[static_cast<std::size_t>(x) * 4]);
    EXPECT_EQ(palette.colours()[palette.indexOf(colour)], colour);
  }
  // A colour the picture lacks shows as its nearest: grey 0x20 lies nearest grey 0x1E (x = 2).
  EXPECT_EQ(palette.colours()[palette.indexOf({0x20, 0x20, 0x20})], (render::Rgb{0x1E, 0x1E, 0x1E}));
}

TEST(GifPalette, ChoosesAPaletteForTheBuiltInPictureWithinItsMeasuredError) {
  // Median cut alone (giflib) gives max 64, mean 12.95 levels per channel on this picture; the
  // k-means rounds bring it to max 51, mean 6.7 (see gif_palette.cpp).
  const Image picture = makeDefaultImage();
  render::GifPalette palette = render::GifPalette::fromPicture(picture);
  EXPECT_FALSE(palette.exact());
  EXPECT_EQ(palette.colours().size(), 255u);
  std::vector<std::uint8_t> indices;
  palette.indexPicture(picture, indices);
  Image shown(picture.width, picture.height);
  for (std::size_t i = 0; i < indices.size(); ++i)
    for (int c = 0; c < 3; ++c) shown.rgba[i * 4 + c] = palette.colours()[indices[i]][c];
  const ColourError error = colourError(picture, shown);
  EXPECT_LE(error.max, 56);
  EXPECT_LE(error.mean, 7.5);
}

TEST(LabelFont, HasEveryCharacterOfTheLabelsAndNoTwoDigitsAlike) {
  for (char c : std::string("pass 0123456789 sorted")) EXPECT_TRUE(render::hasGlyph(c)) << c;
  EXPECT_FALSE(render::hasGlyph('\x7f'));  // the font has printable ASCII since the captions
  std::vector<std::vector<std::uint8_t>> drawn;
  for (char digit = '0'; digit <= '9'; ++digit) {
    Image glyph(render::kGlyphWidth, render::kGlyphHeight);
    render::drawText(glyph, 0, 0, std::string(1, digit), 0xFFFFFFFFu, 1);
    for (const auto& other : drawn) EXPECT_NE(glyph.rgba, other) << digit;
    drawn.push_back(glyph.rgba);
  }
  EXPECT_EQ(render::textWidth("pass 12", 2), (7 * render::kGlyphAdvance - 1) * 2);
}

}  // namespace
}  // namespace shadersort::testing

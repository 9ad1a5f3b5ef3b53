// run --slides as a teacher runs it: one PNG and one caption file per pass, each PNG the
// viewer's own frame of that pass (`view --offscreen --array --slide --screenshot`, pixel for
// pixel) at --slide-size; network.svg with one line per comparator; index.html whose links all
// resolve; user text escaped in both. And the caption strip (GIFs, sheets): the font has every
// printable character, long descriptions are cut.

#include <gtest/gtest.h>

#include <stb_image.h>

#include <filesystem>
#include <regex>
#include <set>
#include <stdexcept>

#include "cli/run_recording.h"
#include "cli/run_slides.h"
#include "cli_support.h"
#include "core/markup.h"
#include "data/image.h"
#include "data/inputs.h"
#include "render/caption_strip.h"
#include "render/label_font.h"
#include "render/network_svg.h"
#include "sort_test_support.h"

namespace shadersort::testing {
namespace {

namespace fs = std::filesystem;

constexpr int kColumns = 2, kColumnLength = 8;

std::string inputArguments() {
  return "--pattern random --size " + std::to_string(kColumns) + "x" + std::to_string(kColumnLength) + " --no-tune-cache";
}

std::string scheduleArguments(const Schedule& schedule) {
  return "--algo " + std::string(schedule.algorithm->name) + (schedule.teaching ? " --teaching" : "");
}

// The sorter the command runs, made here on the same input: its pass descriptions and comparators.
std::unique_ptr<Sorter> loadedSorter(const Schedule& schedule) {
  InputSpec spec;
  spec.pattern = Pattern::Random;
  spec.width = kColumns;
  spec.height = kColumnLength;
  auto sorter = schedule.algorithm->create(testSortContext(), optionsFor(schedule));
  sorter->load(resolveInput(planInput(spec)).data);
  return sorter;
}

Image cut(const Image& image, int top, int height) {
  Image part(image.width, height);
  std::copy_n(image.rgba.begin() + static_cast<std::ptrdiff_t>(top) * image.width * 4, part.rgba.size(), part.rgba.begin());
  return part;
}

// Every tag opened is closed, in order (self-closing and <?xml ...?> aside).
bool tagsBalance(const std::string& markup) {
  std::vector<std::string> open;
  const std::regex tag(R"(<(/?)([A-Za-z][A-Za-z0-9]*)[^>]*?(/?)>)");
  for (auto it = std::sregex_iterator(markup.begin(), markup.end(), tag); it != std::sregex_iterator(); ++it) {
    const std::string name = (*it)[2];
    if ((*it)[3] == "/") continue;
    if ((*it)[1] == "/") {
      if (open.empty() || open.back() != name) return false;
      open.pop_back();
    } else if (name != "meta" && name != "img") {
      open.push_back(name);
    }
  }
  return open.empty();
}

int occurrences(const std::string& text, const std::string& what) {
  int count = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++count;
  return count;
}

class SlidesOfEverySchedule : public ::testing::TestWithParam<Schedule> {};

TEST_P(SlidesOfEverySchedule, EachSlideIsAProjectorFrameWithItsCaption) {
  const Schedule& schedule = GetParam();
  ScratchFolder folder;
  const std::string common = "run " + scheduleArguments(schedule) + " " + inputArguments();
  const auto made = runShadersort(common + " --slides " + folder.path("slides") + " --stats");
  ASSERT_EQ(made.exitCode, 0) << made.err;
  EXPECT_NE(made.out.find("slides: "), std::string::npos) << made.out;

  const auto sorter = loadedSorter(schedule);
  // The run's last pass: the sorter may finish early (odd-even stops once nothing moves).
  std::set<std::string> expected = {"index.html", "network.svg"};
  std::uint32_t slides = 0;
  while (fs::exists(folder.path("slides/" + cli::slideName(slides, "png")))) ++slides;
  ASSERT_GE(slides, 2u);
  ASSERT_LE(slides, sorter->passCount() + 1);

  std::vector<Image> pictures;
  for (std::uint32_t pass = 0; pass < slides; ++pass) {
    const std::string png = cli::slideName(pass, "png"), txt = cli::slideName(pass, "txt");
    expected.insert(png);
    expected.insert(txt);
    const bool sorted = pass + 1 == slides;  // the run sorts to the end
    const render::Caption caption =
        render::passCaption(pass, sorter->passCount(), sorted, pass > 0 ? sorter->describePass(pass - 1) : "");
    // The caption file: "pass K of N[, sorted]: what pass K did".
    std::string line = readText(folder.path("slides/" + txt));
    ASSERT_FALSE(line.empty());
    EXPECT_EQ(line.back(), '\n');
    line.pop_back();
    EXPECT_EQ(line, render::captionLine(caption));
    EXPECT_FALSE(caption.description.empty()) << "pass " << pass << " has a description";
    // A projector's frame by default, whatever the input's size (that it is the viewer's frame
    // is SlidesEqualTheViewersScreenshots' part).
    pictures.push_back(loadImage(folder.path("slides/" + png)));
    EXPECT_EQ(pictures.back().width, 1280) << png;
    EXPECT_EQ(pictures.back().height, 720) << png;
    // Each slide is a new picture: at least its caption's heading changed.
    if (pass > 0) {
      EXPECT_NE(pictures[pass].rgba, pictures[pass - 1].rgba) << png;
    }
  }
  std::set<std::string> present;
  for (const auto& entry : fs::directory_iterator(folder.path("slides"))) present.insert(entry.path().filename().string());
  EXPECT_EQ(present, expected) << "one PNG and one caption per pass, the SVG and index.html, nothing else";

  // Every link of index.html resolves: files in the folder, anchors on the page.
  const std::string html = readText(folder.path("slides/index.html"));
  EXPECT_TRUE(tagsBalance(html));
  const std::regex link(R"re((href|src)="([^"]*)")re");
  int links = 0;
  for (auto it = std::sregex_iterator(html.begin(), html.end(), link); it != std::sregex_iterator(); ++it, ++links) {
    const std::string target = (*it)[2];
    if (target.starts_with("#")) {
      EXPECT_NE(html.find("id=\"" + target.substr(1) + "\""), std::string::npos) << target;
    } else {
      EXPECT_TRUE(fs::is_regular_file(folder.path("slides/" + target))) << target;
    }
  }
  EXPECT_GE(links, static_cast<int>(3 * slides));
  EXPECT_EQ(occurrences(html, "<img src="), static_cast<int>(slides));

  // network.svg: balanced, one line per comparator of the passes run.
  const std::string svg = readText(folder.path("slides/network.svg"));
  EXPECT_TRUE(tagsBalance(svg));
  std::size_t comparators = 0;
  for (std::uint32_t pass = 0; pass + 1 < slides; ++pass)
    comparators += sorter->comparators(pass, render::kNetworkComparatorLimit).size();
  EXPECT_EQ(occurrences(svg, "class=\"comparator\""), static_cast<int>(comparators));
  if (schedule.algorithm->name == "radix") {
    EXPECT_EQ(comparators, 0u);
    EXPECT_EQ(occurrences(svg, "class=\"pass\""), static_cast<int>(slides - 1)) << "radix lists its digit passes";
  }
  if (schedule.algorithm->name == "bitonic" && schedule.teaching) {
    EXPECT_EQ(occurrences(svg, "class=\"stage-label\""), 3) << "merge 2, 4 and 8 marked";
  }
}

INSTANTIATE_TEST_SUITE_P(Slides, SlidesOfEverySchedule, ::testing::ValuesIn(allSchedules()), scheduleName);

const Schedule& scheduleNamed(const std::string& name) {
  static const auto schedules = allSchedules();
  const auto found = std::find_if(schedules.begin(), schedules.end(), [&](const Schedule& s) { return s.name == name; });
  if (found == schedules.end()) throw std::runtime_error("no schedule " + name);
  return *found;
}

// `view --offscreen --array --slide` paused, stepped to `pass` (frame 0 the input, then one
// `right` a frame, as the slides are drawn), its last frame written to `path`.
CommandResult viewScreenshotAt(const Schedule& schedule, const std::string& values, const std::string& size,
                               std::uint32_t pass, const std::string& path) {
  std::string keys = "wait";
  for (std::uint32_t k = 0; k < pass; ++k) keys += ",right";
  return runShadersort("view --offscreen --array --slide --paused --no-tune-cache --algo " + std::string(schedule.algorithm->name) +
                           (schedule.teaching ? "" : " --fast") + " --values " + values + " --window-size " + size +
                           " --keys " + keys + " --frames " + std::to_string(pass + 1) + " --screenshot " + path,
                       "DISPLAY=");
}

// The issue's complaint: slides were 240x43 with the data as a 1x8-pixel column. Now every slide
// is the viewer's frame of its pass, the very pixels `view --screenshot` gives at that pass: bars,
// numbers, brackets, bitonic-classic's +inf padding (13 keys padded to 16), the network's column
// and the caption. A screenshot of the next pass differs, so a slide of the wrong pass fails.
TEST(Slides, SlidesEqualTheViewersScreenshots) {
  struct Case {
    std::string schedule, values, sizeOption, size;
  };
  const std::vector<Case> cases = {
      {"odd-even/teaching", "5,3,9,1,7,2,8,4", "", "1280x720"},
      {"bitonic-classic", "13,7,2,11,5,1,12,9,3,8,10,4,6", " --slide-size 800x600", "800x600"},
  };
  for (const Case& test : cases) {
    SCOPED_TRACE(test.schedule);
    const Schedule& schedule = scheduleNamed(test.schedule);
    ScratchFolder folder;
    const auto made = runShadersort("run " + scheduleArguments(schedule) + " --no-tune-cache --values " + test.values +
                                    test.sizeOption + " --slides " + folder.path("slides"));
    ASSERT_EQ(made.exitCode, 0) << made.err;
    std::vector<Image> slides;
    while (fs::exists(folder.path("slides/" + cli::slideName(static_cast<std::uint32_t>(slides.size()), "png"))))
      slides.push_back(loadImage(folder.path("slides/" + cli::slideName(static_cast<std::uint32_t>(slides.size()), "png"))));
    ASSERT_GE(slides.size(), 3u);
    std::vector<Image> screenshots;
    for (std::uint32_t pass = 0; pass < slides.size(); ++pass) {
      const std::string path = folder.path("view-" + std::to_string(pass) + ".png");
      const auto shot = viewScreenshotAt(schedule, test.values, test.size, pass, path);
      ASSERT_EQ(shot.exitCode, 0) << shot.err;
      screenshots.push_back(loadImage(path));
      ASSERT_EQ(slides[pass].width, screenshots[pass].width) << "pass " << pass;
      ASSERT_EQ(slides[pass].height, screenshots[pass].height) << "pass " << pass;
      EXPECT_TRUE(slides[pass].rgba == screenshots[pass].rgba) << "pass " << pass << ": the slide is not the viewer's frame";
    }
    // The comparison can fail: each slide differs from the viewer's frame of the next pass.
    for (std::uint32_t pass = 0; pass + 1 < slides.size(); ++pass)
      EXPECT_FALSE(slides[pass].rgba == screenshots[pass + 1].rgba) << "pass " << pass;
  }
}

TEST(Slides, SlideSizeIsCheckedInOneLine) {
  ScratchFolder folder;
  const std::string common = "run --algo odd-even --teaching --values 5,3,9,1 --no-tune-cache";
  for (const char* bad : {"1280", "1280x", "x720", "100x100", "1280x720x2", "20000x720", "abcxdef"}) {
    const auto refused = runShadersort(common + " --slides " + folder.path("s") + " --slide-size " + std::string(bad));
    EXPECT_EQ(refused.exitCode, 2) << bad;
    EXPECT_EQ(lineCount(refused.err), 1) << bad << ": " << refused.err;
    EXPECT_NE(refused.err.find("--slide-size"), std::string::npos) << bad << ": " << refused.err;
    EXPECT_FALSE(fs::exists(folder.path("s"))) << bad;
  }
  // Only with --slides; and --scale (pixels repeated) is no way to size a slide.
  const auto alone = runShadersort(common + " --out " + folder.path("o.png") + " --slide-size 640x480");
  EXPECT_EQ(alone.exitCode, 2);
  EXPECT_EQ(lineCount(alone.err), 1) << alone.err;
  const auto scaled = runShadersort(common + " --slides " + folder.path("s") + " --scale 4");
  EXPECT_EQ(scaled.exitCode, 2);
  EXPECT_EQ(lineCount(scaled.err), 1) << scaled.err;
  EXPECT_NE(scaled.err.find("--slide-size"), std::string::npos) << scaled.err;
  // A good size is the slides' size.
  ASSERT_EQ(runShadersort(common + " --slides " + folder.path("s") + " --slide-size 640x480").exitCode, 0);
  const Image slide = loadImage(folder.path("s/pass-0000.png"));
  EXPECT_EQ(slide.width, 640);
  EXPECT_EQ(slide.height, 480);
}

// The frames of a GIF as a viewer shows them (stb_image, a decoder independent of giflib).
std::vector<Image> gifFrames(const std::string& path) {
  const std::string bytes = readText(path);
  int* delays = nullptr;
  int width = 0, height = 0, count = 0, channels = 0;
  stbi_uc* pixels = stbi_load_gif_from_memory(reinterpret_cast<const stbi_uc*>(bytes.data()), static_cast<int>(bytes.size()),
                                              &delays, &width, &height, &count, &channels, 4);
  std::vector<Image> frames;
  if (!pixels) return frames;
  for (int i = 0; i < count; ++i) {
    Image frame(width, height);
    std::copy_n(pixels + frame.rgba.size() * static_cast<std::size_t>(i), frame.rgba.size(), frame.rgba.begin());
    frames.push_back(std::move(frame));
  }
  stbi_image_free(pixels);
  stbi_image_free(delays);
  return frames;
}

TEST(Slides, GifFramesCarryTheCaptionStrip) {
  ScratchFolder folder;
  const auto schedules = allSchedules();
  const Schedule& schedule = *std::find_if(schedules.begin(), schedules.end(),
                                           [](const Schedule& s) { return s.name == "frag-odd-even"; });
  ASSERT_EQ(runShadersort("run " + scheduleArguments(schedule) + " " + inputArguments() + " --gif " + folder.path("g.gif"))
                .exitCode,
            0);
  const auto sorter = loadedSorter(schedule);
  const std::vector<Image> frames = gifFrames(folder.path("g.gif"));
  ASSERT_EQ(frames.size(), sorter->passCount() + 1u) << "frag-odd-even runs all its passes";
  for (std::uint32_t pass = 0; pass < frames.size(); ++pass) {
    const render::Caption caption = render::passCaption(pass, sorter->passCount(), pass == sorter->passCount(),
                                                        pass > 0 ? sorter->describePass(pass - 1) : "");
    // The strip's colours have palette entries of their own, so it comes back exactly.
    const Image strip = render::captionStrip(caption, frames[pass].width, cli::RunRecording::kGifDescriptionLines);
    ASSERT_EQ(frames[pass].height, kColumnLength + strip.height);
    EXPECT_EQ(cut(frames[pass], kColumnLength, strip.height).rgba, strip.rgba) << "frame " << pass << ": " << captionLine(caption);
  }
}

// A slide is the array view of one plain sort: a pixel-sort run and a race are refused in one
// line before anything is made.
TEST(Slides, PixelSortAndRaceHaveNoSlides) {
  ScratchFolder folder;
  const auto art = runShadersort("run --pattern random --size 8x8 --path rows --slides " + folder.path("s"));
  EXPECT_EQ(art.exitCode, 2);
  EXPECT_EQ(lineCount(art.err), 1) << art.err;
  EXPECT_NE(art.err.find("--slides"), std::string::npos) << art.err;
  EXPECT_FALSE(fs::exists(folder.path("s")));
  const auto race = runShadersort("view --offscreen --frames 1 --slide --race odd-even,bitonic --values 3,1,2", "DISPLAY=");
  EXPECT_EQ(race.exitCode, 2);
  EXPECT_EQ(lineCount(race.err), 1) << race.err;
  EXPECT_NE(race.err.find("--slide"), std::string::npos) << race.err;
}

TEST(Slides, FolderRulesAndCap) {
  ScratchFolder folder;
  const std::string common = "run --algo bitonic --teaching --pattern random --size 2x8 --no-tune-cache --slides ";
  // Not empty and not slides: refused, untouched.
  fs::create_directory(folder.path("busy"));
  writeBytes(folder.path("busy/notes.md"), {'h', 'i'});
  const auto busy = runShadersort(common + folder.path("busy"));
  EXPECT_EQ(busy.exitCode, 1);
  EXPECT_EQ(lineCount(busy.err), 1) << busy.err;
  EXPECT_NE(busy.err.find("notes.md"), std::string::npos) << busy.err;
  EXPECT_EQ(fs::directory_iterator(folder.path("busy"))->path().filename(), "notes.md");
  // An earlier, longer set is replaced: its extra slides go.
  ASSERT_EQ(runShadersort(common + folder.path("set")).exitCode, 0);
  const std::size_t longer = std::distance(fs::directory_iterator(folder.path("set")), fs::directory_iterator());
  ASSERT_EQ(runShadersort(common + folder.path("set") + " --passes 2").exitCode, 0);
  std::set<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder.path("set"))) names.insert(entry.path().filename().string());
  EXPECT_EQ(names, (std::set<std::string>{"index.html", "network.svg", "pass-0000.png", "pass-0000.txt", "pass-0001.png",
                                          "pass-0001.txt", "pass-0002.png", "pass-0002.txt"}));
  EXPECT_GT(longer, names.size());
  // More than 1000 passes: one line, nothing made.
  const auto many = runShadersort("run --algo frag-odd-even --pattern random --size 1x1500 --slides " + folder.path("many"));
  EXPECT_EQ(many.exitCode, 1);
  EXPECT_EQ(lineCount(many.err), 1) << many.err;
  EXPECT_NE(many.err.find("--passes"), std::string::npos) << many.err;
  EXPECT_FALSE(fs::exists(folder.path("many")));
}

TEST(Slides, UserTextIsEscapedInHtmlAndSvg) {
  EXPECT_EQ(escapeMarkup("<script>alert(\"x\" & 'y')</script>"),
            "&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;");
  const std::string hostile = "<script>alert(1)</script> \"quoted\" & 'single'";
  const std::string html = cli::slidesIndexHtml("title " + hostile, {"pass 0 of 1: " + hostile, "pass 1 of 1: x"});
  EXPECT_EQ(html.find("<script>alert"), std::string::npos);
  EXPECT_EQ(html.find("\"quoted\""), std::string::npos);
  EXPECT_NE(html.find("&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &amp; &#39;single&#39;"), std::string::npos);
  EXPECT_TRUE(tagsBalance(html));

  render::Network network;
  network.title = hostile;
  network.wires = 2;
  network.passes = {{{{0, 1}}, hostile, std::nullopt}};
  const std::string svg = render::networkSvg(network);
  EXPECT_EQ(svg.find("<script>"), std::string::npos);
  EXPECT_EQ(svg.find("\"quoted\""), std::string::npos);
  EXPECT_TRUE(tagsBalance(svg));
  render::Network radix;
  radix.title = hostile;
  radix.passes = {{{}, hostile, DigitPlace{0, 4}}};
  EXPECT_EQ(render::networkSvg(radix).find("<script>"), std::string::npos);
}

TEST(CaptionStrip, DrawsEveryPrintableCharacterAndCutsLongLines) {
  std::set<std::vector<std::uint8_t>> glyphs;
  for (char c = ' '; c <= '~'; ++c) {
    EXPECT_TRUE(render::hasGlyph(c)) << c;
    Image glyph(render::kGlyphWidth, render::kGlyphHeight);
    render::drawText(glyph, 0, 0, std::string(1, c), 0xFFFFFFFFu, 1);
    EXPECT_TRUE(glyphs.insert(glyph.rgba).second) << "'" << c << "' looks like another character";
  }
  // A long description wraps at spaces and its last line ends in "...".
  const std::string words = "merge 16, distances 8-1 fused in registers (4 steps); smaller keys first";
  const auto lines = render::wrapCaption(words + " " + words + " " + words, 240, 2);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_TRUE(lines[1].ends_with("...")) << lines[1];
  for (const std::string& line : lines) EXPECT_LE(render::textWidth(line, 1), 240 - 8) << line;
  EXPECT_EQ(render::wrapCaption("short", 240, 2), std::vector<std::string>{"short"});
  // The strip has ink of the heading colour where the heading is, and a fixed height.
  const Image strip = render::captionStrip({"after pass 2 of 0-9", words}, 300, 2);
  EXPECT_EQ(strip.height, render::captionStripHeight(300, 2));
  int heading = 0, text = 0;
  for (int y = 0; y < strip.height; ++y)
    for (int x = 0; x < strip.width; ++x) {
      heading += strip.pixel(x, y) == render::kCaptionHeadingColour;
      text += strip.pixel(x, y) == render::kCaptionTextColour;
    }
  EXPECT_GT(heading, 40);
  EXPECT_GT(text, 200);
  // Three passes ran: the state is after pass 2, which the description names.
  EXPECT_EQ(render::passCaption(3, 10, false, "pass 2 of 0-9: merge 4").description, "merge 4");
  EXPECT_EQ(render::passCaption(3, 10, false, "pass 2 of 0-9, even round: x").description, "even round: x");
  EXPECT_EQ(render::captionLine(render::passCaption(10, 10, true, "pass 9 of 0-9: y")), "after pass 9 of 0-9, sorted: y");
  EXPECT_EQ(render::passCaption(0, 10, false, "").heading, "input, before pass 0 of 0-9");
}

}  // namespace
}  // namespace shadersort::testing

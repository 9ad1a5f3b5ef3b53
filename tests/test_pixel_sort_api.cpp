// The library's pixel-sort (include/shadersort/pixel_sort.h) as a user calls it: its pictures equal
// `shadersort run IMAGE --out OUT` with the same options, byte for byte, for every picture of the
// README's pixel-sort gallery (read from assets/make_pictures.sh, so the two cannot drift); a
// texture sorts in place with the caller's GL state kept; bad settings say what is wrong in one
// line. This file includes the public header and few of the app's (the public and the app's
// shadersort::SortOrder differ), so it is in no unity group.

#include <gtest/gtest.h>

#include <glad/gl.h>

#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.h"
#include "data/image.h"
#include "gl/handles.h"
#include "shadersort/pixel_sort.h"

namespace shadersort::testing {
namespace {

const std::string kSource = SHADERSORT_SOURCE_DIR;

// A gallery picture's options, as make_pictures.sh gives them (paths made absolute).
struct GalleryPicture {
  std::string name;
  std::vector<std::string> options;
};

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> result;
  for (std::string word; in >> word;) result.push_back(word.rfind("assets/", 0) == 0 ? kSource + "/" + word : word);
  return result;
}

// The `run assets/astronaut.png OPTIONS --out assets/art/NAME.png` lines of make_pictures.sh (lines
// continued with a backslash joined), and its loop over the built-in presets.
std::vector<GalleryPicture> galleryPictures() {
  std::ifstream script(kSource + "/assets/make_pictures.sh");
  std::vector<std::string> lines;
  for (std::string line; std::getline(script, line);) {
    if (!lines.empty() && !lines.back().empty() && lines.back().back() == '\\')
      lines.back() = lines.back().substr(0, lines.back().size() - 1) + line;
    else
      lines.push_back(line);
  }
  std::vector<GalleryPicture> pictures;
  const std::string run = "\"$bin\" run assets/astronaut.png ", out = " --out ";
  for (const std::string& line : lines) {
    if (line.rfind("for preset in ", 0) == 0) {
      const std::string names = line.substr(14, line.find(';') - 14);
      for (const std::string& name : words(names)) pictures.push_back({name, {"--preset", name}});
      continue;
    }
    const std::size_t start = line.find(run), end = line.find(out);
    if (start == std::string::npos || end == std::string::npos || line.find("assets/art/", end) == std::string::npos ||
        line.find("$preset") != std::string::npos)
      continue;
    const std::string target = line.substr(end + out.size());
    pictures.push_back({target.substr(target.rfind('/') + 1), words(line.substr(start + run.size(), end - start - run.size()))});
  }
  return pictures;
}

// The options as the API's settings: each option's field, named after it.
PixelSortSettings settingsOf(const std::vector<std::string>& options) {
  PixelSortSettings settings;
  using Setter = std::function<void(const std::string&)>;
  const std::map<std::string, Setter> withValue = {
      {"--path", [&](const std::string& v) { settings.path = v; }},
      {"--axis", [&](const std::string& v) { settings.axis = v; }},
      {"--spans", [&](const std::string& v) { settings.spans = v; }},
      {"--key", [&](const std::string& v) { settings.key = v; }},
      {"--span-key", [&](const std::string& v) { settings.spanKey = v; }},
      {"--lower", [&](const std::string& v) { settings.lower = std::stod(v); }},
      {"--upper", [&](const std::string& v) { settings.upper = std::stod(v); }},
      {"--span-length", [&](const std::string& v) { settings.spanLength = std::stoul(v); }},
      {"--max-span", [&](const std::string& v) { settings.maxSpan = std::stoul(v); }},
      {"--skip", [&](const std::string& v) { settings.skip = std::stod(v); }},
      {"--seed", [&](const std::string& v) { settings.seed = std::stoull(v); }},
      {"--then", [&](const std::string& v) { settings.then = v; }},
      {"--start-angle", [&](const std::string& v) { settings.startAngle = std::stod(v); }},
      {"--degrees-sorted", [&](const std::string& v) { settings.degreesSorted = std::stod(v); }},
      {"--inner-radius", [&](const std::string& v) { settings.innerRadius = std::stoul(v); }},
      {"--ray-length", [&](const std::string& v) { settings.rayLength = std::stoul(v); }},
      {"--thickness", [&](const std::string& v) { settings.thickness = std::stoul(v); }},
      {"--vary-start", [&](const std::string& v) { settings.varyStart = std::stod(v); }},
      {"--preset", [&](const std::string& v) { settings.preset = v; }},
      {"--mask", [&](const std::string& v) { settings.maskFile = v; }},
      {"--intervals", [&](const std::string& v) { settings.intervalsFile = v; }},
      {"--key-image", [&](const std::string& v) { settings.keyImageFile = v; }},
  };
  for (std::size_t i = 0; i < options.size(); ++i) {
    const std::string& option = options[i];
    if (option == "--descending") settings.descending = true;
    else if (option == "--invert") settings.invert = true;
    else if (option == "--sort-transparent") settings.sortTransparent = true;
    else if (withValue.count(option) > 0 && i + 1 < options.size()) withValue.at(option)(options[++i]);
    else ADD_FAILURE() << "an option the test does not map: " << option;
  }
  return settings;
}

PictureView viewOf(const Image& image) { return {image.rgba.data(), image.width, image.height, 0}; }

// `run IMAGE OPTIONS --out` read back.
Image runOut(const std::string& image, const std::vector<std::string>& options) {
  ScratchFolder folder;
  std::string arguments = "run " + singleQuotedForShell(image);
  for (const std::string& option : options) arguments += " " + singleQuotedForShell(option);
  const CommandResult result = runShadersort(arguments + " --out " + singleQuotedForShell(folder.path("out.png")));
  EXPECT_EQ(result.exitCode, 0) << result.err;
  return result.exitCode == 0 ? loadImage(folder.path("out.png")) : Image();
}

TEST(PixelSortApi, EqualsRunForEveryPictureOfTheReadmeGallery) {
  const std::vector<GalleryPicture> pictures = galleryPictures();
  // Five built-in looks and nine option sets today (the gallery's 14); at least the README's first eight.
  ASSERT_GE(pictures.size(), 8u) << "make_pictures.sh's gallery lines were not found";
  const std::string input = kSource + "/assets/astronaut.png";
  const Image photo = loadImage(input);
  PixelSorter sorter;
  for (const GalleryPicture& picture : pictures) {
    std::string options;
    for (const std::string& option : picture.options) options += " " + option;
    SCOPED_TRACE(picture.name + ":" + options);
    const Picture ours = sorter.sort(viewOf(photo), settingsOf(picture.options));
    const Image theirs = runOut(input, picture.options);
    ASSERT_EQ(ours.width, theirs.width);
    ASSERT_EQ(ours.height, theirs.height);
    EXPECT_TRUE(ours.rgba == theirs.rgba) << "the API's picture differs from run --out's";
    EXPECT_FALSE(ours.rgba == photo.rgba) << "nothing was sorted";
  }
}

TEST(PixelSortApi, AMaskInMemoryEqualsTheSameMaskAsAFile) {
  const Image photo = loadImage(kSource + "/assets/astronaut.png");
  const std::string maskFile = kSource + "/assets/art/rings.png";
  const Image mask = loadImage(maskFile);
  PixelSorter sorter;
  PixelSortSettings fromFile = settingsOf({"--path", "rows", "--spans", "mask", "--mask", maskFile});
  PixelSortSettings fromMemory = settingsOf({"--path", "rows", "--spans", "mask"});
  fromMemory.mask = viewOf(mask);
  const Picture a = sorter.sort(viewOf(photo), fromFile), b = sorter.sort(viewOf(photo), fromMemory);
  EXPECT_TRUE(a.rgba == b.rgba);
  EXPECT_FALSE(a.rgba == photo.rgba);
}

TEST(PixelSortApi, KeyframesAreTakenAtTheTimeAsked) {
  const Image photo = loadImage(kSource + "/assets/astronaut.png");
  PixelSorter sorter;
  PixelSortSettings animated;
  animated.presetToml = "path = \"angle:0\"\nspans = \"threshold\"\nangle = [[0.0, 0], [4.0, 90]]\n"
                        "lower = [[0.0, 0.2], [2.0, 0.5]]\n";
  animated.seconds = 2.0;
  // At 2 s: half of the quarter turn, and the lower keyframe's value.
  const PixelSortSettings still = settingsOf({"--path", "angle:45", "--spans", "threshold", "--lower", "0.5"});
  EXPECT_TRUE(sorter.sort(viewOf(photo), animated).rgba == sorter.sort(viewOf(photo), still).rgba);
  animated.seconds = 0.0;
  const PixelSortSettings atStart = settingsOf({"--path", "angle:0", "--spans", "threshold", "--lower", "0.2"});
  EXPECT_TRUE(sorter.sort(viewOf(photo), animated).rgba == sorter.sort(viewOf(photo), atStart).rgba);
}

TEST(PixelSortApi, ATextureSortsInPlaceAndTheCallersStateStays) {
  const Image photo = loadImage(kSource + "/assets/astronaut.png");
  const PixelSortSettings settings = settingsOf({"--path", "angle:30", "--spans", "threshold", "--key", "lightness"});
  PixelSorter sorter;
  const Picture expected = sorter.sort(viewOf(photo), settings);

  GLuint texture = 0, other = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, photo.width, photo.height);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, photo.width, photo.height, GL_RGBA, GL_UNSIGNED_BYTE, photo.rgba.data());
  // The caller's state: another texture bound, on image unit 2 too, and odd pack alignments.
  glGenTextures(1, &other);
  glBindTexture(GL_TEXTURE_2D, other);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
  glBindImageTexture(2, other, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 2);

  sorter.sortTexture(texture, settings);

  GLint bound = 0, imageUnit = 0, pack = 0, unpack = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
  glGetIntegeri_v(GL_IMAGE_BINDING_NAME, 2, &imageUnit);
  glGetIntegerv(GL_PACK_ALIGNMENT, &pack);
  glGetIntegerv(GL_UNPACK_ALIGNMENT, &unpack);
  EXPECT_EQ(bound, static_cast<GLint>(other));
  EXPECT_EQ(imageUnit, static_cast<GLint>(other));
  EXPECT_EQ(pack, 1);
  EXPECT_EQ(unpack, 2);

  std::vector<std::uint8_t> sorted(expected.rgba.size());
  glBindTexture(GL_TEXTURE_2D, texture);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, sorted.data());
  EXPECT_TRUE(sorted == expected.rgba);
  glBindImageTexture(2, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
  glBindTexture(GL_TEXTURE_2D, 0);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glDeleteTextures(1, &texture);
  glDeleteTextures(1, &other);
}

// A texture a frame, as a host's filter would sort it: each result equals the sort in memory, the
// picture is copied into the pipeline on the GPU, and after the first frames no buffer or program
// is made (the pipeline keeps its buffers at one size; the copy through CPU memory made a picture
// buffer a call). The second picture has transparent pixels and spans none, so whether it is
// opaque is asked of the GPU.
TEST(PixelSortApi, TexturesOfOneSizeSortOnTheGpuWithTheBuffersKept) {
  const Image photo = loadImage(kSource + "/assets/astronaut.png");
  Image holed = photo;
  for (std::size_t pixel = 0; pixel < holed.rgba.size() / 4; pixel += 97) holed.rgba[pixel * 4 + 3] = 0;
  const PixelSortSettings threshold = settingsOf({"--path", "angle:30", "--spans", "threshold", "--key", "lightness"});
  const PixelSortSettings none = settingsOf({"--path", "rows", "--spans", "none", "--key", "hue"});
  PixelSorter sorter;
  const Picture expectedPhoto = sorter.sort(viewOf(photo), threshold);
  const Picture expectedHoled = sorter.sort(viewOf(holed), none);
  ASSERT_FALSE(expectedHoled.rgba == holed.rgba);

  GLuint texture = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, photo.width, photo.height);
  const auto sortAsTexture = [&](const Image& picture, const PixelSortSettings& settings) {
    glBindTexture(GL_TEXTURE_2D, texture);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, picture.width, picture.height, GL_RGBA, GL_UNSIGNED_BYTE, picture.rgba.data());
    sorter.sortTexture(texture, settings);
    std::vector<std::uint8_t> sorted(picture.rgba.size());
    glBindTexture(GL_TEXTURE_2D, texture);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, sorted.data());
    return sorted;
  };
  EXPECT_TRUE(sortAsTexture(photo, threshold) == expectedPhoto.rgba);
  EXPECT_TRUE(sortAsTexture(holed, none) == expectedHoled.rgba);
  const gl::CreatedObjects warm = gl::createdObjects();
  for (int frame = 0; frame < 2; ++frame) {
    EXPECT_TRUE(sortAsTexture(photo, threshold) == expectedPhoto.rgba) << frame;
    EXPECT_TRUE(sortAsTexture(holed, none) == expectedHoled.rgba) << frame;
  }
  EXPECT_EQ(gl::createdObjects().buffers, warm.buffers);
  EXPECT_EQ(gl::createdObjects().programs, warm.programs);
  glBindTexture(GL_TEXTURE_2D, 0);
  glDeleteTextures(1, &texture);
}

TEST(PixelSortApi, BadSettingsSayWhatIsWrongInOneLine) {
  const Image photo = loadImage(kSource + "/assets/astronaut.png");
  const Image small(8, 8);
  PixelSorter sorter;
  const auto message = [&](const PixelSortSettings& settings) -> std::string {
    try {
      sorter.sort(viewOf(photo), settings);
    } catch (const SettingsError& error) {
      const std::string text = error.what();
      EXPECT_EQ(text.find('\n'), std::string::npos) << text;
      return text;
    }
    return "(no error)";
  };
  PixelSortSettings settings;
  settings.spans = "sideways";
  EXPECT_NE(message(settings).find("sideways"), std::string::npos) << message(settings);
  settings = {};
  settings.lower = 1.5;
  settings.spans = "threshold";
  EXPECT_NE(message(settings).find("--lower"), std::string::npos) << message(settings);
  settings = {};
  settings.upper = 0.5;  // the span mode (none) reads no upper bound
  EXPECT_NE(message(settings).find("--upper needs --spans threshold"), std::string::npos) << message(settings);
  settings = {};
  settings.key = "flavour";
  EXPECT_NE(message(settings).find("unknown key"), std::string::npos) << message(settings);
  settings = {};
  settings.spans = "mask";
  settings.mask = viewOf(small);
  EXPECT_NE(message(settings).find("size"), std::string::npos) << message(settings);
  settings = {};
  settings.preset = "no-such-look";
  EXPECT_NE(message(settings).find("unknown preset"), std::string::npos) << message(settings);
  settings = {};
  settings.seconds = -1;
  EXPECT_NE(message(settings).find("seconds"), std::string::npos) << message(settings);
  EXPECT_THROW(sorter.sort(PictureView{}, {}), SettingsError);
}

}  // namespace
}  // namespace shadersort::testing

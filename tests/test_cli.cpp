// The commands as a user runs them: results, and every kind of bad input giving one line on
// stderr, a non-zero exit, no output file and untouched inputs.

#include <gtest/gtest.h>

#include <stb_image_write.h>

#include <filesystem>
#include <numeric>
#include <random>

#include "cli_support.h"
#include "data/default_image.h"
#include "data/image_sequences.h"
#include "data/key_encoding.h"
#include "data/patterns.h"
#include "sort/verify.h"
#include "sort_test_support.h"

namespace shadersort::testing {
namespace {

Image noiseImage(int width, int height, std::uint32_t seed) {
  Image image(width, height);
  std::mt19937 random(seed);
  for (auto& byte : image.rgba) byte = static_cast<std::uint8_t>(random());
  return image;
}

// Writes `image` reduced to `channels` channels in the format the extension names.
void writeImageAs(const std::string& path, const Image& image, int channels) {
  std::vector<std::uint8_t> reduced;
  for (std::size_t i = 0; i < image.pixelCount(); ++i)
    for (int c = 0; c < channels; ++c) reduced.push_back(image.rgba[i * 4 + static_cast<std::size_t>(c == 1 && channels == 2 ? 3 : c)]);
  const std::string extension = std::filesystem::path(path).extension().string();
  int ok = 0;
  if (extension == ".png") ok = stbi_write_png(path.c_str(), image.width, image.height, channels, reduced.data(), image.width * channels);
  if (extension == ".bmp") ok = stbi_write_bmp(path.c_str(), image.width, image.height, channels, reduced.data());
  if (extension == ".tga") ok = stbi_write_tga(path.c_str(), image.width, image.height, channels, reduced.data());
  if (extension == ".jpg") ok = stbi_write_jpg(path.c_str(), image.width, image.height, channels, reduced.data(), 90);
  ASSERT_NE(ok, 0) << path;
}

void expectCleanFailure(const CommandResult& result, const std::string& mention) {
  EXPECT_NE(result.exitCode, 0);
  EXPECT_EQ(lineCount(result.err), 1) << "stderr: " << result.err;
  EXPECT_NE(result.err.find(mention), std::string::npos) << "stderr should mention '" << mention << "': " << result.err;
  EXPECT_LT(result.exitCode, 128) << "crashed: " << result.err;
}

// FFmpeg and SDL2 are opened on first use (app/video/ffmpeg_functions.h, app/audio/audio_player.cpp):
// the binary names neither as a dependency, a command without video or sound loads neither, and
// one that reads a video loads FFmpeg. Linked, they were 138 of the 165 libraries of every start.
TEST(RunCommand, FfmpegAndSdlAreLoadedOnlyWhenUsed) {
  const CommandResult needed = runScript("readelf -d \"$SHADERSORT\"");
  ASSERT_EQ(needed.exitCode, 0) << needed.err;
  EXPECT_NE(needed.out.find("(NEEDED)"), std::string::npos) << needed.out;
  EXPECT_EQ(needed.out.find("libav"), std::string::npos) << needed.out;
  EXPECT_EQ(needed.out.find("libSDL2"), std::string::npos) << needed.out;

  ScratchFolder folder;
  const CommandResult still = runShadersort(
      "run --pattern random --size 8x8 --verify --out " + singleQuotedForShell(folder.path("out.png")), "LD_DEBUG=libs");
  EXPECT_EQ(still.exitCode, 0) << still.err;
  EXPECT_NE(still.err.find("calling init"), std::string::npos) << "LD_DEBUG printed nothing: the check could not fail";
  EXPECT_EQ(still.err.find("libavformat"), std::string::npos);
  EXPECT_EQ(still.err.find("libSDL2"), std::string::npos);

  const std::string clip = std::string(SHADERSORT_SOURCE_DIR) + "/tests/data/declares-4096x61456.webm";
  const CommandResult video = runShadersort("run --video " + singleQuotedForShell(clip) + " --out " +
                                                singleQuotedForShell(folder.path("out.mkv")),
                                            "LD_DEBUG=libs");
  EXPECT_NE(video.err.find("libavformat"), std::string::npos) << "the video was read without FFmpeg?";
}

TEST(RunCommand, WithNothingElseWritesTheSortedDefaultImage) {
  ScratchFolder folder;
  const auto result = runShadersort("run --out " + folder.path("x.png") + " --verify");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  const Image output = loadImage(folder.path("x.png"));
  const SortOrder order{PixelKey::Luminance, Axis::Columns, false};
  const SortData expected = referenceStableSort(imageToSortData(makeDefaultImage(), order));
  EXPECT_EQ(output.rgba, sortDataToImage(expected, Axis::Columns).rgba);
}

TEST(RunCommand, PassesZeroWritesTheDecodedInput) {
  ScratchFolder folder;
  ASSERT_EQ(runShadersort("run --passes 0 --out " + folder.path("x.png")).exitCode, 0);
  EXPECT_EQ(loadImage(folder.path("x.png")).rgba, makeDefaultImage().rgba);
  const Image noise = noiseImage(9, 7, 5);
  writeImageAs(folder.path("in.png"), noise, 4);
  ASSERT_EQ(runShadersort("run --passes 0 --image " + folder.path("in.png") + " --out " + folder.path("y.png")).exitCode, 0);
  EXPECT_EQ(loadImage(folder.path("y.png")).rgba, noise.rgba);
}

TEST(RunCommand, VerifiesImagesOfEveryChannelCountKeyAndAxis) {
  ScratchFolder folder;
  const std::vector<std::pair<std::string, int>> files = {
      {"grey.png", 1}, {"grey-alpha.png", 2}, {"rgb.bmp", 3}, {"rgba.tga", 4}, {"photo.jpg", 3}};
  for (const auto& [name, channels] : files) writeImageAs(folder.path(name), noiseImage(15, 9, channels), channels);
  // Every file with every key; the axis alternates, so that each file and each key meets both
  // axes in half the runs of the whole product.
  for (std::size_t file = 0; file < files.size(); ++file) {
    const std::string& name = files[file].first;
    for (std::size_t key = 0; key < pixelKeyNames().size(); ++key) {
      const char* axis = (file + key) % 2 ? "rows" : "columns";
      SCOPED_TRACE(name + " " + std::string(pixelKeyNames()[key]) + " " + axis);
      const auto result = runShadersort("run --algo frag-odd-even --image " + folder.path(name) + " --key " +
                                        std::string(pixelKeyNames()[key]) + " --axis " + axis + " --verify --out " + folder.path("out.png"));
      EXPECT_EQ(result.exitCode, 0) << result.err;
    }
  }
}

TEST(RunCommand, OutputMayNameTheInput) {
  ScratchFolder folder;
  const Image noise = noiseImage(8, 6, 1);
  writeImageAs(folder.path("same.png"), noise, 4);
  ASSERT_EQ(runShadersort("run --image " + folder.path("same.png") + " --out " + folder.path("same.png")).exitCode, 0);
  const SortOrder order{PixelKey::Luminance, Axis::Columns, false};
  EXPECT_EQ(verifySortedImage(noise, loadImage(folder.path("same.png")), order), "");
  EXPECT_EQ(folder.entries(), std::vector<std::string>{"same.png"});
}

TEST(RunCommand, VerifyChecksOnlyConservationAfterAPartialSort) {
  // A pattern with more passes than run: --verify after a partial sort checks conservation only.
  ScratchFolder folder;
  const auto partial = runShadersort("run --pattern reversed --size 8x8 --passes 3 --verify --out " + folder.path("p.png"));
  EXPECT_EQ(partial.exitCode, 0) << partial.err;
  EXPECT_NE(partial.err.find("conserved"), std::string::npos);
}

// --verify fails a wrong result: odd-even's round shader, given through --shader-dir with its
// comparison turned round, sorts a reversed pattern the wrong way. The unchanged copy verifies.
TEST(RunCommand, VerifyFailsWhenTheResultIsWrong) {
  ScratchFolder folder;
  const std::string original = readText(SHADERSORT_SOURCE_DIR "/shaders/sort/odd_even/round.comp");
  const std::string compare = "if (leftKey > rightKey) {";
  ASSERT_NE(original.find(compare), std::string::npos) << "the test's edit no longer applies";
  std::filesystem::create_directories(folder.path("good/sort/odd_even"));
  std::filesystem::create_directories(folder.path("broken/sort/odd_even"));
  std::string broken = original;
  broken.replace(broken.find(compare), compare.size(), "if (leftKey < rightKey) {");
  writeBytes(folder.path("good/sort/odd_even/round.comp"), std::vector<std::uint8_t>(original.begin(), original.end()));
  writeBytes(folder.path("broken/sort/odd_even/round.comp"), std::vector<std::uint8_t>(broken.begin(), broken.end()));
  const std::string common = "run --algo odd-even --teaching --pattern reversed --size 8x8 --verify --out ";
  const auto good = runShadersort(common + folder.path("good.png") + " --shader-dir " + folder.path("good"));
  EXPECT_EQ(good.exitCode, 0) << good.err;
  const auto wrong = runShadersort(common + folder.path("wrong.png") + " --shader-dir " + folder.path("broken"));
  EXPECT_EQ(wrong.exitCode, 1) << wrong.err;
  EXPECT_NE(wrong.err.find("verify failed"), std::string::npos) << wrong.err;
  EXPECT_FALSE(std::filesystem::exists(folder.path("wrong.png"))) << "a wrong result must not be written";
}

class SortCommandTypes : public ::testing::TestWithParam<KeyType> {};

TEST_P(SortCommandTypes, OutputIsByteIdenticalToAStableSort) {
  const KeyType type = GetParam();
  ScratchFolder folder;
  const std::vector<std::uint32_t> keys = makeRawKeys(type, makePattern(Pattern::FewUnique, 300, 9));
  std::vector<std::uint32_t> values(keys.size());
  std::iota(values.begin(), values.end(), 100u);
  writeWords(folder.path("keys.bin"), keys);
  writeWords(folder.path("values.bin"), values);

  const SortData expected = referenceRawSort(type, keys, values);
  const std::vector<std::uint32_t>& expectedKeys = expected.keys;
  const std::vector<std::uint32_t>& expectedValues = expected.values;
  const std::string typeArgument = " --type " + std::string(keyTypeName(type));
  auto result = runShadersort("sort --algo frag-odd-even" + typeArgument + " --in " + folder.path("keys.bin") + " --out " +
                              folder.path("k.out"));
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_EQ(readWordsFile(folder.path("k.out")), expectedKeys);
  result = runShadersort("sort --algo frag-odd-even" + typeArgument + " --in " + folder.path("keys.bin") + " --out " +
                         folder.path("k2.out") + " --values " + folder.path("values.bin") + " --out-values " +
                         folder.path("v.out"));
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_EQ(readWordsFile(folder.path("k2.out")), expectedKeys);
  EXPECT_EQ(readWordsFile(folder.path("v.out")), expectedValues);
}

INSTANTIATE_TEST_SUITE_P(AllTypes, SortCommandTypes, ::testing::Values(KeyType::U32, KeyType::I32, KeyType::F32),
                         [](const auto& info) { return std::string(keyTypeName(info.param)); });

TEST(SortCommand, EmptyKeyFileGivesEmptyOutput) {
  ScratchFolder folder;
  writeWords(folder.path("keys.bin"), {});
  const auto result = runShadersort("sort --algo frag-odd-even --in " + folder.path("keys.bin") + " --out " + folder.path("o.bin"));
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_TRUE(std::filesystem::exists(folder.path("o.bin")));
  EXPECT_EQ(std::filesystem::file_size(folder.path("o.bin")), 0u);
}

// Every bad input: a short message, non-zero exit, no output file, inputs untouched.
struct BadInput {
  std::string name;
  std::string arguments;  // {dir} is replaced by the scratch folder
  std::string mention;    // a word the message must contain
  std::string environment = "";
};

class BadInputs : public ::testing::TestWithParam<BadInput> {};

TEST_P(BadInputs, OneLineNonZeroExitNoOutputInputsUntouched) {
  ScratchFolder folder;
  writeImageAs(folder.path("good.png"), noiseImage(6, 5, 2), 4);
  std::vector<std::uint8_t> png = encodePng(noiseImage(6, 5, 2));
  writeBytes(folder.path("truncated.png"), std::vector<std::uint8_t>(png.begin(), png.begin() + static_cast<std::ptrdiff_t>(png.size() / 2)));
  writeBytes(folder.path("empty.png"), {});
  writeBytes(folder.path("text.png"), {'h', 'e', 'l', 'l', 'o', '\n'});
  writeWords(folder.path("keys.bin"), {5, 3, 9});
  writeBytes(folder.path("odd.bin"), {1, 2, 3, 4, 5});
  writeWords(folder.path("two.bin"), {1, 2});
  // One more key than the GPU's texture limit allows frag-odd-even.
  const int beyondTextureLimit = testLimits().maxTextureSize + 1;
  std::vector<std::uint32_t> tooMany(static_cast<std::size_t>(beyondTextureLimit), 7);
  writeWords(folder.path("many.bin"), tooMany);
  std::filesystem::create_directory(folder.path("folder"));
  const auto before = folder.entries();
  std::vector<std::string> contents;
  for (const auto& name : before) contents.push_back(std::filesystem::is_regular_file(folder.path(name)) ? readText(folder.path(name)) : "");

  std::string arguments = GetParam().arguments;
  for (std::size_t at; (at = arguments.find("{dir}")) != std::string::npos;) arguments.replace(at, 5, folder.root().string());
  for (std::size_t at; (at = arguments.find("{beyond}")) != std::string::npos;)
    arguments.replace(at, 8, std::to_string(beyondTextureLimit));
  const auto result = runShadersort(arguments, GetParam().environment);
  expectCleanFailure(result, GetParam().mention);
  EXPECT_EQ(folder.entries(), before) << "an output (or temporary) file was left behind";
  for (std::size_t i = 0; i < before.size(); ++i)
    if (std::filesystem::is_regular_file(folder.path(before[i]))) {
      EXPECT_EQ(readText(folder.path(before[i])), contents[i]) << before[i];
    }
}

const BadInput kBadInputs[] = {
    {"MissingImage", "run --image {dir}/missing.png --out {dir}/o.png", "missing.png"},
    {"EmptyImage", "run --image {dir}/empty.png --out {dir}/o.png", "empty"},
    {"TruncatedImage", "run --image {dir}/truncated.png --out {dir}/o.png", "truncated.png"},
    {"NotAnImage", "run --image {dir}/text.png --out {dir}/o.png", "text.png"},
    {"ImageIsAFolder", "run --image {dir}/folder --out {dir}/o.png", "folder"},
    {"KeysNotMultipleOfFour", "sort --algo frag-odd-even --in {dir}/odd.bin --out {dir}/o.bin", "multiple of 4"},
    {"MissingKeys", "sort --algo frag-odd-even --in {dir}/nope.bin --out {dir}/o.bin", "nope.bin"},
    {"ValuesOfOtherCount",
     "sort --algo frag-odd-even --in {dir}/keys.bin --out {dir}/o.bin --values {dir}/two.bin --out-values {dir}/v.bin", "2 values"},
    {"ValuesWithoutOutput", "sort --algo frag-odd-even --in {dir}/keys.bin --out {dir}/o.bin --values {dir}/two.bin", "out-values"},
    {"UnknownAlgorithm", "run --algo quantum --out {dir}/o.png", "quantum"},
    {"UnknownAlgorithmForSort", "sort --algo quantum --in {dir}/keys.bin --out {dir}/o.bin", "quantum"},
    {"UnknownKey", "run --key warmth --out {dir}/o.png", "warmth"},
    {"UnknownAxis", "run --axis diagonal --out {dir}/o.png", "diagonal"},
    {"UnknownType", "sort --algo frag-odd-even --type f64 --in {dir}/keys.bin --out {dir}/o.bin", "f64"},
    {"UnknownOption", "run --sparkle --out {dir}/o.png", "--sparkle"},
    {"UnknownCommand", "dance", "dance"},
    {"UnknownPattern", "run --pattern zigzag --out {dir}/o.png", "zigzag"},
    {"SizeZero", "run --pattern random --size 0x5 --out {dir}/o.png", "size"},
    {"SizeNegative", "run --pattern random --size 4x-5 --out {dir}/o.png", "size"},
    {"SizeMalformed", "run --pattern random --size big --out {dir}/o.png", "size"},
    {"NegativePasses", "run --passes -3 --out {dir}/o.png", "passes"},
    {"PassesNotANumber", "run --passes many --out {dir}/o.png", "passes"},
    {"SizeBeyondTextureLimit", "run --pattern random --size {beyond}x2 --out {dir}/o.png", "GL_MAX_TEXTURE_SIZE"},
    {"KeysBeyondTextureLimit", "sort --algo frag-odd-even --in {dir}/many.bin --out {dir}/o.bin", "GL_MAX_TEXTURE_SIZE"},
    {"OutputFolderMissing", "run --out {dir}/no/such/folder/o.png", "does not exist"},
    {"OutputIsAFolder", "run --out {dir}/folder", "folder"},
    {"OutputNotAPicture", "run --out {dir}/o.bmp", ".png"},
    {"UnknownSetting", "run --set sparkle=3 --out {dir}/o.png", "sparkle"},
    {"MalformedSetting", "run --set sparkle --out {dir}/o.png", "NAME=INTEGER"},
    {"SettingWordNoAlgorithmNames", "run --set workgroup-size=big --out {dir}/o.png", "wants an integer or one of auto, got 'big'"},
    // A word radix's settings table does not name: one line listing the words it does.
    {"UnknownScanWord", "run --algo radix --set scan=onesweep --out {dir}/o.png",
     "--set scan wants an integer or one of auto, portable, chained, workgroup, got 'onesweep'"},
    {"UnknownBallotWord", "run --algo radix --set ballot=on --out {dir}/o.png",
     "--set ballot wants an integer or one of auto, off, match, got 'on'"},
    {"NoOpenGl43", "info", "4.3", "MESA_GL_VERSION_OVERRIDE=3.3"},
};

INSTANTIATE_TEST_SUITE_P(Commands, BadInputs, ::testing::ValuesIn(kBadInputs),
                         [](const auto& info) { return info.param.name; });

TEST(Commands, HelpForEveryCommandExitsZero) {
  for (const char* command : {"", "run ", "sort ", "info ", "view "}) {
    const auto result = runShadersort(std::string(command) + "--help");
    EXPECT_EQ(result.exitCode, 0) << command;
    EXPECT_NE(result.out.find("--"), std::string::npos) << command;
  }
}

TEST(Commands, InfoNamesTheRendererAndLimits) {
  const auto result = runShadersort("info");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_NE(result.out.find("GL version"), std::string::npos);
  EXPECT_NE(result.out.find("max texture"), std::string::npos);
  EXPECT_NE(result.out.find("frag-odd-even"), std::string::npos);
  // Values a settings table names show as their words; others as numbers.
  const auto radixLine = result.out.find("\n  radix            ballot=auto early-counts=auto keys-per-thread=auto scan=auto workgroup-size=auto ");
  EXPECT_NE(radixLine, std::string::npos) << result.out;
}

// A GL error means no result is trusted: every command checks for one before it exits 0, also
// where it did no sorting (info; bench and tune with every case skipped). SHADERSORT_TEST_GL_ERROR
// makes one as the command's GL session starts (app/cli/gpu_session.h).
TEST(Commands, EveryCommandChecksForGlErrorsBeforeItExitsZero) {
  ScratchFolder folder;
  writeWords(folder.path("keys.bin"), {3, 1, 2});
  const std::string cache = "XDG_CACHE_HOME=" + folder.path("cache");
  for (const std::string& command : std::vector<std::string>{
           "info", "run --pattern random --size 4x4 --out " + folder.path("o.png"),
           "sort --algo radix --in " + folder.path("keys.bin") + " --out " + folder.path("o.bin"),
           "bench --algo bitonic --sizes 64 --reps 1", "bench --algo bitonic --sizes 2^31",
           "tune --algo bitonic --size 2^31", "tune --algo frag-odd-even"}) {
    SCOPED_TRACE(command);
    const auto faulty = runShadersort(command, cache + " SHADERSORT_TEST_GL_ERROR=1");
    EXPECT_EQ(faulty.exitCode, 3) << faulty.out << faulty.err;
    EXPECT_NE(faulty.err.find("the GL driver reported an error"), std::string::npos) << faulty.err;
    EXPECT_EQ(lineCount(faulty.err), 1) << faulty.err;
    EXPECT_FALSE(std::filesystem::exists(folder.path("o.png")));
    EXPECT_FALSE(std::filesystem::exists(folder.path("o.bin")));
    // Without the error the same command succeeds: the error made the difference.
    const auto clean = runShadersort(command, cache);
    EXPECT_EQ(clean.exitCode, 0) << clean.err;
    std::filesystem::remove(folder.path("o.png"));
    std::filesystem::remove(folder.path("o.bin"));
  }
}

}  // namespace
}  // namespace shadersort::testing

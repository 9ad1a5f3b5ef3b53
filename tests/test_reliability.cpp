// Regression tests for the reliability and security defects of issue 14, one test (or a pair)
// per defect, named after what the defect broke. They run the binary as an attacker or a careless
// user would: hostile file contents and names, endless and huge inputs, failing writes.

#include <gtest/gtest.h>

#include <stb_image_write.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>

#include "bench/bench_report.h"
#include "cli_support.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/quoting.h"
#include "data/image.h"
#include "process_support.h"
#include "sort_test_support.h"

namespace shadersort::testing {
namespace {

namespace fs = std::filesystem;

// A refusal before anything is built or read keeps the process at its start-up size (a GL
// context, tens of MB); the inputs refused here would take gigabytes. Memory, not time, tells:
// a loaded CI machine slows a run but does not grow it.
constexpr std::uint64_t kUnbuiltPeakBytes = 512ull << 20;
// Enough address space for llvmpipe, far too little for the multi-gigabyte allocations the
// defects made: a runaway allocation fails at once instead of eating the machine.
constexpr std::uint64_t kAddressSpace = 6ull << 30;

ProcessResult run(const std::vector<std::string>& arguments, const std::vector<std::string>& environment = {}) {
  ProcessOptions options;
  options.environment = environment;
  options.timeoutSeconds = 60;
  options.addressSpaceBytes = kAddressSpace;
  return runShadersortArgs(arguments, options);
}

// One line on stderr with nothing raw in it, the expected exit, and the line names `mention`.
void expectRefusal(const ProcessResult& result, int exitCode, const std::string& mention) {
  EXPECT_FALSE(result.timedOut) << "hung";
  EXPECT_EQ(result.exitCode, exitCode) << result.err;
  EXPECT_EQ(lineCount(result.err), 1) << "stderr: " << result.err;
  EXPECT_FALSE(hasRawControlBytes(result.err)) << result.err;
  EXPECT_NE(result.err.find(mention), std::string::npos) << "should mention '" << mention << "': " << result.err;
  EXPECT_EQ(result.err.find("internal error"), std::string::npos) << result.err;
}

std::vector<std::uint8_t> bytesOf(const std::string& text) { return {text.begin(), text.end()}; }

Image noiseImage(int width, int height, std::uint32_t seed) {
  Image image(width, height);
  std::mt19937 random(seed);
  for (auto& byte : image.rgba) byte = static_cast<std::uint8_t>(random());
  for (std::size_t i = 3; i < image.rgba.size(); i += 4) image.rgba[i] = 255;
  return image;
}

void writeTruncated(const std::string& path, const std::vector<std::uint8_t>& bytes, std::size_t keep) {
  writeBytes(path, std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(keep)));
}

// --- tiny encoders for files the tests craft byte by byte -----------------------------------

std::uint32_t crc32(const std::uint8_t* data, std::size_t size) {
  std::uint32_t crc = 0xFFFFFFFFu;
  for (std::size_t i = 0; i < size; ++i) {
    crc ^= data[i];
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

void appendBigEndian(std::vector<std::uint8_t>& out, std::uint32_t value) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::uint8_t>(value >> shift));
}

void appendPngChunk(std::vector<std::uint8_t>& png, const char* type, const std::vector<std::uint8_t>& data) {
  appendBigEndian(png, static_cast<std::uint32_t>(data.size()));
  const std::size_t typeAt = png.size();
  png.insert(png.end(), type, type + 4);
  png.insert(png.end(), data.begin(), data.end());
  appendBigEndian(png, crc32(png.data() + typeAt, png.size() - typeAt));
}

// Deflate bits, least significant first; Huffman codes go most significant bit first.
struct BitWriter {
  std::vector<std::uint8_t> bytes;
  int used = 8;
  void bits(std::uint32_t value, int count) {
    for (int i = 0; i < count; ++i) {
      if (used == 8) {
        bytes.push_back(0);
        used = 0;
      }
      bytes.back() |= static_cast<std::uint8_t>(((value >> i) & 1u) << used++);
    }
  }
  void code(std::uint32_t value, int length) {
    for (int i = length - 1; i >= 0; --i) bits((value >> i) & 1u, 1);
  }
};

// A valid 8-bit grey PNG of width x height black pixels, compressed with fixed-Huffman matches
// of 258 zeros each: a 16000x16000 picture fits in under 2 MB, as in the issue's example.
std::vector<std::uint8_t> blackPng(std::uint32_t width, std::uint32_t height) {
  const std::uint64_t raw = static_cast<std::uint64_t>(height) * (width + 1);  // a filter byte per row
  BitWriter deflate;
  deflate.bits(1, 1);  // final block
  deflate.bits(1, 2);  // fixed Huffman codes
  deflate.code(0x30, 8);  // literal 0
  for (std::uint64_t left = raw - 1; left > 0;) {
    if (left >= 258) {
      deflate.code(0xC5, 8);  // length code 285: 258 bytes
      deflate.code(0, 5);     // distance code 0: one back
      left -= 258;
    } else {
      deflate.code(0x30, 8);
      --left;
    }
  }
  deflate.code(0, 7);  // end of block
  std::vector<std::uint8_t> zlib = {0x78, 0x01};
  zlib.insert(zlib.end(), deflate.bytes.begin(), deflate.bytes.end());
  appendBigEndian(zlib, static_cast<std::uint32_t>((raw % 65521) << 16 | 1));  // Adler-32 of zeros
  std::vector<std::uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  std::vector<std::uint8_t> header;
  appendBigEndian(header, width);
  appendBigEndian(header, height);
  header.insert(header.end(), {8, 0, 0, 0, 0});
  appendPngChunk(png, "IHDR", header);
  appendPngChunk(png, "IDAT", zlib);
  appendPngChunk(png, "IEND", {});
  return png;
}

// A GIF of width x height pixels from a 128-colour palette. With a minimum code size of 7 every
// LZW code is 8 bits wide as long as fewer than 126 codes follow a clear code, so the codes are
// plain bytes: a clear code, then one pixel index per code.
std::vector<std::uint8_t> paletteGif(int width, int height, std::uint32_t seed) {
  std::vector<std::uint8_t> gif = {'G', 'I', 'F', '8', '9', 'a'};
  auto little16 = [&](int value) {
    gif.push_back(static_cast<std::uint8_t>(value));
    gif.push_back(static_cast<std::uint8_t>(value >> 8));
  };
  little16(width);
  little16(height);
  gif.insert(gif.end(), {0xF6, 0, 0});  // global palette of 2^(6+1) entries
  for (int i = 0; i < 128; ++i) gif.insert(gif.end(), {static_cast<std::uint8_t>(i * 2), static_cast<std::uint8_t>(255 - i), 77});
  gif.push_back(0x2C);  // image descriptor
  little16(0);
  little16(0);
  little16(width);
  little16(height);
  gif.push_back(0);
  gif.push_back(7);  // LZW minimum code size
  std::vector<std::uint8_t> codes;
  std::mt19937 random(seed);
  for (int i = 0; i < width * height; ++i) {
    if (i % 100 == 0) codes.push_back(128);  // clear code
    codes.push_back(static_cast<std::uint8_t>(random() % 128));
  }
  codes.push_back(129);  // end of information
  for (std::size_t at = 0; at < codes.size(); at += 255) {
    const std::size_t size = std::min<std::size_t>(255, codes.size() - at);
    gif.push_back(static_cast<std::uint8_t>(size));
    gif.insert(gif.end(), codes.begin() + static_cast<std::ptrdiff_t>(at), codes.begin() + static_cast<std::ptrdiff_t>(at + size));
  }
  gif.push_back(0);     // no more sub-blocks
  gif.push_back(0x3B);  // trailer
  return gif;
}

std::vector<std::uint8_t> encodeWith(int (*write)(stbi_write_func*, void*, int, int, int, const void*), const Image& image) {
  std::vector<std::uint8_t> bytes;
  auto append = [](void* context, void* data, int size) {
    auto* out = static_cast<std::vector<std::uint8_t>*>(context);
    out->insert(out->end(), static_cast<std::uint8_t*>(data), static_cast<std::uint8_t*>(data) + size);
  };
  write(append, &bytes, image.width, image.height, 4, image.rgba.data());
  return bytes;
}

std::string csvHeader() {
  std::string header;
  for (const auto& [name, meaning] : bench::csvColumns()) header += (header.empty() ? "" : ",") + name;
  return header + "\n";
}

// A bench CSV row: the fields as bench writes them, with `replace` overriding some by index.
std::string csvRow(std::uint64_t n, const std::vector<std::pair<int, std::string>>& replace = {}) {
  std::vector<std::string> fields = {"frag-odd-even", std::to_string(n), "random", "u32", "0", "wall", "1", "2.5",
                                     "2.5",           "1e-05",           "0.01",   "0.03", "0.004", "1", "32", "32",
                                     "defaults"};
  for (const auto& [index, text] : replace) fields[static_cast<std::size_t>(index)] = text;
  std::string row;
  for (const std::string& field : fields) row += (row.empty() ? "" : ",") + field;
  return row + "\n";
}

// --- 1, 2: plot -------------------------------------------------------------------------------

TEST(Reliability, PlotNeverRunsCsvFieldsAsCode) {
  ScratchFolder folder;
  const std::string marker = folder.path("PWNED");
  const std::vector<std::string> payloads = {
      "x\"; system(\"touch " + marker + "\"); print \"",
      "x'; system('touch " + marker + "'); print '",
      "`touch " + marker + "`",
      "$(touch " + marker + ")",
      "x\" with lines; system(\"touch " + marker + "\") #",
      "\\\"; system(\"touch " + marker + "\"); #",
  };
  int index = 0;
  for (const std::string& payload : payloads) {
    // Every column, including the numbers and the ones the plot never draws.
    for (int column : {0, 1, 2, 3, 5, 7, 16}) {
      SCOPED_TRACE("column " + std::to_string(column) + ": " + payload);
      const std::string csv = folder.path("evil" + std::to_string(index++) + ".csv");
      writeBytes(csv, bytesOf(csvHeader() + csvRow(32) + csvRow(64, {{column, payload}})));
      const auto result = run({"plot", "--csv", csv, "--out", folder.path("p.png")});
      EXPECT_FALSE(fs::exists(marker)) << "gnuplot ran a command from the CSV";
      fs::remove(marker);
      expectRefusal(result, 1, "evil");
      EXPECT_FALSE(fs::exists(folder.path("p.png")));
    }
  }
  // A field broken over lines: the second half is a row of its own and refused as such.
  writeBytes(folder.path("newline.csv"),
             bytesOf(csvHeader() + csvRow(32) + "frag-odd-even\n\"; system(\"touch " + marker + "\"); print \"" + csvRow(64).substr(13)));
  const auto split = run({"plot", "--csv", folder.path("newline.csv"), "--out", folder.path("p.png")});
  EXPECT_FALSE(fs::exists(marker));
  expectRefusal(split, 1, "newline.csv");
  // The honest CSV still plots.
  writeBytes(folder.path("good.csv"), bytesOf(csvHeader() + csvRow(32) + csvRow(64)));
  const auto good = run({"plot", "--csv", folder.path("good.csv"), "--out", folder.path("p.png")});
  ASSERT_EQ(good.exitCode, 0) << good.err;
  EXPECT_EQ(loadImage(folder.path("p.png")).width, 1000);
}

TEST(Reliability, PlotNeverRunsTheTitleAsCode) {
  ScratchFolder folder;
  const std::string marker = folder.path("PWNED");
  writeBytes(folder.path("good.csv"), bytesOf(csvHeader() + csvRow(32) + csvRow(64)));
  for (const std::string& title : std::vector<std::string>{"x\"; system(\"touch " + marker + "\"); print \"", "x'; system('touch " + marker + "'); '",
                                   "`touch " + marker + "`", "a\nsystem(\"touch " + marker + "\")", "@title",
                                   "x\\\"; system(\"touch " + marker + "\") #"}) {
    SCOPED_TRACE(title);
    const auto result = run({"plot", "--csv", folder.path("good.csv"), "--out", folder.path("p.png"), "--title", title});
    EXPECT_FALSE(fs::exists(marker)) << "gnuplot ran a command from the title";
    fs::remove(marker);
    expectRefusal(result, 2, "--title");
    EXPECT_FALSE(fs::exists(folder.path("p.png")));
  }
  // Titles from the documented character set plot.
  const auto result = run({"plot", "--csv", folder.path("good.csv"), "--out", folder.path("p.png"), "--title",
                           "H100 80GB (run 3), keys/s: 2^20-2^28 + pairs_x=1.5"});
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_TRUE(fs::exists(folder.path("p.png")));
}

TEST(Reliability, PlotIgnoresAPlantedTempFolder) {
  // Someone else creates the folder the plot would use (as the old name was predictable from the
  // pid) as a link to a folder of theirs: the plot must neither write there nor fail.
  ScratchFolder folder;
  fs::create_directory(folder.path("tmp"));
  fs::create_directory(folder.path("victim"));
  writeBytes(folder.path("good.csv"), bytesOf(csvHeader() + csvRow(32) + csvRow(64)));
  ProcessOptions options;
  options.environment = {"TMPDIR=" + folder.path("tmp")};
  options.beforeExec = [&](pid_t pid) {
    fs::create_directory_symlink(folder.path("victim"), folder.path("tmp/shadersort-plot-" + std::to_string(pid)));
  };
  const auto result = runShadersortArgs({"plot", "--csv", folder.path("good.csv"), "--out", folder.path("p.png")}, options);
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_TRUE(fs::is_empty(folder.path("victim"))) << "the plot wrote into a folder it did not create";
  EXPECT_EQ(loadImage(folder.path("p.png")).height, 650);
  // Its own temporary folder is gone; the planted link is left alone.
  std::vector<std::string> left;
  for (const auto& entry : fs::directory_iterator(folder.path("tmp"))) left.push_back(entry.path().filename().string());
  EXPECT_EQ(left.size(), 1u);
}

// --- 3: sort must never delete its input --------------------------------------------------------

TEST(Reliability, SortFailureNeverDeletesTheInputOrAnOlderOutput) {
  ScratchFolder folder;
  writeWords(folder.path("keys.bin"), {5, 3, 9});
  writeWords(folder.path("values.bin"), {1, 2, 3});
  writeWords(folder.path("old.bin"), {42});
  const auto before = folder.entries();
  // The values' name is one byte beyond NAME_MAX: that write cannot succeed.
  const std::string unwritable = folder.path(std::string(256, 'v'));
  for (const std::string& out : {folder.path("keys.bin"), folder.path("old.bin")}) {
    SCOPED_TRACE(out);
    const auto result = run({"sort", "--algo", "frag-odd-even", "--in", folder.path("keys.bin"), "--out", out, "--values",
                             folder.path("values.bin"), "--out-values", unwritable});
    expectRefusal(result, 1, "vvvv");
    EXPECT_EQ(readWordsFile(folder.path("keys.bin")), (std::vector<std::uint32_t>{5, 3, 9})) << "the input was changed";
    EXPECT_EQ(readWordsFile(folder.path("old.bin")), std::vector<std::uint32_t>{42}) << "an older output was lost";
    EXPECT_EQ(folder.entries(), before) << "a temporary file was left behind";
  }
}

TEST(Reliability, StagedOutputsAreAllWrittenBeforeAnyIsCommitted) {
  // What `sort` and `bench` do with their outputs: when a later one cannot be written, the
  // earlier ones are dropped with their temporary files and every target stays as it was.
  ScratchFolder folder;
  writeBytes(folder.path("first.bin"), bytesOf("old"));
  const std::vector<std::uint8_t> fresh = bytesOf("new");
  {
    StagedFile first(folder.path("first.bin"), fresh);
    EXPECT_THROW(StagedFile(folder.path("missing/second.bin"), fresh), UserError);
  }
  EXPECT_EQ(readText(folder.path("first.bin")), "old");
  EXPECT_EQ(folder.entries(), std::vector<std::string>{"first.bin"});
  {
    StagedFile first(folder.path("first.bin"), fresh);
    StagedFile second(folder.path("second.bin"), fresh);
    EXPECT_EQ(readText(folder.path("first.bin")), "old") << "replaced before commit";
    first.commit();
    second.commit();
  }
  EXPECT_EQ(readText(folder.path("first.bin")), "new");
  EXPECT_EQ(folder.entries(), (std::vector<std::string>{"first.bin", "second.bin"}));
}

// --- 4, 5: truncated and damaged images ---------------------------------------------------------

TEST(Reliability, TruncatedTgaIsRefused) {
  ScratchFolder folder;
  const std::vector<std::uint8_t> tga = encodeWith(stbi_write_tga_to_func, noiseImage(8, 8, 4));
  writeTruncated(folder.path("cut.tga"), tga, 48);
  const auto result = run({"run", "--passes", "0", "--image", folder.path("cut.tga"), "--out", folder.path("o.png")});
  expectRefusal(result, 1, "cut.tga");
  EXPECT_FALSE(fs::exists(folder.path("o.png")));
}

TEST(Reliability, DamagedImagesAreRefusedNamingTheFileAndWhy) {
  ScratchFolder folder;
  const Image noise = noiseImage(16, 12, 5);
  const std::vector<std::uint8_t> bmp = encodeWith(stbi_write_bmp_to_func, noise);
  writeTruncated(folder.path("half.bmp"), bmp, bmp.size() / 2);
  const std::vector<std::uint8_t> gif = paletteGif(16, 12, 6);
  writeTruncated(folder.path("half.gif"), gif, gif.size() / 2);
  std::vector<std::uint8_t> jpg;
  stbi_write_jpg_to_func([](void* context, void* data, int size) {
    auto* out = static_cast<std::vector<std::uint8_t>*>(context);
    out->insert(out->end(), static_cast<std::uint8_t*>(data), static_cast<std::uint8_t*>(data) + size);
  }, &jpg, noise.width, noise.height, 4, noise.rgba.data(), 90);
  writeTruncated(folder.path("half.jpg"), jpg, jpg.size() / 2);
  // The last byte of the compressed pixels (the zlib checksum, which stb_image never reads)
  // flipped: every chunk is there, the pixels decode, only the CRC tells.
  std::vector<std::uint8_t> png = encodePng(noise);
  const std::size_t iend = png.size() - 12;
  png[iend - 5] ^= 0xFF;
  writeBytes(folder.path("flipped.png"), png);

  // The intact files decode to the picture (the GIF to its palette colours), so the refusals
  // below are about the damage.
  writeBytes(folder.path("whole.gif"), gif);
  writeBytes(folder.path("whole.bmp"), bmp);
  for (const char* whole : {"whole.gif", "whole.bmp"}) {
    const auto result = run({"run", "--passes", "0", "--image", folder.path(whole), "--out", folder.path("o.png")});
    EXPECT_EQ(result.exitCode, 0) << whole << ": " << result.err;
  }
  fs::remove(folder.path("o.png"));

  for (const char* name : {"half.bmp", "half.gif", "half.jpg", "flipped.png"}) {
    SCOPED_TRACE(name);
    const auto result = run({"run", "--passes", "0", "--image", folder.path(name), "--out", folder.path("o.png")});
    expectRefusal(result, 1, name);
    EXPECT_TRUE(result.err.find("cut short") != std::string::npos || result.err.find("damaged") != std::string::npos)
        << "the message should say why: " << result.err;
    EXPECT_FALSE(fs::exists(folder.path("o.png")));
  }
}

// --- 6, 7, 8: sizes and endless inputs ------------------------------------------------------------

TEST(Reliability, CountsOf2To32AndBeyondAreRefusedNotTruncated) {
  for (const std::vector<std::string>& arguments : std::vector<std::vector<std::string>>{
           {"bench", "--algo", "radix", "--sizes", "2^32"},
           {"bench", "--algo", "radix", "--sizes", "4294967296"},
           {"bench", "--algo", "radix", "--sizes", "4194304K"},
           {"tune", "--algo", "radix", "--size", "2^32"},
           {"tune", "--algo", "radix", "--size", "2^40"}}) {
    SCOPED_TRACE(arguments.back());
    const auto result = run(arguments);
    expectRefusal(result, 2, arguments[3]);
    EXPECT_LT(result.peakResidentBytes, kUnbuiltPeakBytes);
  }
}

TEST(Reliability, DeclaredSizesAreRefusedBeforeAnythingIsBuilt) {
  ScratchFolder folder;
  // A 1.6 MB PNG declaring 16000x16000 pixels (1 GB as RGBA), beyond the storage-block limit of
  // the compute sorters (4 bytes of key a pixel; larger where the GPU's limit is, as on an H100,
  // whose 2 GiB would let odd-even sort 16000x16000 for minutes), and one beyond
  // GL_MAX_TEXTURE_SIZE for the fragment sorter.
  const int beyondTexture = testLimits().maxTextureSize + 1;
  const auto beyondStorage = static_cast<std::uint32_t>(
      std::sqrt(static_cast<double>(testLimits().maxShaderStorageBlockSize) / 4) + 1);
  const std::uint32_t side = std::max(16000u, beyondStorage);
  ASSERT_GT(std::uint64_t{side} * side * 4, static_cast<std::uint64_t>(testLimits().maxShaderStorageBlockSize));
  writeBytes(folder.path("huge.png"), blackPng(side, side));
  writeBytes(folder.path("wide.png"), blackPng(static_cast<std::uint32_t>(beyondTexture), 2000));
  struct Case {
    std::vector<std::string> arguments;
    std::string mention;
  };
  const std::vector<Case> cases = {
      {{"run", "--algo", "odd-even", "--image", folder.path("huge.png")}, "huge.png"},
      {{"run", "--algo", "frag-odd-even", "--image", folder.path("wide.png")}, "GL_MAX_TEXTURE_SIZE"},
      {{"run", "--pattern", "random", "--size", "16777216x16777216"}, "16777216x16777216"},
      {{"run", "--pattern", "random", "--size", "200000x200000"}, "200000x200000"},
      {{"run", "--algo", "radix", "--pattern", "random", "--size", std::to_string(side) + "x" + std::to_string(side)},
       "GL_MAX_SHADER_STORAGE_BLOCK_SIZE"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> arguments = c.arguments;
    // A budget above the run's address-space limit, so that the GPU's limits are what refuses.
    arguments.insert(arguments.end(), {"--max-memory", "2^40", "--out", folder.path("o.png")});
    SCOPED_TRACE(arguments[3]);
    const auto result = run(arguments);
    expectRefusal(result, 1, c.mention);
    EXPECT_LT(result.peakResidentBytes, kUnbuiltPeakBytes) << "the size was checked only after building the input";
  }
  // bench and tune check a count before making its keys.
  const auto bench = run({"bench", "--algo", "bitonic", "--sizes", "2^31"});
  EXPECT_EQ(bench.exitCode, 0) << bench.err;
  EXPECT_NE(bench.out.find("skipped"), std::string::npos) << bench.out;
  EXPECT_LT(bench.peakResidentBytes, kUnbuiltPeakBytes);
  const auto tune = run({"tune", "--algo", "bitonic", "--size", "2^31"}, {"XDG_CACHE_HOME=" + folder.path("cache")});
  EXPECT_EQ(tune.exitCode, 0) << tune.err;
  EXPECT_NE(tune.out.find("skipped"), std::string::npos) << tune.out;
  EXPECT_LT(tune.peakResidentBytes, kUnbuiltPeakBytes);
  EXPECT_FALSE(fs::exists(folder.path("o.png")));
}

TEST(Reliability, EndlessInputsAreRefusedWithAClearLine) {
  ScratchFolder folder;
  ASSERT_EQ(::mkfifo(folder.path("fifo").c_str(), 0600), 0);
  writeWords(folder.path("keys.bin"), {3, 1, 2});
  struct Case {
    std::vector<std::string> arguments;
    std::string input;
  };
  const std::string fifo = folder.path("fifo"), keys = folder.path("keys.bin");
  const std::vector<Case> cases = {
      {{"run", "--image", "/dev/zero", "--out", folder.path("o.png")}, "/dev/zero"},
      {{"run", "--image", fifo, "--out", folder.path("o.png")}, fifo},
      {{"sort", "--algo", "radix", "--in", "/dev/zero", "--out", folder.path("o.bin")}, "/dev/zero"},
      {{"sort", "--algo", "radix", "--in", fifo, "--out", folder.path("o.bin")}, fifo},
      {{"sort", "--algo", "radix", "--in", keys, "--out", folder.path("o.bin"), "--values", "/dev/zero", "--out-values",
        folder.path("v.bin")},
       "/dev/zero"},
      {{"plot", "--csv", fifo, "--out", folder.path("o.png")}, fifo},
      {{"plot", "--csv", "/dev/zero", "--out", folder.path("o.png")}, "/dev/zero"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.arguments[0] + " " + c.input);
    const auto result = run(c.arguments);
    expectRefusal(result, 1, "not a regular file");
    EXPECT_NE(result.err.find("'" + c.input + "'"), std::string::npos) << result.err;
    EXPECT_LT(result.peakResidentBytes, kUnbuiltPeakBytes) << "read before it was refused";
  }
  EXPECT_FALSE(fs::exists(folder.path("o.png")));
  EXPECT_FALSE(fs::exists(folder.path("o.bin")));
}

// --- 10, 11, 17: files replaced as coreutils would ------------------------------------------------

TEST(Reliability, ReplacingAFileKeepsItsMode) {
  ScratchFolder folder;
  writeWords(folder.path("keys.bin"), {3, 1, 2});
  fs::permissions(folder.path("keys.bin"), fs::perms::owner_read | fs::perms::owner_write);
  auto result = run({"sort", "--algo", "frag-odd-even", "--in", folder.path("keys.bin"), "--out", folder.path("keys.bin")});
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_EQ(readWordsFile(folder.path("keys.bin")), (std::vector<std::uint32_t>{1, 2, 3}));
  struct stat status {};
  ASSERT_EQ(::stat(folder.path("keys.bin").c_str(), &status), 0);
  EXPECT_EQ(status.st_mode & 07777, 0600u);

  writeBytes(folder.path("o.png"), encodePng(noiseImage(2, 2, 1)));
  ::chmod(folder.path("o.png").c_str(), 0640);
  result = run({"run", "--pattern", "random", "--size", "4x4", "--out", folder.path("o.png")});
  ASSERT_EQ(result.exitCode, 0) << result.err;
  ASSERT_EQ(::stat(folder.path("o.png").c_str(), &status), 0);
  EXPECT_EQ(status.st_mode & 07777, 0640u);
  EXPECT_EQ(loadImage(folder.path("o.png")).width, 4);
}

TEST(Reliability, OutputsThatAreOneFileByAnotherSpellingAreRefused) {
  ScratchFolder folder;
  writeWords(folder.path("keys.bin"), {3, 1, 2});
  writeWords(folder.path("values.bin"), {7, 8, 9});
  fs::create_directory(folder.path("sub"));
  fs::create_symlink(folder.path("keys.bin"), folder.path("link.bin"));
  const auto before = folder.entries();
  const std::string keys = folder.path("keys.bin"), values = folder.path("values.bin");
  const std::string x = folder.path("x.bin"), otherX = folder.path("sub/../x.bin");
  const std::vector<std::vector<std::string>> cases = {
      // The two outputs, one file.
      {"--in", keys, "--out", x, "--values", values, "--out-values", otherX},
      {"--in", keys, "--out", folder.root().string() + "/./x.bin", "--values", values, "--out-values", x},
      // An output over the other kind of input: the values would land on the keys or back.
      {"--in", keys, "--out", folder.path("sub/../values.bin"), "--values", values, "--out-values", x},
      {"--in", keys, "--out", x, "--values", values, "--out-values", folder.path("link.bin")},
  };
  for (const auto& rest : cases) {
    std::vector<std::string> arguments = {"sort", "--algo", "frag-odd-even"};
    arguments.insert(arguments.end(), rest.begin(), rest.end());
    SCOPED_TRACE(rest[3] + " / " + rest[7]);
    const auto result = run(arguments);
    expectRefusal(result, 2, "same file");
    EXPECT_EQ(folder.entries(), before);
    EXPECT_EQ(readWordsFile(keys), (std::vector<std::uint32_t>{3, 1, 2}));
    EXPECT_EQ(readWordsFile(values), (std::vector<std::uint32_t>{7, 8, 9}));
  }
  // bench's three outputs too.
  const auto bench = run({"bench", "--algo", "frag-odd-even", "--sizes", "16", "--csv", folder.path("r.csv"), "--json",
                          folder.path("sub/../r.csv")});
  expectRefusal(bench, 2, "same file");
  // Sorting in place stays allowed: the input is read whole before anything is written.
  const auto inPlace = run({"sort", "--algo", "frag-odd-even", "--in", keys, "--out", folder.path("sub/../keys.bin"),
                            "--values", values, "--out-values", values});
  ASSERT_EQ(inPlace.exitCode, 0) << inPlace.err;
  EXPECT_EQ(readWordsFile(keys), (std::vector<std::uint32_t>{1, 2, 3}));
  EXPECT_EQ(readWordsFile(values), (std::vector<std::uint32_t>{8, 9, 7}));
}

TEST(Reliability, LegalNamesUpToNameMaxCanBeWritten) {
  ScratchFolder folder;
  const std::string png = folder.path(std::string(251, 'p') + ".png");  // 255 bytes
  auto result = run({"run", "--pattern", "random", "--size", "4x4", "--out", png});
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_EQ(loadImage(png).width, 4);
  writeWords(folder.path("keys.bin"), {3, 1, 2});
  const std::string keys = folder.path(std::string(255, 'k')), values = folder.path(std::string(254, 'v'));
  writeWords(folder.path("values.bin"), {4, 5, 6});
  result = run({"sort", "--algo", "frag-odd-even", "--in", folder.path("keys.bin"), "--out", keys, "--values",
                folder.path("values.bin"), "--out-values", values});
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_EQ(readWordsFile(keys), (std::vector<std::uint32_t>{1, 2, 3}));
  EXPECT_EQ(readWordsFile(values), (std::vector<std::uint32_t>{5, 6, 4}));
  EXPECT_EQ(folder.entries().size(), 5u) << "a temporary file was left behind";
}

// --- 12, 13, 19: the tuning cache ---------------------------------------------------------------

std::string cacheLine(const std::string& algorithm, const std::string& name, const std::string& value) {
  const gl::Limits& limits = testLimits();
  return limits.renderer + "\t" + limits.version + "\t" + algorithm + "\t" + name + "\t" + value + "\n";
}

TEST(Reliability, InvalidTuningCacheEntriesAreIgnoredWithOneWarning) {
  ScratchFolder folder;
  fs::create_directories(folder.path("shadersort"));
  const std::vector<std::string> environment = {"XDG_CACHE_HOME=" + folder.root().string()};
  const std::string cache = folder.path("shadersort/tuning.tsv");
  struct Case {
    std::string algorithm, lines;
  };
  const std::vector<Case> cases = {
      {"radix", cacheLine("radix", "workgroup-size", "7")},
      {"radix", cacheLine("radix", "workgroup-size", "256abc")},
      {"radix", cacheLine("radix", "keys-per-thread", "99999999999")},
      // Each a value tune tries; together a tile of less than one item per invocation.
      {"bitonic", cacheLine("bitonic", "tile-size", "1024") + cacheLine("bitonic", "workgroup-size", "1024")},
      {"radix", "garbage without tabs\n" + cacheLine("radix", "workgroup-size", "-1")},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.lines);
    writeBytes(cache, bytesOf("# shadersort tuning cache\n" + c.lines));
    const auto result = run({"run", "--algo", c.algorithm, "--pattern", "random", "--size", "16x16", "--out", folder.path("o.png")},
                            environment);
    EXPECT_EQ(result.exitCode, 0) << result.err;
    EXPECT_EQ(lineCount(result.err), 1) << result.err;
    EXPECT_NE(result.err.find("warning"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("tuning.tsv"), std::string::npos) << result.err;
    const auto info = run({"info"}, environment);
    EXPECT_EQ(info.exitCode, 0) << info.err;
    EXPECT_EQ(info.out.find("(tuned)"), std::string::npos) << "ignored values shown as tuned: " << info.out;
    EXPECT_EQ(lineCount(info.err), 1) << info.err;
  }
  // A valid entry is still used, and an explicit --set still wins over it.
  writeBytes(cache, bytesOf(cacheLine("radix", "workgroup-size", "128")));
  const auto info = run({"info"}, environment);
  EXPECT_TRUE(std::regex_search(info.out, std::regex(R"(\n +radix +[^\n]*\bworkgroup-size=128 [^\n]*\(tuned\)\n)")))
      << info.out;
  EXPECT_EQ(info.err, "");
}

TEST(Reliability, TuneWithAnUncreatableCacheStillPrintsItsResults) {
  ScratchFolder folder;
  writeBytes(folder.path("a-file"), bytesOf("in the way\n"));  // root ignores permissions; a file in the way it cannot
  // Mesa keeps its shader cache under XDG_CACHE_HOME too and would add a line of its own.
  const auto result = run({"tune", "--algo", "odd-even", "--size", "256", "--reps", "1"},
                          {"XDG_CACHE_HOME=" + folder.path("a-file"), "MESA_SHADER_CACHE_DIR=" + folder.path("mesa")});
  expectRefusal(result, 1, "a-file/shadersort");
  EXPECT_NE(result.out.find("best: "), std::string::npos) << "the results were not printed: " << result.out;
  EXPECT_EQ(readText(folder.path("a-file")), "in the way\n");
}

TEST(Reliability, AFifoAtTheTuningCachePathIsNeverOpened) {
  ScratchFolder folder;
  fs::create_directories(folder.path("shadersort"));
  ASSERT_EQ(::mkfifo(folder.path("shadersort/tuning.tsv").c_str(), 0600), 0);
  const std::vector<std::string> environment = {"XDG_CACHE_HOME=" + folder.root().string()};
  const auto result = run({"run", "--algo", "radix", "--pattern", "random", "--size", "8x8", "--out", folder.path("o.png")},
                          environment);
  EXPECT_FALSE(result.timedOut) << "hung on the FIFO";
  EXPECT_EQ(result.exitCode, 0) << result.err;
  EXPECT_EQ(lineCount(result.err), 1) << result.err;
  EXPECT_NE(result.err.find("not a regular file"), std::string::npos) << result.err;
  // tune refuses to replace it.
  const auto tune = run({"tune", "--algo", "odd-even", "--size", "256", "--reps", "1"}, environment);
  EXPECT_FALSE(tune.timedOut);
  EXPECT_EQ(tune.exitCode, 1) << tune.err;
  EXPECT_TRUE(fs::is_fifo(folder.path("shadersort/tuning.tsv")));
}

// --- 14, 15: numbers and exit codes ----------------------------------------------------------------

TEST(Reliability, EveryCommandLineErrorExitsTwo) {
  ScratchFolder folder;
  const std::string out = folder.path("o.png");
  writeWords(folder.path("keys.bin"), {1});
  const std::string keys = folder.path("keys.bin");
  const std::vector<std::vector<std::string>> cases = {
      {"run", "--passes", "abc", "--out", out},
      {"run", "--pattern", "random", "--size", "0x0", "--out", out},
      {"run", "--set", "wg", "--out", out},
      {"run", "--set", "=4", "--out", out},
      {"run", "--seed", "abc", "--out", out},
      {"run", "--radix-bits", "abc", "--out", out},
      {"run", "--algo", "quantum", "--out", out},
      {"run", "--key", "warmth", "--out", out},
      {"run", "--axis", "diagonal", "--out", out},
      {"run", "--pattern", "zigzag", "--out", out},
      {"run", "--out", folder.path("o.bmp")},
      {"sort", "--algo", "quantum", "--in", keys, "--out", folder.path("o.bin")},
      {"sort", "--algo", "radix", "--type", "f64", "--in", keys, "--out", folder.path("o.bin")},
      {"bench", "--reps", "abc"},
      {"bench", "--reps", "0"},
      {"bench", "--dist", "lumpy"},
      {"bench", "--sizes", "12q"},
      {"bench", "--type", "f64"},
      {"bench", "--algo", "quantum"},
      {"tune", "--algo", "quantum"},
      {"tune", "--reps", "0"},
      {"view", "--frames", "abc"},
      {"run", "--algo", "radix", "--set", "workgroup-size=7", "--pattern", "random", "--size", "4x4", "--out", out},
      {"run", "--algo", "radix", "--radix-bits", "5", "--pattern", "random", "--size", "4x4", "--out", out},
      {"run", "--algo", "bitonic", "--set", "sparkle=3", "--pattern", "random", "--size", "4x4", "--out", out},
  };
  for (const auto& arguments : cases) {
    std::string shown;
    for (const auto& argument : arguments) shown += argument + " ";
    SCOPED_TRACE(shown);
    const auto result = run(arguments);
    EXPECT_EQ(result.exitCode, 2) << result.err;
    EXPECT_EQ(lineCount(result.err), 1) << result.err;
  }
  EXPECT_TRUE(folder.entries() == std::vector<std::string>{"keys.bin"});
}

TEST(Reliability, OutOfRangeNumbersAreRefused) {
  ScratchFolder folder;
  const std::string out = folder.path("o.png");
  const std::vector<std::vector<std::string>> cases = {
      {"run", "--pattern", "random", "--seed", "-1", "--out", out},
      {"run", "--pattern", "random", "--seed", "1e23", "--out", out},
      {"run", "--pattern", "random", "--seed", "18446744073709551616", "--out", out},
      {"run", "--pattern", "random", "--seed", " 5", "--out", out},
      {"run", "--pattern", "random", "--seed", "+5", "--out", out},
      {"run", "--passes", "4294967296", "--out", out},
      {"run", "--radix-bits", "0", "--algo", "radix", "--out", out},
      {"run", "--set", "workgroup-size=99999999999", "--algo", "radix", "--out", out},
      {"run", "--pattern", "random", "--size", "16777217x1", "--out", out},
      {"bench", "--sizes", "17592186044416M"},
      {"bench", "--sizes", "0"},
      {"bench", "--sizes", "2^-1"},
      {"bench", "--sizes", "-5"},
      {"bench", "--reps", "99999999999"},
      {"tune", "--size", "0"},
      {"tune", "--reps", "-2"},
      {"view", "--frames", "-1"},
      {"view", "--frames", "0"},
  };
  for (const auto& arguments : cases) {
    std::string shown;
    for (const auto& argument : arguments) shown += argument + " ";
    SCOPED_TRACE(shown);
    const auto result = run(arguments);
    EXPECT_EQ(result.exitCode, 2) << result.err;
    EXPECT_EQ(lineCount(result.err), 1) << result.err;
  }
  EXPECT_TRUE(folder.entries().empty());
  // The ends of each range are accepted.
  for (const char* seed : {"0", "18446744073709551615"}) {
    const auto result = run({"run", "--pattern", "random", "--size", "4x4", "--seed", seed, "--out", out});
    EXPECT_EQ(result.exitCode, 0) << seed << ": " << result.err;
  }
}

// --- 16, 18: messages ------------------------------------------------------------------------------

TEST(Reliability, MessagesSayWhatReallyFailed) {
  ScratchFolder folder;
  writeBytes(folder.path("good.csv"), bytesOf(csvHeader() + csvRow(32) + csvRow(64)));
  // A gnuplot that is installed but fails is not a missing gnuplot.
  fs::create_directory(folder.path("bin"));
  writeBytes(folder.path("bin/gnuplot"), bytesOf("#!/bin/sh\necho 'line 7: unknown terminal type' >&2\nexit 1\n"));
  fs::permissions(folder.path("bin/gnuplot"), fs::perms::owner_all);
  auto result = run({"plot", "--csv", folder.path("good.csv"), "--out", folder.path("p.png")},
                    {"PATH=" + folder.path("bin")});
  expectRefusal(result, 1, "unknown terminal type");
  EXPECT_EQ(result.err.find("needs gnuplot"), std::string::npos) << result.err;
  result = run({"plot", "--csv", folder.path("good.csv"), "--out", folder.path("p.png")}, {"PATH=" + folder.path("nothing")});
  expectRefusal(result, 1, "needs gnuplot");

  // A PNG cut inside its header is cut short, not of an unsupported bit depth.
  writeTruncated(folder.path("cut.png"), encodePng(noiseImage(4, 4, 1)), 20);
  result = run({"run", "--image", folder.path("cut.png"), "--out", folder.path("o.png")});
  expectRefusal(result, 1, "cut short");
  EXPECT_EQ(result.err.find("bit"), std::string::npos) << result.err;

  // A driver with GL 4.5 but only GLSL 1.30 lacks GLSL 4.30, not OpenGL 4.3 (Mesa's override
  // makes one; other drivers ignore it).
  if (testLimits().version.find("Mesa") != std::string::npos) {
    result = run({"info"}, {"MESA_GLSL_VERSION_OVERRIDE=130"});
    expectRefusal(result, 3, "GLSL 4.30");
    EXPECT_EQ(result.err.find("OpenGL 4.3 core is required; found OpenGL 4.5"), std::string::npos) << result.err;
  }
  EXPECT_FALSE(fs::exists(folder.path("o.png")));
  EXPECT_FALSE(fs::exists(folder.path("p.png")));
}

TEST(Reliability, FileNamesInMessagesAreQuotedAndEscaped) {
  ScratchFolder folder;
  const std::string hostile = folder.path("two\nlines\x1b[31m red\x07.png");
  writeBytes(folder.path("bad.csv"), bytesOf(csvHeader() + "frag-odd-even\x1b]0;title\x07,32\n"));
  const std::vector<std::vector<std::string>> cases = {
      {"run", "--image", hostile, "--out", folder.path("o.png")},
      {"run", "--out", hostile.substr(0, hostile.size() - 4) + ".bmp"},
      {"run", "--out", folder.path("missing\n/o.png")},
      {"run", "--algo", "quan\ntum\x1b[2J", "--out", folder.path("o.png")},
      {"run", "--out", folder.path("o.png"), "--bad\noption"},
      {"sort", "--algo", "radix", "--in", hostile, "--out", folder.path("o.bin")},
      {"plot", "--csv", folder.path("bad.csv"), "--out", folder.path("o.png")},
  };
  for (const auto& arguments : cases) {
    SCOPED_TRACE(arguments[2]);
    const auto result = run(arguments);
    EXPECT_NE(result.exitCode, 0);
    EXPECT_EQ(lineCount(result.err), 1) << result.err;
    EXPECT_FALSE(hasRawControlBytes(result.err)) << result.err;
  }
  // The name is shown quoted with its control bytes escaped, so it can be told apart and copied.
  const auto result = run({"run", "--image", hostile, "--out", folder.path("o.png")});
  EXPECT_NE(result.err.find("two\\nlines\\x1b[31m red\\x07.png'"), std::string::npos) << result.err;
}

TEST(Reliability, QuotingKeepsPrintableUtf8AndEscapesEverythingElse) {
  EXPECT_EQ(quote("plain name.png"), "'plain name.png'");
  EXPECT_EQ(quote("it's a \\ path"), "'it\\'s a \\\\ path'");
  EXPECT_EQ(quote("caf\xC3\xA9 \xE2\x86\x92 ok"), "'caf\xC3\xA9 \xE2\x86\x92 ok'");  // é and an arrow stay
  EXPECT_EQ(quote("a\nb\tc\rd\x1b[0m\x7F"), "'a\\nb\\tc\\rd\\x1b[0m\\x7f'");
  EXPECT_EQ(quote("\xC2\x9B" "2J"), "'\\xc2\\x9b2J'");  // C1 CSI, which some terminals obey
  EXPECT_EQ(quote("\xFF\xC3"), "'\\xff\\xc3'");       // not UTF-8, and a cut-off sequence
  EXPECT_EQ(quote("\xC0\xAF"), "'\\xc0\\xaf'");       // an overlong '/'
  EXPECT_EQ(printable("line 1\nit's"), "line 1\\nit's");
}

}  // namespace
}  // namespace shadersort::testing

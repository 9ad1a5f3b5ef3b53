// The image intake (issue 28): a declared size the file's bytes cannot carry is refused before
// decoding, within a memory budget, in little time and memory; pixels stb_image would leave
// unwritten never reach an output; top-down BMP and PNM maxvals decode as other readers do.
// The files are the fuzz_image_intake seeds (fuzz/make_seeds.py writes them).

#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli_support.h"
#include "core/error.h"
#include "core/memory_budget.h"
#include "data/image.h"
#include "data/inputs.h"

namespace shadersort::testing {
namespace {

std::string seedPath(const std::string& name) {
  return std::string(SHADERSORT_SOURCE_DIR) + "/fuzz/corpus/fuzz_image_intake/" + name;
}

std::vector<std::uint8_t> bytesOf(const std::string& text) { return {text.begin(), text.end()}; }

std::vector<std::uint8_t> readFile(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

std::vector<std::uint8_t> seed(const std::string& name) {
  std::vector<std::uint8_t> bytes = readFile(seedPath(name));
  if (bytes.empty()) ADD_FAILURE() << "missing seed " << name << " (python3 fuzz/make_seeds.py writes it)";
  return bytes;
}

// What decodeImage says about `bytes`: empty when it decodes.
std::string refusal(const std::vector<std::uint8_t>& bytes, const std::string& name) {
  try {
    decodeImage(bytes, name);
    return {};
  } catch (const UserError& error) {
    return error.what();
  }
}

// A child process as the tests see it: exit code, wall time, peak resident memory (from wait4's
// rusage of that child alone) and what it wrote to stderr.
struct Child {
  int exitCode = -1;
  double seconds = 0;
  std::uint64_t peakRssBytes = 0;
  std::string err;
};

Child runChild(const std::vector<std::string>& argv, const std::vector<std::string>& environment, double timeoutSeconds,
               std::uint64_t addressSpaceBytes = 0) {
  char errPath[] = "/tmp/shadersort-intake-err-XXXXXX";
  const int errFile = ::mkstemp(errPath);
  if (errFile < 0) ADD_FAILURE() << "mkstemp failed";
  std::vector<char*> args, env;
  for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  std::vector<std::string> envText;
  for (char** e = environ; *e; ++e) envText.emplace_back(*e);
  for (const std::string& extra : environment) {
    const std::string name = extra.substr(0, extra.find('=') + 1);
    std::erase_if(envText, [&](const std::string& e) { return e.starts_with(name); });
    envText.push_back(extra);
  }
  for (const std::string& e : envText) env.push_back(const_cast<char*>(e.c_str()));
  env.push_back(nullptr);
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
    const rlimit limit{addressSpaceBytes, addressSpaceBytes};
    if (addressSpaceBytes != 0 && ::setrlimit(RLIMIT_AS, &limit) != 0) ::_exit(126);
    ::dup2(errFile, 2);
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, 1);
    ::execve(args[0], args.data(), env.data());
    ::_exit(127);
  }
  Child child;
  int status = 0;
  rusage usage{};
  for (;;) {
    const pid_t done = ::wait4(pid, &status, WNOHANG, &usage);
    if (done == pid) break;
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > timeoutSeconds) {
      ::kill(pid, SIGKILL);
      ::wait4(pid, &status, 0, &usage);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  child.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  child.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  child.peakRssBytes = static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;  // Linux reports KiB
  const std::vector<std::uint8_t> err = readFile(errPath);
  child.err.assign(err.begin(), err.end());
  ::close(errFile);
  ::unlink(errPath);
  return child;
}

// --- defect 1: tiny files that ask for gigabytes ------------------------------------------------
// Each refused by `run` in under a second and within 32 MB of what refusing a missing file takes
// (the process itself: about 6 MB, over 100 MB under ASan), before any GL work. The budget is set
// as on a 4 GB machine (the 8192^2 PNG is a valid file: only the budget refuses it).
TEST(ImageIntake, TinyFilesAskingForGigabytesAreRefusedFastAndSmall) {
  ScratchFolder folder;
  const Child baseline = runChild({shadersortBinary(), "run", "--image", folder.path("missing.png"), "--out",
                                   folder.path("out.png")},
                                  {"SHADERSORT_TEST=1"}, 30);
  ASSERT_EQ(baseline.exitCode, 1) << baseline.err;
  struct Case {
    std::string seed;
    int exitCode;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"issue28-16384-no-scan.jpg", 1, "no scan"},
      {"issue28-huge.bmp", 1, "its 154 bytes cannot hold 24000x24000 pixels"},
      {"issue28-huge.tga", 1, "its 118 bytes cannot hold 27000x27000 pixels"},
      {"issue28-huge.ppm", 1, "its 119 bytes cannot hold 24000x24000 pixels"},
      {"issue28-zero-8192.png", 2, "more than the 3 GiB budget (--max-memory)"},
  };
  for (const Case& c : cases) {
    const Child child = runChild({shadersortBinary(), "run", "--image", seedPath(c.seed), "--max-memory", "3G", "--out",
                                  folder.path("out.png")},
                                 {"SHADERSORT_TEST=1"}, 30);
    EXPECT_EQ(child.exitCode, c.exitCode) << c.seed << ": " << child.err;
    EXPECT_NE(child.err.find(c.message), std::string::npos) << c.seed << ": " << child.err;
    EXPECT_EQ(lineCount(child.err), 1) << child.err;
    EXPECT_EQ(child.err.find("bad_alloc"), std::string::npos) << child.err;
    EXPECT_LT(child.seconds, 1.0) << c.seed;
    EXPECT_LT(child.peakRssBytes, baseline.peakRssBytes + (32u << 20)) << c.seed;
  }
  EXPECT_FALSE(std::filesystem::exists(folder.path("out.png")));
}

// The default budget is a share of physical memory, and stays below an address-space limit.
TEST(ImageIntake, DefaultBudgetFollowsPhysicalMemoryAndProcessLimits) {
  EXPECT_EQ(defaultMemoryBudget(8ull << 30, std::nullopt), 6ull << 30);
  EXPECT_EQ(defaultMemoryBudget(64ull << 30, 4ull << 30), 3ull << 30);
  EXPECT_EQ(defaultMemoryBudget(64ull << 30, 1ull << 30), 512ull << 20);
  EXPECT_EQ(defaultMemoryBudget(2ull << 30, 64ull << 30), 1536ull << 20);
}

#if !defined(__SANITIZE_ADDRESS__)  // ASan cannot start under an address-space limit
// Under `ulimit -v` 4 GB and no --max-memory, the 8192^2 PNG (bad_alloc before) is refused by
// the default budget; and a budget set above what the machine gives ends in one line, not
// "internal error: std::bad_alloc".
TEST(ImageIntake, AnAddressSpaceLimitLowersTheBudgetAndOutOfMemoryIsOneLine) {
  ScratchFolder folder;
  const Child limited = runChild({shadersortBinary(), "run", "--image", seedPath("issue28-zero-8192.png"), "--out",
                                  folder.path("out.png")},
                                 {"SHADERSORT_TEST=1"}, 30, 4ull << 30);
  EXPECT_EQ(limited.exitCode, 2) << limited.err;
  EXPECT_NE(limited.err.find("GiB budget (--max-memory)"), std::string::npos) << limited.err;
  EXPECT_LT(limited.peakRssBytes, 100u << 20);
  const Child over = runChild({shadersortBinary(), "run", "--image", seedPath("issue28-zero-8192.png"), "--max-memory",
                               "2^40", "--passes", "0", "--out", folder.path("out.png")},
                              {"SHADERSORT_TEST=1"}, 120, 1ull << 30);
  EXPECT_EQ(over.exitCode, 2) << over.err;
  EXPECT_NE(over.err.find("shadersort: out of memory"), std::string::npos) << over.err;
  EXPECT_EQ(lineCount(over.err), 1) << over.err;
  EXPECT_FALSE(std::filesystem::exists(folder.path("out.png")));
}
#endif

TEST(ImageIntake, MaxMemoryTakesACount) {
  ScratchFolder folder;
  const CommandResult result =
      runShadersort("run --pattern random --size 8x8 --max-memory 12abc --out " + folder.path("x.png"), "SHADERSORT_TEST=1");
  EXPECT_EQ(result.exitCode, 2);
  EXPECT_NE(result.err.find("--max-memory"), std::string::npos) << result.err;
}

// --- defect 2: pixels stb_image leaves unwritten --------------------------------------------------
TEST(ImageIntake, FilesWhosePixelsDecodingWouldNotWriteAreRefused) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"issue28-256-no-scan.jpg", "a JPEG frame with no scan"},
      {"issue28-bad-adler.png", "the Adler-32 checksum of its image data is wrong"},
      {"issue28-10-of-851.gif", "its GIF image data covers 10 of its 851 pixels"},
      {"issue28-no-image.gif", "a GIF that holds no image"},
  };
  for (const auto& [name, why] : cases) {
    const std::string message = refusal(seed(name), name);
    EXPECT_NE(message.find("cannot decode image '" + name + "': it is damaged (" + why), std::string::npos)
        << name << ": " << message;
  }
}

// The same JPEG at other sizes and frame types (SOF1, SOF2): also refused, where 64^2 and
// 128^2 used to be and 256^2 and up decoded from uninitialised memory.
TEST(ImageIntake, JpegFramesWithoutScansAreRefusedAtEverySize) {
  std::vector<std::uint8_t> file = seed("issue28-256-no-scan.jpg");
  ASSERT_EQ(file.size(), 23u);
  for (const std::uint8_t frame : {0xC0, 0xC1, 0xC2})
    for (const int side : {64, 128, 256, 512, 1024, 3000}) {
      file[3] = frame;
      file[7] = file[9] = static_cast<std::uint8_t>(side >> 8);
      file[8] = file[10] = static_cast<std::uint8_t>(side & 0xFF);
      EXPECT_NE(refusal(file, "x.jpg").find("no scan"), std::string::npos) << side << " SOF " << int(frame);
    }
}

// `run` with the seeds above: one line naming the file, exit 1, no output.
TEST(ImageIntake, RunRefusesDamagedFilesInOneLine) {
  ScratchFolder folder;
  for (const std::string name : {"issue28-256-no-scan.jpg", "issue28-bad-adler.png", "issue28-10-of-851.gif"}) {
    const Child child = runChild({shadersortBinary(), "run", "--image", seedPath(name), "--passes", "0", "--out",
                                  folder.path("out.png")},
                                 {"SHADERSORT_TEST=1"}, 60);
    EXPECT_EQ(child.exitCode, 1) << name << ": " << child.err;
    EXPECT_NE(child.err.find(name), std::string::npos) << child.err;
    EXPECT_EQ(lineCount(child.err), 1) << child.err;
  }
  EXPECT_FALSE(std::filesystem::exists(folder.path("out.png")));
}

// Found by the property below over more mutations: stb_image looks a BMP's colours up in a
// 256-entry array it fills only as far as the palette goes, and decodes a JPEG scan with tables
// no segment defined; both from memory nothing wrote.
TEST(ImageIntake, ColoursPastTheBmpPaletteAndJpegScansWithoutTablesAreRefused) {
  std::vector<std::uint8_t> bmp = seed("palette8.bmp");
  ASSERT_EQ(bmp[10], 66);  // 3 colours between the 54-byte header and the pixels
  EXPECT_EQ(refusal(bmp, "p.bmp"), "");
  bmp[66] = 200;
  EXPECT_NE(refusal(bmp, "p.bmp").find("uses colour 200 of its palette of 3"), std::string::npos);
  for (const std::uint8_t table : {0xDB, 0xC4}) {
    std::vector<std::uint8_t> jpeg = seed("grey.jpg");
    const std::vector<std::uint8_t> marker = {0xFF, table};
    const auto at = std::search(jpeg.begin(), jpeg.end(), marker.begin(), marker.end());
    ASSERT_NE(at, jpeg.end());
    at[1] = 0xFE;  // the table's segment becomes a comment
    EXPECT_NE(refusal(jpeg, "t.jpg").find(table == 0xDB ? "a quantization table" : "a Huffman table"), std::string::npos)
        << refusal(jpeg, "t.jpg");
  }
}

// --- defect 10: wrong refusals and wrong decodes ---------------------------------------------------
TEST(ImageIntake, TopDownBmpDecodesAsBottomUpDoes) {
  const Image image = decodeImage(seed("issue28-top-down.bmp"), "top-down.bmp");
  ASSERT_EQ(image.width, 3);
  ASSERT_EQ(image.height, 2);
  // Stored first, so on top; BMP keeps B, G, R.
  EXPECT_EQ(image.pixel(0, 0), 0xFF0A141Eu);
  EXPECT_EQ(image.pixel(2, 1), 0xFFC86432u);
}

TEST(ImageIntake, PnmSamplesAreScaledFromTheirMaxval) {
  const Image image = decodeImage(seed("issue28-maxval-100.ppm"), "maxval-100.ppm");
  ASSERT_EQ(image.pixelCount(), 2u);
  // 0, 50, 100 of 100 are 0, 128, 255 of 255 (rounded); 25 and 1 are 64 and 3.
  EXPECT_EQ(image.rgba, (std::vector<std::uint8_t>{0, 128, 255, 255, 255, 64, 3, 255}));
  EXPECT_NE(refusal(seed("issue28-maxval-0.ppm"), "maxval-0.ppm").find("maxval is 0"), std::string::npos);
  // A sample above the maxval is damage, not a brighter colour.
  EXPECT_NE(refusal(bytesOf("P5 2 1 100\n\x64\x65"), "over.pgm").find("above its maxval"), std::string::npos);
}

// --- defect 11: messages ------------------------------------------------------------------------------
TEST(ImageIntake, HugePngHeadersGetTheSizeLimitMessage) {
  for (const int side : {32768, 65536}) {
    InputSpec spec;
    spec.imagePath = seedPath("issue28-" + std::to_string(side) + ".png");
    try {
      planInput(spec);
      ADD_FAILURE() << side << " was planned";
    } catch (const UserError& error) {
      const std::string message = error.what();
      EXPECT_EQ(message.find("unknown image type"), std::string::npos) << message;
      EXPECT_NE(message.find(std::to_string(side) + "x" + std::to_string(side)), std::string::npos) << message;
      EXPECT_NE(message.find(side == 65536 ? "2^30 = " : "2^30 samples"), std::string::npos) << message;
    }
  }
}

TEST(ImageIntake, ProcFilesSayTheirSizeWasNotTheirLength) {
  ScratchFolder folder;
  const Child child = runChild({shadersortBinary(), "sort", "--algo", "radix", "--in", "/proc/self/maps", "--out",
                                folder.path("out.bin")},
                               {"SHADERSORT_TEST=1"}, 60);
  EXPECT_EQ(child.exitCode, 1);
  EXPECT_EQ(child.err.find("more than 0 bytes"), std::string::npos) << child.err;
  EXPECT_NE(child.err.find("than the 0 bytes its size says"), std::string::npos) << child.err;
}

// --- property: refused, or the same picture whatever malloc's fresh memory holds --------------------
// The child: decodes every file of SHADERSORT_INTAKE_FOLDER and writes, per file, "refused" or
// the picture's size and a hash of its pixels to SHADERSORT_INTAKE_DIGESTS. Skipped otherwise.
TEST(ImageIntakeChild, WritesDigestsOfAFolder) {
  const char* folder = std::getenv("SHADERSORT_INTAKE_FOLDER");
  const char* out = std::getenv("SHADERSORT_INTAKE_DIGESTS");
  if (!folder || !out) GTEST_SKIP() << "runs as a child of ImageIntake.MutatedFilesDecodeTheSameWhateverMallocLeaves";
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::ofstream digests(out);
  for (const auto& path : files) {
    const std::vector<std::uint8_t> bytes = readFile(path.string());
    digests << path.filename().string() << " ";
    try {
      // Sizes above 4 megapixels are the budget's business, not this property's.
      const ImageSize size = readImageSize(bytes, "x");
      if (std::uint64_t(size.width) * size.height > (1u << 22)) {
        digests << "large\n";
        continue;
      }
      const Image image = decodeImage(bytes, "x");
      std::uint64_t hash = 1469598103934665603ull;  // FNV-1a
      for (std::uint8_t byte : image.rgba) hash = (hash ^ byte) * 1099511628211ull;
      digests << image.width << "x" << image.height << " " << std::hex << hash << std::dec << "\n";
    } catch (const UserError&) {
      digests << "refused\n";
    }
  }
}

TEST(ImageIntake, MutatedFilesDecodeTheSameWhateverMallocLeaves) {
  ScratchFolder folder;
  std::mt19937 random(28);
  const auto byte = [&] { return static_cast<std::uint8_t>(random() & 0xFF); };
  int written = 0;
  const auto write = [&](const std::vector<std::uint8_t>& bytes) {
    writeBytes(folder.path("f" + std::to_string(1000 + written++)), bytes);
  };
  // Every small seed (one or more per decoder: PNG, JPEG, BMP, GIF, PSD, PIC, PNM, HDR, TGA), as it
  // is, with bytes changed, cut short, and with a random tail after its first bytes.
  for (const auto& entry : std::filesystem::directory_iterator(seedPath(""))) {
    if (std::filesystem::file_size(entry.path()) > 4096) continue;
    const std::vector<std::uint8_t> original = readFile(entry.path().string());
    write(original);
    for (int variant = 0; variant < 10; ++variant) {
      std::vector<std::uint8_t> bytes = original;
      for (int flips = 1 + static_cast<int>(random() % 3); flips > 0; --flips) bytes[random() % bytes.size()] = byte();
      write(bytes);
    }
    write(std::vector<std::uint8_t>(original.begin(), original.begin() + static_cast<long>(random() % original.size())));
    std::vector<std::uint8_t> tail(original.begin(), original.begin() + std::min<long>(20, static_cast<long>(original.size())));
    for (int n = static_cast<int>(random() % 200); n > 0; --n) tail.push_back(byte());
    write(tail);
  }
  ScratchFolder outputs;
  std::vector<std::string> digests;
  for (const char* perturb : {"0", "85", "170"}) {
    const std::string out = outputs.path(std::string("digests-") + perturb);
    const Child child = runChild({std::filesystem::read_symlink("/proc/self/exe").string(),
                                  "--gtest_filter=ImageIntakeChild.WritesDigestsOfAFolder"},
                                 {std::string("MALLOC_PERTURB_=") + perturb, "SHADERSORT_INTAKE_FOLDER=" + folder.path(""),
                                  "SHADERSORT_INTAKE_DIGESTS=" + out},
                                 120);
    ASSERT_EQ(child.exitCode, 0) << child.err;
    const std::vector<std::uint8_t> text = readFile(out);
    digests.emplace_back(text.begin(), text.end());
  }
  const auto lines = [](const std::string& text) {
    std::map<std::string, std::string> byName;
    std::istringstream stream(text);
    for (std::string line; std::getline(stream, line);) byName[line.substr(0, line.find(' '))] = line;
    return byName;
  };
  const auto first = lines(digests[0]);
  EXPECT_GE(first.size(), 100u);
  for (int run = 1; run < 3; ++run) {
    const auto other = lines(digests[run]);
    for (const auto& [name, line] : first) {
      if (other.at(name) == line) continue;
      std::ostringstream hex;
      for (std::uint8_t b : readFile(folder.path(name))) hex << std::hex << int(b) << ' ';
      ADD_FAILURE() << "MALLOC_PERTURB_ changed " << line << " into " << other.at(name) << "; the file: " << hex.str();
    }
  }
}

}  // namespace
}  // namespace shadersort::testing

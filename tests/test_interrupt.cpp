// SIGINT and SIGTERM at every moment of writing an output (before the temporary file exists, just
// after it is made, half written, complete but not renamed, renamed) leave the old file or the
// new complete one and no temporary file (app/core/temporary_files.h).
//
// The moments are made deterministic with SHADERSORT_TEST_PAUSE_AT (app/core/test_pause.h): the
// program stops at the named moment and says so on stderr, and only then does the test send its
// signal. Signals at varied delays on large inputs would hit the short moments (between mkstemp
// and the first write, between the last write and the rename) only by luck, cost seconds of
// llvmpipe time per case and still not say which moment a run tested.

#include <gtest/gtest.h>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <functional>
#include <optional>

#include <filesystem>
#include <fstream>
#include <thread>

#include "bench/bench_report.h"
#include "cli_support.h"
#include "data/patterns.h"
#include "sort_test_support.h"
#include "video_clips.h"

extern char** environ;

namespace shadersort::testing {
namespace {

// A shadersort process the test controls: its stdin and stderr are pipes.
class Child {
 public:
  // `prepare` runs in the child between fork and exec (async-signal-safe calls only).
  Child(const std::vector<std::string>& arguments, const std::vector<std::string>& extraEnvironment,
        const std::function<void()>& prepare = [] {}) {
    std::vector<std::string> argumentText = {shadersortBinary()};
    argumentText.insert(argumentText.end(), arguments.begin(), arguments.end());
    std::vector<std::string> environmentText = extraEnvironment;
    for (char** entry = environ; *entry; ++entry) environmentText.emplace_back(*entry);
    // Everything exec needs is built before fork: the child of a threaded process may not allocate.
    std::vector<char*> argv, envp;
    for (std::string& text : argumentText) argv.push_back(text.data());
    for (std::string& text : environmentText) envp.push_back(text.data());
    argv.push_back(nullptr);
    envp.push_back(nullptr);
    int input[2], errors[2];
    if (::pipe2(input, O_CLOEXEC) != 0 || ::pipe2(errors, O_CLOEXEC) != 0) throw std::runtime_error("pipe");
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(input[0], STDIN_FILENO);
      ::dup2(errors[1], STDERR_FILENO);
      const int null = ::open("/dev/null", O_WRONLY);
      ::dup2(null, STDOUT_FILENO);
      prepare();
      ::execve(argv[0], argv.data(), envp.data());
      ::_exit(127);
    }
    ::close(input[0]);
    ::close(errors[1]);
    stdin_ = input[1];
    stderr_ = errors[0];
  }
  ~Child() {
    if (pid_ > 0 && !status_) {
      ::kill(pid_, SIGKILL);
      wait();
    }
    closeStdin();
    ::close(stderr_);
  }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

  // True once stderr holds `line`; false when the child ends or `seconds` pass first.
  bool waitForLine(const std::string& line, int seconds) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    while (err_.find(line + "\n") == std::string::npos) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return false;
      pollfd ready = {stderr_, POLLIN, 0};
      if (::poll(&ready, 1, static_cast<int>(left.count())) <= 0) continue;
      char chunk[4096];
      const ssize_t n = ::read(stderr_, chunk, sizeof chunk);
      if (n <= 0) return false;
      err_.append(chunk, static_cast<std::size_t>(n));
    }
    return true;
  }
  void signal(int number) { ::kill(pid_, number); }
  void closeStdin() {
    if (stdin_ >= 0) ::close(stdin_);
    stdin_ = -1;
  }
  int wait() {
    if (!status_) {
      int status = 0;
      while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
      }
      status_ = status;
      char chunk[4096];
      ssize_t n = 0;
      while ((n = ::read(stderr_, chunk, sizeof chunk)) > 0) err_.append(chunk, static_cast<std::size_t>(n));
    }
    return *status_;
  }
  const std::string& err() const { return err_; }

 private:
  pid_t pid_ = -1;
  int stdin_ = -1, stderr_ = -1;
  std::optional<int> status_;
  std::string err_;
};

std::string describe(int status) {
  if (WIFEXITED(status)) return "exit " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return std::string("killed by ") + strsignal(WTERMSIG(status));
  return "status " + std::to_string(status);
}

const char* const oldContent = "the old file, which an interrupted write must leave as it is\n";

// Runs `arguments` paused at `moment`, sends `number`, and expects the process to die of it.
void interruptAt(const std::vector<std::string>& arguments, const std::string& moment, int number) {
  Child child(arguments, {"SHADERSORT_TEST_PAUSE_AT=" + moment});
  const std::string numbered = moment.find('#') == std::string::npos ? moment + "#1" : moment;
  const bool reached = child.waitForLine("shadersort: test pause at " + numbered, 240);
  ASSERT_TRUE(reached) << "never reached " << moment << " (" << describe(child.wait()) << "): " << child.err();
  child.signal(number);
  const int status = child.wait();
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == number)
      << "expected death by " << strsignal(number) << ", got " << describe(status) << ": " << child.err();
}

// The moments of one output write, in order; the last is after the rename.
const std::vector<std::string> writeMoments = {"before-temp", "temp-created", "half-written", "before-rename", "renamed"};

using Interruption = std::tuple<int, std::string>;  // signal, moment

std::string interruptionName(const ::testing::TestParamInfo<Interruption>& info) {
  std::string name = std::string(std::get<0>(info.param) == SIGINT ? "SIGINT" : "SIGTERM") + "_" + std::get<1>(info.param);
  std::replace_if(name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
  return name;
}

// The PNG an uninterrupted run writes, made once.
const std::string& completeRunOutput() {
  static const std::string bytes = [] {
    ScratchFolder folder;
    const auto result = runShadersort("run --pattern reversed --size 24x16 --out " + folder.path("out.png"));
    EXPECT_EQ(result.exitCode, 0) << result.err;
    return readText(folder.path("out.png"));
  }();
  return bytes;
}

class RunInterrupted : public ::testing::TestWithParam<Interruption> {};

TEST_P(RunInterrupted, LeavesTheOldOrTheNewFileAndNoTemporary) {
  const auto& [number, moment] = GetParam();
  const std::string expectedNew = completeRunOutput();
  ASSERT_FALSE(expectedNew.empty());
  ScratchFolder folder;
  writeBytes(folder.path("out.png"), std::vector<std::uint8_t>(oldContent, oldContent + std::strlen(oldContent)));
  interruptAt({"run", "--pattern", "reversed", "--size", "24x16", "--out", folder.path("out.png")}, moment, number);
  if (HasFatalFailure()) return;
  EXPECT_EQ(folder.entries(), std::vector<std::string>{"out.png"}) << "a temporary file was left behind";
  const bool renamed = moment == "renamed";
  EXPECT_EQ(readText(folder.path("out.png")), renamed ? expectedNew : std::string(oldContent));
}

INSTANTIATE_TEST_SUITE_P(EveryMoment, RunInterrupted,
                         ::testing::Combine(::testing::Values(SIGINT, SIGTERM), ::testing::ValuesIn(writeMoments)),
                         interruptionName);

// --slides stages in a hidden folder inside DIR. A signal removes it; one that SIGKILL left (no
// handler sees that) is removed by the next run, which writes the set. Before, the folder stayed
// and every later --slides into DIR failed.
class SlidesInterrupted : public ::testing::TestWithParam<int> {};

TEST_P(SlidesInterrupted, LeaveNoStagingFolderAndTheNextRunWritesTheSet) {
  const int number = GetParam();
  ScratchFolder folder;
  const std::string slides = folder.path("s1");
  interruptAt({"run", "--algo", "odd-even", "--pattern", "random", "--size", "8x6", "--slides", slides}, "half-written#3",
              number);
  if (HasFatalFailure()) return;
  const auto stagingFolders = [&] {
    int count = 0;
    std::error_code error;
    if (std::filesystem::exists(slides))
      for (const auto& entry : std::filesystem::directory_iterator(slides, error))
        count += entry.path().filename().string().starts_with(".shadersort-slides");
    return count;
  };
  if (number == SIGKILL) EXPECT_EQ(stagingFolders(), 1) << "SIGKILL leaves it (the case this test is for)";
  else EXPECT_EQ(stagingFolders(), 0) << "a staging folder was left";
  const auto again = runShadersort("run --algo odd-even --pattern random --size 8x6 --slides " + slides);
  ASSERT_EQ(again.exitCode, 0) << again.err;
  EXPECT_EQ(stagingFolders(), 0);
  EXPECT_TRUE(std::filesystem::exists(slides + "/index.html"));
}

INSTANTIATE_TEST_SUITE_P(EachSignal, SlidesInterrupted, ::testing::Values(SIGINT, SIGTERM, SIGKILL),
                         [](const ::testing::TestParamInfo<int>& info) {
                           return std::string(info.param == SIGINT ? "SIGINT" : info.param == SIGTERM ? "SIGTERM" : "SIGKILL");
                         });

// `sort` writes two outputs: every moment of each, the first (#1) and the second (#2).
std::vector<std::string> sortMoments() {
  std::vector<std::string> moments;
  for (const char* which : {"#1", "#2"})
    for (const std::string& moment : writeMoments) moments.push_back(moment + which);
  return moments;
}

class SortInterrupted : public ::testing::TestWithParam<Interruption> {};

TEST_P(SortInterrupted, LeavesEachOutputOldOrNewAndNoTemporary) {
  const auto& [number, moment] = GetParam();
  ScratchFolder folder;
  std::vector<std::uint32_t> keys = makePattern(Pattern::FewUnique, 300, 7), values(keys.size());
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<std::uint32_t>(i);
  writeWords(folder.path("keys"), keys);
  writeWords(folder.path("values"), values);
  // radix is stable: the new outputs are std::stable_sort's.
  const SortData sorted = referenceRawSort(KeyType::U32, keys, values);
  const std::vector<std::uint32_t>& newKeys = sorted.keys;
  const std::vector<std::uint32_t>& newValues = sorted.values;
  const std::vector<std::uint32_t> oldWords = {1, 2, 3};
  writeWords(folder.path("out"), oldWords);
  writeWords(folder.path("out-values"), oldWords);

  interruptAt({"sort", "--algo", "radix", "--in", folder.path("keys"), "--values", folder.path("values"), "--out",
               folder.path("out"), "--out-values", folder.path("out-values")},
              moment, number);
  if (HasFatalFailure()) return;
  EXPECT_EQ(folder.entries(), (std::vector<std::string>{"keys", "out", "out-values", "values"}))
      << "a temporary file was left behind";
  const auto outKeys = readWordsFile(folder.path("out")), outValues = readWordsFile(folder.path("out-values"));
  EXPECT_TRUE(outKeys == oldWords || outKeys == newKeys) << "--out is neither the old file nor the sorted keys";
  EXPECT_TRUE(outValues == oldWords || outValues == newValues) << "--out-values is neither the old file nor the sorted values";
  // Before anything is written both are old; once the last rename is done both are new.
  if (moment == "before-temp#1") {
    EXPECT_TRUE(outKeys == oldWords && outValues == oldWords);
  }
  if (moment == "renamed#2") {
    EXPECT_TRUE(outKeys == newKeys && outValues == newValues);
  }
}

INSTANTIATE_TEST_SUITE_P(EveryMoment, SortInterrupted,
                         ::testing::Combine(::testing::Values(SIGINT, SIGTERM), ::testing::ValuesIn(sortMoments())),
                         interruptionName);

TEST(Interrupted, AnIgnoredSignalStaysIgnored) {
  // As under nohup: a signal ignored when the program starts must not start ending it.
  ScratchFolder folder;
  Child child({"run", "--pattern", "reversed", "--size", "24x16", "--out", folder.path("out.png")},
              {"SHADERSORT_TEST_PAUSE_AT=temp-created"}, [] { ::signal(SIGINT, SIG_IGN); });
  ASSERT_TRUE(child.waitForLine("shadersort: test pause at temp-created#1", 240)) << child.err();
  child.signal(SIGINT);
  child.closeStdin();  // go on
  const int status = child.wait();
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << describe(status) << ": " << child.err();
  EXPECT_EQ(folder.entries(), std::vector<std::string>{"out.png"});
  EXPECT_EQ(readText(folder.path("out.png")), completeRunOutput());
}

TEST(Interrupted, FileSizeLimitMidWriteIsAFailedWriteAndLeavesNoTemporary) {
  // A write past RLIMIT_FSIZE (a full quota or a `ulimit -f` script) would raise SIGXFSZ in the
  // middle of a write, with no test pause needed; it must fail the write with one line instead.
  ScratchFolder folder;
  writeBytes(folder.path("out.png"), std::vector<std::uint8_t>(oldContent, oldContent + std::strlen(oldContent)));
  // Mesa's shader cache would hit the limit first.
  Child child({"run", "--pattern", "random", "--size", "64x64", "--out", folder.path("out.png")},
              {"MESA_SHADER_CACHE_DISABLE=true"}, [] {
                const rlimit fileSize = {1000, 1000}, noCore = {0, 0};
                ::setrlimit(RLIMIT_FSIZE, &fileSize);
                ::setrlimit(RLIMIT_CORE, &noCore);
              });
  const int status = child.wait();
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 1) << describe(status) << ": " << child.err();
  EXPECT_EQ(child.err(), "shadersort: cannot write '" + folder.path("out.png") + "': file too large\n");
  EXPECT_EQ(folder.entries(), std::vector<std::string>{"out.png"}) << "a temporary file was left behind";
  EXPECT_EQ(readText(folder.path("out.png")), oldContent);
}

TEST(Interrupted, TemporaryOfAKilledRunIsRemovedByTheNextRun) {
  // SIGKILL cannot be caught: the temporary file stays, and the next run writing to that folder
  // removes it, since no live process holds its lock any more.
  ScratchFolder folder;
  {
    Child child({"run", "--pattern", "reversed", "--size", "24x16", "--out", folder.path("out.png")},
                {"SHADERSORT_TEST_PAUSE_AT=half-written"});
    ASSERT_TRUE(child.waitForLine("shadersort: test pause at half-written#1", 240)) << child.err();
    // While its maker lives, another run leaves the temporary file alone.
    const auto meanwhile = runShadersort("run --pattern reversed --size 24x16 --out " + folder.path("other.png"));
    EXPECT_EQ(meanwhile.exitCode, 0) << meanwhile.err;
    EXPECT_EQ(folder.entries().size(), 2u) << "a live run's temporary file was removed";
    child.signal(SIGKILL);
    child.wait();
  }
  const auto left = folder.entries();
  ASSERT_EQ(left.size(), 2u);
  EXPECT_EQ(left[0].substr(0, 12), ".shadersort-");
  const auto next = runShadersort("run --pattern reversed --size 24x16 --out " + folder.path("out.png"));
  EXPECT_EQ(next.exitCode, 0) << next.err;
  EXPECT_EQ(folder.entries(), (std::vector<std::string>{"other.png", "out.png"}));
}

// --- plot: its temporary folder and its gnuplot child ------------------------------------------

std::string benchCsv() {
  std::string header;
  for (const auto& [name, meaning] : bench::csvColumns()) header += (header.empty() ? "" : ",") + name;
  std::string text = header + "\n";
  for (const char* n : {"32", "64"})
    text += std::string("frag-odd-even,") + n + ",random,u32,0,wall,1,2.5,2.5,1e-05,0.01,0.03,0.004,1,32,32,defaults\n";
  return text;
}

bool processEnded(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string pidText, name, state;
  return !(stat >> pidText >> name >> state) || state == "Z" || state == "X";
}

using PlotInterruption = std::tuple<int, bool>;  // signal, whether gnuplot is running (else writing its data)

class PlotInterrupted : public ::testing::TestWithParam<PlotInterruption> {};

TEST_P(PlotInterrupted, RemovesItsFolderAndEndsGnuplot) {
  const auto& [number, whileGnuplotRuns] = GetParam();
  ScratchFolder folder;
  std::filesystem::create_directory(folder.path("tmp"));
  std::filesystem::create_directory(folder.path("bin"));
  writeBytes(folder.path("results.csv"), [] {
    const std::string text = benchCsv();
    return std::vector<std::uint8_t>(text.begin(), text.end());
  }());
  // A gnuplot that says who it is and then takes its time.
  const std::string pidFile = folder.path("gnuplot.pid");
  {
    std::ofstream script(folder.path("bin/gnuplot"));
    script << "#!/bin/sh\necho $$ > " << pidFile << ".new\nmv " << pidFile << ".new " << pidFile
           << "\nexec sleep 120\n";
  }
  std::filesystem::permissions(folder.path("bin/gnuplot"), std::filesystem::perms::owner_all);
  std::vector<std::string> environment = {"TMPDIR=" + folder.path("tmp"),
                                          "PATH=" + folder.path("bin") + ":/usr/bin:/bin"};
  if (!whileGnuplotRuns) environment.push_back("SHADERSORT_TEST_PAUSE_AT=half-written");
  Child child({"plot", "--csv", folder.path("results.csv"), "--out", folder.path("p.png")}, environment);
  pid_t gnuplot = 0;
  if (whileGnuplotRuns) {
    for (int waited = 0; waited < 600 && !gnuplot; ++waited) {
      std::ifstream(pidFile) >> gnuplot;
      if (!gnuplot) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ASSERT_GT(gnuplot, 0) << "gnuplot never started: " << child.err();
  } else {
    ASSERT_TRUE(child.waitForLine("shadersort: test pause at half-written#1", 240)) << child.err();
  }
  child.signal(number);
  const int status = child.wait();
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == number) << describe(status) << ": " << child.err();
  if (gnuplot) {
    bool ended = processEnded(gnuplot);
    for (int waited = 0; waited < 100 && !ended; ++waited) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      ended = processEnded(gnuplot);
    }
    EXPECT_TRUE(ended) << "gnuplot kept running";
    if (!ended) ::kill(gnuplot, SIGKILL);
  }
  std::vector<std::string> left;
  for (const auto& entry : std::filesystem::directory_iterator(folder.path("tmp")))
    left.push_back(entry.path().filename().string());
  EXPECT_TRUE(left.empty()) << "left in $TMPDIR: " << (left.empty() ? "" : left.front());
  EXPECT_FALSE(std::filesystem::exists(folder.path("p.png")));
}

INSTANTIATE_TEST_SUITE_P(SignalsAndMoments, PlotInterrupted,
                         ::testing::Combine(::testing::Values(SIGINT, SIGTERM, SIGHUP), ::testing::Bool()),
                         [](const ::testing::TestParamInfo<PlotInterruption>& info) {
                           const int number = std::get<0>(info.param);
                           return std::string(number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "SIGHUP") +
                                  (std::get<1>(info.param) ? "_WhileGnuplotRuns" : "_WhileWritingItsData");
                         });

// `run --video` stopped half-way through a clip (after its second frame is sorted, with the
// encoder working): the old output stays, and no temporary file is left.
TEST(VideoInterrupted, HalfWayLeavesTheOldFileAndNoTemporary) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 32, .height = 24, .frames = 6, .rateNum = 25, .rateDen = 1, .codec = "ffv1",
                      .withAudio = true};
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), spec));
  writeBytes(folder.path("out.mkv"), std::vector<std::uint8_t>(oldContent, oldContent + std::strlen(oldContent)));
  for (int number : {SIGINT, SIGTERM}) {
    interruptAt({"run", "--video", folder.path("in.mkv"), "--out", folder.path("out.mkv"), "--path", "angle:30",
                 "--spans", "threshold"},
                "video-frame#2", number);
    if (HasFatalFailure()) return;
    EXPECT_EQ(folder.entries(), (std::vector<std::string>{"in.mkv", "out.mkv"})) << "a temporary file was left behind";
    EXPECT_EQ(readText(folder.path("out.mkv")), std::string(oldContent));
  }
}

// A GIF recording stopped once its temporary file exists, and again once it is whole but not renamed:
// no file is left. (Replaces a test that polled the folder for the temporary file.)
TEST(RecordingInterrupted, AGifRecordingLeavesNoFile) {
  ScratchFolder folder;
  for (const char* moment : {"temp-created", "before-rename"}) {
    SCOPED_TRACE(moment);
    interruptAt({"run", "--pattern", "random", "--size", "64x64", "--gif", folder.path("x.gif"), "--every", "1"}, moment,
                SIGTERM);
    if (HasFatalFailure()) return;
    EXPECT_TRUE(folder.entries().empty()) << folder.entries().front();
  }
}

}  // namespace
}  // namespace shadersort::testing

#include "process_support.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

#include "cli_support.h"

extern char** environ;

#if defined(__SANITIZE_ADDRESS__)
// AddressSanitizer reserves terabytes of address space for its shadow memory, so an RLIMIT_AS
// stops the program before main; the asan build relies on the run's time limit instead.
constexpr bool kAddressSpaceLimitWorks = false;
#else
constexpr bool kAddressSpaceLimitWorks = true;
#endif

namespace shadersort::testing {
namespace {

// environ with `overrides` replacing or adding NAME=VALUE entries.
std::vector<std::string> mergedEnvironment(const std::vector<std::string>& overrides) {
  std::vector<std::string> merged;
  auto nameOf = [](const std::string& entry) { return entry.substr(0, entry.find('=')); };
  for (char** entry = environ; *entry; ++entry) {
    const std::string text = *entry;
    bool replaced = false;
    for (const std::string& override : overrides) replaced = replaced || nameOf(override) == nameOf(text);
    if (!replaced) merged.push_back(text);
  }
  merged.insert(merged.end(), overrides.begin(), overrides.end());
  return merged;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
  std::vector<char*> all;
  for (std::string& text : strings) all.push_back(text.data());
  all.push_back(nullptr);
  return all;
}

}  // namespace

ProcessResult runShadersortArgs(const std::vector<std::string>& arguments, const ProcessOptions& options) {
  ScratchFolder capture;
  const std::string outPath = capture.path("out"), errPath = capture.path("err");
  std::vector<std::string> argumentStrings = {shadersortBinary()};
  argumentStrings.insert(argumentStrings.end(), arguments.begin(), arguments.end());
  std::vector<std::string> environmentStrings = mergedEnvironment(options.environment);
  // Everything the child needs is built before fork: after it, only async-signal-safe calls.
  std::vector<char*> argv = pointers(argumentStrings), envp = pointers(environmentStrings);
  int release[2];
  if (::pipe2(release, O_CLOEXEC) != 0) return {};
  const rlimit memory{options.addressSpaceBytes, options.addressSpaceBytes};

  const auto start = std::chrono::steady_clock::now();
  const pid_t child = ::fork();
  if (child == 0) {
    ::close(release[1]);
    char go = 0;
    while (::read(release[0], &go, 1) < 0 && errno == EINTR) {
    }
    const int in = ::open("/dev/null", O_RDONLY);
    const int out = ::open(outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int err = ::open(errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (in < 0 || out < 0 || err < 0 || ::dup2(in, 0) < 0 || ::dup2(out, 1) < 0 || ::dup2(err, 2) < 0) ::_exit(120);
    if (kAddressSpaceLimitWorks && options.addressSpaceBytes != 0 && ::setrlimit(RLIMIT_AS, &memory) != 0) ::_exit(121);
    ::execve(argv[0], argv.data(), envp.data());
    ::_exit(122);
  }
  ::close(release[0]);
  ProcessResult result;
  if (child < 0) {
    ::close(release[1]);
    return result;
  }
  if (options.beforeExec) options.beforeExec(child);
  const char go = 1;
  (void)!::write(release[1], &go, 1);
  ::close(release[1]);

  int status = 0;
  rusage usage{};
  for (;;) {
    const pid_t done = ::wait4(child, &status, WNOHANG, &usage);
    if (done == child) break;
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (elapsed > options.timeoutSeconds && !result.timedOut) {
      result.timedOut = true;
      ::kill(child, SIGKILL);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  result.peakResidentBytes = static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;  // Linux counts KiB
  result.out = readText(outPath);
  result.err = readText(errPath);
  return result;
}

bool hasRawControlBytes(const std::string& text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte == '\n' && i + 1 == text.size()) continue;
    if (byte < 0x20 || byte == 0x7F) return true;
  }
  return false;
}

}  // namespace shadersort::testing

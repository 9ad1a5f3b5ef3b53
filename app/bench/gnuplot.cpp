#include "bench/gnuplot.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sstream>

#include "core/error.h"
#include "core/input_file.h"
#include "core/quoting.h"
#include "core/temporary_files.h"

namespace shadersort::bench {

void runGnuplot(const std::string& folder, const std::string& scriptName) {
  const std::string logPath = folder + "/gnuplot.log";
  // Built before fork: the child may only make async-signal-safe calls.
  std::string program = "gnuplot", script = scriptName;
  char* const argv[] = {program.data(), script.data(), nullptr};
  // The child reports a failed exec through this pipe (closed on a successful exec).
  int report[2];
  if (::pipe2(report, O_CLOEXEC) != 0) throw UserError(std::string("cannot run gnuplot: ") + std::strerror(errno));
  // Recorded: SIGINT / SIGTERM / SIGHUP end gnuplot too, before its folder is removed.
  const pid_t child = forkRecordedChild();
  if (child < 0) {
    const int error = errno;
    ::close(report[0]);
    ::close(report[1]);
    throw UserError(std::string("cannot run gnuplot: ") + std::strerror(error));
  }
  if (child == 0) {
    ::close(report[0]);
    const int in = ::open("/dev/null", O_RDONLY);
    const int log = ::open(logPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0600);
    int error = 0;
    if (in < 0 || log < 0 || ::chdir(folder.c_str()) != 0 || ::dup2(in, 0) < 0 || ::dup2(log, 1) < 0 || ::dup2(log, 2) < 0) {
      error = errno;
    } else {
      ::execvp(argv[0], argv);
      error = errno;
    }
    (void)!::write(report[1], &error, sizeof error);
    ::_exit(127);
  }
  ::close(report[1]);
  int execError = 0;
  ssize_t got = 0;
  while ((got = ::read(report[0], &execError, sizeof execError)) < 0 && errno == EINTR) {
  }
  ::close(report[0]);
  int status = 0;
  while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  forgetChildProcess(child);
  if (got == static_cast<ssize_t>(sizeof execError)) {
    if (execError == ENOENT) throw UserError("plotting needs gnuplot, which is not on PATH (Debian: apt-get install gnuplot-nox)");
    throw UserError(std::string("cannot run gnuplot: ") + std::strerror(execError));
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return;
  // gnuplot's own words: its first line that says something.
  std::string said;
  try {
    const std::vector<std::uint8_t> log = readWholeFile(logPath, 1u << 16);
    std::istringstream lines(std::string(log.begin(), log.end()));
    for (std::string line; said.empty() && std::getline(lines, line);)
      if (line.find_first_not_of(" \t^") != std::string::npos) said = line;
  } catch (const UserError&) {
  }
  const std::string how = WIFEXITED(status) ? "exit " + std::to_string(WEXITSTATUS(status))
                                            : "signal " + std::to_string(WTERMSIG(status));
  throw UserError("gnuplot failed (" + how + ")" + (said.empty() ? "" : ": " + printable(said)));
}

}  // namespace shadersort::bench

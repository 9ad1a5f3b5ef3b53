#include "core/test_pause.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <poll.h>
#include <string>
#include <unistd.h>

namespace shadersort {

void pauseIfTestAsks(const char* moment) {
  static const char* const wanted = std::getenv("SHADERSORT_TEST_PAUSE_AT");
  if (!wanted || !*wanted) return;
  static std::mutex mutex;
  static std::map<std::string, int> times;
  std::string reached;
  {
    const std::lock_guard lock(mutex);
    reached = std::string(moment) + "#" + std::to_string(++times[moment]);
  }
  const std::string asked = std::string(wanted).find('#') == std::string::npos ? std::string(wanted) + "#1" : wanted;
  if (reached != asked) return;
  std::fprintf(stderr, "shadersort: test pause at %s\n", reached.c_str());
  std::fflush(stderr);
  // The test sends its signal now, or lets the program go on by writing to or closing its stdin;
  // a forgotten variable costs a minute at most, never a hang.
  pollfd input = {STDIN_FILENO, POLLIN, 0};
  ::poll(&input, 1, 60'000);
}

}  // namespace shadersort

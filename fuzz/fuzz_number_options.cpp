// The size, list and number options (--size WxH, --sizes LIST, --passes, --seed, --set NAME=VALUE,
// --radix-bits, --reps, --every, --fps, --scale, --frames, --race-seconds, --window-size, --race)
// through the whole command line (cli/commands.h: runCommandLine), where each is read. The first
// byte picks a command line, each further line is the next option's value. Every command line ends in something refused before any GPU work (an
// output in a missing folder, --reps 0); as a second guard the EGL vendor list is emptied, so a
// context cannot be made. Return codes and UserError are normal; any other exception, a crash or
// a sanitizer report is a finding.

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "core/error.h"
#include "fuzz_support.h"

using namespace shadersort;

namespace {

struct CommandLine {
  std::vector<std::string> fixed;    // after "shadersort"
  std::vector<std::string> options;  // each takes the next line of the input as --OPTION=LINE
};

const std::vector<CommandLine>& commandLines() {
  static const std::vector<CommandLine> lines = {
      {{"run", "--pattern=random", "--out=/nonexistent-shadersort-fuzz/out.png"},
       {"--size", "--passes", "--seed", "--set", "--radix-bits", "--set"}},
      {{"bench", "--reps=0"}, {"--sizes", "--set", "--radix-bits"}},
      {{"bench", "--sizes=1", "--csv=/nonexistent-shadersort-fuzz/out.csv"}, {"--reps", "--sizes"}},
      {{"tune", "--reps=0"}, {"--size", "--reps"}},
      {{"run", "--pattern=random", "--gif=/nonexistent-shadersort-fuzz/out.gif"}, {"--every", "--fps", "--scale", "--size"}},
      {{"view", "--offscreen", "--record=/nonexistent-shadersort-fuzz/out.gif"},
       {"--frames", "--race-seconds", "--window-size", "--race"}},
  };
  return lines;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fuzz::silenceMessages();
  setenv("__EGL_VENDOR_LIBRARY_FILENAMES", "/nonexistent-shadersort-fuzz/vendor.json", 1);
  unsetenv("DISPLAY");
  unsetenv("WAYLAND_DISPLAY");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const CommandLine& line = commandLines()[data[0] % commandLines().size()];
  std::vector<std::string> arguments = {"shadersort"};
  arguments.insert(arguments.end(), line.fixed.begin(), line.fixed.end());
  // "--OPTION=VALUE": a value that starts with '-' stays a value.
  const std::string values(reinterpret_cast<const char*>(data) + 1, size - 1);
  std::size_t start = 0;
  for (const std::string& option : line.options) {
    if (start > values.size()) break;
    const std::size_t end = std::min(values.find('\n', start), values.size());
    arguments.push_back(option + "=" + values.substr(start, end - start).c_str());
    start = end + 1;
  }
  std::vector<char*> argv;
  for (std::string& argument : arguments) argv.push_back(argument.data());
  argv.push_back(nullptr);
  try {
    cli::runCommandLine(static_cast<int>(arguments.size()), argv.data());
  } catch (const UserError&) {
  } catch (const GpuError&) {
  }
  return 0;
}

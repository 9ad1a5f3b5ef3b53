// shadersort: sorts pixels on the GPU with OpenGL 4.3 shaders and shows every pass.
// Every failure reaches the user as one line on stderr and a non-zero exit: 1 bad input,
// 2 bad command line or not enough memory, 3 the GPU cannot do it, 4 internal error. Messages
// may quote file names and file contents; printable() keeps them to one line with no raw
// control bytes.

#include <csignal>
#include <exception>
#include <iostream>
#include <new>

#include "cli/commands.h"
#include "core/error.h"
#include "core/quoting.h"

int main(int argc, char** argv) {
  using shadersort::printable;
  // Past a file-size limit (ulimit -f) a write then fails with EFBIG, reported as "cannot write
  // NAME: file too large" with the temporary file removed, instead of SIGXFSZ killing us mid-write.
  std::signal(SIGXFSZ, SIG_IGN);
  try {
    return shadersort::cli::runCommandLine(argc, argv);
  } catch (const shadersort::UsageError& error) {
    std::cerr << "shadersort: " << printable(error.what()) << "\n";
    return 2;
  } catch (const shadersort::UserError& error) {
    std::cerr << "shadersort: " << printable(error.what()) << "\n";
    return 1;
  } catch (const shadersort::GpuError& error) {
    std::cerr << "shadersort: " << printable(error.what()) << "\n";
    return 3;
  } catch (const std::bad_alloc&) {
    // Inputs are checked against the memory budget first; this is what is left when the
    // machine has less free memory than the budget assumed.
    std::cerr << "shadersort: out of memory (a smaller input or --max-memory below the free memory refuses it sooner)\n";
    return 2;
  } catch (const std::exception& error) {
    std::cerr << "shadersort: internal error: " << printable(error.what()) << "\n";
    return 4;
  }
}

// shadersort: sorts pixels on the GPU with OpenGL 4.3 shaders and shows every pass.
// Every failure reaches the user as one line on stderr and a non-zero exit.

#include <exception>
#include <iostream>

#include "cli/commands.h"
#include "core/error.h"

int main(int argc, char** argv) {
  try {
    return shadersort::cli::runCommandLine(argc, argv);
  } catch (const shadersort::UserError& error) {
    std::cerr << "shadersort: " << error.what() << "\n";
    return 1;
  } catch (const shadersort::GpuError& error) {
    std::cerr << "shadersort: " << error.what() << "\n";
    return 3;
  } catch (const std::exception& error) {
    std::cerr << "shadersort: internal error: " << error.what() << "\n";
    return 4;
  }
}

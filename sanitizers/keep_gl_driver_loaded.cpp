// Linked into the sanitizer builds only (CMakeLists.txt: SHADERSORT_SANITIZE), never into a
// normal build.
//
// Mesa unloads its driver (swrast_dri.so, with llvmpipe and LLVM) at eglTerminate and when a GLX
// context goes. The driver still holds a few blocks through its globals then: 2 x 56 bytes LLVM
// allocates at the first draw, and 255 driconf strings under GLX. Once the driver is unmapped,
// LeakSanitizer no longer sees those globals, reports the blocks as leaked, and cannot name a
// frame of their allocation stacks (the code is gone and the fast unwinder stops in it): no
// suppression can match them, so the only choices would be to turn leak detection off or accept
// failures. Loading the driver here with RTLD_NODELETE keeps it mapped until exit; its globals
// are scanned and those blocks are reachable again, while a real leak anywhere, the driver's
// included, is still reported with named frames (sanitizers/lsan.supp).

#include <dlfcn.h>

namespace {

const bool driverKeptLoaded = dlopen(SHADERSORT_GL_DRIVER, RTLD_NOW | RTLD_NODELETE) != nullptr;

}  // namespace

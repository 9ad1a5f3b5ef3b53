// The headless context's EGL display is the process's, shared with every other context on the
// same device (the test binary's own, a host's): closing one context must leave it to the others.

#include <gtest/gtest.h>

#include <glad/egl.h>
#include <glad/gl.h>

#include <thread>

#include "platform/headless_context.h"

namespace shadersort::testing {
namespace {

// A second context, made and closed on another thread (as the frei0r filter's worker does),
// leaves the display initialized for the test binary's context, which is current here.
TEST(HeadlessContext, ClosingOneLeavesTheDisplayToTheOthers) {
  const EGLDisplay display = eglGetCurrentDisplay();
  ASSERT_NE(display, EGL_NO_DISPLAY);
  const EGLContext ours = eglGetCurrentContext();
  std::thread([] { platform::HeadlessContext other({}); }).join();
  EXPECT_NE(eglQueryString(display, EGL_VERSION), nullptr) << "the display was terminated under the test's context";
  // Made current again, as a host does between frames: this fails on a terminated display.
  ASSERT_TRUE(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
  EXPECT_TRUE(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, ours)) << "eglGetError " << eglGetError();
  GLuint buffer = 0;
  glCreateBuffers(1, &buffer);
  EXPECT_NE(buffer, 0u);
  glDeleteBuffers(1, &buffer);
}

}  // namespace
}  // namespace shadersort::testing

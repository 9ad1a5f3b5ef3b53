#include "platform/headless_context.h"

#include <glad/egl.h>
#include <glad/gl.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "core/error.h"
#include "gl/debug_output.h"
#include "platform/gl_version.h"

namespace shadersort::platform {

struct HeadlessContext::State {
  EGLDisplay display = EGL_NO_DISPLAY;
  EGLContext context = EGL_NO_CONTEXT;
};

namespace {

// EGL has one display per device for the whole process, and eglTerminate ends it for every
// context on it, a host's included. So a display is terminated only when the last of this
// process's HeadlessContexts on it goes, and only if it was not initialized before the first of
// them (a host's display is left as the host had it).
struct DisplayUse {
  int contexts = 0;
  bool initializedHere = false;
};
std::mutex displayUsesMutex;
std::map<EGLDisplay, DisplayUse> displayUses;

bool initialized(EGLDisplay display) { return eglQueryString(display, EGL_VERSION) != nullptr; }

// Initializes `display` and counts this use of it; false when it cannot be initialized. Under
// the lock, so that no other thread's last release terminates it in between.
bool holdDisplay(EGLDisplay display) {
  const std::lock_guard lock(displayUsesMutex);
  const bool before = initialized(display);
  EGLint major = 0, minor = 0;
  if (!eglInitialize(display, &major, &minor)) return false;
  const auto [use, first] = displayUses.try_emplace(display);
  if (first) use->second.initializedHere = !before;
  ++use->second.contexts;
  return true;
}

void releaseDisplay(EGLDisplay display) {
  const std::lock_guard lock(displayUsesMutex);
  const auto use = displayUses.find(display);
  if (use == displayUses.end() || --use->second.contexts > 0) return;
  if (use->second.initializedHere) eglTerminate(display);
  displayUses.erase(use);
}

void closeContext(EGLDisplay display, EGLContext context) {
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  if (context != EGL_NO_CONTEXT) eglDestroyContext(display, context);
  releaseDisplay(display);
}

bool hasClientExtension(const char* name) {
  const char* all = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  if (!all) return false;
  const std::string list = std::string(" ") + all + " ";
  return list.find(std::string(" ") + name + " ") != std::string::npos;
}

// The display initialized and held (holdDisplay), or EGL_NO_DISPLAY. glad's first load gives
// EGL 1.0 plus client extensions only, so eglGetPlatformDisplay (1.5) is still NULL here: the
// EXT entry point is the one to use.
EGLDisplay openDisplay() {
  const auto tryDisplay = [](EGLDisplay display) { return display != EGL_NO_DISPLAY && holdDisplay(display); };
  if (hasClientExtension("EGL_EXT_platform_device") && glad_eglQueryDevicesEXT && glad_eglGetPlatformDisplayEXT) {
    EGLDeviceEXT devices[8];
    EGLint count = 0;
    if (eglQueryDevicesEXT(8, devices, &count) && count > 0) {
      for (EGLint i = 0; i < count; ++i) {
        EGLDisplay display = eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr);
        if (tryDisplay(display)) return display;
      }
    }
  }
  if (hasClientExtension("EGL_MESA_platform_surfaceless") && glad_eglGetPlatformDisplayEXT) {
    EGLDisplay display = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    if (tryDisplay(display)) return display;
  }
  return EGL_NO_DISPLAY;
}

EGLContext createContext(EGLDisplay display, bool debug, bool core43) {
  std::vector<EGLint> attributes;
  if (core43) {
    attributes = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 3,
                  EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT};
    if (debug) attributes.insert(attributes.end(), {EGL_CONTEXT_OPENGL_DEBUG, EGL_TRUE});
  }
  attributes.push_back(EGL_NONE);
  return eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes.data());
}

// Without 4.3 core, make whatever context the driver offers just to say what it is.
std::string describeBestAvailableContext(EGLDisplay display) {
  EGLContext fallback = createContext(display, false, false);
  if (fallback == EGL_NO_CONTEXT) return "no OpenGL context at all";
  std::string found = "an unknown version";
  if (eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, fallback)) {
    auto getString = reinterpret_cast<const unsigned char* (*)(GLenum)>(eglGetProcAddress("glGetString"));
    if (getString) {
      const auto* version = reinterpret_cast<const char*>(getString(GL_VERSION));
      const auto* renderer = reinterpret_cast<const char*>(getString(GL_RENDERER));
      const auto* glsl = reinterpret_cast<const char*>(getString(GL_SHADING_LANGUAGE_VERSION));
      if (version) found = std::string("OpenGL ") + version + (renderer ? std::string(" on ") + renderer : "");
      if (version && glsl && glslVersionBelow430(glsl)) found = "GLSL " + std::string(glsl) + " with " + found;
    }
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  }
  eglDestroyContext(display, fallback);
  return found;
}

// Why no 4.3 core context was made, given what the driver's best context is. Mesa can offer GL
// 4.5 and still refuse 4.3 core for the shading language (MESA_GLSL_VERSION_OVERRIDE holds
// core contexts to that GLSL version while compatibility ones keep reporting 4.50): the message
// then names GLSL 4.30, not the GL version the fallback context shows.
std::string whyNo43Core(const std::string& found) {
  const char* override = std::getenv("MESA_GLSL_VERSION_OVERRIDE");
  int overridden = 0;
  if (override && std::sscanf(override, "%d", &overridden) == 1 && overridden < 430)
    return "OpenGL 4.3 core needs GLSL 4.30, and MESA_GLSL_VERSION_OVERRIDE=" + std::to_string(overridden) +
           " holds this driver below it (it offers " + found + ")";
  if (found.rfind("GLSL ", 0) == 0) return "OpenGL 4.3 core with GLSL 4.30 is required; found " + found;
  return "OpenGL 4.3 core is required; found " + found;
}

}  // namespace

HeadlessContext::HeadlessContext(const ContextOptions& options) : state_(std::make_unique<State>()) {
  if (!gladLoaderLoadEGL(EGL_NO_DISPLAY)) throw GpuError("cannot load EGL (libEGL.so.1 missing?)");
  state_->display = openDisplay();
  if (state_->display == EGL_NO_DISPLAY)
    throw GpuError("no EGL display: neither an EGL device nor Mesa's surfaceless platform is available");
  try {
    // Reload now that a display exists: EGL 1.5 core and display extensions.
    gladLoaderLoadEGL(state_->display);
    if (!eglBindAPI(EGL_OPENGL_API)) throw GpuError("EGL cannot bind the desktop OpenGL API");
    state_->context = createContext(state_->display, options.debug, true);
    if (state_->context == EGL_NO_CONTEXT) throw GpuError(whyNo43Core(describeBestAvailableContext(state_->display)));
    if (!eglMakeCurrent(state_->display, EGL_NO_SURFACE, EGL_NO_SURFACE, state_->context))
      throw GpuError("cannot make the headless OpenGL context current");
    loadGlAndRequire43(reinterpret_cast<GLADloadfunc>(eglGetProcAddress));
    if (options.debug) gl::enableDebugOutput({.printMessages = true});
  } catch (...) {
    closeContext(state_->display, state_->context);
    throw;
  }
}

HeadlessContext::~HeadlessContext() {
  if (state_->display != EGL_NO_DISPLAY) closeContext(state_->display, state_->context);
}

}  // namespace shadersort::platform

#pragma once
// The consumers' headless OpenGL 4.3 core context, made through their own glad (EGL 1.5,
// surfaceless Mesa where offered): what a user's program would write. Include after
// <glad/egl.h> and <glad/gl.h>. False when no context can be made.

inline bool makeHeadlessContext() {
  if (!gladLoaderLoadEGL(EGL_NO_DISPLAY)) return false;
  EGLDisplay display = EGL_NO_DISPLAY;
  if (glad_eglGetPlatformDisplayEXT)
    display = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  if (display == EGL_NO_DISPLAY) display = eglGetDisplay(EGL_DEFAULT_DISPLAY);
  EGLint major = 0, minor = 0;
  if (display == EGL_NO_DISPLAY || !eglInitialize(display, &major, &minor)) return false;
  gladLoaderLoadEGL(display);
  if (!eglBindAPI(EGL_OPENGL_API)) return false;
  const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 3,
                               EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  EGLContext context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
  return context != EGL_NO_CONTEXT && eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context);
}

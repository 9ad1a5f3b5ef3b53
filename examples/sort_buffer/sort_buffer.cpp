// shadersort as a user links it: make a headless OpenGL 4.3 context (EGL, no window), fill a
// buffer with float keys and one with values, sort both in place with shadersort::GpuSorter,
// read them back and check the order. Exits 0 when sorted, 1 when not, 2 without a context.
// Its GL and EGL calls go through a glad of its own (this folder's CMakeLists.txt generates it),
// as the library keeps its glad to itself. shadersort's own build links it with the library target
// alone (Library.Example; there glad is the build's), which proves that the library needs no GLFW,
// Dear ImGui, stb or giflib; Library.Install builds it with this folder's CMakeLists.txt against
// an installed shadersort, Library.InstallShared against an installed libshadersort.so (also
// through pkg-config).

#include <glad/egl.h>
#include <glad/gl.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include <shadersort/gpu_sorter.h>

namespace {

// A current OpenGL 4.3 core context without a surface (Mesa's surfaceless platform, or the
// default display), or false.
bool makeHeadlessContext() {
  if (!gladLoaderLoadEGL(EGL_NO_DISPLAY)) return false;
  EGLDisplay display = EGL_NO_DISPLAY;
  if (glad_eglGetPlatformDisplayEXT)
    display = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  if (display == EGL_NO_DISPLAY) display = eglGetDisplay(EGL_DEFAULT_DISPLAY);
  EGLint major = 0, minor = 0;
  if (display == EGL_NO_DISPLAY || !eglInitialize(display, &major, &minor)) return false;
  gladLoaderLoadEGL(display);  // EGL 1.5 now that a display exists
  if (!eglBindAPI(EGL_OPENGL_API)) return false;
  const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 3,
                               EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  EGLContext context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
  return context != EGL_NO_CONTEXT && eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context);
}

GLuint makeBuffer(const void* data, std::size_t bytes) {
  GLuint buffer = 0;
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
  glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(bytes), data, GL_DYNAMIC_COPY);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  return buffer;
}

template <typename Word>
std::vector<Word> readBack(GLuint buffer, std::size_t count) {
  std::vector<Word> words(count);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(count * sizeof(Word)), words.data());
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  return words;
}

}  // namespace

int main() {
  if (!makeHeadlessContext()) {
    std::fprintf(stderr, "sort_buffer: no headless OpenGL 4.3 context\n");
    return 2;
  }
  // This program's GL functions, through its glad; the library loads those it uses through the
  // same loader into its own glad, so it needs the loader too.
  if (!gladLoadGL(eglGetProcAddress)) {
    std::fprintf(stderr, "sort_buffer: no OpenGL functions\n");
    return 2;
  }
  shadersort::GpuSorter sorter(eglGetProcAddress);

  constexpr std::size_t kCount = 10'000;
  std::mt19937 random(42);
  std::uniform_real_distribution<float> distribution(-1000.0f, 1000.0f);
  std::vector<float> keys(kCount);
  std::vector<std::uint32_t> values(kCount);
  for (std::size_t i = 0; i < kCount; ++i) {
    keys[i] = distribution(random);
    values[i] = static_cast<std::uint32_t>(i);
  }
  const GLuint keyBuffer = makeBuffer(keys.data(), kCount * 4);
  const GLuint valueBuffer = makeBuffer(values.data(), kCount * 4);

  shadersort::SortRequest request;
  request.keys = keyBuffer;
  request.values = valueBuffer;
  request.count = kCount;
  request.keyFormat = shadersort::KeyFormat::F32;
  request.order = shadersort::SortOrder::Descending;
  try {
    sorter.sort(request);
  } catch (const shadersort::SortError& error) {
    std::fprintf(stderr, "sort_buffer: %s\n", error.what());
    return 1;
  }

  const std::vector<float> sortedKeys = readBack<float>(keyBuffer, kCount);
  const std::vector<std::uint32_t> sortedValues = readBack<std::uint32_t>(valueBuffer, kCount);
  for (std::size_t i = 0; i < kCount; ++i) {
    const bool inOrder = i == 0 || sortedKeys[i - 1] >= sortedKeys[i];
    if (!inOrder || sortedValues[i] >= kCount || keys[sortedValues[i]] != sortedKeys[i]) {
      std::fprintf(stderr, "sort_buffer: wrong at position %zu\n", i);
      return 1;
    }
  }
  std::printf("sort_buffer: %zu float keys sorted descending with their values\n", kCount);
  glDeleteBuffers(1, &keyBuffer);
  glDeleteBuffers(1, &valueBuffer);
  return 0;
}

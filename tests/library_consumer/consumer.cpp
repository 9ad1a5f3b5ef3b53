// A user of shadersort with a glad of its own (GL 4.6 core + EGL 1.5): it makes a headless
// OpenGL 4.3 context, makes GpuSorters with its context's loader, sorts keys with values and
// reads them back through its own glad. The library's glad must stay the library's: linking both
// must not clash, and the library must neither load into this glad nor depend on it. A program
// (own_glad_consumer) or, built with CONSUMER_PLUGIN, a plug-in's entry point (sort_plugin).
// Returns 0 when all holds, 1 when something does not, 2 without a context.

#include <glad/egl.h>
#include <glad/gl.h>

#include "headless_context.h"

#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

#include <shadersort/gpu_sorter.h>

#ifndef GL_VERSION_4_6
#error "consumer.cpp needs its own GL 4.6 glad, not a 4.3 one from elsewhere"
#endif

namespace {

#ifdef CONSUMER_PLUGIN
constexpr const char* kName = "sort_plugin";
#else
constexpr const char* kName = "own_glad_consumer";
#endif

GLuint makeBuffer(const std::vector<std::uint32_t>& words) {
  GLuint buffer = 0;
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
  glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(words.size() * 4), words.data(), GL_DYNAMIC_COPY);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  return buffer;
}

std::vector<std::uint32_t> readBack(GLuint buffer, std::size_t count) {
  std::vector<std::uint32_t> words(count);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(count * 4), words.data());
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  return words;
}

// Sorts random u32 keys with their indices as values through `sorter`, ascending, and checks the
// result read back through this program's glad.
bool sortsKeys(shadersort::GpuSorter& sorter, std::uint32_t seed) {
  constexpr std::size_t kCount = 5000;
  std::mt19937 random(seed);
  std::vector<std::uint32_t> keys(kCount), values(kCount);
  for (std::size_t i = 0; i < kCount; ++i) {
    keys[i] = static_cast<std::uint32_t>(random());
    values[i] = static_cast<std::uint32_t>(i);
  }
  const GLuint keyBuffer = makeBuffer(keys), valueBuffer = makeBuffer(values);
  shadersort::SortRequest request;
  request.keys = keyBuffer;
  request.values = valueBuffer;
  request.count = kCount;
  try {
    sorter.sort(request);
  } catch (const shadersort::SortError& error) {
    std::fprintf(stderr, "%s: %s\n", kName, error.what());
    return false;
  }
  const std::vector<std::uint32_t> sortedKeys = readBack(keyBuffer, kCount);
  const std::vector<std::uint32_t> sortedValues = readBack(valueBuffer, kCount);
  glDeleteBuffers(1, &keyBuffer);
  glDeleteBuffers(1, &valueBuffer);
  for (std::size_t i = 0; i < kCount; ++i) {
    if ((i > 0 && sortedKeys[i - 1] > sortedKeys[i]) || sortedValues[i] >= kCount ||
        keys[sortedValues[i]] != sortedKeys[i]) {
      std::fprintf(stderr, "%s: wrong at position %zu\n", kName, i);
      return false;
    }
  }
  return true;
}

}  // namespace

extern "C" int shadersort_consumer_run() {
  if (!makeHeadlessContext()) {
    std::fprintf(stderr, "%s: no headless OpenGL 4.3 context\n", kName);
    return 2;
  }
  // The library's glad is its own and nothing has loaded it: without a loader it must refuse.
  try {
    shadersort::GpuSorter unloaded(nullptr);
    std::fprintf(stderr, "%s: GpuSorter(nullptr) worked before any GL function was loaded\n", kName);
    return 1;
  } catch (const shadersort::SortError&) {
  }
  // Made before this program loads its glad: the library loads its own, never this one.
  shadersort::GpuSorter early(eglGetProcAddress);
  if (glad_glBindBuffer != nullptr || glad_glDispatchCompute != nullptr) {
    std::fprintf(stderr, "%s: the library loaded its GL functions into this program's glad\n", kName);
    return 1;
  }
  if (!gladLoadGL(eglGetProcAddress) || !GLAD_GL_VERSION_4_3) {
    std::fprintf(stderr, "%s: no OpenGL 4.3 functions through this program's glad\n", kName);
    return 2;
  }
  shadersort::GpuSorter sorter(eglGetProcAddress);  // the usual order: after the program's own loading
  if (!sortsKeys(sorter, 1) || !sortsKeys(early, 2)) return 1;
  std::printf("%s: keys sorted with values through shadersort beside its own glad\n", kName);
  return 0;
}

#ifndef CONSUMER_PLUGIN
int main() { return shadersort_consumer_run(); }
#endif

// A user of an installed libshadersort_pixel with a glad of its own (GL 4.6 core + EGL 1.5):
//   pixel_consumer IN.pam OUT.pam
// makes a headless OpenGL 4.3 context, pixel-sorts the RGBA picture IN (PAM, as
// tests/picture_to_pam.cpp writes it: no image library here) with the settings below through a
// PixelSorter, in memory and in a GL texture of its own, checks that both agree and writes the
// result to OUT, which the install tests compare with `shadersort run IN --out` (the same options:
// kRunOptions in cmake/test_install_pixel.cmake). Unless built with CONSUMER_PIXEL_ONLY it also
// links libshadersort and sorts a buffer through GpuSorter in the same context: the two libraries
// must live in one program. Returns 0 when all holds, 1 when something does not, 2 without a
// context.

#include <glad/egl.h>
#include <glad/gl.h>

#include "headless_context.h"

#include <cstdint>
#include <cstdio>
#include <exception>
#include <fstream>
#include <string>
#include <vector>

#include <shadersort/pixel_sort.h>
#ifndef CONSUMER_PIXEL_ONLY
#include <shadersort/gpu_sorter.h>
#endif

namespace {

// A PAM file of 8-bit RGB_ALPHA tuples, or an empty picture.
shadersort::Picture readPam(const char* path) {
  std::ifstream in(path, std::ios::binary);
  std::string word;
  shadersort::Picture picture;
  int depth = 0, maxval = 0;
  if (!(in >> word) || word != "P7") return {};
  while (in >> word && word != "ENDHDR") {
    if (word == "WIDTH") in >> picture.width;
    else if (word == "HEIGHT") in >> picture.height;
    else if (word == "DEPTH") in >> depth;
    else if (word == "MAXVAL") in >> maxval;
    else if (word == "TUPLTYPE") in >> word;
    else return {};
  }
  if (word != "ENDHDR" || in.get() != '\n' || depth != 4 || maxval != 255 || picture.width <= 0 || picture.height <= 0)
    return {};
  picture.rgba.resize(static_cast<std::size_t>(picture.width) * picture.height * 4);
  if (!in.read(reinterpret_cast<char*>(picture.rgba.data()), static_cast<std::streamsize>(picture.rgba.size())))
    return {};
  return picture;
}

bool writePam(const shadersort::Picture& picture, const char* path) {
  std::ofstream out(path, std::ios::binary);
  out << "P7\nWIDTH " << picture.width << "\nHEIGHT " << picture.height
      << "\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n";
  out.write(reinterpret_cast<const char*>(picture.rgba.data()), static_cast<std::streamsize>(picture.rgba.size()));
  return static_cast<bool>(out.flush());
}

// The picture sorted in a texture of this program's, read back through this program's glad.
std::vector<std::uint8_t> sortedInTexture(shadersort::PixelSorter& sorter, const shadersort::Picture& picture,
                                          const shadersort::PixelSortSettings& settings) {
  GLuint texture = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, picture.width, picture.height);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, picture.width, picture.height, GL_RGBA, GL_UNSIGNED_BYTE, picture.rgba.data());
  sorter.sortTexture(texture, settings);
  std::vector<std::uint8_t> rgba(picture.rgba.size());
  glBindTexture(GL_TEXTURE_2D, texture);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  glDeleteTextures(1, &texture);
  return rgba;
}

#ifndef CONSUMER_PIXEL_ONLY
// Sorts descending u32 keys through libshadersort's GpuSorter and checks them read back.
bool sortsBuffer() {
  constexpr std::uint32_t kCount = 4096;
  std::vector<std::uint32_t> keys(kCount);
  for (std::uint32_t i = 0; i < kCount; ++i) keys[i] = (kCount - i) * 2654435761u;
  GLuint buffer = 0;
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
  glBufferData(GL_SHADER_STORAGE_BUFFER, kCount * 4, keys.data(), GL_DYNAMIC_COPY);
  shadersort::GpuSorter sorter(eglGetProcAddress);
  shadersort::SortRequest request;
  request.keys = buffer;
  request.count = kCount;
  sorter.sort(request);
  std::vector<std::uint32_t> sorted(kCount);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, kCount * 4, sorted.data());
  glDeleteBuffers(1, &buffer);
  for (std::uint32_t i = 1; i < kCount; ++i)
    if (sorted[i - 1] > sorted[i]) return false;
  return true;
}
#endif

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: pixel_consumer IN.pam OUT.pam\n");
    return 1;
  }
  const shadersort::Picture input = readPam(argv[1]);
  if (input.rgba.empty()) {
    std::fprintf(stderr, "pixel_consumer: %s is no 8-bit RGB_ALPHA PAM file\n", argv[1]);
    return 1;
  }
  if (!makeHeadlessContext()) {
    std::fprintf(stderr, "pixel_consumer: no headless OpenGL 4.3 context\n");
    return 2;
  }
  if (!gladLoadGL(eglGetProcAddress) || !GLAD_GL_VERSION_4_3) {
    std::fprintf(stderr, "pixel_consumer: no OpenGL 4.3 functions through this program's glad\n");
    return 2;
  }
  // `run --path angle:30 --spans threshold --lower 0.25 --key lightness` (kRunOptions).
  shadersort::PixelSortSettings settings;
  settings.path = "angle:30";
  settings.spans = "threshold";
  settings.lower = 0.25;
  settings.key = "lightness";
  try {
    shadersort::PixelSorter sorter(eglGetProcAddress);
    const shadersort::Picture sorted = sorter.sort({input.rgba.data(), input.width, input.height}, settings);
    if (sorted.rgba == input.rgba) {
      std::fprintf(stderr, "pixel_consumer: the settings left the picture as it was\n");
      return 1;
    }
    if (sortedInTexture(sorter, input, settings) != sorted.rgba) {
      std::fprintf(stderr, "pixel_consumer: the texture sorted in place differs from the picture sorted in memory\n");
      return 1;
    }
#ifndef CONSUMER_PIXEL_ONLY
    if (!sortsBuffer()) {
      std::fprintf(stderr, "pixel_consumer: GpuSorter left the buffer unsorted\n");
      return 1;
    }
#endif
    if (!writePam(sorted, argv[2])) {
      std::fprintf(stderr, "pixel_consumer: cannot write %s\n", argv[2]);
      return 1;
    }
  } catch (const std::exception& error) {
    std::fprintf(stderr, "pixel_consumer: %s\n", error.what());
    return 1;
  }
#ifdef CONSUMER_PIXEL_ONLY
  std::printf("pixel_consumer: pixel-sorted %dx%d in memory and in a texture\n", input.width, input.height);
#else
  std::printf("pixel_consumer: pixel-sorted %dx%d in memory and in a texture, and a buffer through GpuSorter\n",
              input.width, input.height);
#endif
  return 0;
}

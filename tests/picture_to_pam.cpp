// picture_to_pam IN OUT: writes a picture shadersort reads (PNG, JPEG, WebP, ...) as a PAM file
// (P7, RGB_ALPHA, 8 bits: a header and the raw RGBA rows), decoded as shadersort decodes it. The
// install tests (cmake/test_install*.cmake) give pixel_consumer (tests/library_consumer), which
// reads and writes PAM so that it needs no image library, its input this way, and compare its
// output with `shadersort run --out`'s picture this way. Exits 1 with a one-line error.

#include <cstdio>
#include <exception>
#include <fstream>
#include <string>

#include "data/image.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: picture_to_pam IN OUT\n");
    return 1;
  }
  try {
    const shadersort::Image image = shadersort::loadImage(argv[1]);
    const std::string header = "P7\nWIDTH " + std::to_string(image.width) + "\nHEIGHT " + std::to_string(image.height) +
                               "\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n";
    std::ofstream out(argv[2], std::ios::binary);
    out.write(header.data(), static_cast<std::streamsize>(header.size()));
    out.write(reinterpret_cast<const char*>(image.rgba.data()), static_cast<std::streamsize>(image.rgba.size()));
    if (!out.flush()) {
      std::fprintf(stderr, "picture_to_pam: cannot write %s\n", argv[2]);
      return 1;
    }
  } catch (const std::exception& error) {
    std::fprintf(stderr, "picture_to_pam: %s\n", error.what());
    return 1;
  }
  return 0;
}

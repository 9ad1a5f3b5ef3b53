// The fuzz build's stb_image and stb_image_write: compiled here, with the sanitizers, in place of
// Debian's libstb (which the normal build links).
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>

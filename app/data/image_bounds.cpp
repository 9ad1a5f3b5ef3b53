#include "data/image_bounds.h"

#include <stb_image.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <optional>
#include <string_view>
#include <vector>

#include "data/png_integrity.h"

namespace shadersort {
namespace {

using Bytes = std::span<const std::uint8_t>;

bool startsWith(Bytes bytes, std::string_view magic, std::size_t at = 0) {
  return bytes.size() >= at + magic.size() && std::memcmp(bytes.data() + at, magic.data(), magic.size()) == 0;
}

std::uint32_t be16(Bytes b, std::size_t at) { return at + 2 <= b.size() ? std::uint32_t{b[at]} << 8 | b[at + 1] : 0; }
std::uint32_t be32(Bytes b, std::size_t at) { return at + 4 <= b.size() ? be16(b, at) << 16 | be16(b, at + 2) : 0; }
std::uint32_t le16(Bytes b, std::size_t at) { return at + 2 <= b.size() ? std::uint32_t{b[at + 1]} << 8 | b[at] : 0; }
std::uint32_t le32(Bytes b, std::size_t at) { return at + 4 <= b.size() ? le16(b, at + 2) << 16 | le16(b, at) : 0; }

std::uint64_t ceilDiv(std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; }

std::string sizeText(int width, int height) { return std::to_string(width) + "x" + std::to_string(height); }

// "it is damaged (its 17 bytes cannot hold 16384x16384 pixels as BMP codes them)".
std::string tooSmall(Bytes bytes, int width, int height, std::string_view format) {
  return "it is damaged (its " + std::to_string(bytes.size()) + " bytes cannot hold " + sizeText(width, height) +
         " pixels as " + std::string(format) + " codes them)";
}

std::optional<std::size_t> jpegStart(Bytes bytes) {
  std::size_t at = 0;
  while (at < bytes.size() && bytes[at] == 0xFF) ++at;
  if (at == 0 || at >= bytes.size() || bytes[at] != 0xD8) return std::nullopt;
  return at - 1;
}

// --- PNG -----------------------------------------------------------------------------------------
struct PngHeader {
  std::uint32_t width = 0, height = 0;
  int depth = 0, colourType = 0, interlace = 0;
  int channels() const { return colourType == 0 || colourType == 3 ? 1 : colourType == 2 ? 3 : colourType == 4 ? 2 : 4; }
  bool valid() const {
    const int t = colourType, d = depth;
    const bool depthOk = t == 0 ? (d == 1 || d == 2 || d == 4 || d == 8 || d == 16)
                         : t == 3 ? (d == 1 || d == 2 || d == 4 || d == 8)
                                  : (t == 2 || t == 4 || t == 6) && (d == 8 || d == 16);
    return depthOk && width > 0 && height > 0 && interlace <= 1;
  }
  // The filtered rows the zlib stream holds: a filter byte and the packed samples per row, per
  // Adam7 pass when interlaced.
  std::uint64_t rawBytes() const {
    const auto rows = [&](std::uint64_t w, std::uint64_t h) { return w && h ? h * (1 + ceilDiv(w * channels() * depth, 8)) : 0; };
    if (!interlace) return rows(width, height);
    static constexpr int x0[] = {0, 4, 0, 2, 0, 1, 0}, y0[] = {0, 0, 4, 0, 2, 0, 1};
    static constexpr int dx[] = {8, 8, 4, 4, 2, 2, 1}, dy[] = {8, 8, 8, 4, 4, 2, 2};
    std::uint64_t total = 0;
    for (int pass = 0; pass < 7; ++pass)
      total += rows(width > static_cast<std::uint32_t>(x0[pass]) ? ceilDiv(width - x0[pass], dx[pass]) : 0,
                    height > static_cast<std::uint32_t>(y0[pass]) ? ceilDiv(height - y0[pass], dy[pass]) : 0);
    return total;
  }
};

PngHeader pngHeader(Bytes bytes) {
  // readImageSize has checked the chunks: IHDR comes first, its 13 bytes at offset 16.
  return {be32(bytes, 16), be32(bytes, 20), bytes.size() > 24 ? bytes[24] : 0, bytes.size() > 25 ? bytes[25] : 0,
          bytes.size() > 28 ? bytes[28] : 0};
}

// The IDAT chunks' data, in order; whether an Apple CgBI chunk makes it raw deflate.
std::vector<std::uint8_t> pngImageData(Bytes bytes, bool& apple) {
  std::vector<std::uint8_t> data;
  apple = false;
  for (std::size_t at = 8; at + 12 <= bytes.size();) {
    const std::uint64_t length = be32(bytes, at);
    if (at + 12 + length > bytes.size()) break;
    if (startsWith(bytes, "IDAT", at + 4)) data.insert(data.end(), bytes.begin() + at + 8, bytes.begin() + at + 8 + length);
    if (startsWith(bytes, "CgBI", at + 4)) apple = true;
    if (startsWith(bytes, "IEND", at + 4)) break;
    at += 12 + length;
  }
  return data;
}

std::uint64_t pngIdatBytes(Bytes bytes) {
  std::uint64_t total = 0;
  for (std::size_t at = 8; at + 12 <= bytes.size();) {
    const std::uint64_t length = be32(bytes, at);
    if (startsWith(bytes, "IDAT", at + 4)) total += length;
    if (startsWith(bytes, "IEND", at + 4)) break;
    at += 12 + length;
  }
  return total;
}

std::string pngCarryDamage(Bytes bytes, int width, int height) {
  const PngHeader header = pngHeader(bytes);
  if (!header.valid())
    return "it is damaged (a PNG with colour type " + std::to_string(header.colourType) + " and bit depth " +
           std::to_string(header.depth) + " does not exist)";
  // stb_image refuses more than 2^30 samples (its check in stbi__parse_png_file).
  if (std::uint64_t{header.width} * header.height * header.channels() > (1ull << 30))
    return "it has " + sizeText(width, height) + " pixels of " + std::to_string(header.channels()) +
           " samples, more than the PNG decoder takes (2^30 samples)";
  // Deflate codes at most 258 bytes in a length and a distance code of 1 bit each: 1032:1.
  if (header.rawBytes() > pngIdatBytes(bytes) * 1032 + 2 * 1032) return tooSmall(bytes, width, height, "PNG");
  return {};
}

// --- JPEG ----------------------------------------------------------------------------------------
struct JpegComponent {
  int id = 0, h = 1, v = 1, quantTable = 0;
};
struct JpegScan {
  std::vector<int> components;  // indices into the frame's components
  int spectralStart = 0, approximationHigh = 0;
  std::uint64_t dataBytes = 0;
  std::string missingTable;  // a table the scan uses that no earlier segment defined
};
struct JpegLayout {
  bool frame = false, progressive = false;
  int width = 0, height = 0;
  std::vector<JpegComponent> components;
  std::vector<JpegScan> scans;
  int hMax() const {
    int most = 1;
    for (const JpegComponent& c : components) most = std::max(most, c.h);
    return most;
  }
  int vMax() const {
    int most = 1;
    for (const JpegComponent& c : components) most = std::max(most, c.v);
    return most;
  }
  // 8x8 blocks of component c inside the picture (stb_image decodes at least these).
  std::uint64_t blocks(const JpegComponent& c) const {
    return ceilDiv(ceilDiv(std::uint64_t(width) * c.h, hMax()), 8) * ceilDiv(ceilDiv(std::uint64_t(height) * c.v, vMax()), 8);
  }
};

// The frame (SOF0, SOF1 or SOF2: the ones stb_image decodes) and the scans, with the bytes of
// entropy-coded data after each, walking the markers as stb_image does.
JpegLayout jpegLayout(Bytes bytes, std::size_t start) {
  JpegLayout layout;
  JpegScan* scan = nullptr;
  // Tables defined so far (stb_image keeps them in memory it does not clear).
  std::array<bool, 4> quant{}, dc{}, ac{};
  std::size_t at = start + 2;
  while (at + 1 < bytes.size()) {
    if (bytes[at] != 0xFF) {
      if (scan) ++scan->dataBytes;
      ++at;
      continue;
    }
    const std::uint8_t marker = bytes[at + 1];
    if (marker == 0xFF) {
      ++at;
      continue;
    }
    if (marker == 0x00 || (marker >= 0xD0 && marker <= 0xD7)) {  // stuffed zero, restart marker
      if (scan) scan->dataBytes += 2;
      at += 2;
      continue;
    }
    if (marker == 0x01) {
      at += 2;
      continue;
    }
    if (marker == 0xD9) break;
    scan = nullptr;
    if (at + 3 >= bytes.size()) break;
    const std::size_t length = be16(bytes, at + 2), body = at + 4;
    if (body + length - 2 > bytes.size()) break;
    if ((marker == 0xC0 || marker == 0xC1 || marker == 0xC2) && !layout.frame && length >= 8) {
      layout.frame = true;
      layout.progressive = marker == 0xC2;
      layout.height = static_cast<int>(be16(bytes, body + 1));
      layout.width = static_cast<int>(be16(bytes, body + 3));
      const int count = bytes[body + 5];
      for (int i = 0; i < count && body + 6 + 3 * i + 2 < at + 2 + length; ++i) {
        const std::size_t c = body + 6 + 3 * i;
        layout.components.push_back({bytes[c], std::max(1, bytes[c + 1] >> 4), std::max(1, bytes[c + 1] & 15), bytes[c + 2] & 3});
      }
    } else if (marker == 0xDB) {
      for (std::size_t table = body; table < at + 2 + length;) {
        quant[bytes[table] & 3] = true;
        table += 1 + 64 * ((bytes[table] >> 4) ? 2 : 1);
      }
    } else if (marker == 0xC4) {
      for (std::size_t table = body; table + 17 <= at + 2 + length;) {
        std::size_t codes = 0;
        for (std::size_t i = 1; i <= 16; ++i) codes += bytes[table + i];
        ((bytes[table] >> 4) ? ac : dc)[bytes[table] & 3] = true;
        table += 17 + codes;
      }
    } else if (marker == 0xDA && length >= 3) {
      JpegScan next;
      const int count = bytes[body];
      const std::size_t tail = body + 1 + 2 * static_cast<std::size_t>(count);
      if (tail + 2 >= bytes.size()) break;
      next.spectralStart = bytes[tail];
      next.approximationHigh = bytes[tail + 2] >> 4;
      // Baseline scans use both Huffman tables; progressive ones the DC table for a first DC
      // scan, the AC table for AC scans, none for DC refinement.
      const bool usesDc = !layout.progressive || (next.spectralStart == 0 && next.approximationHigh == 0);
      const bool usesAc = !layout.progressive || next.spectralStart != 0;
      for (int i = 0; i < count; ++i) {
        const int id = bytes[body + 1 + 2 * i], tables = bytes[body + 2 + 2 * i];
        // stb_image takes the first component with that id.
        for (std::size_t c = 0; c < layout.components.size(); ++c)
          if (layout.components[c].id == id) {
            next.components.push_back(static_cast<int>(c));
            if (!quant[layout.components[c].quantTable]) next.missingTable = "quantization";
            break;
          }
        if ((usesDc && !dc[(tables >> 4) & 3]) || (usesAc && !ac[tables & 3])) next.missingTable = "Huffman";
      }
      layout.scans.push_back(next);
      scan = &layout.scans.back();
    }
    at += 2 + length;
  }
  return layout;
}

std::string jpegCarryDamage(Bytes bytes, std::size_t start) {
  const JpegLayout layout = jpegLayout(bytes, start);
  if (!layout.frame || layout.width == 0 || layout.height == 0) return {};  // stb_image refuses it
  if (layout.scans.empty()) return "it is damaged (a JPEG frame with no scan: it holds no pixels)";
  // A scan that starts a component's DC coefficients: stb_image writes (baseline) or zeroes
  // (progressive) each block of the components in it; blocks no such scan reaches stay
  // uninitialised. Each block's DC difference is a Huffman code of at least 1 bit.
  std::vector<bool> started(layout.components.size(), false);
  for (const JpegScan& scan : layout.scans) {
    if (!scan.missingTable.empty())
      return "it is damaged (a JPEG scan uses a " + scan.missingTable + " table that no segment before it defines)";
    if (layout.progressive && (scan.spectralStart != 0 || scan.approximationHigh != 0)) continue;
    std::uint64_t blocks = 0;
    for (int c : scan.components) {
      started[c] = true;
      blocks += layout.blocks(layout.components[c]);
    }
    if (scan.dataBytes * 8 < blocks)
      return "it is damaged (a JPEG scan of " + std::to_string(scan.dataBytes) + " bytes cannot hold the " +
             std::to_string(blocks) + " blocks of " + sizeText(layout.width, layout.height) + " pixels)";
  }
  for (std::size_t c = 0; c < started.size(); ++c)
    if (!started[c])
      return "it is damaged (no JPEG scan holds its component " + std::to_string(layout.components[c].id) + ")";
  return {};
}

std::uint64_t jpegDecodeBytes(Bytes bytes, std::size_t start, std::uint64_t pixels) {
  const JpegLayout layout = jpegLayout(bytes, start);
  if (!layout.frame) return 4 * pixels;
  // stbi__alloc_jpeg_components: per component a plane padded to whole MCUs, and for progressive
  // files 2 bytes of coefficients per sample; then the RGBA result.
  const std::uint64_t mcuX = ceilDiv(layout.width, 8 * layout.hMax()), mcuY = ceilDiv(layout.height, 8 * layout.vMax());
  std::uint64_t planes = 0;
  for (const JpegComponent& c : layout.components) planes += (mcuX * c.h * 8 + 16) * (mcuY * c.v * 8) + 64;
  return planes * (layout.progressive ? 3 : 1) + 4 * pixels;
}

// --- GIF -----------------------------------------------------------------------------------------
// The pixels stb_image's LZW decoder (stbi__process_gif_raster) writes from the data at `at`, with
// its rules: a clear code first, codes up to the next free entry, code sizes up to 12 bits and
// entries up to 8192. Empty when the data is cut short or broken (stb_image refuses those).
std::optional<std::uint64_t> gifLzwPixels(Bytes bytes, std::size_t at) {
  if (at >= bytes.size()) return std::nullopt;
  const int minimum = bytes[at++];
  if (minimum > 12) return std::nullopt;
  const int clear = 1 << minimum;
  std::vector<std::uint32_t> length(8193, 1);
  int codeSize = minimum + 1, codeMask = (1 << codeSize) - 1, available = clear + 2, oldCode = -1;
  bool first = true;
  std::uint32_t bits = 0;
  int validBits = 0;
  std::size_t blockLeft = 0;
  std::uint64_t pixels = 0;
  for (;;) {
    if (validBits < codeSize) {
      if (blockLeft == 0) {
        if (at >= bytes.size()) return std::nullopt;
        blockLeft = bytes[at++];
        if (blockLeft == 0) return pixels;
      }
      if (at >= bytes.size()) return std::nullopt;
      --blockLeft;
      bits |= std::uint32_t{bytes[at++]} << validBits;
      validBits += 8;
      continue;
    }
    const int code = static_cast<int>(bits & static_cast<std::uint32_t>(codeMask));
    bits >>= codeSize;
    validBits -= codeSize;
    if (code == clear) {
      codeSize = minimum + 1;
      codeMask = (1 << codeSize) - 1;
      available = clear + 2;
      oldCode = -1;
      first = false;
    } else if (code == clear + 1) {
      return pixels;
    } else if (code <= available) {
      if (first) return std::nullopt;
      if (oldCode >= 0) {
        if (available + 1 > 8192) return std::nullopt;
        length[available] = length[oldCode] + 1;
        ++available;
      } else if (code == available) {
        return std::nullopt;
      }
      pixels += length[code];
      if ((available & codeMask) == 0 && available <= 0x0FFF) {
        ++codeSize;
        codeMask = (1 << codeSize) - 1;
      }
      oldCode = code;
    } else {
      return std::nullopt;
    }
  }
}

std::string gifCarryDamage(Bytes bytes, int width, int height) {
  if (bytes.size() < 13) return {};
  std::size_t at = 13;
  if (bytes[10] & 0x80) at += 3 * (2u << (bytes[10] & 7));
  // The blocks before the first image, as stbi__gif_load_next reads them.
  while (at < bytes.size()) {
    const std::uint8_t tag = bytes[at++];
    if (tag == 0x3B) return "it is damaged (a GIF that holds no image)";
    if (tag == 0x21) {
      if (at >= bytes.size()) break;
      // A graphic control extension of another length than 4 is skipped without its sub-blocks.
      if (bytes[at++] == 0xF9) {
        if (at >= bytes.size()) break;
        const std::size_t length = bytes[at++];
        at += length;
        if (length != 4) continue;
      }
      while (at < bytes.size() && bytes[at] != 0) at += 1 + bytes[at];
      ++at;
      continue;
    }
    if (tag != 0x2C) return {};  // stb_image refuses it ("unknown code")
    if (at + 9 > bytes.size()) return "it is cut short (it ends inside a GIF image descriptor)";
    const int x = static_cast<int>(le16(bytes, at)), y = static_cast<int>(le16(bytes, at + 2));
    const int w = static_cast<int>(le16(bytes, at + 4)), h = static_cast<int>(le16(bytes, at + 6));
    const std::uint8_t flags = bytes[at + 8];
    at += 9;
    if (flags & 0x80) at += 3 * (2u << (flags & 7));
    // Pixels outside the first image would come out transparent black, not from the file.
    if (x != 0 || y != 0 || w != width || h != height)
      return "it is damaged (its first GIF image covers " + sizeText(w, h) + " of its " + sizeText(width, height) +
             " screen)";
    const auto pixels = gifLzwPixels(bytes, at);
    if (!pixels) return {};  // stb_image refuses broken LZW data; decodeImage a cut-short one
    if (*pixels < std::uint64_t(width) * height)
      return "it is damaged (its GIF image data covers " + std::to_string(*pixels) + " of its " +
             std::to_string(std::uint64_t(width) * height) + " pixels)";
    return {};
  }
  return "it is cut short (it ends before its first GIF image)";
}

// --- raw and run-length formats -----------------------------------------------------------------
// BMP: rows of whole 4-byte words from the pixel data offset (stb_image reads no RLE BMP).
std::string bmpCarryDamage(Bytes bytes, int width, int height) {
  const std::uint32_t headerSize = le32(bytes, 14);
  const std::uint64_t bitsPerPixel = headerSize == 12 ? le16(bytes, 24) : le16(bytes, 28);
  const std::uint64_t offset = std::max<std::uint64_t>(le32(bytes, 10), 14 + headerSize);
  const std::uint64_t row = ceilDiv(std::uint64_t(width) * bitsPerPixel, 32) * 4;
  if (offset + row * (height - 1) + ceilDiv(std::uint64_t(width) * bitsPerPixel, 8) > bytes.size())
    return tooSmall(bytes, width, height, "BMP");
  if (bitsPerPixel != 1 && bitsPerPixel != 4 && bitsPerPixel != 8) return {};
  // stb_image looks colours up in a 256-entry array of which it fills only the palette's
  // entries (as many as fit between the header and the pixels): a larger index reads the rest,
  // uninitialised.
  const std::int64_t palette =
      headerSize == 12 ? (static_cast<std::int64_t>(le32(bytes, 10)) - 14 - 24) / 3
                       : (static_cast<std::int64_t>(le32(bytes, 10)) - 14 - static_cast<std::int64_t>(headerSize)) / 4;
  if (palette <= 0) return {};  // stb_image refuses it
  for (std::uint64_t y = 0; y < static_cast<std::uint64_t>(height); ++y)
    for (std::uint64_t x = 0; x < static_cast<std::uint64_t>(width); ++x) {
      const std::uint64_t bit = x * bitsPerPixel;
      const std::uint8_t byte = bytes[offset + y * row + bit / 8];
      const int index = (byte >> (8 - bitsPerPixel - bit % 8)) & ((1 << bitsPerPixel) - 1);
      if (index >= palette)
        return "it is damaged (a BMP pixel uses colour " + std::to_string(index) + " of its palette of " +
               std::to_string(palette) + ")";
    }
  return {};
}

// TGA: 18 header bytes, an id, a palette, then pixels; a run-length packet is 1 byte and one
// pixel for at most 128 pixels.
std::string tgaCarryDamage(Bytes bytes, int width, int height) {
  if (bytes.size() < 18) return {};
  const bool indexed = bytes[1] != 0, runLength = bytes[2] >= 8;
  const std::uint64_t pixelBytes = ceilDiv(bytes[16], 8);
  std::uint64_t header = 18 + bytes[0];
  if (indexed) header += le16(bytes, 5) * ceilDiv(bytes[7], 8);
  const std::uint64_t pixels = std::uint64_t(width) * height;
  const std::uint64_t data = runLength ? ceilDiv(pixels, 128) * (1 + pixelBytes) : pixels * pixelBytes;
  if (header + data > bytes.size()) return tooSmall(bytes, width, height, "TGA");
  return {};
}

// PNM (P5, P6): raw 8-bit samples (16-bit PNM is refused before) from one byte after the maxval,
// read in one block that stb_image leaves unwritten when the file is short: the header is walked
// as stbi__pnm_info walks it (whitespace and # comments before each number).
std::string pnmCarryDamage(Bytes bytes, int width, int height) {
  std::size_t at = 2;
  for (int number = 0; number < 3; ++number) {
    for (;;) {
      while (at < bytes.size() && std::isspace(bytes[at])) ++at;
      if (at >= bytes.size() || bytes[at] != '#') break;
      while (at < bytes.size() && bytes[at] != '\n' && bytes[at] != '\r') ++at;
    }
    while (at < bytes.size() && std::isdigit(bytes[at])) ++at;
  }
  const std::uint64_t channels = bytes[1] == '6' ? 3 : 1;
  if (at + 1 + std::uint64_t(width) * height * channels > bytes.size()) return tooSmall(bytes, width, height, "PNM");
  return {};
}

// PSD: raw planes, or PackBits (2 bytes for a run of at most 128 samples) after a table of
// 2 bytes per row and channel.
std::string psdCarryDamage(Bytes bytes, int width, int height) {
  const std::uint64_t channels = std::min<std::uint32_t>(be16(bytes, 12), 4), depthBytes = be16(bytes, 22) == 16 ? 2 : 1;
  std::size_t at = 26;
  for (int section = 0; section < 3 && at + 4 <= bytes.size(); ++section) at += 4 + std::uint64_t{be32(bytes, at)};
  const bool runLength = be16(bytes, at) == 1;
  const std::uint64_t pixels = std::uint64_t(width) * height;
  const std::uint64_t data = runLength ? std::uint64_t(height) * channels * 2 + channels * ceilDiv(pixels, 128) * 2
                                       : pixels * channels * depthBytes;
  if (std::uint64_t{at} + 2 + data > bytes.size()) return tooSmall(bytes, width, height, "PSD");
  return {};
}

// HDR: a scanline is 4 bytes a pixel, or (8 to 32767 wide) a 4-byte header and per channel runs
// of at most 127 values in 2 bytes.
// The data starts after the line that follows the header's empty line (the resolution line).
std::string hdrCarryDamage(Bytes bytes, int width, int height) {
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  const std::size_t empty = text.find("\n\n");
  const std::size_t resolutionEnd = empty == std::string_view::npos ? empty : text.find('\n', empty + 2);
  if (resolutionEnd == std::string_view::npos) return {};  // stb_image finds no resolution line
  const std::uint64_t flat = 4ull * width;
  const std::uint64_t scanline = width >= 8 && width < 32768 ? std::min(flat, 4 + 4 * 2 * ceilDiv(width, 127)) : flat;
  if (resolutionEnd + 1 + scanline * height > bytes.size()) return tooSmall(bytes, width, height, "HDR");
  return {};
}

// PIC: each scanline holds at least one packet of 2 bytes, for at most 65535 pixels.
std::string picCarryDamage(Bytes bytes, int width, int height) {
  if (std::uint64_t(height) * 2 * ceilDiv(width, 65535) > bytes.size()) return tooSmall(bytes, width, height, "PIC");
  return {};
}

}  // namespace

ImageFormat imageFormatOf(Bytes bytes) {
  if (jpegStart(bytes)) return ImageFormat::Jpeg;
  if (hasPngSignature(bytes)) return ImageFormat::Png;
  if (startsWith(bytes, "BM")) {
    const std::uint32_t header = le32(bytes, 14);
    if (header == 12 || header == 40 || header == 56 || header == 108 || header == 124) return ImageFormat::Bmp;
  }
  if (startsWith(bytes, "GIF87a") || startsWith(bytes, "GIF89a")) return ImageFormat::Gif;
  if (startsWith(bytes, "8BPS")) return ImageFormat::Psd;
  if (startsWith(bytes, "\x53\x80\xF6\x34") && startsWith(bytes, "PICT", 88)) return ImageFormat::Pic;
  if (startsWith(bytes, "P5") || startsWith(bytes, "P6")) return ImageFormat::Pnm;
  if (startsWith(bytes, "#?RADIANCE\n") || startsWith(bytes, "#?RGBE\n")) return ImageFormat::Hdr;
  return ImageFormat::Tga;
}

std::string imageCarryDamage(Bytes bytes, int width, int height) {
  if (width <= 0 || height <= 0) return "its header declares no pixels";
  switch (imageFormatOf(bytes)) {
    case ImageFormat::Png: return pngCarryDamage(bytes, width, height);
    case ImageFormat::Jpeg: return jpegCarryDamage(bytes, *jpegStart(bytes));
    case ImageFormat::Bmp: return bmpCarryDamage(bytes, width, height);
    case ImageFormat::Gif: return gifCarryDamage(bytes, width, height);
    case ImageFormat::Psd: return psdCarryDamage(bytes, width, height);
    case ImageFormat::Pic: return picCarryDamage(bytes, width, height);
    case ImageFormat::Pnm: return pnmCarryDamage(bytes, width, height);
    case ImageFormat::Hdr: return hdrCarryDamage(bytes, width, height);
    case ImageFormat::Tga: return tgaCarryDamage(bytes, width, height);
  }
  return {};
}

std::uint64_t imageDecodeBytes(Bytes bytes, int width, int height) {
  const std::uint64_t pixels = std::uint64_t(std::max(width, 0)) * std::uint64_t(std::max(height, 0));
  const std::uint64_t file = bytes.size();
  std::uint64_t decoder = 0;  // stb_image's peak, from its loaders
  switch (imageFormatOf(bytes)) {
    case ImageFormat::Png: {
      // The IDAT data gathered (grown by doubling), the inflated rows, the unfiltered picture (twice when interlaced,
      // 8 bytes a pixel at 16 bits), and the 8-bit RGBA conversion.
      const PngHeader header = pngHeader(bytes);
      const std::uint64_t depthBytes = header.depth == 16 ? 2 : 1;
      decoder = 2 * file + header.rawBytes() + pixels * (2 * 4 * depthBytes + 4);
      break;
    }
    case ImageFormat::Jpeg: decoder = jpegDecodeBytes(bytes, *jpegStart(bytes), pixels); break;
    case ImageFormat::Gif: decoder = pixels * 9; break;                   // picture, background, history
    case ImageFormat::Psd: decoder = pixels * 12; break;                  // 16-bit planes, then 8-bit
    case ImageFormat::Hdr: decoder = pixels * 20 + 4ull * width; break;   // floats, then bytes
    case ImageFormat::Pnm: decoder = pixels * 7; break;                   // samples, then RGBA
    case ImageFormat::Bmp:
    case ImageFormat::Pic:
    case ImageFormat::Tga: decoder = pixels * 8; break;                   // pixels, then RGBA
  }
  // decodeImage: the file and a padded copy, the first decode's RGBA kept while the second runs,
  // then both decodes and the Image.
  const std::uint64_t padding = 4ull * std::max(width, 0) + (1u << 19);
  return 2 * file + padding + std::max(decoder + 4 * pixels, 12 * pixels);
}

std::string pngStreamDamage(Bytes bytes) {
  bool apple = false;
  const std::vector<std::uint8_t> stream = pngImageData(bytes, apple);
  if (apple) return {};  // raw deflate without a zlib checksum
  const PngHeader header = pngHeader(bytes);
  const std::uint64_t expected = header.rawBytes();
  if (stream.size() < 6 || expected > 0x7FFFFFFF || stream.size() > 0x7FFFFFFF) return {};  // stb_image refuses these
  // One byte more than needed tells a stream with too much data from one that fits.
  std::vector<char> rows(static_cast<std::size_t>(expected) + 1);
  const int got = stbi_zlib_decode_buffer(rows.data(), static_cast<int>(rows.size()),
                                          reinterpret_cast<const char*>(stream.data()), static_cast<int>(stream.size()));
  if (got < 0) {
    const char* reason = stbi_failure_reason();
    if (reason && std::strcmp(reason, "output buffer limit") == 0)
      return "it is damaged (its image data inflates to more bytes than its size needs)";
    return {};  // stb_image refuses the stream too, with its reason
  }
  if (static_cast<std::uint64_t>(got) != expected)
    return "it is damaged (its image data inflates to " + std::to_string(got) + " bytes, its size needs " +
           std::to_string(expected) + ")";
  // Adler-32 (RFC 1950) of the inflated bytes, stored big-endian after the deflate data.
  std::uint32_t a = 1, b = 0;
  for (std::size_t i = 0; i < static_cast<std::size_t>(got);) {
    for (const std::size_t end = std::min<std::size_t>(got, i + 5552); i < end; ++i) {
      a += static_cast<std::uint8_t>(rows[i]);
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  if ((b << 16 | a) != be32(Bytes(stream), stream.size() - 4))
    return "it is damaged (the Adler-32 checksum of its image data is wrong)";
  return {};
}

}  // namespace shadersort

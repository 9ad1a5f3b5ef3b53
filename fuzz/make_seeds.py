#!/usr/bin/env python3
"""Writes the committed seed corpus of the fuzz targets (fuzz/corpus/TARGET/...): small valid
inputs of every kind each target reads, so that fuzzing starts from the interesting paths.
Run from the repository root: python3 fuzz/make_seeds.py. The JPEG seeds need a C compiler and
Debian's libstb-dev (stb_image_write), the video seeds FFmpeg's development libraries (the
project's own build needs them); everything else is written here byte by byte."""

import os
import struct
import subprocess
import tempfile
import zlib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")


def put(target, name, data):
    folder = os.path.join(ROOT, target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


# --- images ------------------------------------------------------------------------------------
def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, colour_type, depth, rows, palette=None, transparency=None, interlaced=False, raw=None):
    """rows: per row, a list of samples (already packed per channel, `depth` bits each); or `raw`, the
    filtered rows as they are."""
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour_type]

    def pack(row):
        if depth >= 8:
            size = depth // 8
            return b"".join(v.to_bytes(size, "big") for v in row)
        bits, count, out = 0, 0, bytearray()
        for v in row:
            bits = (bits << depth) | v
            count += depth
            if count == 8:
                out.append(bits)
                bits, count = 0, 0
        if count:
            out.append(bits << (8 - count))
        return bytes(out)

    if raw is not None:
        pass  # given as it is
    elif not interlaced:
        raw = b"".join(b"\x00" + pack(row) for row in rows)
    else:  # Adam7: seven passes over the pixel grid, each with its own filtered rows
        passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        raw = b""
        for x0, y0, dx, dy in passes:
            for y in range(y0, height, dy):
                samples = []
                for x in range(x0, width, dx):
                    samples += rows[y][x * channels:(x + 1) * channels]
                if samples:
                    raw += b"\x00" + pack(samples)
    data = b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0,
                                                                  1 if interlaced else 0))
    if palette:
        data += png_chunk(b"PLTE", bytes(palette))
    if transparency:
        data += png_chunk(b"tRNS", bytes(transparency))
    return data + png_chunk(b"IDAT", zlib.compress(raw, 9)) + png_chunk(b"IEND", b"")


# GIF LZW (variable-width codes, least significant bit first), for the GIF seeds.
def lzw(indices, minimum):
    clear, end = 1 << minimum, (1 << minimum) + 1
    table = {bytes([i]): i for i in range(clear)}
    width, next_code, codes, current = minimum + 1, end + 1, [clear], b""
    for index in indices:
        candidate = current + bytes([index])
        if candidate in table:
            current = candidate
            continue
        codes.append((table[current], width))
        table[candidate] = next_code
        next_code += 1
        if next_code > (1 << width) and width < 12:
            width += 1
        current = bytes([index])
    codes.append((table[current], width))
    codes.append((end, width))
    codes[0] = (clear, minimum + 1)
    bits, count, out = 0, 0, bytearray()
    for code, size in codes:
        bits |= code << count
        count += size
        while count >= 8:
            out.append(bits & 0xFF)
            bits >>= 8
            count -= 8
    if count:
        out.append(bits)
    return bytes(out)


def images(t):
    rgba = [[(x * 60 + c * 40 + y * 17) % 256 for x in range(4) for c in range(4)] for y in range(3)]
    put(t, "rgba8.png", png(4, 3, 6, 8, rgba))
    put(t, "rgba8-interlaced.png", png(4, 3, 6, 8, rgba, interlaced=True))
    put(t, "rgb16.png", png(3, 2, 2, 16, [[(x * 9000 + c * 7000 + y * 3000) % 65536 for x in range(3) for c in range(3)]
                                          for y in range(2)]))
    put(t, "rgba16.png", png(2, 2, 6, 16, [[(x * 20000 + c * 9000 + y) % 65536 for x in range(2) for c in range(4)]
                                           for y in range(2)]))
    for depth in (1, 2, 4, 8, 16):
        put(t, "grey%d.png" % depth, png(5, 2, 0, depth, [[(x + y) % (1 << depth) for x in range(5)] for y in range(2)]))
    put(t, "grey-alpha8.png", png(3, 2, 4, 8, [[(x * 80 + c * 100) % 256 for x in range(3) for c in range(2)]
                                               for y in range(2)]))
    put(t, "grey-alpha16.png", png(2, 1, 4, 16, [[1000, 65535, 40000, 0]]))
    palette = [0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255]
    for depth in (1, 2, 4, 8):
        put(t, "palette%d.png" % depth, png(5, 2, 3, depth, [[(x + y) % min(4, 1 << depth) for x in range(5)]
                                                              for y in range(2)], palette=palette, transparency=[255, 128]))

    # BMP: bottom-up rows padded to 4 bytes, BITMAPINFOHEADER.
    def bmp(width, height, bits, pixel_rows, palette=b""):
        stride = (width * bits + 31) // 32 * 4
        body = b"".join(row.ljust(stride, b"\x00") for row in reversed(pixel_rows))
        offset = 14 + 40 + len(palette)
        header = b"BM" + struct.pack("<IHHI", offset + len(body), 0, 0, offset)
        info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, bits, 0, len(body), 2835, 2835,
                           len(palette) // 4 if palette else 0, 0)
        return header + info + palette + body

    put(t, "rgb24.bmp", bmp(3, 2, 24, [bytes([10, 20, 30] * 3), bytes([200, 100, 50] * 3)]))
    put(t, "rgba32.bmp", bmp(2, 2, 32, [bytes([1, 2, 3, 255, 4, 5, 6, 128]), bytes([7, 8, 9, 0, 10, 11, 12, 64])]))
    put(t, "palette8.bmp", bmp(3, 2, 8, [bytes([0, 1, 2]), bytes([2, 1, 0])],
                               palette=bytes([0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 0])))

    # TGA: uncompressed true colour (type 2), run-length true colour (10), grey (3).
    def tga(kind, width, height, bits, body, descriptor=0x20):
        return struct.pack("<BBBHHBHHHHBB", 0, 0, kind, 0, 0, 0, 0, 0, width, height, bits, descriptor) + body

    put(t, "rgb24.tga", tga(2, 2, 2, 24, bytes(range(12))))
    put(t, "rgba32-rle.tga", tga(10, 4, 1, 32, bytes([0x82, 1, 2, 3, 255, 0x00, 9, 8, 7, 6]), descriptor=0x28))
    put(t, "grey8.tga", tga(3, 3, 1, 8, bytes([0, 128, 255])))

    # GIF: 4x2, four colours.
    pixels = [0, 1, 2, 3, 3, 2, 1, 0]
    data = lzw(pixels, 2)
    gif = (b"GIF89a" + struct.pack("<HHBBB", 4, 2, 0x81, 0, 0) + bytes([0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255]) +
           b"\x21\xf9\x04\x01\x00\x00\x01\x00" +  # graphic control: colour 1 transparent
           b"," + struct.pack("<HHHHB", 0, 0, 4, 2, 0) + bytes([2, len(data)]) + data + b"\x00;")
    put(t, "palette.gif", gif)

    put(t, "rgb.ppm", b"P6\n2 2\n255\n" + bytes(range(0, 240, 20)))
    put(t, "grey.pgm", b"P5 3 1 255\n" + bytes([0, 100, 255]))
    put(t, "rgb16.ppm", b"P6\n1 1\n65535\n" + bytes([0xFF, 0xFF, 0x80, 0x00, 0x00, 0x01]))
    put(t, "rgbe.hdr", b"#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 2 +X 2\n" + bytes([128, 64, 32, 129] * 4))
    # PSD: RGB, 8 bits, raw planar channels.
    put(t, "rgb8.psd", b"8BPS" + struct.pack(">H6xHIIHH", 1, 3, 2, 2, 8, 3) + struct.pack(">III", 0, 0, 0) +
        struct.pack(">H", 0) + bytes([255, 0, 0, 255]) + bytes([0, 255, 0, 255]) + bytes([0, 0, 255, 255]))

    source = r"""
#include <stdio.h>
#include <stb_image_write.h>
static void out(void *f, void *data, int size) { fwrite(data, 1, size, (FILE *)f); }
int main(int argc, char **argv) {
  unsigned char rgb[8 * 8 * 3];
  for (int i = 0; i < 8 * 8 * 3; ++i) rgb[i] = (unsigned char)(i * 37);
  FILE *a = fopen(argv[1], "wb"), *b = fopen(argv[2], "wb");
  stbi_write_jpg_to_func(out, a, 8, 8, 3, rgb, 90);
  stbi_write_jpg_to_func(out, b, 5, 3, 1, rgb, 50);
  return fclose(a) | fclose(b);
}
"""
    with tempfile.TemporaryDirectory() as scratch:
        program = os.path.join(scratch, "jpeg")
        subprocess.run(["cc", "-x", "c", "-", "-I/usr/include/stb", "-o", program, "-lstb", "-lm"], input=source.encode(),
                       check=True)
        folder = os.path.join(ROOT, t)
        subprocess.run([program, os.path.join(folder, "rgb.jpg"), os.path.join(folder, "grey.jpg")], check=True)


# --- the image intake: the files issue 28 found, which small files ask for gigabytes with or leave
# pixels unwritten in, and the formats no other seed has -----------------------------------------
def intake():
    t = "fuzz_image_intake"
    images(t)
    filler = bytes(range(100))
    # A frame header of 16384x16384 and no scan (17 bytes); 256x256 with three components, no scan.
    put(t, "issue28-16384-no-scan.jpg", b"\xff\xd8\xff\xc0\x00\x0b\x08\x40\x00\x40\x00\x01\x01\x11\x00\xff\xd9")
    put(t, "issue28-256-no-scan.jpg", b"\xff\xd8\xff\xc0\x00\x11\x08\x01\x00\x01\x00\x03\x01\x11\x00\x02\x11"
        b"\x00\x03\x11\x00\xff\xd9")
    # 24000x24000 24-bit BMP, 27000x27000 TGA and 24000x24000 PPM headers with 100 bytes of pixels.
    put(t, "issue28-huge.bmp", b"BM" + struct.pack("<IHHI", 154, 0, 0, 54) +
        struct.pack("<IiiHHIIiiII", 40, 24000, 24000, 1, 24, 0, 0, 2835, 2835, 0, 0) + filler)
    put(t, "issue28-huge.tga", struct.pack("<BBBHHBHHHHBB", 0, 0, 2, 0, 0, 0, 0, 0, 27000, 27000, 24, 0x20) + filler)
    put(t, "issue28-huge.ppm", b"P6\n24000 24000\n255\n" + filler)
    # 8192x8192 RGBA of zeros at zlib's best (about 260 KB: deflate's 1032:1 holds it).
    put(t, "issue28-zero-8192.png", png(8192, 8192, 6, 8, None, raw=b"\x00" * (8192 * (1 + 8192 * 4))))
    # The largest PNG sizes: headers (and a little data) only.
    for side in (32768, 65536):
        put(t, "issue28-%d.png" % side, png(side, side, 6, 8, None, raw=b"\x00" * 64))
    # Valid CRCs, a wrong zlib Adler-32.
    good = png(3, 2, 2, 8, [[x * 40 + c * 9 + y for x in range(3) for c in range(3)] for y in range(2)])
    at = good.index(b"IDAT")
    length = struct.unpack(">I", good[at - 4:at])[0]
    data = bytearray(good[at + 4:at + 4 + length])
    data[-1] ^= 0x01
    put(t, "issue28-bad-adler.png", good[:at - 4] + png_chunk(b"IDAT", bytes(data)) + good[at + 8 + length:])
    # A 37x23 screen (851 pixels) whose image's LZW data covers 10; a GIF with no image.
    data = lzw([1] * 10, 2)
    put(t, "issue28-10-of-851.gif", b"GIF89a" + struct.pack("<HHBBB", 37, 23, 0x81, 0, 0) +
        bytes([0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255]) + b"," + struct.pack("<HHHHB", 0, 0, 37, 23, 0) +
        bytes([2, len(data)]) + data + b"\x00;")
    put(t, "issue28-no-image.gif", b"GIF89a" + struct.pack("<HHBBB", 1, 1, 0, 0, 0) + b";")
    # Top-down 24-bit BMP (negative height), 3x2.
    rows = bytes([10, 20, 30] * 3) + b"\x00" * 3 + bytes([200, 100, 50] * 3) + b"\x00" * 3
    put(t, "issue28-top-down.bmp", b"BM" + struct.pack("<IHHI", 54 + len(rows), 0, 0, 54) +
        struct.pack("<IiiHHIIiiII", 40, 3, -2, 1, 24, 0, len(rows), 2835, 2835, 0, 0) + rows)
    put(t, "issue28-maxval-100.ppm", b"P6\n2 1\n100\n" + bytes([0, 50, 100, 100, 25, 1]))
    put(t, "issue28-maxval-0.ppm", b"P6\n1 1\n0\n" + bytes([0, 0, 0]))
    # Softimage PIC, 2x2 RGB, one uncompressed channel packet.
    put(t, "rgb.pic", b"\x53\x80\xf6\x34" + bytes(84) + b"PICT" + struct.pack(">HHIHH", 2, 2, 0, 0, 0) +
        bytes([0, 8, 0, 0xE0]) + bytes(range(10, 130, 10)))


# --- raw key and value files --------------------------------------------------------------------
def raw_words():
    t = "fuzz_raw_words"
    put(t, "empty", b"")
    put(t, "one", struct.pack("<I", 7))
    put(t, "ties", struct.pack("<8I", 3, 1, 3, 2, 1, 3, 0, 0xFFFFFFFF))
    put(t, "float-specials", struct.pack("<10I", 0x7FC00000, 0xFF800000, 0x3F800000, 0x80000000, 0x00000000,
                                         0xFFC00000, 0x7F800000, 0xBF800000, 0x00000001, 0x80000001))
    put(t, "not-whole-words", b"\x01\x02\x03\x04\x05\x06\x07")


# --- the size, list and number options (first byte: which command line; then one value a line) --
def number_options():
    t = "fuzz_number_options"
    put(t, "run", b"\x00" + b"256x256\n10\n1\nworkgroup-size=64\n4\nscan=2")
    put(t, "run-extremes", b"\x00" + b"16777216x16777216\nall\n18446744073709551615\nradix-bits=8\n0\nx=-1")
    put(t, "run-negative", b"\x00" + b"-1x0\n-5\n-1\n=3\nabc\nballot=99999999999")
    put(t, "bench-sizes", b"\x01" + b"2^20,1M,16K,1000\nkeys-per-thread=16\n8")
    put(t, "bench-sizes-odd", b"\x01" + b"2^64,17592186044416M,0,,1e3\ntile-size=4096\n4")
    put(t, "bench-reps", b"\x02" + b"5\n2^10")
    put(t, "tune", b"\x03" + b"2^14\n3")
    put(t, "tune-big", b"\x03" + b"2^39\n0")
    put(t, "run-record", b"\x04" + b"4294967296\n010\n0x10\n8x8")
    put(t, "view", b"\x05" + b"010\n0.5\n640x480\nradix,,bitonic")


# --- the tuning cache ---------------------------------------------------------------------------
def tune_cache():
    t = "fuzz_tune_cache"
    gpu = "llvmpipe (LLVM 15.0.6, 256 bits)\t4.5 (Core Profile) Mesa 22.3.6\t"
    header = "# shadersort tuning cache: renderer, GL version, algorithm, setting, value (tab separated)\n"
    put(t, "tuned", header + gpu + "radix\tworkgroup-size\t128\n" + gpu + "radix\tkeys-per-thread\t8\n" +
        gpu + "bitonic\ttile-size\t2048\n" + gpu + "odd-even\trounds-per-dispatch\t64\n")
    put(t, "other-gpu", header + "NVIDIA H200/PCIe/SSE2\t4.3.0 NVIDIA 580.159.04\tradix\tscan\t2\n" + gpu +
        "radix\tballot\t1\n")
    put(t, "damaged", header + gpu + "radix\tworkgroup-size\tabc\n" + gpu + "radix\n" + gpu +
        "bitonic\tfused-steps\t99999999999\n" + gpu + "radix\tno-such-setting\t1\n")


# --- bench CSV ----------------------------------------------------------------------------------
def bench_csv():
    t = "fuzz_bench_csv"
    header = ("algorithm,n,distribution,type,pairs,clock,reps,median_ms,min_ms,gkeys_per_s,cpu_ms,cpu_gkeys_per_s,"
              "speedup_vs_cpu,verified,passes_run,pass_count,settings\n")
    put(t, "two-rows", header + "radix,1024,random,u32,0,wall,5,0.5,0.4,0.002048,0.1,0.01024,0.2,1,4,4,defaults\n" +
        "bitonic,4096,entropy,f32,1,gpu,3,1.25e-05,1e-05,327.68,2.5,0.0016384,200000,1,78,78,tile-size=4096 "
        "fused-steps=4\n")
    put(t, "header-only", header)
    put(t, "odd-values", header + "odd-even,-1,sorted,i32,1,wall,0,nan,inf,0,-0,0,0,0,4294967296,0,teaching\n\n")


# --- presets: the built-in looks (app/art/presets.cpp), the README's and the tests' files, keyframed
# tracks of every animated setting -----------------------------------------------------------------
def presets():
    t = "fuzz_presets"
    put(t, "asendorf.toml", 'path = "columns"\nthen = "rows"\nspans = "black"\nkey = "rgb"\n')
    put(t, "melt.toml", 'path = "angle:90"\nspans = "threshold"\nkey = "lightness"\nlower = 0.45\nupper = 1.0\n'
        'max-span = 90\ndescending = true\n')
    put(t, "rain.toml", 'path = "angle:80"\nspans = "random"\nkey = "luminance"\nspan-length = 30\nskip = 60\n')
    put(t, "radial-burst.toml", 'path = "spokes"\nspans = "threshold"\nkey = "lightness"\nlower = 0.2\nupper = 0.85\n')
    put(t, "glitch-rows.toml", 'path = "rows"\nspans = "edges"\nkey = "hue"\nlower = 0.12\n')
    put(t, "readme.toml", 'path = "angle:30"\nspans = "threshold"\nkey = "lightness"\nlower = 0.25\nupper = 0.8\n'
        'max-span = 120\nseed = 7\n')
    put(t, "readme-keyframes.toml", 'path = "angle:0"\nangle = [[0.0, 0], [4.0, 90]]           # a quarter turn\n'
        'spans = "threshold"\nlower = [[0.0, 0.2], [2.0, 0.5]]\nmax-span = [[0.0, 40], [6.0, 200]]\n')
    put(t, "turning.toml", 'path = "angle:0"\nangle = [[0.0, 0], [3.0, 90]]\nspans = "threshold"\nkey = "lightness"\n'
        'lower = [[0.0, 0.2], [3.0, 0.45]]\nupper = 0.95\n')
    # Both ends of the band animated, keys of one between those of the other (the band's check).
    put(t, "band.toml", 'spans = "threshold"\nlower = [\n  [0.0, 0.0],\n  [4.0, 0.5],\n]\n'
        'upper = [[2.0, 0.3], [6.0, 1.0]]\nspan-key = "saturation"\ninvert = true\n')
    put(t, "spokes-tracks.toml", 'path = "spokes:0.25,0.75"\ncentre-x = [[0.0, 0.25], [1.5, 0.6]]\n'
        'centre-y = [[0.5, 0.75], [3.0, 0.125]]\nspans = "random"\nspan-length = [[0.0, 30], [2.0, 90]]\n'
        'skip = [[0.0, 0.0], [8.0, 60.0]]\nmax-span = [[1.0, 64]]\nray-length = 200\ninner-radius = 4\n'
        'start-angle = -45.5\ndegrees-sorted = 270\nvary-start = 0.25\n')
    put(t, "rings.toml", 'path = "rings:0.1,0.1"\ncentre-x = 0.3\ncentre-y = [[0.0, 0.7]]\nthickness = 80\n'
        'spans = "intervals"\nintervals = "edges.png"\nkey = "intensity"\nkey-image = "sub/k.png"\n')
    put(t, "mask.toml", 'path = "columns"\nspans = "mask"\nkey = "value"\nmask = "my \\"mask\\".png"\n'
        'seed = "18446744073709551615"\nsort-transparent = true\nthen = "none"\n')
    put(t, "waves.toml", "# pixelsort's waves, in TOML's other spellings\n'path' = 'rows'\n\"spans\" = 'waves'\n"
        "span-length = 0x2\ndescending = false\nupper = 1e-1\n")
    put(t, "file.toml", 'spans = "file"\nintervals = """\nfolder/edges.png"""\nmax-span = 0\nlower = 1\n')
    # Numbers in exponent form, the smallest and largest each setting takes, a late key.
    put(t, "exponents.toml", 'path = "angle:-360"\nangle = [[0.0, -3.6e2], [1e5, 360]]\nspans = "threshold"\n'
        'lower = 1e-7\nupper = 1E0\nskip = [[0.0, 1e-7], [2.5e1, 1e2]]\nspan-length = 1073741824\n'
        'max-span = [[0.0, 2], [1e3, 1073741824]]\nseed = 9223372036854775807\n')
    # Refused: a table (nothing nests), a setting of the wrong type, a dotted key.
    put(t, "refused-table.toml", 'path = "rows"\n[spans]\nmode = "random"\n')
    put(t, "refused-type.toml", 'descending = 1\n')
    put(t, "refused-dotted.toml", 'a.b.c = 1\n')


# --- video: tiny clips of the containers and codecs `run --video` meets, written with FFmpeg's
# libraries (no ffmpeg command here), each 16x16, 3 frames at 25/s, some with an audio track -----
VIDEO_SOURCE = r"""
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/channel_layout.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <stdio.h>

enum { kSide = 16, kFrames = 3, kRate = 25, kSampleRate = 8000 };

static int failed(const char *what, int error) {
  char text[AV_ERROR_MAX_STRING_SIZE] = {0};
  av_strerror(error, text, sizeof text);
  fprintf(stderr, "video seeds: %s: %s\n", what, text);
  return 1;
}

static int drain(AVFormatContext *format, AVCodecContext *encoder, AVStream *stream, AVPacket *packet) {
  for (;;) {
    int result = avcodec_receive_packet(encoder, packet);
    if (result == AVERROR(EAGAIN) || result == AVERROR_EOF) return 0;
    if (result < 0) return result;
    av_packet_rescale_ts(packet, encoder->time_base, stream->time_base);
    packet->stream_index = stream->index;
    if ((result = av_interleaved_write_frame(format, packet)) < 0) return result;
  }
}

static AVCodecContext *open_encoder(const char *name, AVFormatContext *format, AVStream **stream) {
  const AVCodec *codec = avcodec_find_encoder_by_name(name);
  if (!codec) return NULL;
  AVCodecContext *encoder = avcodec_alloc_context3(codec);
  if (codec->type == AVMEDIA_TYPE_VIDEO) {
    encoder->width = encoder->height = kSide;
    encoder->pix_fmt = codec->pix_fmts[0];
    encoder->time_base = (AVRational){1, kRate};
    encoder->framerate = (AVRational){kRate, 1};
    encoder->gop_size = 2;
    if (codec->id == AV_CODEC_ID_H264) av_opt_set(encoder->priv_data, "preset", "ultrafast", 0);
    if (codec->id == AV_CODEC_ID_VP9) av_opt_set(encoder->priv_data, "deadline", "realtime", 0);
  } else {
    encoder->sample_rate = kSampleRate;
    encoder->sample_fmt = codec->sample_fmts[0];
    encoder->bit_rate = 16000;
    av_channel_layout_default(&encoder->ch_layout, 1);
    encoder->time_base = (AVRational){1, kSampleRate};
  }
  if (format->oformat->flags & AVFMT_GLOBALHEADER) encoder->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
  encoder->flags |= AV_CODEC_FLAG_BITEXACT; /* no version strings: the same clip on every run */
  if (avcodec_open2(encoder, codec, NULL) < 0) return NULL;
  *stream = avformat_new_stream(format, NULL);
  avcodec_parameters_from_context((*stream)->codecpar, encoder);
  (*stream)->time_base = encoder->time_base;
  if (codec->type == AVMEDIA_TYPE_VIDEO) (*stream)->avg_frame_rate = encoder->framerate;
  return encoder;
}

/* A moving gradient in every plane (a palette of greys for pal8). */
static void paint(AVFrame *frame, int index) {
  const AVPixFmtDescriptor *layout = av_pix_fmt_desc_get(frame->format);
  if (frame->format == AV_PIX_FMT_PAL8) {
    for (int i = 0; i < 256; ++i) ((uint32_t *)frame->data[1])[i] = 0xff000000u | (uint32_t)i * 0x010101u;
    for (int y = 0; y < kSide; ++y)
      for (int x = 0; x < kSide; ++x) frame->data[0][y * frame->linesize[0] + x] = (uint8_t)((x + y + index) * 8);
    return;
  }
  for (int plane = 0; plane < 4 && frame->data[plane]; ++plane) {
    const int rows = plane == 1 || plane == 2 ? AV_CEIL_RSHIFT(kSide, layout->log2_chroma_h) : kSide;
    for (int y = 0; y < rows; ++y)
      for (int x = 0; x < frame->linesize[plane]; ++x)
        frame->data[plane][y * frame->linesize[plane] + x] = (uint8_t)(x * 7 + y * 13 + index * 40 + plane * 60);
  }
}

static int write_clip(const char *path, const char *video_name, const char *audio_name) {
  AVFormatContext *format = NULL;
  AVStream *video_stream = NULL, *audio_stream = NULL;
  int result = avformat_alloc_output_context2(&format, NULL, NULL, path);
  if (result < 0) return failed(path, result);
  format->flags |= AVFMT_FLAG_BITEXACT; /* no random Matroska UIDs, no muxer version */
  AVCodecContext *video = open_encoder(video_name, format, &video_stream);
  AVCodecContext *audio = audio_name[0] ? open_encoder(audio_name, format, &audio_stream) : NULL;
  if (!video || (audio_name[0] && !audio)) return failed(path, AVERROR_ENCODER_NOT_FOUND);
  if ((result = avio_open(&format->pb, path, AVIO_FLAG_WRITE)) < 0) return failed(path, result);
  if ((result = avformat_write_header(format, NULL)) < 0) return failed(path, result);
  AVPacket *packet = av_packet_alloc();
  AVFrame *frame = av_frame_alloc();
  frame->format = video->pix_fmt;
  frame->width = frame->height = kSide;
  av_frame_get_buffer(frame, 0);
  for (int index = 0; index < kFrames; ++index) {
    av_frame_make_writable(frame);
    paint(frame, index);
    frame->pts = index;
    if ((result = avcodec_send_frame(video, frame)) < 0 || (result = drain(format, video, video_stream, packet)) < 0)
      return failed(path, result);
  }
  avcodec_send_frame(video, NULL);
  if ((result = drain(format, video, video_stream, packet)) < 0) return failed(path, result);
  if (audio) {
    /* As long as the video: a rising tone in chunks of the encoder's frame size. */
    const int total = kFrames * kSampleRate / kRate, chunk = audio->frame_size > 0 ? audio->frame_size : 320;
    AVFrame *samples = av_frame_alloc();
    for (int done = 0; done < total; done += chunk) {
      samples->format = audio->sample_fmt;
      samples->nb_samples = total - done < chunk ? total - done : chunk;
      samples->sample_rate = kSampleRate;
      av_channel_layout_copy(&samples->ch_layout, &audio->ch_layout);
      av_frame_get_buffer(samples, 0);
      for (int i = 0; i < samples->nb_samples; ++i) {
        const double level = ((done + i) * 37 % 200 - 100) / 400.0;
        if (audio->sample_fmt == AV_SAMPLE_FMT_S16) ((int16_t *)samples->data[0])[i] = (int16_t)(level * 32767);
        else ((float *)samples->data[0])[i] = (float)level;
      }
      samples->pts = done;
      if ((result = avcodec_send_frame(audio, samples)) < 0 || (result = drain(format, audio, audio_stream, packet)) < 0)
        return failed(path, result);
      av_frame_unref(samples);
    }
    avcodec_send_frame(audio, NULL);
    if ((result = drain(format, audio, audio_stream, packet)) < 0) return failed(path, result);
    av_frame_free(&samples);
  }
  if ((result = av_write_trailer(format)) < 0) return failed(path, result);
  avio_closep(&format->pb);
  av_frame_free(&frame);
  av_packet_free(&packet);
  avcodec_free_context(&video);
  avcodec_free_context(&audio);
  avformat_free_context(format);
  return 0;
}

int main(int argc, char **argv) {
  av_log_set_level(AV_LOG_ERROR);
  for (int i = 1; i + 2 < argc; i += 3)
    if (write_clip(argv[i], argv[i + 1], argv[i + 2])) return 1;
  return 0;
}
"""


def videos():
    t = "fuzz_video_demux"
    # (file, video encoder, audio encoder or ""): a name's ending picks the container.
    clips = [("ffv1-pcm.mkv", "ffv1", "pcm_s16le"), ("mpeg4-pcm.avi", "mpeg4", "pcm_s16le"),
             ("h264-aac.mp4", "libx264", "aac"), ("mpeg4.mp4", "mpeg4", ""), ("vp9.webm", "libvpx-vp9", ""),
             ("pal8.gif", "gif", "")]
    folder = os.path.join(ROOT, t)
    os.makedirs(folder, exist_ok=True)
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libavformat", "libavcodec", "libavutil"],
                           capture_output=True, text=True, check=True).stdout.split()
    with tempfile.TemporaryDirectory() as scratch:
        program = os.path.join(scratch, "clips")
        subprocess.run(["cc", "-x", "c", "-", "-o", program] + flags, input=VIDEO_SOURCE.encode(), check=True)
        arguments = []
        for name, video, audio in clips:
            arguments += [os.path.join(folder, name), video, audio]
        subprocess.run([program] + arguments, check=True)


if __name__ == "__main__":
    images("fuzz_image_keys")
    intake()
    raw_words()
    number_options()
    tune_cache()
    bench_csv()
    presets()
    videos()

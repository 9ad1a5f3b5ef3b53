#!/usr/bin/env python3
"""Writes the benchmark photographs: NASA's astronaut portrait (assets/astronaut.png, public
domain) and a cup of coffee (assets/coffee.png, by Rachel Michetti, CC0, as Debian's
python3-skimage ships it), each cropped to 16:9 and enlarged bilinearly to 1920x1080 and
3840x2160, as PNG files in the folder given (default: build-photos/). Python's standard library
only."""
import os
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, idat = 8, b""
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, "8-bit RGB or RGBA only"
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    channels = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(idat), width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        kind = raw[y * (stride + 1)]
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        previous = line
    return width, height, rows


def write_png(path, width, height, rows):
    raw = b"".join(b"\x00" + row for row in rows)

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    with open(path + ".part", "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) +
                  chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))
    os.replace(path + ".part", path)


def enlarge(source, width, height):
    sw, sh, pixels = source
    crop_h = sw * 9 // 16  # 16:9 from the middle
    top = (sh - crop_h) // 2
    rows = []
    for y in range(height):
        fy = (y + 0.5) * crop_h / height - 0.5 + top
        y0 = min(max(int(fy // 1), 0), sh - 1)
        y1, wy = min(y0 + 1, sh - 1), fy - (fy // 1)
        row = bytearray(width * 3)
        for x in range(width):
            fx = (x + 0.5) * sw / width - 0.5
            x0 = min(max(int(fx // 1), 0), sw - 1)
            x1, wx = min(x0 + 1, sw - 1), fx - (fx // 1)
            a, b, c, d = pixels[y0][x0], pixels[y0][x1], pixels[y1][x0], pixels[y1][x1]
            for k in range(3):
                top_mix = a[k] + (b[k] - a[k]) * wx
                low_mix = c[k] + (d[k] - c[k]) * wx
                row[x * 3 + k] = int(top_mix + (low_mix - top_mix) * wy + 0.5)
        rows.append(bytes(row))
    return rows


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    folder = sys.argv[1] if len(sys.argv) > 1 else "build-photos"
    os.makedirs(folder, exist_ok=True)
    for name in ("astronaut", "coffee"):
        source = read_png(os.path.join(here, "..", "..", "assets", name + ".png"))
        for width, height in ((1920, 1080), (3840, 2160)):
            write_png(os.path.join(folder, "%s_%dx%d.png" % (name, width, height)), width, height,
                      enlarge(source, width, height))


if __name__ == "__main__":
    main()

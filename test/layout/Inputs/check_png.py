#!/usr/bin/env python3
"""Checks a screenshot of an alloc-layout HTML report.

  check_png.py FILE WIDTH HEIGHT [R,G,B ...]

Fails unless FILE is a PNG of WIDTH x HEIGHT pixels that is not blank and
contains each given colour (the report's colours for fields, bases and
holes), i.e. the page was really drawn. Decodes the PNG itself (8-bit RGB or
RGBA, no interlace, the way chromium writes screenshots) so the test needs
nothing beyond Python.
"""

import struct
import sys
import zlib


def fail(message):
    print(f'check_png: {message}')
    sys.exit(1)


def decode(path):
    with open(path, 'rb') as f:
        data = f.read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        fail(f'{path} is not a PNG file')
    pos, idat, header = 8, b'', None
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b'IHDR':
            header = struct.unpack('>IIBBBBB', chunk)
        elif kind == b'IDAT':
            idat += chunk
        pos += 12 + length
    if header is None:
        fail('no IHDR chunk')
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        fail(f'unsupported PNG format (depth {depth}, colour type {colour})')
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        ftype, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if ftype == 1:
                line[i] = (line[i] + a) & 0xff
            elif ftype == 2:
                line[i] = (line[i] + b) & 0xff
            elif ftype == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xff
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 0xff
        rows.append(line)
        prev = line
    return width, height, bpp, rows


def main():
    path, want_w, want_h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    width, height, bpp, rows = decode(path)
    if (width, height) != (want_w, want_h):
        fail(f'{width}x{height} pixels, expected {want_w}x{want_h}')
    colours = set()
    for line in rows:
        for x in range(0, len(line), bpp):
            colours.add(tuple(line[x:x + 3]))
    if len(colours) < 10:
        fail(f'only {len(colours)} colours: the page looks blank')
    for spec in sys.argv[4:]:
        rgb = tuple(int(v) for v in spec.split(','))
        if rgb not in colours:
            fail(f'colour {spec} does not occur in the screenshot')
    print(f'check_png: {width}x{height}, {len(colours)} colours, ok')


main()

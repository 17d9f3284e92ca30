"""A small PNG reader (8-bit RGB/RGBA, the only kinds Chromium writes) for the viewer tests: how
many pixels differ from the most common colour, and how many colours there are."""
import struct
import zlib
from collections import Counter


def read_png(data: bytes):
    """(width, height, channels, rows) with rows a list of bytes objects."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, width = 8, b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or color not in (2, 6) or interlace:
                raise ValueError(f"unsupported PNG (depth {depth}, colour type {color}, interlace {interlace})")
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    if width is None:
        raise ValueError("no IHDR")
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, channels, rows


def picture_stats(data: bytes, step: int = 4):
    """Size, number of distinct colours and the share of pixels unlike the most common colour
    (sampled every `step` pixels in both directions)."""
    w, h, ch, rows = read_png(data)
    colours = Counter()
    for y in range(0, h, step):
        row = rows[y]
        for x in range(0, w, step):
            colours[row[x * ch:x * ch + 3]] += 1
    total = sum(colours.values())
    top = colours.most_common(1)[0][1] if colours else 0
    return {"width": w, "height": h, "colours": len(colours), "other": (total - top) / max(1, total)}

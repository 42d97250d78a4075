"""Reading the browser tests' screenshots: PNG pixels, and how many show each sticker colour."""

from __future__ import annotations

import struct
import zlib

# The colour scheme of assets/cube-data.json, and the "unknown" grey.
COLOURS = {
    "U": (0xFF, 0xFF, 0xFF),
    "R": (0xC4, 0x1E, 0x3A),
    "F": (0x00, 0x9E, 0x60),
    "D": (0xFF, 0xD5, 0x00),
    "L": (0xFF, 0x58, 0x00),
    "B": (0x00, 0x51, 0xBA),
}


def decode_png(data: bytes) -> tuple[int, int, int, bytes]:
    """Width, height, channels (3 or 4) and raw pixel bytes of an 8-bit PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    position, compressed = 8, b""
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position : position + 8])
        body = data[position + 8 : position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour_type in (2, 6) and interlace == 0, body
        elif kind == b"IDAT":
            compressed += body
    channels = 3 if colour_type == 2 else 4
    raw = zlib.decompress(compressed)
    stride = width * channels
    pixels = bytearray()
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                up_left = previous[i - channels] if i >= channels else 0
                p = left + up - up_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - up_left)
                predictor = left if pa <= pb and pa <= pc else up if pb <= pc else up_left
                line[i] = (line[i] + predictor) & 0xFF
        pixels += line
        previous = line
    return width, height, channels, bytes(pixels)


def colour_counts(png: bytes, colours: dict[str, tuple[int, int, int]]) -> dict[str, int]:
    """How many pixels show each colour, lit or shaded: the same hue, any brightness.

    Shading scales a sticker's colour; dividing by the brightest channel undoes
    that. Dark pixels (the piece bodies, the page behind) are not counted.
    """
    width, height, channels, pixels = decode_png(png)
    targets = {name: tuple(c / max(rgb) for c in rgb) for name, rgb in colours.items()}
    counts = dict.fromkeys(colours, 0)
    for offset in range(0, width * height * channels, channels):
        r, g, b = pixels[offset : offset + 3]
        top = max(r, g, b)
        if top < 90:
            continue
        pixel = (r / top, g / top, b / top)
        for name, target in targets.items():
            if sum((p - t) ** 2 for p, t in zip(pixel, target, strict=True)) < 0.12**2:
                counts[name] += 1
                break
    return counts


def view_picture(view) -> bytes:
    """The PNG a CubeView makes of itself (toBlob), given a handle to the view: the cube
    alone. A screenshot of its canvas also catches what the page lays over it: the
    buttons, a loading bar, and the page's sticky header once the page has scrolled."""
    png = view.evaluate(
        "async (view) => Array.from(new Uint8Array(await (await view.toBlob()).arrayBuffer()))"
    )
    return bytes(png)


def cell_colour(page, row: int, col: int) -> tuple[int, int, int]:
    """The colour the nonogram grid (window.nonogramGrid) drew at a cell's centre, read
    from its canvas after two frames, not from a screenshot the page's header may cover."""
    return tuple(
        page.evaluate(
            """([row, col]) => new Promise((resolve) => requestAnimationFrame(() =>
                requestAnimationFrame(() => {
                    const grid = window.nonogramGrid, canvas = grid.canvas;
                    const { x, y } = grid.cellCentre(row, col);
                    const scale = canvas.width / canvas.getBoundingClientRect().width;
                    const [r, g, b] = grid.ctx.getImageData(x * scale, y * scale, 1, 1).data;
                    resolve([r, g, b]);
                })))""",
            [row, col],
        )
    )

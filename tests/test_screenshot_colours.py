"""Telling a blank screenshot from a drawn one (meeple.core.testing.distinct_colours, which
the browser tests use): the colours of a PNG are read through every row filter PNG
defines, RGB or RGBA, over any number of data chunks, sampling every seventh pixel; and
the fresh Chromium window (meeple.core.testing.chromium) such screenshots are taken in."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest
from meeple.core.testing import chromium, distinct_colours, screenshot_is_blank


def _chunk(kind: bytes, body: bytes) -> bytes:
    return (struct.pack(">I", len(body)) + kind + body
            + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def _filtered(row: bytes, prev: bytes, kind: int, bpp: int) -> bytes:
    """``row`` as a PNG encoder writes it with filter ``kind`` (the inverse of reading)."""
    out = bytearray()
    for x, value in enumerate(row):
        a = row[x - bpp] if x >= bpp else 0
        b = prev[x]
        c = prev[x - bpp] if x >= bpp else 0
        guess = [0, a, b, (a + b) // 2, _paeth(a, b, c)][kind]
        out.append((value - guess) % 256)
    return bytes([kind]) + bytes(out)


def png(pixels: list[list[tuple[int, ...]]], filters: list[int], chunks: int = 1,
        colour_type: int = 2, depth: int = 8, extra: bytes = b"") -> bytes:
    bpp = len(pixels[0][0])
    rows = [bytes(v for px in row for v in px) for row in pixels]
    prev = bytes(len(rows[0]))
    raw = b""
    for row, kind in zip(rows, filters, strict=True):
        raw += _filtered(row, prev, kind, bpp)
        prev = row
    data = zlib.compress(raw)
    cut = [data[len(data) * i // chunks:len(data) * (i + 1) // chunks] for i in range(chunks)]
    head = struct.pack(">IIBBBBB", len(pixels[0]), len(pixels), depth, colour_type, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", head) + extra
            + b"".join(_chunk(b"IDAT", part) for part in cut) + _chunk(b"IEND", b""))


def picture(width: int, height: int, alpha: bool) -> list[list[tuple[int, ...]]]:
    """Pixels whose every channel differs from its neighbours', so each filter matters."""
    def px(x: int, y: int) -> tuple[int, ...]:
        rgb = ((37 * x + 11 * y) % 256, (5 * x * y + 200) % 256, (250 - 13 * x + 7 * y) % 256)
        return (*rgb, (x * 31 + y) % 256) if alpha else rgb
    return [[px(x, y) for x in range(width)] for y in range(height)]


def sampled(pixels: list[list[tuple[int, ...]]]) -> int:
    return len({row[x][:3] for row in pixels for x in range(0, len(row), 7)})


@pytest.mark.parametrize("alpha", [False, True])
@pytest.mark.parametrize("kind", [0, 1, 2, 3, 4])
def test_the_colours_are_read_through_each_row_filter(kind: int, alpha: bool) -> None:
    pixels = picture(16, 5, alpha)
    expected = sampled(pixels)
    assert expected == 15  # columns 0, 7 and 14 of five rows, all different
    data = png(pixels, [kind] * 5, colour_type=6 if alpha else 2)
    assert distinct_colours(data) == expected
    assert not screenshot_is_blank(data)


def test_rows_may_mix_filters_and_the_data_may_come_in_several_chunks() -> None:
    pixels = picture(15, 6, False)
    assert distinct_colours(png(pixels, [4, 3, 2, 1, 0, 4], chunks=3)) == sampled(pixels)


def test_chunks_other_than_the_header_and_the_data_are_skipped() -> None:
    pixels = picture(15, 3, False)
    extra = (_chunk(b"pHYs", struct.pack(">IIB", 3780, 3780, 1))
             + _chunk(b"tEXt", b"Software\x00a browser") + _chunk(b"iTXt", b"x" * 40))
    assert distinct_colours(png(pixels, [1, 2, 4], chunks=2, extra=extra)) == sampled(pixels)


def test_a_last_chunk_cut_short_ends_the_reading() -> None:
    # A file cut off inside the chunk after IEND: its declared length runs past the end.
    pixels = picture(15, 3, False)
    cut = _chunk(b"tEXt", b"Comment\x00" + b"y" * 30)[:20]
    assert distinct_colours(png(pixels, [0, 1, 2]) + cut) == sampled(pixels)


def test_only_every_seventh_pixel_of_a_row_is_sampled() -> None:
    white, red = (255, 255, 255), (255, 0, 0)
    between = [[white] * 7 + [red] * 6 + [white] * 2]  # red only at columns 7 to 12
    assert distinct_colours(png(between, [0])) == 2
    missed = [[white] * 7 + [white] + [red] * 6 + [white]]  # column 7 white, 14 white
    assert distinct_colours(png(missed, [0])) == 1


def test_one_colour_is_blank_and_alpha_is_not_a_colour() -> None:
    assert screenshot_is_blank(png([[(9, 9, 9)] * 20] * 3, [1, 2, 4]))
    assert screenshot_is_blank(png([[(9, 9, 9, 0), (9, 9, 9, 255)] * 10], [0], colour_type=6))


def test_anything_but_an_8_bit_rgb_or_rgba_png_is_refused() -> None:
    with pytest.raises(ValueError, match="not a PNG"):
        distinct_colours(b"GIF89a" + bytes(20))
    grey = png([[(1,), (2,)]], [0], colour_type=0)
    with pytest.raises(ValueError, match="expected an 8-bit RGB or RGBA PNG"):
        distinct_colours(grey)
    deep = png([[(1, 2, 3)]], [0], depth=16)
    with pytest.raises(ValueError, match="expected an 8-bit RGB or RGBA PNG"):
        distinct_colours(deep)


def repeating(width: int, height: int, alpha: bool) -> list[list[tuple[int, ...]]]:
    """Three colours near both ends of a byte, repeating along rows and columns: each row
    filter must wrap past 255 to read them, and the sampled pixels hold just those three."""
    palette = [(250, 5, 130, 7), (6, 251, 131, 249), (129, 127, 3, 128)]
    return [[palette[(x + y) % 3][:4 if alpha else 3] for x in range(width)]
            for y in range(height)]


@pytest.mark.parametrize("alpha", [False, True])
@pytest.mark.parametrize("kind", [0, 1, 2, 3, 4])
def test_each_row_filter_wraps_its_sums_to_one_byte(kind: int, alpha: bool) -> None:
    pixels = repeating(15, 6, alpha)
    assert sampled(pixels) == 3
    assert distinct_colours(png(pixels, [kind] * 6, colour_type=6 if alpha else 2)) == 3
    # One colour a row, changing from row to row: the up and average filters add the row
    # above, the sub filter the pixel to the left.
    rows = [[(250 - 60 * y, 3 + 60 * y, 255 - y)] * 15 for y in range(4)]
    assert distinct_colours(png(rows, [kind] * 4)) == 4
    assert screenshot_is_blank(png([[(255, 1, 254)] * 15] * 4, [kind] * 4))


def test_a_fresh_chromium_window_is_1280_by_1000_unless_given_a_size() -> None:
    page = ("data:text/html,<body style='margin:0;background:red'>"
            "<div style='width:10px;height:10px;background:blue'></div></body>")
    with chromium() as driver:
        assert driver.get_window_size() == {"width": 1280, "height": 1000}
        driver.get(page)
        png = driver.get_screenshot_as_png()
        assert struct.unpack(">I", png[16:20]) == (1280,)
        assert distinct_colours(png) == 2
        first = Path(driver.capabilities["chrome"]["userDataDir"])
        assert first.name.startswith("meeple-chromium-") and first.is_dir()
    assert not first.exists()  # its own profile, removed when the browser closes
    with chromium(640, 480) as driver:
        assert driver.get_window_size() == {"width": 640, "height": 480}
        second = Path(driver.capabilities["chrome"]["userDataDir"])
        assert second != first and second.is_dir()

"""Telling a blank screenshot from a drawn one (meeple.core.testing.distinct_colours, which
the browser tests use): every colour of a PNG counts, alpha aside, whatever its colour
type; anything but a PNG is refused; and the fresh Chromium window
(meeple.core.testing.chromium) such screenshots are taken in."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from meeple.core.testing import chromium, distinct_colours, screenshot_is_blank
from PIL import Image


def png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def picture(width: int, height: int, mode: str) -> Image.Image:
    """Every pixel a colour of its own (as far as the mode holds them)."""
    image = Image.new("RGB", (width, height))
    image.putdata([((37 * x + 11 * y) % 256, (5 * x + 200 * y) % 256, (250 - 13 * x) % 256)
                   for y in range(height) for x in range(width)])
    return image.convert(mode)


@pytest.mark.parametrize("mode", ["RGB", "RGBA"])
def test_every_pixels_colour_counts(mode: str) -> None:
    image = picture(16, 5, mode)
    assert distinct_colours(png(image)) == 80  # more colours than width + height
    assert not screenshot_is_blank(png(image))


def test_a_palette_pictures_colours_are_those_its_pixels_use() -> None:
    image = Image.new("P", (6, 2), 0)
    image.putpalette([0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255])  # black, red, green, blue
    image.putdata([0, 1, 1, 0, 0, 1] * 2)
    assert distinct_colours(png(image)) == 2  # blue and green are listed but never drawn


def test_a_single_pixel_of_another_colour_counts() -> None:
    image = Image.new("RGB", (31, 17), (255, 255, 255))
    image.putpixel((23, 11), (255, 0, 0))
    assert distinct_colours(png(image)) == 2


def test_one_colour_is_blank_and_alpha_is_not_a_colour() -> None:
    assert screenshot_is_blank(png(Image.new("RGB", (20, 3), (9, 9, 9))))
    see_through = Image.new("RGBA", (20, 1), (9, 9, 9, 255))
    see_through.putpixel((4, 0), (9, 9, 9, 0))
    assert distinct_colours(png(see_through)) == 1
    assert screenshot_is_blank(png(Image.new("L", (5, 5), 0)))


def test_anything_but_a_png_is_refused() -> None:
    gif = io.BytesIO()
    picture(4, 4, "RGB").save(gif, format="GIF")
    for data in (gif.getvalue(), b"", b"\x89PNG\r\n\x1a\n" + bytes(20)):
        with pytest.raises(ValueError, match="not a PNG"):
            distinct_colours(data)


def test_a_fresh_chromium_window_is_1280_by_1000_unless_given_a_size() -> None:
    page = ("data:text/html,<body style='margin:0;background:red'>"
            "<div style='width:10px;height:10px;background:blue'></div></body>")
    with chromium() as driver:
        assert driver.get_window_size() == {"width": 1280, "height": 1000}
        driver.get(page)
        shot = driver.get_screenshot_as_png()
        assert Image.open(io.BytesIO(shot)).width == 1280
        assert distinct_colours(shot) == 2
        first = Path(driver.capabilities["chrome"]["userDataDir"])
        assert first.name.startswith("meeple-chromium-") and first.is_dir()
    assert not first.exists()  # its own profile, removed when the browser closes
    with chromium(640, 480) as driver:
        assert driver.get_window_size() == {"width": 640, "height": 480}
        second = Path(driver.capabilities["chrome"]["userDataDir"])
        assert second != first and second.is_dir()

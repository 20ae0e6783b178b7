"""What a test needs from outside the package: a headless browser, a data folder, a
database server. Where it is missing the calling test skips, except under CI=true, where it
fails: such a test must not silently vanish. Re-exported by ``meeple.core.testing``.

    from meeple.core.testing import chromium, screenshot_is_blank

``chromium()`` gives a selenium WebDriver on /usr/bin/chromium through /usr/bin/chromedriver
(MEEPLE_CHROMIUM / MEEPLE_CHROMEDRIVER override them; Meeple's ``scripts/ci-browser.sh``
installs both; selenium comes with ``meeple[testing]``). ``shared_data`` finds a folder of
data kept beside the checkout, or named by an environment variable. ``postgres_url`` is the
test server of ``MEEPLE_TEST_POSTGRES``.
"""

from __future__ import annotations

import io
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

import pytest

__all__ = ["chromium", "distinct_colours", "missing", "postgres_url", "require_browser", "require_data", "screenshot_is_blank", "shared_data"]

CHROMIUM = os.environ.get("MEEPLE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = (os.environ.get("MEEPLE_CHROMEDRIVER") or shutil.which("chromedriver")
          or "/usr/bin/chromedriver")
# Flags for a closed network and a root user (see the machine notes): no sandbox, no GPU,
# no background connections that would only be refused.
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--window-size=1280,1000")


ENV_PG = "MEEPLE_TEST_POSTGRES"


def missing(msg: str) -> NoReturn:
    """Fail under CI=true, skip otherwise: what a test does when something it needs from
    outside the package is not there."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{msg} (CI=true: this fails instead of skipping)")
    pytest.skip(msg)


def require_browser() -> None:
    absent = [p for p in (CHROMIUM, DRIVER) if not Path(p).exists()]
    if absent:
        missing(f"headless Chromium not found ({', '.join(absent)}); "
                "set MEEPLE_CHROMIUM and MEEPLE_CHROMEDRIVER or install them")


def shared_data(env: str, relative: str, near: str | Path) -> Path:
    """The data folder named by the environment variable ``env``; without it, ``relative``
    (e.g. ``shared/data/terra-mystica``) under the first ancestor folder of ``near`` that
    holds it. The path may not exist: the caller calls ``require_data`` where it needs it."""
    if os.environ.get(env):
        return Path(os.environ[env])
    for folder in Path(near).resolve().parents:
        if (folder / relative).is_dir():
            return folder / relative
    return Path(near).resolve().parent / relative


def require_data(folder: Path, env: str) -> Path:
    """``folder`` if it is a folder, else skip (fail under CI=true) naming ``env``."""
    if not folder.is_dir():
        missing(f"data folder {folder} not found: set {env} to where it is")
    return folder


def postgres_url() -> str:
    """The test server's URL from MEEPLE_TEST_POSTGRES; missing, the test skips (fails
    under CI=true); set but without psycopg, it fails."""
    url = os.environ.get(ENV_PG, "").strip()
    if not url:
        missing(f"no PostgreSQL server: set {ENV_PG} to a server URL")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.fail(f"{ENV_PG} is set but psycopg is missing: pip install 'meeple[postgresql]'")
    return url


@contextmanager
def chromium(width: int = 1280, height: int = 1000) -> Iterator:
    """A fresh headless Chromium with its own empty profile, closed afterwards."""
    require_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="meeple-chromium-")
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in FLAGS:
        opts.add_argument(flag)
    opts.add_argument(f"--user-data-dir={profile}")
    driver = webdriver.Chrome(service=Service(DRIVER), options=opts)
    try:
        driver.set_window_size(width, height)
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def distinct_colours(png: bytes) -> int:
    """How many different colours a PNG screenshot holds, alpha aside (1 means blank)."""
    from PIL import Image, UnidentifiedImageError

    try:
        image = Image.open(io.BytesIO(png), formats=["PNG"])
        rgb = image.convert("RGB")
    except (UnidentifiedImageError, OSError) as exc:
        raise ValueError(f"not a PNG: {exc}") from None
    return len(rgb.getcolors(maxcolors=rgb.width * rgb.height))


def screenshot_is_blank(png: bytes) -> bool:
    return distinct_colours(png) <= 1

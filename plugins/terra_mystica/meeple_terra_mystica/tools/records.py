"""Where the Terra Mystica league records are: ``MEEPLE_TM_RECORDS``, else
``shared/data/terra-mystica`` in the first folder above the working directory (or above
this package, for an editable install) that holds it; and the records in it."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

ENV = "MEEPLE_TM_RECORDS"
RELATIVE = Path("shared") / "data" / "terra-mystica"


def data_folder() -> Path | None:
    """The records folder, or None when there is none to be found."""
    if os.environ.get(ENV):
        folder = Path(os.environ[ENV])
        return folder if folder.is_dir() else None
    for start in (Path.cwd(), Path(__file__).resolve().parent):
        for folder in (start, *start.parents):
            if (folder / RELATIVE).is_dir():
                return folder / RELATIVE
    return None


def missing_data() -> str:
    """The one line a tool prints when ``data_folder`` found nothing."""
    if os.environ.get(ENV):
        return f"{ENV}={os.environ[ENV]} is not a folder: set it to the Terra Mystica records"
    return (f"no {RELATIVE.as_posix()} above {Path.cwd()}: set {ENV} to the folder of the "
            "Terra Mystica records")


def records(folder: Path) -> Iterator[tuple[str, Path, int | None]]:
    """Every record under ``folder``: its game id, its file and, for the league games
    listed in a manifest, the total VP the site recorded."""
    for manifest in sorted(folder.glob("league/*/manifest.json")):
        for g in json.loads(manifest.read_text())["games"]:
            yield g["game_id"], manifest.parent / g["log_file"], g["expected_total_vp"]
    for p in sorted(folder.glob("league/*.txt")):
        yield p.stem, p, None
    for p in sorted(folder.glob("other/*")):
        yield p.stem, p, None

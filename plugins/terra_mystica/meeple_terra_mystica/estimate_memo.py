"""Estimates kept between the positions one decision compares, so that each is worked out
once.

A one-ply agent (and every playout of a search that plays on with it) evaluates every
command a faction may play, and ``evaluate`` estimates all the factions in each result.
Most commands change only the acting faction and a hex or two of the map, so three of
the four estimates come out as they did for the previous command. Each is kept under a
key that holds everything it reads except the map (the faction's own values, the clock,
the supply, the weights); the map is checked apart from that: an estimate still holds
where the map differs only away from the faction's buildings and their neighbours, the
only hexes it reads. The network sizes and the final scoring's places are kept by the
values that decide them (``kept``).

The memo belongs to one agent's evaluator (``ai.Evaluator``), is emptied when it holds more
than ``limit`` positions' worth (a few decisions: positions seldom come back later, and a
big memo costs the garbage collector more than it saves), and never changes a value: a
game played with it is the game played without, command for command
(tests/test_estimate_memo.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import itemgetter


class EstimateMemo:
    """Values by key, each valid on any map whose hexes that it read (its ``hood``) are
    as they were when it was worked out."""

    #: Maps kept per key: the commands of one decision build on different hexes.
    VARIANTS = 4

    def __init__(self, limit: int = 64) -> None:
        self.limit = limit
        self._entries: dict[tuple, list] = {}
        self._pure: dict[tuple, object] = {}
        #: Estimates served from the memo and worked out (for tests and measurements).
        self.hits = 0
        self.misses = 0

    def __getstate__(self) -> dict:
        # An evaluator sent to a worker process starts with an empty memo.
        return {"limit": self.limit, "_entries": {}, "_pure": {}, "hits": 0, "misses": 0}

    def scope(self, common: tuple) -> dict:
        """The values kept for one ``common`` part of their keys (what every estimate of
        a position reads alike): looked up once per position, not once per faction."""
        entries = self._entries.get(common)
        if entries is None:
            if len(self._entries) >= self.limit:
                self._entries.clear()
            entries = self._entries[common] = {}
        return entries

    def value(self, scope: dict, key: tuple, g, hood: Callable[[], Iterable[int]],
              compute: Callable[[], float]) -> float:
        """The value under ``key`` in ``scope`` for position ``g``: kept, or ``compute()``
        (then kept with the buildings, terrain and town flags of the hexes ``hood()``
        names)."""
        hbld, hcolor, town = g.hbld, g.hcolor, g.town
        variants = scope.get(key)
        if variants is not None:
            for look, seen, v in variants:
                if (look(hbld), look(hcolor), look(town)) == seen:
                    self.hits += 1
                    return v
        self.misses += 1
        v = compute()
        if variants is None:
            variants = scope[key] = []
        elif len(variants) >= self.VARIANTS:
            del variants[0]
        # A tuple even for one hex (itemgetter of one index gives the item itself).
        look = itemgetter(*sorted(hood()), -1)
        variants.append((look, (look(hbld), look(hcolor), look(town)), v))
        return v

    def kept(self, key: tuple, compute: Callable[[], object]) -> object:
        """A value that depends on ``key`` alone (a network size, the places on the cult
        tracks): kept, or ``compute()``."""
        v = self._pure.get(key, _MISSING)
        if v is _MISSING:
            if len(self._pure) >= 16 * self.limit:
                self._pure.clear()
            v = self._pure[key] = compute()
        return v


_MISSING = object()

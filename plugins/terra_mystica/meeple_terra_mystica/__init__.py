"""Terra Mystica for Meeple."""

from .game import Acted, Started, TerraMystica, Turn

__all__ = ["Acted", "Started", "TerraMystica", "Turn"]

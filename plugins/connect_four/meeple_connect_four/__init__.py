"""Connect four (7 columns, 6 rows): Meeple's reference game plugin."""

from .game import ConnectFour, Drop, Dropped, Started

__all__ = ["ConnectFour", "Drop", "Dropped", "Started"]

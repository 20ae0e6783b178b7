"""Connect four (7 columns, 6 rows): Meeple's reference game plugin."""

from .game import ConnectFour, Drawn, Drop, Dropped, Started, Won

__all__ = ["ConnectFour", "Drawn", "Drop", "Dropped", "Started", "Won"]

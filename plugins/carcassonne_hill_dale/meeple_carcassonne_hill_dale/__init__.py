"""Carcassonne - Ueber Stock und Stein (Over Hill and Dale, 2015) for Meeple."""

from .events import (
    ChipTaken,
    Drew,
    FinalScored,
    MeeplePlaced,
    Place,
    Placed,
    Scored,
    StablePlaced,
    Started,
    Take,
    Wandered,
)
from .game import HillDale

__all__ = [
    "ChipTaken", "Drew", "FinalScored", "HillDale", "MeeplePlaced", "Place", "Placed",
    "Scored", "StablePlaced", "Started", "Take", "Wandered",
]

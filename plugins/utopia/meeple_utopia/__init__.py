"""Utopia (Vialla and Urbon, 2007): princes, guests, monuments, wonders, prestige scale."""

from .game import Utopia

__all__ = ["Utopia"]

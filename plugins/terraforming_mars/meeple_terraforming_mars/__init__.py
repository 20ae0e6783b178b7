"""Terraforming Mars (base game on Tharsis) for Meeple."""

from .game import TerraformingMars

__all__ = ["TerraformingMars"]

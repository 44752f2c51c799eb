"""Riichi scoring: fu with every line explained, yaku and yakuman, han and points."""

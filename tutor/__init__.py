"""Mahjong Tutor: lessons and drills for riichi and MCR mahjong."""

__version__ = "0.1.0"

"""The rules engine: tiles, notation, shapes, waits, sets and calls.

Pure Python with no user interface; it imports nothing from the rest of
`tutor`, and never textual or rich (a test holds it to that).
"""

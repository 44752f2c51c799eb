"""A game of riichi mahjong, seeded, from the deal to the final standings.

Pure data and functions, no UI and no I/O.  `kyoku` plays one hand (deal,
draws, discards, calls, kans, riichi, wins and draws), `legal` says at every
decision what each seat may do and, for what it may not, why (as codes and
tiles), `match` strings hands into an east-south game, and `bot` is the
beginner bot.  Every tile is a slot of the table model's wall
(`tutor.engine.table`), so a tile keeps its identity from the wall to a hand,
a river or a meld, and the property tests can account for all 136.
"""

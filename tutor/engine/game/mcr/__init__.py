"""A game of MCR against bots, seeded, from the deal to the final standings.

Pure data and functions, as the riichi game beside it: every tile is a slot
of the table model's 144-tile wall, so the invariants can account for all of
them at every step.

- `state`: the options (the false-win penalty), one hand's state, events, results.
- `actions`: actions, decisions, and the codes of refused ones (`under_eight` with its fans).
- `hand`: the deal with flowers set aside, `decisions` and `step`: claims by
  priority, kongs and their replacement from the back, robbing the kong,
  the 8-point minimum, the false win, the payments.
- `bots`: the beginner (efficiency) and the fan-route bot (aims at a half flush).
- `invariants`: what every state keeps.
- `match`: 16 hands with the seat changes of document 004, the JSON-lines log, the summary.
- `review`: a finished hand as data: the fans step by step, the minimum, the
  payments, the false-win penalties, the scores and seats after.

Checked against pymahjonggb by tests/test_mcr_game.py and bench/mcr_game.py:
every hu offered, and every hu refused for the minimum, is scored alike.
"""

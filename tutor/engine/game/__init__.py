"""A game of riichi mahjong, seeded, from the deal to the final standings.

Pure data and functions, no UI and no I/O.  Every tile is a slot of the
table model's wall (`tutor.engine.table`), so a tile keeps its identity from
the wall to a hand, a river or a meld, and the property tests can account
for all 136.

- `options`: the rule options (Tenhou's by default), `RiichiOptions`.
- `state`: one hand's state, its melds and players, events and results.
- `actions`: actions, decisions, and the codes of refused actions.
- `rules`: one rule per function (furiten, kuikae, riichi's tenpai, flags of a win ...).
- `legal`: each seat's legal actions at a decision, and its refused ones with their codes.
- `kyoku`: the deal and `step`, from one decision to the next, to the end of the hand.
- `settle`: the payments of wins, tenpai and nagashi mangan.
- `match`: dealer rotation, renchan, honba, the end of the game, the standings.
- `review`: a finished hand as data: each win scored step by step, the draw,
  the payments and what changed for the next hand.
- `bot`: the beginner bot; `intermediate`: the intermediate bot (yaku-aware
  calls, riichi, defence by rule); `routes`: the yaku routes of an open hand; `coach`: the rules coach's notes as data;
  `safety`: tiles safe against a riichi; `simulate`: bot-only hands and games, recorded.
- `invariants`: what every state must keep; `arranged`: walls dealt to order.
- `mjai`: a hand's events in mjai's shape; `log_mjai`: a game as mjai JSON lines.
- `log_tenhou`: a game as a tenhou.net/6 JSON log; `read_tenhou`: such a log
  read back into rounds of events; `tenhou6`: the format's tables.

Checked against riichienv (Tenhou's rules) by bench/game_riichienv.py and
tests/test_game_riichienv.py, with beginner and with intermediate bots: legal
actions at every decision, each hand's score changes, and the flow between
hands agree.  Rules of Tenhou's that are
not modelled here, and so are differences wherever they arise (none arose in
the 1,000 hands compared): red fives (this game has none; the comparison
gives riichienv's red copies to tiles no winner holds), pao (the liability of
a player who fed the last set of big three dragons or four winds), and the
choice of stopping in the last hand (here the dealer in the lead always stops,
as riichienv's dealer does).
"""

"""What the differential tests and the benchmarks share: seeded random hands
and the calls into the reference libraries (`mahjong`, `pymahjonggb`).

A package of its own, outside tests/ and outside the app, so that a benchmark
runs without pytest and the app never ships it.  It imports only the engine
and the reference libraries (the test extra)."""

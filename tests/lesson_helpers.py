"""What the lesson-file tests share: a good lesson to start from, writing a
lesson folder, and the checker's problems as lines."""

from __future__ import annotations

from pathlib import Path

from tutor.lessons.check import check_folder

GOOD = """---
id: {id}
track: riichi
order: 1
title: A lesson
quiz: [fu]
---

# A lesson

```hand
234m456s55s [777p] [777z]
win: 4m ron  seat: S  round: E
expect: fu_raw=26 fu=30 waits=1m,4m
```

See [the other](lesson:{link}).
"""


def write(root: Path, language: str, name: str, text: str) -> Path:
    folder = root / language
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def problems_in(root: Path) -> list[str]:
    _, problems = check_folder(root)
    return [str(problem) for problem in problems]

"""Writes `number_heads.bin` anew from the tables `efficiency` counts.

Apart from `number_heads` so that the reader, which `efficiency` imports,
never imports `efficiency` back:

    python -m tutor.engine.number_heads_writer
"""

from __future__ import annotations

from pathlib import Path

from tutor.engine import number_heads
from tutor.engine.efficiency import computed_number_heads


def main() -> None:
    tables, suits = computed_number_heads()
    path = Path(number_heads.__file__).with_name(number_heads.FILE_NAME)
    path.write_bytes(number_heads.encode(tables, suits))
    print(f"wrote {path}: {len(tables)} tables, {len(suits)} suits")


if __name__ == "__main__":
    main()

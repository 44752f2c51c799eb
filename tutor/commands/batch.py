"""The `--batch` mode shared by `analyze` and `score`: one JSON request per
line in, one JSON result per line out, in order.  A bad line is answered by
an `{"error": ...}` line and the rest go on."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import IO, Any

from tutor.commands.errors import RequestError

JsonObject = dict[str, Any]


def run_batch(source: IO[str], sink: IO[str], answer: Callable[[JsonObject], JsonObject]) -> int:
    """Answer every line; return how many lines were errors."""
    errors = 0
    for number, line in enumerate(source, 1):
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            if not isinstance(request, dict):
                raise RequestError("a request is a JSON object")
            result = answer(request)
        except json.JSONDecodeError as error:
            errors += 1
            result = {"error": f"line {number}: not JSON: {error.msg} at column {error.colno}"}
        except RequestError as error:
            errors += 1
            result = {"error": f"line {number}: {error}"}
        sink.write(json.dumps(result, ensure_ascii=False) + "\n")
        sink.flush()
    return errors

"""The `--batch` mode shared by `analyze` and `score`: one JSON request per
line in, one JSON result per line out, in order.  Every line that is not
blank is answered, whatever it holds: a bad line is answered by an
`{"error": "line N: ..."}` line and the rest go on."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import IO, Any

from tutor.service.english import say
from tutor.service.errors import RequestError
from tutor.service.json_input import read_json
from tutor.service.output import json_text

JsonObject = dict[str, Any]

MAX_LINE = 64 * 1024
"""The longest request line read, in bytes (or characters from a text source)."""
MAX_SKIPPED = 16 * MAX_LINE
"""How far past a too-long line its end is looked for; a line that goes on
beyond it (`</dev/zero`) ends the batch, rather than being read forever."""


class EndOfBatch(RequestError):
    """The input cannot be read on: answered like a bad line, and the batch stops."""


def run_batch(
    source: IO[str] | IO[bytes],
    sink: IO[str],
    answer: Callable[[JsonObject], JsonObject],
    write_json: Callable[[JsonObject], str] = json_text,
) -> int:
    """Answer every line; return how many lines were errors."""
    errors = 0
    for number, line in enumerate(_lines(source), 1):
        if isinstance(line, str) and not line.strip():
            continue
        try:
            if isinstance(line, RequestError):
                raise line
            request = read_json(line)
            if not isinstance(request, dict):
                raise RequestError("request.not_object")
            result = answer(request)
        except EndOfBatch as error:
            errors += 1
            # About the line refused just before: the same line number.
            sink.write(write_json({"error": say("batch.line", number=number - 1, error=str(error))}) + "\n")
            sink.flush()
            break
        except RequestError as error:
            errors += 1
            result = {"error": str(error)}
        except Exception as error:  # noqa: BLE001 - one bad line must not end the batch
            errors += 1
            result = {"error": say("batch.internal_error", error=type(error).__name__)}
        if "error" in result:
            result = {**result, "error": say("batch.line", number=number, error=result["error"])}
        sink.write(write_json(result) + "\n")
        sink.flush()
    return errors


def _lines(source: IO[str] | IO[bytes]) -> Iterator[str | RequestError]:
    """Each line as text, or the reason it cannot be read: too long, or not UTF-8."""
    while True:
        chunk = source.readline(MAX_LINE + 1)
        if not chunk:
            return
        newline = b"\n" if isinstance(chunk, bytes) else "\n"
        if len(chunk) > MAX_LINE and not chunk.endswith(newline):  # type: ignore[arg-type]
            # Refused at once, not when (if ever) the line ends.
            yield RequestError("request.line_too_long", most=MAX_LINE)
            skipped = 0
            while chunk and not chunk.endswith(newline):  # type: ignore[arg-type]
                if skipped > MAX_SKIPPED:
                    yield EndOfBatch("request.no_line_end", most=MAX_SKIPPED)
                    return
                chunk = source.readline(MAX_LINE + 1)
                skipped += len(chunk)
            continue
        if isinstance(chunk, bytes):
            try:
                chunk = chunk.decode("utf-8")
            except UnicodeDecodeError as error:
                yield RequestError("request.not_utf8", byte=error.start + 1)
                continue
        yield chunk

"""The `tutor` command: opens the app, or runs a non-interactive command.

Textual is imported only when the app opens, so `tutor analyze` starts fast
and works where no terminal UI is wanted.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import ipaddress
import json
import os
import shlex
import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import IO, TYPE_CHECKING, NoReturn

from tutor.engine.notation import quote
from tutor.engine.numbers import NumberError, read_whole_number
from tutor.engine.options import option_value
from tutor.engine.refusal import Refusal
from tutor.lessons.check import check_folder
from tutor.lessons.files import shown_short
from tutor.lessons.location import bundled_lessons
from tutor.lessons.model import QUIZ_KINDS
from tutor.locale import LANGUAGES, message, text
from tutor.locale.problems import problem_text
from tutor.service.analyze import analysis_json, analysis_text, analyze_request
from tutor.service.batch import run_batch
from tutor.service.english import say
from tutor.service.errors import RequestError
from tutor.service.output import escaping_note, json_text, prepare_streams
from tutor.service.play import NotAvailable, Simulation, simulate
from tutor.service.score import evaluate, refusal_json, score_as_json, score_json, score_text

if TYPE_CHECKING:
    from tutor.serve import ClassroomServer
    from tutor.service.review_log import LogReview

EXIT_OK = 0
EXIT_REFUSED = 1
"""The input was read but refused: a hand that does not parse, and so on."""
EXIT_USAGE = 2
"""The command line itself was wrong (argparse uses 2 as well)."""
EXIT_INTERNAL = 70
"""A bug: the app crashed, or a command met an error it does not know."""
EXIT_IO = 74
"""Standard output could not be written (a full disk, /dev/full), or standard input is closed."""
MAX_ARGUMENT = 1000
"""The longest word on the command line read; a hand is at most 200 characters."""
MAX_OPTION_VALUE = 40
MAX_MESSAGE = 300
"""The longest message printed, in characters: what it quotes is shortened (see _bounded)."""
MAX_SESSIONS_LIMIT = 1000

SESSION_NICENESS = 5
"""How far a served session steps back from the server for the CPU. The
server relays every learner's keys and screens and builds the teacher's
pages; a class of sessions busy at once starved it at equal priority (the
dashboard took several seconds during bench/class_load's answering), and a
starved relay slows every learner too."""


def _whole_number(language: str, given: str) -> int:
    """An argparse type: ASCII digits only, a few of them, refused in one line in `language`."""
    try:
        return read_whole_number(given, signed=True)
    except NumberError as error:
        raise argparse.ArgumentTypeError(problem_text(error, language)) from None


def _network(language: str, given: str) -> ipaddress.IPv4Network | ipaddress.IPv6Network:
    """An argparse type: an IP address or network (`--trusted-proxy`), refused in one line in `language`."""
    try:
        return ipaddress.ip_network(given.strip(), strict=False)
    except ValueError:
        raise argparse.ArgumentTypeError(text(language, "cli.trusted_proxy_bad", given=_bounded(given[:60]))) from None


def argument_language(argv: Sequence[str]) -> str:
    """The language of the errors in the arguments: the `--lang` given
    anywhere on the command line (before or after the command, the last
    one), else English, as the command line speaks.  Found before argparse
    reads the arguments, whose errors it prints as it meets them."""
    found = "en"
    for index, word in enumerate(argv):
        value = word.partition("=")[2] if word.startswith("--lang=") else None
        if word == "--lang" and index + 1 < len(argv):
            value = argv[index + 1]
        if value in LANGUAGES:
            found = value
    return found


def _bounded(message: str) -> str:
    """A message as one printable line of at most MAX_MESSAGE characters:
    control characters escaped (no ESC reaches the terminal, no newline
    fakes a second line), and an echoed argument cut short."""
    line = "".join(char if char.isprintable() else repr(char)[1:-1] for char in message)
    return line if len(line) <= MAX_MESSAGE else line[: MAX_MESSAGE - 3] + "..."


class _Parser(argparse.ArgumentParser):
    """argparse, whose error line quotes the arguments bounded and escaped."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {_bounded(message)}\n")


def _parser(language: str = "en") -> argparse.ArgumentParser:
    """The command line; its own errors in the arguments in `language` (`argument_language`)."""
    whole_number = partial(_whole_number, language)
    parser = _Parser(prog="tutor", description="Learn riichi and MCR mahjong rules.")
    parser.add_argument("--lang", choices=LANGUAGES, help="language of the app (default: from LANG)")
    # Set by `tutor serve` for each browser session: ask who is learning, keep their progress apart.
    parser.add_argument("--classroom", action="store_true", help=argparse.SUPPRESS)
    # And the server's own process id, so that a session started as the server dies still sees it go.
    parser.add_argument("--server-pid", type=int, default=None, help=argparse.SUPPRESS)
    # And, in a class (`tutor serve --class`), the name the learner joined with.
    parser.add_argument("--learner", default=None, help=argparse.SUPPRESS)
    # And the class's name, whose assignments the learner's home screen offers.
    parser.add_argument("--in-class", default=None, help=argparse.SUPPRESS)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    analyze = commands.add_parser(
        "analyze",
        help="shapes of a 13- or 14-tile hand: complete?, decompositions, tenpai?, waits",
        description="Shapes of a 13- or 14-tile hand, e.g.  tutor analyze '234m456s55s [777p] [777z]'",
    )
    analyze.add_argument("hand", nargs="*", help="the hand in notation; several words are joined by spaces")
    analyze.add_argument("--rules", choices=("riichi", "mcr"), default="riichi")
    analyze.add_argument("--json", action="store_true", help="print the result as JSON")
    analyze.add_argument("--batch", action="store_true", help="read one JSON request per line from standard input")
    score = commands.add_parser(
        "score",
        help="score a winning hand: fu line by line, yaku, han and points (riichi) or fans (MCR)",
        description="Score a winning hand, e.g.  tutor score '234m456s55s [777p] [777z]' --win 4m --seat S",
    )
    score.add_argument("hand", nargs="*", help="the hand in notation, winning tile included")
    score.add_argument("--win", help="the winning tile, e.g. 4m")
    score.add_argument("--tsumo", action="store_true", help="won by self-draw (default: ron, on a discard)")
    score.add_argument("--seat", default="E", help="seat wind E S W N (default E, the dealer)")
    score.add_argument("--round", default="E", help="round wind E S W N (default E)")
    score.add_argument("--rules", choices=("riichi", "mcr"), default="riichi")
    score.add_argument(
        "--flag",
        action="append",
        default=[],
        metavar="NAME",
        help="a situation flag, repeatable or comma-separated: riichi double_riichi ippatsu rinshan chankan "
        "haitei houtei tenhou chiihou renhou (riichi); last_tile kong wall_last (MCR)",
    )
    score.add_argument("--dora", default="", help="dora indicator tiles, e.g. 1m4p")
    score.add_argument("--ura", default="", help="ura dora indicator tiles (counted with riichi)")
    score.add_argument("--red", default="", help="the red fives in the hand (aka dora), e.g. 5m5p")
    score.add_argument("--flowers", type=whole_number, default=0, help="MCR flowers, 0 to 8")
    score.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a rule option, e.g. kiriage=true"
    )
    score.add_argument("--json", action="store_true", help="print the result as JSON")
    score.add_argument("--batch", action="store_true", help="read one JSON request per line from standard input")
    quiz = commands.add_parser("quiz", help="print a worksheet: questions, then an answer key")
    quiz.add_argument("--kind", required=True, help="quiz kind: " + ", ".join(QUIZ_KINDS))
    quiz.add_argument("--count", type=whole_number, default=10)
    quiz.add_argument("--seed", type=whole_number, default=1)
    quiz.add_argument("--level", type=whole_number, default=2, choices=(1, 2, 3))
    quiz.add_argument("--format", choices=("text", "md", "json"), default="text")
    quiz.add_argument("--lang", dest="quiz_lang", choices=LANGUAGES, help="language of the sheet (default: from LANG)")

    serve = commands.add_parser("serve", help="serve the app to a browser on 127.0.0.1 (needs the serve extra)")
    serve.add_argument("--port", type=whole_number, default=8000, help="the port (default 8000; 0 for any free one)")
    serve.add_argument(
        "--max-sessions", type=whole_number, default=40, help="most browser sessions at once (default 40)"
    )
    serve.add_argument("--lang", dest="serve_lang", choices=LANGUAGES, help="language of the served app")
    serve.add_argument(
        "--host",
        default=None,
        help="the address to listen on (default 127.0.0.1, this computer only; 0.0.0.0 for every network)",
    )
    serve.add_argument(
        "--class",
        dest="class_name",
        metavar="NAME",
        help="run a class: learners join with a name, the teacher gets a secret link to the dashboard",
    )
    serve.add_argument("--class-code", default="", metavar="CODE", help="a code learners type to join the class")
    serve.add_argument(
        "--new-teacher-link",
        action="store_true",
        help="with --class: make the teacher a new link (the old one stops working); "
        "otherwise a class already started keeps its link",
    )
    serve.add_argument(
        "--trusted-proxy",
        type=partial(_network, language),
        action="append",
        default=[],
        metavar="ADDR",
        help="a reverse proxy in front (an address or network, e.g. 127.0.0.1; repeat for more): its "
        "X-Forwarded-For names the client the join limit counts, its X-Forwarded-Host and -Proto the address "
        "the browser used",
    )
    serve.add_argument(
        "--store",
        metavar="URL",
        help="keep the learners' progress in this PostgreSQL database (postgresql://…; needs the postgres extra) "
        "instead of a file per learner",
    )

    play = commands.add_parser("play", help="play bot-only games and write their logs")
    play.add_argument("--simulate", type=whole_number, metavar="N", help="play N bot-only games")
    play.add_argument("--seed", dest="play_seed", type=whole_number, default=1, help="the first game's seed")
    play.add_argument("--rules", dest="play_rules", choices=("riichi", "mcr"), default="riichi")
    play.add_argument("--length", choices=("east", "south"), help="riichi: east-only or east-south (default)")
    play.add_argument("--bots", choices=("beginner", "intermediate"), default="beginner")
    play.add_argument("--log", choices=("mjai", "tenhou"), default="mjai", help="riichi log format")
    play.add_argument("--out", type=Path, help="a folder for one log per game")
    play.add_argument("--json", dest="play_json", action="store_true", help="print a JSON summary per game")

    review = commands.add_parser(
        "review",
        help="import a game log (tenhou.net/6, mjai, or our MCR log), replay it by the rules, re-score every win",
        description="Review a game log, e.g.  tutor review game.json --seat 0",
    )
    review.add_argument(
        "file",
        type=Path,
        help="the log: tenhou.net/6 JSON, mjai JSON lines or our MCR JSON lines, found from its content",
    )
    review.add_argument(
        "--seat",
        type=whole_number,
        choices=range(4),
        metavar="N",
        help="the seat to review, 0-3 (default: every seat)",
    )
    review.add_argument("--json", dest="review_json", action="store_true", help="print the review as JSON")
    review.add_argument(
        "--store",
        dest="review_store",
        action="store_true",
        help="store the seat's findings as mistakes to review, with questions from their positions (needs --seat)",
    )
    review.add_argument(
        "--learner",
        dest="review_learner",
        metavar="NAME",
        help="with --store: the progress of the learner of this name (as `tutor serve` keeps it), not the app's own",
    )
    review.add_argument(
        "--lang", dest="review_lang", choices=LANGUAGES, help="language of the text (default: from LANG)"
    )

    lessons = commands.add_parser("lessons", help="work with lesson files")
    lesson_commands = lessons.add_subparsers(dest="lessons_command", metavar="ACTION")
    check = lesson_commands.add_parser(
        "check", help="check every lesson file; exits non-zero naming file and line for each problem"
    )
    check.add_argument("--lessons", type=Path, help="a folder of lessons (ko/ and en/ inside, or one language)")
    return parser


def _lessons(args: argparse.Namespace) -> int:
    if args.lessons_command != "check":
        print(say("cli.lessons_no_action"), file=sys.stderr)
        return EXIT_USAGE
    root = args.lessons or bundled_lessons()
    try:
        library, problems = check_folder(root)
    except OSError as error:
        # Each folder and file is checked as it is read; this is what the system refused beyond them.
        where = shown_short(error.filename) if error.filename else shown_short(root)
        print(say("cli.lessons_unreadable", where=where, reason=error.strerror or error), file=sys.stderr)
        return EXIT_REFUSED
    for problem in problems:
        print(problem)
    count = sum(len(by_id) for by_id in library.lessons.values())
    languages = ", ".join(sorted(library.lessons)) or "none"
    lessons, found = message("cli.lessons", count=count), message("cli.problems", count=len(problems))
    print(
        text("en", "cli.lessons_checked", lessons=lessons, path=shown_short(root), languages=languages, problems=found)
    )
    return EXIT_REFUSED if problems else EXIT_OK


def _option_value(name: str, text: str) -> object:
    """An option value as every option is read (`engine.options`), short."""
    if len(text) > MAX_OPTION_VALUE:
        raise RequestError("request.option_too_long", name=name, length=len(text), shown=quote(text, 20))
    try:
        return option_value(text)
    except NumberError as error:
        raise RequestError.of(error, setting=f"--option {name}") from None


def _score_request_from_args(args: argparse.Namespace) -> dict[str, object]:
    options: dict[str, object] = {}
    for item in args.option:
        name, equals, value = item.partition("=")
        if not equals:
            raise RequestError("request.option_form", item=quote(item))
        options[name.strip()] = _option_value(name.strip(), value.strip())
    flags = [flag.strip() for item in args.flag for flag in item.split(",") if flag.strip()]
    return {
        "hand": " ".join(args.hand),
        "win": args.win or "",
        "tsumo": args.tsumo,
        "seat": args.seat,
        "round": args.round,
        "rules": args.rules,
        "flags": flags,
        "dora": args.dora,
        "ura": args.ura,
        "red": args.red,
        "flowers": args.flowers,
        "options": options,
    }


BATCH_ALONE = {
    "score": ("hand", "win", "tsumo", "seat", "round", "rules", "flag", "dora", "ura", "red", "flowers", "option"),
    "analyze": ("hand", "rules"),
}
"""What --batch reads from each request line instead: given on the command line as well, it would be ignored."""


def _batch_mixed(args: argparse.Namespace) -> int | None:
    """Refuse a hand or its settings given together with --batch, in one line; None if there are none."""
    defaults = _parser().parse_args([args.command])  # the command with nothing given
    given = [name for name in BATCH_ALONE[args.command] if getattr(args, name) != getattr(defaults, name)]
    if not given:
        return None
    options = ", ".join(say("cli.a_hand") if name == "hand" else f"--{name}" for name in given)
    print(say("cli.batch_mixed", command=args.command, options=options), file=sys.stderr)
    return EXIT_USAGE


def _batch(args: argparse.Namespace, answer: Callable[[dict[str, object]], dict[str, object]]) -> int:
    mixed = _batch_mixed(args)
    if mixed is not None:
        return mixed
    source = _standard_input()
    if source is None:
        print(say("cli.batch_closed", command=args.command), file=sys.stderr)
        return EXIT_IO
    errors = run_batch(source, sys.stdout, answer)
    return EXIT_REFUSED if errors else EXIT_OK


def _score(args: argparse.Namespace) -> int:
    if args.batch:
        return _batch(args, score_json)
    if not args.hand or not args.win:
        print(say("cli.score_usage"), file=sys.stderr)
        return EXIT_USAGE
    try:
        score = evaluate(_score_request_from_args(args))
    except RequestError as error:
        return _refuse(args, {"error": str(error), "reason": "request"})
    except Refusal as refusal:
        return _refuse(args, refusal_json(refusal))
    print(json_text(score_as_json(score)) if args.json else score_text(score))
    return EXIT_OK


def _standard_input() -> IO[bytes] | IO[str] | None:
    """Standard input as bytes where there are bytes, so that each line is decoded on its own; None if closed."""
    if sys.stdin is None:
        return None
    return getattr(sys.stdin, "buffer", sys.stdin)


def _refuse(args: argparse.Namespace, answer: dict[str, str]) -> int:
    if args.json:
        print(json_text(answer))
    else:
        print(_bounded(say("cli.said", command="score", said=answer["error"])), file=sys.stderr)
    return EXIT_REFUSED


def _analyze(args: argparse.Namespace) -> int:
    if args.batch:
        return _batch(args, lambda request: analysis_json(analyze_request(request)))
    if not args.hand:
        print(say("cli.analyze_usage"), file=sys.stderr)
        return EXIT_USAGE
    request = {"hand": " ".join(args.hand), "rules": args.rules}
    try:
        analysis = analyze_request(request)
    except RequestError as error:
        if args.json:
            print(json_text({"error": str(error)}))
        else:
            print(_bounded(say("cli.said", command="analyze", said=error)), file=sys.stderr)
        return EXIT_REFUSED
    if args.json:
        print(json_text(analysis_json(analysis)))
    else:
        print(analysis_text(analysis))
    return EXIT_OK


def _quiz(args: argparse.Namespace) -> int:
    from tutor.quiz.question import QuizError
    from tutor.quiz.worksheet import worksheet
    from tutor.ui.language import default_language

    language = args.quiz_lang or args.lang or default_language()
    try:
        print(worksheet(args.kind, args.count, args.seed, args.level, language, args.format))
    except QuizError as error:
        print(_bounded(say("cli.said", command="quiz", said=error)), file=sys.stderr)
        return EXIT_REFUSED
    return EXIT_OK


def _serve(args: argparse.Namespace) -> int:
    try:
        from tutor.serve import HOST, ClassroomServer, PortRefused, bind
    except ImportError:
        print(say("cli.serve_missing"), file=sys.stderr)
        return EXIT_REFUSED
    # Errors in the arguments follow --lang, as argparse's own do (`argument_language`).
    told = args.serve_lang or args.lang or "en"
    if not 1 <= args.max_sessions <= MAX_SESSIONS_LIMIT:
        print(text(told, "cli.max_sessions", most=MAX_SESSIONS_LIMIT, given=args.max_sessions), file=sys.stderr)
        return EXIT_USAGE
    if args.new_teacher_link and not args.class_name:
        print(text(told, "cli.new_link_without_class"), file=sys.stderr)
        return EXIT_USAGE
    try:
        listener = bind(args.port, args.host or HOST)
    except PortRefused as refusal:
        print(say("cli.said", command="serve", said=refusal), file=sys.stderr)
        return EXIT_USAGE
    if args.store is not None:
        unavailable = _check_store(args.store)
        if unavailable is not None:
            listener.close()
            print(_bounded(say("cli.said", command="serve", said=unavailable)), file=sys.stderr)
            return EXIT_REFUSED
        from tutor.quiz.stores import STORE_ENV

        # Every session is a child of this process, and takes its store from the environment (tutor/quiz/stores.py).
        os.environ[STORE_ENV] = args.store
    language = args.serve_lang or args.lang
    # One app process per browser tab: textual-serve starts the command for each connection.
    server = ClassroomServer(
        session_command(language, args.class_name),
        listener,
        max_sessions=args.max_sessions,
        title=say("title"),
        trusted_proxies=tuple(args.trusted_proxy),
    )
    if args.host is not None:
        print(say("cli.host_warning", host=args.host), flush=True)
    if args.class_name:
        from tutor.ui.language import default_language

        refused = _start_class(
            server, args.class_name, args.class_code, language or default_language(), args.new_teacher_link
        )
        if refused is not None:
            listener.close()
            print(_bounded(say("cli.said", command="serve", said=refused)), file=sys.stderr)
            return EXIT_REFUSED
    server.serve()
    return EXIT_OK


def session_command(language: str | None, class_name: str | None) -> str:
    """The command of a served session (its learner's name is added as it starts, tutor/serve.py)."""
    # `exec`: the session is the server's own child, not a shell's, so it sees the server go (tutor/ui/app.py).
    command = f"exec {shlex.quote(sys.executable)} -m tutor --classroom --server-pid {os.getpid()}"
    if language:
        command += f" --lang {language}"
    if class_name:
        command += f" --in-class {shlex.quote(class_name)}"
    return command


def _start_class(server: ClassroomServer, name: str, code: str, language: str, new_link: bool) -> str | None:
    """The class's pages on `server`, with the teacher's link announced once
    if one was made (a new class, or `new_link`); or why the class cannot start."""
    from tutor.classroom import ClassPages
    from tutor.quiz.classbook import ClassBook, open_class_store
    from tutor.quiz.store_api import StoreUnavailable

    try:
        book = ClassBook(open_class_store(name), name)
        token = book.start(language, code.strip(), new_link)
    except StoreUnavailable as problem:
        return str(problem)
    server.pages = ClassPages(book, language, is_own_origin=server.is_own_origin, client_of=server.client_address)
    teacher = (
        say("cli.class_joined", name=name)
        if token is None
        else say("cli.class_link", name=name, url=f"{server.base_for('teacher')}/class/teacher?token={token}")
    )
    server.announce = (teacher, say("cli.class_join", url=f"{server.base_for('learners')}/join"))
    return None


def _check_store(url: str) -> str | None:
    """Why the database at `url` cannot keep progress (one line), or None once
    it is reachable and its schema is this version's (migrated if older)."""
    from tutor.quiz.store_api import StoreUnavailable
    from tutor.quiz.stores import APP_LEARNER, open_postgres, store_place

    try:
        open_postgres(url, APP_LEARNER, store_place()).close()
    except StoreUnavailable as problem:
        return str(problem)
    return None


def _open_app(args: argparse.Namespace) -> int:
    from tutor.ui.app import TutorApp

    if args.classroom:
        _step_back_for_the_server()
    app = TutorApp(
        language=args.lang,
        classroom=args.classroom,
        server_pid=args.server_pid,
        joined=args.learner,
        class_name=args.in_class if args.classroom else None,
    )
    try:
        app.run()
    finally:
        # However the app ended (a crash too), the writes it still holds are kept for the next start.
        app.finish_writes()
        if app.pending_note:
            print(app.pending_note, file=sys.stderr)
    # Textual has printed the traceback of a crash and set a non-zero code: never exit 0 after one.
    return EXIT_INTERNAL if app.return_code else EXIT_OK


def _step_back_for_the_server() -> None:
    """A served session runs SESSION_NICENESS below its server (where the system allows it)."""
    # Where it is not allowed, the session runs at the server's priority, as before.
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(SESSION_NICENESS)


def main(argv: Sequence[str] | None = None) -> int:
    prepare_streams()
    code = _main(sys.argv[1:] if argv is None else list(argv))
    note = escaping_note()
    if note:
        print(note, file=sys.stderr)
    return code


def _output_failed(error: OSError) -> int:
    """Standard output cannot be written: one line on standard error, and
    nothing more tried on it (Python would try again at exit, and complain)."""
    print(say("cli.output_failed", reason=error.strerror or error), file=sys.stderr)
    _silence_stdout()
    return EXIT_IO


def _silence_stdout() -> None:
    try:
        descriptor = os.open(os.devnull, os.O_WRONLY)
        os.dup2(descriptor, sys.stdout.fileno())
        os.close(descriptor)
    except (OSError, AttributeError, ValueError):
        pass


def _main(argv: list[str]) -> int:
    too_long = next((word for word in argv if len(word) > MAX_ARGUMENT), None)
    if too_long is not None:
        print(
            say("cli.argument_too_long", length=len(too_long), shown=quote(too_long), most=MAX_ARGUMENT),
            file=sys.stderr,
        )
        return EXIT_USAGE
    try:
        args = _parser(argument_language(argv)).parse_args(argv)
    except SystemExit as leaving:
        # argparse has printed its one line (or the help); main returns, it does not exit.
        return leaving.code if isinstance(leaving.code, int) else EXIT_USAGE
    try:
        code = _command(args)
        if sys.stdout is not None:
            sys.stdout.flush()  # here, where a full disk can still be reported, not at exit
        return code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # A reader such as `head` closed the pipe; there is nobody left to tell.
        _silence_stdout()
        return EXIT_OK
    except OSError as error:
        if error.errno in OUTPUT_ERRORS:
            return _output_failed(error)
        print(_bounded(say("cli.internal_error", name=type(error).__name__, error=error)), file=sys.stderr)
        return EXIT_INTERNAL
    except Exception as error:  # noqa: BLE001 - the promise is: no traceback, ever
        print(_bounded(say("cli.internal_error", name=type(error).__name__, error=error)), file=sys.stderr)
        return EXIT_INTERNAL


MOST_GAMES = 1000
"""The most games one `tutor play --simulate` plays."""


def _play(args: argparse.Namespace) -> int:
    if args.simulate is None:
        print(text("en", "play.only_simulate"), file=sys.stderr)
        return EXIT_USAGE
    if not 1 <= args.simulate <= MOST_GAMES:
        print(text("en", "play.games_range", most=MOST_GAMES, count=args.simulate), file=sys.stderr)
        return EXIT_USAGE
    simulation = Simulation(args.simulate, args.play_seed, args.play_rules, args.length, args.bots, args.log, args.out)
    try:
        summaries = simulate(simulation)
    except NotAvailable as refused:
        print(text("en", refused.key), file=sys.stderr)
        return EXIT_USAGE
    except OSError as error:
        where = error.filename or args.out
        print(text("en", "play.out_unwritable", path=str(where), reason=error.strerror or str(error)), file=sys.stderr)
        return EXIT_IO
    if args.play_json:
        print(json.dumps({"games": summaries}, ensure_ascii=False))
        return EXIT_OK
    for number, summary in enumerate(summaries, start=1):
        print(
            text(
                "en",
                "play.game",
                number=number,
                rules=summary["rules"],
                seed=summary["seed"],
                hands=message("play.hands", count=summary["hands"]),
                wins=message("play.wins", count=summary["wins"]),
                draws=message("play.draws", count=summary["draws"]),
                scores=" ".join(str(score) for score in summary["scores"]),
                violations=summary["invariant_violations"],
            )
        )
        if "log" in summary:
            print(text("en", "play.log_written", path=summary["log"]))
    return EXIT_OK


OUTPUT_ERRORS = frozenset({errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG})
"""What writing standard output may meet on a full or failing device."""


def _command(args: argparse.Namespace) -> int:
    if args.command == "analyze":
        return _analyze(args)
    if args.command == "score":
        return _score(args)
    if args.command == "lessons":
        return _lessons(args)
    if args.command == "serve":
        return _serve(args)
    if args.command == "quiz":
        return _quiz(args)
    if args.command == "play":
        return _play(args)
    if args.command == "review":
        return _review(args)
    return _open_app(args)


def _review(args: argparse.Namespace) -> int:
    """`tutor review FILE`: the review, or the log's refusal in one line (exit 1)."""
    from tutor.locale import render
    from tutor.service.review_log import LogRefused, review_file, review_json
    from tutor.service.review_log import refusal_json as review_refusal_json
    from tutor.service.review_log_words import refusal as refusal_words
    from tutor.service.review_log_words import review_lines
    from tutor.ui.language import default_language

    seats = (0, 1, 2, 3) if args.seat is None else (args.seat,)
    language = args.review_lang or args.lang or default_language()
    learner = None if args.review_learner is None else " ".join(args.review_learner.split())
    if (args.review_store and args.seat is None) or (learner is not None and (not args.review_store or not learner)):
        print(render(message("review_log.store_usage"), language), file=sys.stderr)
        return EXIT_USAGE
    try:
        review = review_file(args.file, seats)
    except LogRefused as refused:
        if args.review_json:
            print(json.dumps(review_refusal_json(refused), ensure_ascii=False))
        else:
            print(render(refusal_words(refused), language), file=sys.stderr)
        return EXIT_REFUSED
    if args.review_json:
        print(json.dumps(review_json(review), ensure_ascii=False))
    else:
        for line in review_lines(review):
            print(render(line, language))
    if args.review_store:
        return _store_review(review, args.file, learner, language)
    return EXIT_OK


def _store_review(review: LogReview, path: Path, learner: str | None, language: str) -> int:
    """`tutor review --store`: the seat's findings into the learner's store
    (the app's own, or a served learner's), as the app opens it: a store
    busy or full keeps the writes in its pending file for the next start."""
    import time

    from tutor.engine.rules import Rules
    from tutor.locale import render
    from tutor.quiz.review_findings import store_findings
    from tutor.quiz.store import Store
    from tutor.quiz.store_api import PASSING_PROBLEMS, ProgressStore, StoreUnavailable
    from tutor.quiz.stores import open_store, store_place
    from tutor.quiz.writes import Writes
    from tutor.service.review_log import seat_findings

    carry_to = None
    store: ProgressStore
    try:
        store = open_store(learner)
    except StoreUnavailable as problem:
        if problem.problem not in PASSING_PROBLEMS:
            print(text(language, f"store_{problem.problem}", path=problem.path), file=sys.stderr)
            return EXIT_REFUSED
        store, carry_to = Store.in_memory(), store_place(learner)
        # The pending file goes beside the store, whose folder a store never opened may lack.
        with contextlib.suppress(OSError):
            carry_to.parent.mkdir(parents=True, exist_ok=True)
    writes = Writes(store, carry_to)
    writes.merge_pending()
    rules = Rules.MCR if review.format == "tutor" else Rules.RIICHI
    stored = store_findings(writes, seat_findings(review), path.name, rules, time.time())
    handover = writes.finish(close_store=True)
    place = writes.target or store.place
    said = message(
        "review_log.stored",
        mistakes=message("review_log.mistakes", count=stored.answers),
        positions=message("review_log.positions", count=stored.positions),
        place=str(place),
    )
    print(render(said, language), file=sys.stderr)
    if handover is None:
        return EXIT_OK
    if handover.path is None:
        print(
            text(language, "store.pending_lost", count=handover.count, path=place, error=handover.error),
            file=sys.stderr,
        )
        return EXIT_REFUSED
    print(text(language, "store.pending_kept", count=handover.count, path=handover.path), file=sys.stderr)
    return EXIT_OK


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())

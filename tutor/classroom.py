"""The pages of a class in `tutor serve --class NAME` (issue 32): learners
join with a name, the teacher sees the class's answers rule by rule.

* `/join`: a learner's name (and the class code, if the class has one), in
  the class's language.  Joins are rate-limited per client address (a token
  bucket).  A learner who joined gets a ticket in a cookie; the session the
  page then starts is theirs (`member_of`), and `/` without one sends them
  here.
* `/class/teacher?token=…`: the teacher's link.  A right token (compared in
  constant time with its stored hash) sets the teacher's cookie and goes on
  to `/class`, so the token leaves the address bar before a projector shows
  it.
* `/class`: the dashboard, right and wrong answers per learner and rule,
  and the class's assignments, which the teacher sets there
  (`/class/assign`) and learners see on the join page;
  `/class/results.csv`: the same as CSV; `/class/board`: a line per
  learner for the projector, paged; `/class/sheet?assignment=REF`: a
  seeded assignment's answers question by question; `/class/deal?assignment=REF`:
  a shared play deal's decisions, turn by turn, learner beside learner (each one's latest attempt
  played to its end), and `/class/deal.csv` every attempt's; `/class/forget`: a learner's data
  deleted, after a confirmation form.  All three for the teacher's cookie
  only, and the forms only from this server's own pages.

Every word is a catalogue message in the class's language; Jinja escapes
whatever a learner typed.
"""

from __future__ import annotations

import asyncio
import csv
import datetime
import io
import json
import secrets
import time
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import aiohttp_jinja2
from aiohttp import web
from multidict import MultiMapping

from tutor.engine.numbers import NumberError, read_whole_number
from tutor.lessons.model import QUIZ_KINDS
from tutor.locale import text
from tutor.locale.message import listed, render, render_value
from tutor.quiz.action_words import action_name
from tutor.quiz.class_trend import concept_trend, week_of
from tutor.quiz.class_words import concept_label
from tutor.quiz.classbook import Assignment, ClassBook, Member
from tutor.quiz.deal_turns import (
    DEAL_KIND,
    END,
    Attempt,
    attempts,
    finished,
    read_decision,
    read_situation,
    shown_attempt,
)
from tutor.quiz.kinds import KINDS
from tutor.quiz.plan import DrillPlan
from tutor.quiz.question import LEVELS, Question
from tutor.quiz.sheet_tally import tally
from tutor.quiz.store import MAX_LEARNER_NAME, learner_key
from tutor.quiz.store_api import RECENT_DAYS, AssignedAnswer
from tutor.quiz.worksheet import hand_lines
from tutor.ui.drill_words import kind_name, prompt_text, right_answer_text
from tutor.ui.screens.learner import clean_name

Form = MultiMapping[Any]
"""A posted form as aiohttp reads it."""
LEARNER_COOKIE = "tutor_learner"
TEACHER_COOKIE = "tutor_teacher"
JOIN_BURST = 5
"""Joins a client address may make at once..."""
JOIN_EVERY = 6.0
"""...and then one every this many seconds."""
MAX_CODE = 40
MAX_QUESTIONS = 100
"""The most questions an assignment asks."""
MAX_SEED = 2**31 - 1
BOARD_PAGE = 15
"""Learners on one page of the projector's board: in its large type they fit a 1080-line screen unscrolled."""
CSV_COLUMNS = (
    "learner",
    "concept",
    "rule",
    "before_right",
    "before_wrong",
    "recent_right",
    "recent_wrong",
    "trend",
)
DEAL_CSV_COLUMNS = ("learner", "attempt", "finished", "decision", "situation", "action")
MAX_ADDRESSES = 10_000
"""Addresses the join limiter remembers; past this it forgets those with a full bucket."""


@dataclass
class JoinLimiter:
    """A token bucket per client address: JOIN_BURST joins at once, then one every JOIN_EVERY seconds."""

    clock: Callable[[], float] = time.monotonic
    burst: int = JOIN_BURST
    every: float = JOIN_EVERY
    buckets: dict[str, tuple[float, float]] = field(default_factory=dict)
    """address: (tokens, when counted)"""

    def allow(self, address: str) -> bool:
        now = self.clock()
        tokens, then = self.buckets.get(address, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) / self.every)
        if len(self.buckets) >= MAX_ADDRESSES and address not in self.buckets:
            self._forget_full(now)
        if tokens < 1:
            self.buckets[address] = (tokens, now)
            return False
        self.buckets[address] = (tokens - 1, now)
        return True

    def _forget_full(self, now: float) -> None:
        self.buckets = {
            address: (tokens, then)
            for address, (tokens, then) in self.buckets.items()
            if tokens + (now - then) / self.every < self.burst
        }


@dataclass
class ClassPages:
    """A class's pages on the server; `is_own_origin` is the server's Origin check."""

    book: ClassBook
    language: str
    is_own_origin: Callable[[web.Request], bool]
    limiter: JoinLimiter = field(default_factory=JoinLimiter)
    client_of: Callable[[web.Request], str] = lambda request: request.remote or ""
    """The browser's address, which the join limit counts (the server's: behind a trusted proxy, X-Forwarded-For)."""
    tickets: dict[str, Member] = field(default_factory=dict)
    """A learner's cookie: the member it lets in."""
    teachers: set[str] = field(default_factory=set)
    """The teacher's cookies (one per browser the link was opened in)."""
    book_thread: ThreadPoolExecutor = field(
        default_factory=lambda: ThreadPoolExecutor(max_workers=1, thread_name_prefix="class-book")
    )
    """Where the book is read and written (see `_on_book`)."""

    def routes(self) -> list[web.RouteDef]:
        on_book = self._on_book_thread
        return [
            web.get("/join", on_book(self.join_page)),
            web.post("/join", self.join),
            web.get("/class/teacher", on_book(self.teacher_link)),
            web.get("/class", on_book(self.dashboard)),
            web.get("/class/results.csv", on_book(self.results_csv)),
            web.get("/class/board", on_book(self.board)),
            web.get("/class/sheet", on_book(self.sheet)),
            web.get("/class/deal", on_book(self.deal)),
            web.get("/class/deal.csv", on_book(self.deal_csv)),
            web.get("/class/forget", on_book(self.forget_page)),
            web.post("/class/forget", self.forget),
            web.post("/class/assign", self.assign),
        ]

    async def _on_book(self, build: Callable[[], web.Response]) -> web.Response:
        """`build` run on the book's own thread: a page reads the store (every
        learner's file, with SQLite), and on the server's event loop a slow or
        locked file would hold every learner's session still meanwhile.  One
        thread, so the store is never used by two at once."""
        return await asyncio.get_running_loop().run_in_executor(self.book_thread, build)

    def _on_book_thread(
        self, handler: Callable[[web.Request], web.Response]
    ) -> Callable[[web.Request], Awaitable[web.Response]]:
        async def handle(request: web.Request) -> web.Response:
            return await self._on_book(partial(handler, request))

        return handle

    def say(self, key: str, **values: object) -> str:
        return text(self.language, key, **values)

    def member_of(self, request: web.Request) -> Member | None:
        """The learner whose ticket the request carries, if any."""
        return self.tickets.get(request.cookies.get(LEARNER_COOKIE, ""))

    # --- learners ---------------------------------------------------------------------------

    def _page(self, template: str, request: web.Request, status: int = 200, **values: object) -> web.Response:
        """A class page in the class's language, with the class's assignments."""
        context = {
            "say": self.say,
            "language": self.language,
            "class_name": self.book.name,
            "assignments": [self._assignment_line(assignment) for assignment in self.book.assignments()],
            **values,
        }
        return aiohttp_jinja2.render_template(template, request, context, status=status)

    def _assignment_line(self, assignment: Assignment) -> dict[str, str]:
        if assignment.kinds == (DEAL_KIND,):
            line = self.say("class.assignment_deal", seed=assignment.seed or 0, due=assignment.due)
            return {"line": line, "seed": "", "sheet": "", "deal": assignment.ref(self.book.name)}
        kinds = self._list(kind_name(kind, self.language) for kind in assignment.kinds)
        levels = self._list(str(level) for level in assignment.levels)
        line = self.say("class.assignment", count=assignment.count, kinds=kinds, levels=levels, due=assignment.due)
        seed = "" if assignment.seed is None else self.say("class.assignment_seed", seed=assignment.seed)
        # A seeded assignment's sheet is one for all: its answers can be set side by side, question by question.
        sheet = "" if assignment.seed is None else assignment.ref(self.book.name)
        return {"line": line, "seed": seed, "sheet": sheet, "deal": ""}

    def _join_form(self, request: web.Request, problem: str = "", status: int = 200) -> web.Response:
        return self._page("class_join.html", request, status, problem=problem)

    def join_page(self, request: web.Request) -> web.Response:
        return self._join_form(request)

    async def join(self, request: web.Request) -> web.Response:
        if not self.is_own_origin(request):
            raise web.HTTPForbidden(text=self.say("class.other_page"))
        if not self.limiter.allow(self.client_of(request)):
            return await self._on_book(partial(self._join_form, request, self.say("class.join_slow"), status=429))
        form = await request.post()
        return await self._on_book(partial(self._join_with, request, form))

    def _join_with(self, request: web.Request, form: Form) -> web.Response:
        name = clean_name(str(form.get("name", ""))[: MAX_LEARNER_NAME * 4])
        code = str(form.get("code", ""))[:MAX_CODE]
        if not name:
            return self._join_form(request, self.say("class.join_empty"), status=400)
        if len(name) > MAX_LEARNER_NAME or not learner_key(name):
            return self._join_form(request, self.say("class.join_long", most=MAX_LEARNER_NAME), status=400)
        if not self.book.code_matches(code):
            return self._join_form(request, self.say("class.join_code_wrong"), status=403)
        member = self.book.join(name)
        ticket = secrets.token_urlsafe(24)
        self.tickets[ticket] = member
        response = web.HTTPSeeOther("/")
        response.set_cookie(LEARNER_COOKIE, ticket, httponly=True, samesite="Strict", path="/")
        raise response

    # --- the teacher ------------------------------------------------------------------------

    def _teacher(self, request: web.Request) -> None:
        """Refused unless the request carries the teacher's cookie."""
        if request.cookies.get(TEACHER_COOKIE, "") not in self.teachers:
            raise web.HTTPForbidden(text=self.say("class.teacher_only"))

    def teacher_link(self, request: web.Request) -> web.Response:
        if not self.book.is_teacher(request.query.get("token", "")):
            raise web.HTTPForbidden(text=self.say("class.teacher_only"))
        cookie = secrets.token_urlsafe(32)
        self.teachers.add(cookie)
        response = web.HTTPSeeOther("/class")
        response.set_cookie(TEACHER_COOKIE, cookie, httponly=True, samesite="Strict", path="/class")
        raise response

    def _rows(self) -> list[dict[str, Any]]:
        return [
            {
                "key": results.member.key,
                "name": results.member.name,
                "counts": [
                    {
                        "concept": count.concept,
                        "rule": concept_label(count.concept, self.language),
                        "before_right": count.before_right,
                        "before_wrong": count.before_wrong,
                        "recent_right": count.recent_right,
                        "recent_wrong": count.recent_wrong,
                        "trend": concept_trend(count),
                        "trend_words": self.say(f"class.trend_{concept_trend(count)}"),
                    }
                    for count in results.counts
                ],
                "week": week_of(results.counts),
                "unread": results.unread,
            }
            for results in self.book.results()
        ]

    def _dashboard(self, request: web.Request, problem: str = "", status: int = 200) -> web.Response:
        kinds = [(kind, kind_name(kind, self.language)) for kind in QUIZ_KINDS]
        return self._page(
            "class_dashboard.html",
            request,
            status,
            learners=self._rows(),
            kinds=kinds,
            levels=LEVELS,
            most=MAX_QUESTIONS,
            problem=problem,
            days=RECENT_DAYS,
            teacher=True,
        )

    def dashboard(self, request: web.Request) -> web.Response:
        self._teacher(request)
        return self._dashboard(request)

    async def assign(self, request: web.Request) -> web.Response:
        self._teacher(request)
        if not self.is_own_origin(request):
            raise web.HTTPForbidden(text=self.say("class.other_page"))
        form = await request.post()
        return await self._on_book(partial(self._assign_with, request, form))

    def _assign_with(self, request: web.Request, form: Form) -> web.Response:
        deal = form.get("deal") == "yes"
        assignment = read_assignment(
            [str(kind) for kind in form.getall("kind", [])],
            [str(level) for level in form.getall("level", [])],
            str(form.get("count", "")),
            str(form.get("seed", "")),
            str(form.get("due", "")),
            deal=deal,
        )
        if assignment is None:
            problem = (
                self.say("class.assign_deal_problem") if deal else self.say("class.assign_problem", most=MAX_QUESTIONS)
            )
            return self._dashboard(request, problem, status=400)
        self.book.assign(assignment)
        raise web.HTTPSeeOther("/class")

    def results_csv(self, request: web.Request) -> web.Response:
        self._teacher(request)
        rows = [
            [learner["name"], *(count[column] for column in CSV_COLUMNS[1:-1]), count["trend_words"]]
            for learner in self._rows()
            for count in learner["counts"]
        ]
        return self._csv("results.csv", CSV_COLUMNS, rows)

    def deal_csv(self, request: web.Request) -> web.Response:
        """Every attempt of every learner at a shared deal, a row per decision (the page shows one attempt)."""
        self._teacher(request)
        ref = self._deal(request).ref(self.book.name)
        rows: list[list[object]] = []
        for member, turns in self.book.play_turns(ref):
            for number, attempt in sorted(attempts(turns or []).items()):
                complete = self.say("class.deal_finished_yes" if finished(attempt) else "class.deal_finished_no")
                decisions: list[tuple[object, ...]] = [
                    (turn.turn + 1, self._seen(turn.situation), self._done(turn.decision))
                    for turn in attempt
                    if turn.decision != END
                ]
                # An attempt ended before the learner decided anything (a win before their turn) is a row too.
                rows.extend([member.name, number, complete, *shown] for shown in decisions or [("", "", "")])
        return self._csv("deal.csv", DEAL_CSV_COLUMNS, rows)

    def _csv(self, name: str, columns: tuple[str, ...], rows: Iterable[list[object]]) -> web.Response:
        out = io.StringIO()
        table = csv.writer(out)
        table.writerow([self.say(f"class.column_{column}", days=RECENT_DAYS) for column in columns])
        for row in rows:
            # A cell a spreadsheet would take for a formula is written as text.
            table.writerow([f"'{cell}" if str(cell)[:1] in "=+-@\t\r" else cell for cell in row])
        return web.Response(
            text=out.getvalue(),
            content_type="text/csv",
            charset="utf-8",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    def board(self, request: web.Request) -> web.Response:
        """The projector's page: a line per learner, BOARD_PAGE learners a page, in large type."""
        self._teacher(request)
        learners = self._rows()
        pages = max(1, -(-len(learners) // BOARD_PAGE))
        try:
            page = min(max(1, read_whole_number(request.query.get("page", "1"))), pages)
        except NumberError:
            page = 1
        shown = [
            {
                "name": learner["name"],
                "week": learner["week"],
                "trend_words": self.say(f"class.trend_{learner['week'].trend}"),
                "weakest": self._list(concept_label(concept, self.language) for concept in learner["week"].weakest),
            }
            for learner in learners[(page - 1) * BOARD_PAGE : page * BOARD_PAGE]
        ]
        return self._page("class_board.html", request, learners=shown, page=page, pages=pages, days=RECENT_DAYS)

    def sheet(self, request: web.Request) -> web.Response:
        """A seeded assignment, question by question: the answers the learners
        chose and how many chose each, the most common wrong one marked."""
        self._teacher(request)
        ref = request.query.get("assignment", "")
        assignment = next(
            (found for found in self.book.assignments() if found.seed is not None and found.ref(self.book.name) == ref),
            None,
        )
        if assignment is None or assignment.seed is None:
            raise web.HTTPNotFound(text=self.say("class.no_such_assignment"))
        plan = DrillPlan.assigned(assignment.kinds, assignment.levels, assignment.count, assignment.seed, ref, set())
        questions = plan.questions()
        tallies = tally(assignment.count, self.book.assigned_answers(ref), partial(self._given, questions))
        shown = [
            {
                "number": question_tally.number + 1,
                "kind": kind_name(question.kind, self.language),
                "prompt": "\n".join([prompt_text(question, self.language), *hand_lines(question, self.language)]),
                "right": right_answer_text(question, self.language),
                "tally": question_tally,
            }
            for question, question_tally in zip(questions, tallies, strict=True)
        ]
        return self._page("class_sheet.html", request, line=self._assignment_line(assignment)["line"], questions=shown)

    def _deal(self, request: web.Request) -> Assignment:
        """The shared deal the request names, or 404."""
        ref = request.query.get("assignment", "")
        assignment = next(
            (
                found
                for found in self.book.assignments()
                if found.kinds == (DEAL_KIND,) and found.ref(self.book.name) == ref
            ),
            None,
        )
        if assignment is None:
            raise web.HTTPNotFound(text=self.say("class.no_such_assignment"))
        return assignment

    def deal(self, request: web.Request) -> web.Response:
        """A shared play deal, decision by decision: what each learner did,
        and the situation they did it in (once, when it was everyone's)."""
        self._teacher(request)
        assignment = self._deal(request)
        ref = assignment.ref(self.book.name)
        found = self.book.play_turns(ref)
        # Each learner's latest attempt played to its end (else their latest): a deal played again
        # from its start is a new attempt, never mixed with the one before.
        played = [(member, attempt) for member, turns in found if (attempt := shown_attempt(turns or []))]
        unread = [member.name for member, turns in found if turns is None]
        count = max((turn.turn for _, attempt in played for turn in attempt.turns), default=-1) + 1
        shown = []
        for number in range(count):
            rows = []
            for member, attempt in played:
                turn = next((turn for turn in attempt.turns if turn.turn == number), None)
                rows.append(
                    {
                        "name": self._attempt_name(member.name, attempt),
                        "seen": "" if turn is None else self._seen(turn.situation),
                        "did": self.say("class.deal_none") if turn is None else self._done(turn.decision),
                    }
                )
            seen = {row["seen"] for row in rows if row["seen"]}
            shown.append({"number": number + 1, "rows": rows, "same": seen.pop() if len(seen) == 1 else ""})
        shown_attempts = [self._attempt_line(member.name, attempt) for member, attempt in played]
        line = self._assignment_line(assignment)["line"]
        return self._page(
            "class_deal.html",
            request,
            line=line,
            turns=shown,
            attempts=shown_attempts,
            ref=ref,
            played=bool(played),
            unread=self._list(unread),
        )

    def _attempt_line(self, name: str, attempt: Attempt) -> str:
        """Which of a learner's attempts the page shows, and whether it was played to its end."""
        key = "class.deal_attempt" if attempt.complete else "class.deal_attempt_unfinished"
        return self.say(key, name=name, number=attempt.number, count=attempt.of)

    def _attempt_name(self, name: str, attempt: Attempt) -> str:
        return name if attempt.complete else self.say("class.deal_name_unfinished", name=name)

    def _list(self, items: Iterable[str]) -> str:
        """Words as one list, joined as the class's language joins a list."""
        return render(listed(items), self.language)

    def _seen(self, stored: str) -> str:
        seen = read_situation(stored)
        if seen is None:
            return stored
        hand = f"{seen.hand} {seen.melds}".strip()
        if seen.discard is not None:
            return self.say("class.deal_seen_discard", hand=hand, tile=seen.discard)
        if seen.drawn is not None:
            return self.say("class.deal_seen_drew", hand=hand, tile=seen.drawn)
        return self.say("class.deal_seen", hand=hand)

    def _done(self, stored: str) -> str:
        done = read_decision(stored)
        if done is None:
            return stored
        action = render_value(action_name(done.kind), self.language)
        if done.tile is None:
            return self.say("class.deal_did_plain", action=action)
        return self.say("class.deal_did", action=action, tile=done.tile)

    def _given(self, questions: list[Question], answer: AssignedAnswer) -> str:
        """A stored answer in the words the drill's feedback gives it; one
        that cannot be read so (from another version, say) as it was stored."""
        question = questions[answer.question]
        kind = KINDS.get(question.kind)
        try:
            response = json.loads(answer.response)
            if kind is None or not isinstance(response, dict):
                return answer.response
            if not response:
                return self.say("class.no_answer_given")
            return render_value(kind.given(kind.judge(question, response)), self.language)
        except (ValueError, TypeError, KeyError, AttributeError):
            return answer.response

    def _member(self, key: str) -> Member:
        member = self.book.member(key)
        if member is None:
            raise web.HTTPNotFound(text=self.say("class.no_such_learner"))
        return member

    def forget_page(self, request: web.Request) -> web.Response:
        self._teacher(request)
        return self._page("class_forget.html", request, member=self._member(request.query.get("learner", "")))

    async def forget(self, request: web.Request) -> web.Response:
        self._teacher(request)
        if not self.is_own_origin(request):
            raise web.HTTPForbidden(text=self.say("class.other_page"))
        form = await request.post()
        return await self._on_book(partial(self._forget_with, form))

    def _forget_with(self, form: Form) -> web.Response:
        member = self._member(str(form.get("learner", "")))
        if form.get("confirm") == "yes":
            self.book.forget(member)
            for ticket in [ticket for ticket, holder in self.tickets.items() if holder.key == member.key]:
                del self.tickets[ticket]
        raise web.HTTPSeeOther("/class")


def read_assignment(
    kinds: list[str], levels: list[str], count: str, seed: str, due: str, deal: bool = False
) -> Assignment | None:
    """An assignment from the dashboard's form, or None if any part of it is
    not one.  `deal`: a shared play deal, whose kinds, levels and count are
    not asked; without a seed it is given one, so that the deal is still
    every learner's."""
    if deal:
        try:
            dealt = read_whole_number(seed.strip()) if seed.strip() else secrets.randbelow(MAX_SEED) + 1
            deal_due = datetime.date.fromisoformat(due.strip())
        except (NumberError, ValueError):
            return None
        if dealt > MAX_SEED:
            return None
        return Assignment(time.time(), (DEAL_KIND,), (), 1, dealt, deal_due.isoformat())
    try:
        chosen_levels = tuple(sorted({read_whole_number(level) for level in levels}))
        questions = read_whole_number(count.strip())
        fixed = read_whole_number(seed.strip()) if seed.strip() else None
        due_date = datetime.date.fromisoformat(due.strip())
    except (NumberError, ValueError):
        return None
    chosen_kinds = tuple(kind for kind in QUIZ_KINDS if kind in kinds)
    if (
        not chosen_kinds
        or len(chosen_kinds) != len(set(kinds))
        or not chosen_levels
        or not set(chosen_levels) <= set(LEVELS)
        or not 1 <= questions <= MAX_QUESTIONS
        or (fixed is not None and fixed > MAX_SEED)
    ):
        return None
    return Assignment(time.time(), chosen_kinds, chosen_levels, questions, fixed, due_date.isoformat())

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
  `/class/results.csv`: the same as CSV; `/class/forget`: a learner's data
  deleted, after a confirmation form.  All three for the teacher's cookie
  only, and the forms only from this server's own pages.

Every word is a catalogue message in the class's language; Jinja escapes
whatever a learner typed.
"""

from __future__ import annotations

import csv
import datetime
import io
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp_jinja2
from aiohttp import web

from tutor.engine.numbers import NumberError, read_whole_number
from tutor.lessons.model import QUIZ_KINDS
from tutor.locale import text
from tutor.quiz.class_words import concept_label
from tutor.quiz.classbook import Assignment, ClassBook, Member
from tutor.quiz.question import LEVELS
from tutor.quiz.store import MAX_LEARNER_NAME, learner_key
from tutor.ui.drill_words import kind_name
from tutor.ui.screens.learner import clean_name

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

    def routes(self) -> list[web.RouteDef]:
        return [
            web.get("/join", self.join_page),
            web.post("/join", self.join),
            web.get("/class/teacher", self.teacher_link),
            web.get("/class", self.dashboard),
            web.get("/class/results.csv", self.results_csv),
            web.get("/class/forget", self.forget_page),
            web.post("/class/forget", self.forget),
            web.post("/class/assign", self.assign),
        ]

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
        kinds = ", ".join(kind_name(kind, self.language) for kind in assignment.kinds)
        levels = ", ".join(str(level) for level in assignment.levels)
        line = self.say("class.assignment", count=assignment.count, kinds=kinds, levels=levels, due=assignment.due)
        seed = "" if assignment.seed is None else self.say("class.assignment_seed", seed=assignment.seed)
        return {"line": line, "seed": seed}

    def _join_form(self, request: web.Request, problem: str = "", status: int = 200) -> web.Response:
        return self._page("class_join.html", request, status, problem=problem)

    async def join_page(self, request: web.Request) -> web.Response:
        return self._join_form(request)

    async def join(self, request: web.Request) -> web.Response:
        if not self.is_own_origin(request):
            raise web.HTTPForbidden(text=self.say("class.other_page"))
        if not self.limiter.allow(self.client_of(request)):
            return self._join_form(request, self.say("class.join_slow"), status=429)
        form = await request.post()
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

    async def teacher_link(self, request: web.Request) -> web.Response:
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
                        "right": count.right,
                        "wrong": count.wrong,
                    }
                    for count in results.counts
                ],
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
        )

    async def dashboard(self, request: web.Request) -> web.Response:
        self._teacher(request)
        return self._dashboard(request)

    async def assign(self, request: web.Request) -> web.Response:
        self._teacher(request)
        if not self.is_own_origin(request):
            raise web.HTTPForbidden(text=self.say("class.other_page"))
        form = await request.post()
        assignment = read_assignment(
            [str(kind) for kind in form.getall("kind", [])],
            [str(level) for level in form.getall("level", [])],
            str(form.get("count", "")),
            str(form.get("seed", "")),
            str(form.get("due", "")),
        )
        if assignment is None:
            return self._dashboard(request, self.say("class.assign_problem", most=MAX_QUESTIONS), status=400)
        self.book.assign(assignment)
        raise web.HTTPSeeOther("/class")

    async def results_csv(self, request: web.Request) -> web.Response:
        self._teacher(request)
        out = io.StringIO()
        table = csv.writer(out)
        table.writerow(
            [self.say(f"class.column_{column}") for column in ("learner", "concept", "rule", "right", "wrong")]
        )
        for learner in self._rows():
            for count in learner["counts"]:
                row = [learner["name"], count["concept"], count["rule"], count["right"], count["wrong"]]
                # A cell a spreadsheet would take for a formula is written as text.
                table.writerow([f"'{cell}" if str(cell)[:1] in "=+-@\t\r" else cell for cell in row])
        return web.Response(
            text=out.getvalue(),
            content_type="text/csv",
            charset="utf-8",
            headers={"Content-Disposition": 'attachment; filename="results.csv"'},
        )

    def _member(self, key: str) -> Member:
        member = self.book.member(key)
        if member is None:
            raise web.HTTPNotFound(text=self.say("class.no_such_learner"))
        return member

    async def forget_page(self, request: web.Request) -> web.Response:
        self._teacher(request)
        return self._page("class_forget.html", request, member=self._member(request.query.get("learner", "")))

    async def forget(self, request: web.Request) -> web.Response:
        self._teacher(request)
        if not self.is_own_origin(request):
            raise web.HTTPForbidden(text=self.say("class.other_page"))
        form = await request.post()
        member = self._member(str(form.get("learner", "")))
        if form.get("confirm") == "yes":
            self.book.forget(member)
            for ticket in [ticket for ticket, holder in self.tickets.items() if holder.key == member.key]:
                del self.tickets[ticket]
        raise web.HTTPSeeOther("/class")


def read_assignment(kinds: list[str], levels: list[str], count: str, seed: str, due: str) -> Assignment | None:
    """An assignment from the dashboard's form, or None if any part of it is not one."""
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

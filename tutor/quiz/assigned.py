"""A class's assignment as one learner meets it (issue 32): the first one
they have not finished, and the drill that asks what is left of it.

With a seed, every learner is dealt the same sheet; without one, each
learner their own, the same every time they come back to it (so a question
answered is not asked again, and the next one is the one they left).
"""

from __future__ import annotations

import contextlib
import hashlib
from dataclasses import dataclass

from tutor.quiz.classbook import Assignment, ClassBook, open_class_store
from tutor.quiz.deal_turns import DEAL_KIND, finished
from tutor.quiz.plan import DrillPlan
from tutor.quiz.play_session import PlaySetup
from tutor.quiz.store import learner_key
from tutor.quiz.store_api import ProgressStore, StoreUnavailable


@dataclass(frozen=True, slots=True)
class AssignedWork:
    """An assignment a learner has not finished: `answered`, the numbers of its questions they have."""

    assignment: Assignment
    ref: str
    answered: frozenset[int]

    @property
    def deal(self) -> PlaySetup | None:
        """A shared play deal's game: the first hand dealt from its seed, as for every learner."""
        if self.assignment.kinds != (DEAL_KIND,) or self.assignment.seed is None:
            return None
        return PlaySetup(seed=self.assignment.seed)

    @property
    def left(self) -> int:
        return self.assignment.count - len(self.answered)

    def plan(self, learner: str) -> DrillPlan:
        """The drill of the questions left, for `learner` (the name they joined with)."""
        assignment = self.assignment
        seed = assignment.seed if assignment.seed is not None else own_seed(self.ref, learner)
        return DrillPlan.assigned(
            assignment.kinds, assignment.levels, assignment.count, seed, self.ref, set(self.answered)
        )


def own_seed(ref: str, learner: str) -> int:
    """An unseeded assignment's sheet for one learner: theirs alone, the same at every return."""
    digest = hashlib.sha256(f"{ref}\n{learner_key(learner)}".encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 1


def class_assignments(class_name: str) -> list[Assignment] | None:
    """The class's assignments, by due date; None while the class's store
    cannot be read (a database server that is down: this may wait for its
    connection timeout, so the app reads it on a thread of its own)."""
    try:
        book_store = open_class_store(class_name)
    except StoreUnavailable:
        return None
    try:
        return ClassBook(book_store, class_name).assignments()
    except book_store.read_errors:
        return None
    finally:
        with contextlib.suppress(*book_store.refusals):
            book_store.close()


def first_unfinished(class_name: str, assignments: list[Assignment], store: ProgressStore) -> AssignedWork | None:
    """The first of `assignments` whose questions the learner of `store` has not all answered; None if none."""
    for assignment in assignments:
        ref = assignment.ref(class_name)
        if assignment.kinds == (DEAL_KIND,):
            if not finished(store.play_turns(ref)):
                return AssignedWork(assignment, ref, frozenset())
            continue
        answered = frozenset(
            answer.question for answer in store.assigned_answers(ref) if answer.question < assignment.count
        )
        if len(answered) < assignment.count:
            return AssignedWork(assignment, ref, answered)
    return None


def work_due(class_name: str, store: ProgressStore) -> AssignedWork | None:
    """The first assignment (by due date) whose questions the learner of
    `store` has not all answered; None if none, or while the class's store
    cannot be read."""
    assignments = class_assignments(class_name)
    return None if assignments is None else first_unfinished(class_name, assignments, store)

"""What the log review's tests of both games share."""

from __future__ import annotations

from tutor.locale import Message, render
from tutor.locale.concept_words import concept_words
from tutor.service.review_log import LogReview
from tutor.service.review_log_words import finding_message


def concepts_named_in_words(review: LogReview) -> set[str]:
    """The concepts of the review's findings, each checked to be named from
    the catalogue, never by its key, in each finding's line in both languages."""
    concepts = set()
    for index, found in enumerate(review.mcr_rounds or review.rounds):
        for finding in found.findings:
            concepts.add(finding.concept)
            assert isinstance(concept_words(finding.concept), Message)
            for language in ("en", "ko"):
                assert finding.concept not in render(finding_message(review, index, finding), language)
    return concepts

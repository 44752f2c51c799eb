"""The non-interactive commands of `tutor`: requests in, JSON or text out.

Kept apart from `tutor.cli` (argument parsing) so that the batch mode and
the single-hand mode answer through the same functions.
"""

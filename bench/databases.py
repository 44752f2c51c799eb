"""Throwaway PostgreSQL databases for the benches and the tests.  A module
of its own, not a bench: the tests import it, and tests/test_bench.py runs
the benches themselves with runpy, which warns of a bench imported already."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit


@contextmanager
def new_database(server: str, prefix: str) -> Iterator[str]:
    """A new, empty database on the server at `server` (named `prefix` and
    a random part), dropped with its connections at the end: the benches'
    and the tests' own, never a learner's."""
    import psycopg

    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    try:
        yield urlsplit(server)._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE {name} WITH (FORCE)")

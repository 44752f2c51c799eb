"""Which backend keeps progress (issue 32): SQLite files unless TUTOR_STORE
names a PostgreSQL database (`tutor serve --store postgresql://…` sets it
for its sessions).

With SQLite the app's own progress is one file in the data folder and each
served learner has a file of their own (`learner_path`).  With PostgreSQL
every learner's rows are in one database under their learner key, and the
app's own progress under the key APP_LEARNER, which no name typed in a
served session can make (a name is never empty).  The files a store keeps
beside it on this machine (writes waiting for the next start) stay in the
data folder, where the SQLite file would have been.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from tutor.quiz.store import FILE_NAME, Store, data_folder, learner_key, learner_path
from tutor.quiz.store_api import ProgressStore, StoreUnavailable

STORE_ENV = "TUTOR_STORE"
APP_LEARNER = ""
POSTGRES_SUFFIX = ".postgresql"
"""The side files of a PostgreSQL store are named as the SQLite file would be, with this suffix."""


def store_url() -> str | None:
    """The database named by TUTOR_STORE, or None for the SQLite files."""
    return os.environ.get(STORE_ENV) or None


def store_place(name: str | None = None) -> Path:
    """The store's file on this machine (the app's own, or served learner
    `name`'s): the SQLite file, or for PostgreSQL where it would be, with
    POSTGRES_SUFFIX, for the files kept beside the store."""
    path = data_folder() / FILE_NAME if name is None else learner_path(name)
    return path if store_url() is None else path.with_suffix(POSTGRES_SUFFIX)


def open_store(name: str | None = None) -> ProgressStore:
    """The app's own progress, or served learner `name`'s; raises StoreUnavailable."""
    url = store_url()
    if url is None:
        return Store.open(store_place(name))
    return open_postgres(url, APP_LEARNER if name is None else learner_key(name), store_place(name))


def open_postgres(url: str, learner: str, path: Path) -> ProgressStore:
    """`learner`'s progress in the PostgreSQL database at `url`; raises StoreUnavailable."""
    shown = Path(url.split("@")[-1].split("?")[0])  # no user or password, should the URL be refused
    if not url.startswith(("postgresql://", "postgres://")):
        raise StoreUnavailable("server", shown, "not a postgresql:// address")
    try:
        from tutor.quiz.store_postgres import PostgresStore
    except ImportError:
        raise StoreUnavailable(
            "server", shown, "psycopg is not installed; install the postgres extra: pip install '.[postgres]'"
        ) from None
    # The folder of the side files: writes still waiting at the end go there.
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
    return PostgresStore.open(url, learner, path)

"""Choosing the app's language: `--lang`, else the LANG environment variable."""

from __future__ import annotations

import os

from tutor.locale import LANGUAGES

__all__ = ["LANGUAGES", "default_language"]


def default_language(environ: dict[str, str] | None = None) -> str:
    """Korean when LANG (or LC_ALL) starts with `ko`, English otherwise."""
    env = os.environ if environ is None else environ
    locale = env.get("LC_ALL") or env.get("LANG") or ""
    return "ko" if locale.lower().startswith("ko") else "en"

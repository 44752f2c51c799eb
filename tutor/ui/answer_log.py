"""Answers on their way to the progress store: the app's name for the one
write path of tutor/quiz/writes.py, which every write goes through."""

from __future__ import annotations

from tutor.quiz.writes import Answer, ReadMark, SettingWrite, Writes

AnswerLog = Writes

__all__ = ["Answer", "AnswerLog", "ReadMark", "SettingWrite", "Writes"]

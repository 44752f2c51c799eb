"""Lesson files: loading, the hand blocks in them, and checking them against the engine.

No Textual here: the app, the quizzes and `tutor lessons check` share it.
"""

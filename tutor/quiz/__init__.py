"""Quizzes and the learner's progress store.  Built on the engine; no Textual."""

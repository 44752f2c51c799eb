"""`python -m tutor` runs the same command as `tutor`."""

from tutor.cli import run

run()

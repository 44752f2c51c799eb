"""What the scans of our own source share (tests/test_no_hangul_in_code.py,
tests/test_no_english_in_code.py): the literals that are docstrings."""

from __future__ import annotations

import ast


def docstring_nodes(tree: ast.AST) -> set[int]:
    """The ids of the string constants that stand alone as statements: the
    docstrings of modules, classes and functions, and those of attributes."""
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for statement in body:
                if (
                    isinstance(statement, ast.Expr)
                    and isinstance(statement.value, ast.Constant)
                    and isinstance(statement.value.value, str)
                ):
                    found.add(id(statement.value))
    return found

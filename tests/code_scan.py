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


def code_literals(tree: ast.AST, skipped: set[int] | None = None) -> list[ast.Constant]:
    """The string constants of a module that are no docstring (nor among `skipped`)."""
    left_out = docstring_nodes(tree) | (skipped or set())
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in left_out
    ]

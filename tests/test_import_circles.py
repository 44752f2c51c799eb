"""No module of tutor/ imports itself round a circle (#25 §2): a circle, even
through an import inside a function, ties two modules' edits together and
makes the order of first imports matter."""

from __future__ import annotations

import grimp


def circles(graph: grimp.ImportGraph, modules: set[str]) -> list[list[str]]:
    """The groups of modules that import one another round a circle
    (strongly connected components of more than one module), by Tarjan's
    algorithm, walked with an explicit stack."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root) & modules)))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, imported = work[-1]
            step = next(imported, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph.find_modules_directly_imported_by(step) & modules))))
                elif step in on_stack:
                    low[module] = min(low[module], index[step])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[module])
            if low[module] == index[module]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == module:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_a_made_circle_is_found() -> None:
    graph = grimp.ImportGraph()
    for module in ("a", "b", "c"):
        graph.add_module(module)
    graph.add_import(importer="a", imported="b")
    graph.add_import(importer="b", imported="a")
    graph.add_import(importer="c", imported="a")
    assert circles(graph, {"a", "b", "c"}) == [["a", "b"]]


def test_no_module_of_the_tutor_imports_itself_round_a_circle() -> None:
    graph = grimp.build_graph("tutor")
    assert circles(graph, set(graph.modules)) == []

"""The answer fields (number_field.py, cycle_field.py) are styled once, when
they mount: an MCR steps question makes some forty of them at once."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.dom import DOMNode

from tutor.ui.widgets.cycle_field import CycleField
from tutor.ui.widgets.number_field import NumberField


class FieldsApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Vertical(id="fields")


async def test_fields_are_not_restyled_before_they_mount(monkeypatch: pytest.MonkeyPatch) -> None:
    app = FieldsApp()
    async with app.run_test() as pilot:
        restyled: list[DOMNode] = []
        original = DOMNode.update_node_styles

        def update_node_styles(node: DOMNode, animate: bool = True) -> None:
            restyled.append(node)
            original(node, animate)

        monkeypatch.setattr(DOMNode, "update_node_styles", update_node_styles)
        number = NumberField(placeholder="__", id="count", compact=True)
        cycle = CycleField([("pung", "pung")], "?", None, id="kind")
        assert restyled == []
        await app.query_one("#fields").mount_all([number, cycle])
        await pilot.pause()
        assert number.compact and number.has_class("-textual-compact")
        assert number.styles.border_top[0] in ("", "none") and number.size.height == 1
        assert cycle.has_class("-blank")
        cycle.value = "pung"
        assert not cycle.has_class("-blank") and cycle in restyled

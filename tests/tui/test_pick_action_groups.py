"""The Actions list says a shared "not now" reason once, the actions it holds back under it (issue 16:
at 80x24 the same sentence stood on many rows, three lines each); each action's whole reason stays
reachable: it shows under the list when the cursor is on it."""

from __future__ import annotations

import asyncio

from textual.app import App
from textual.widgets import OptionList, Static

from mstracker.game import ActionSpec
from mstracker.rules.contract import LegalAction
from mstracker.tui.modals.pick_action import PickActionModal

WAIT = "Razor One (#1) is being activated, not Anchor One (#5): only it may act now (pz8 §2). Finish it first"
SPECS = [ActionSpec(k, f"{k} help") for k in ("move", "fire", "launch-torpedo", "fire-back", "end-activation")]
LEGAL = [LegalAction("move", allowed=False, reason=WAIT), LegalAction("fire", allowed=False, reason=WAIT),
         LegalAction("launch-torpedo", allowed=False, reason=WAIT),
         LegalAction("fire-back", allowed=False, reason="No shot missed a ship this activation (pz8 §4)"),
         LegalAction("end-activation", allowed=True)]


def test_one_reason_one_line_with_its_actions_under_it() -> None:
    async def main() -> tuple[list[tuple[str | None, str, bool]], str]:
        app: App = App()
        async with app.run_test(size=(80, 24)) as pilot:
            modal = PickActionModal(SPECS, LEGAL)
            await app.push_screen(modal)
            await pilot.pause()
            options = modal.query_one(OptionList)
            rows = [(o.id, str(o.prompt).strip(), o.disabled)
                    for o in (options.get_option_at_index(i) for i in range(options.option_count))]
            options.highlighted = next(i for i, r in enumerate(rows) if r[0] == "fire")
            await pilot.pause()
            return rows, str(modal.query_one("#action-why", Static).render())

    rows, why = asyncio.run(main())
    waiting = "not now: Razor One (#1) is being activated, not Anchor One (#5): only it may act now"
    assert [r for r in rows if "being activated" in r[1]] == [(None, waiting, True)]  # said once
    start = rows.index((None, waiting, True))
    assert rows[start + 1:start + 4] == [("move", "move", False), ("fire", "fire", False),
                                         ("launch-torpedo", "launch-torpedo", False)]
    own = next(r for r in rows if r[0] == "fire-back")  # a reason of its own stays on its row
    assert "not now: No shot missed a ship this activation" in own[1]
    assert why == f"fire: not now: {WAIT}"  # the whole reason, cite and all, for the action under the cursor

"""Dice for the action forms: who rolls (DiceMode), and the dice the action declares before rolling
(`DicePlan`): what each die decides, which die comes next as the player types physical faces.

Nothing here runs the action: the plan is the ruleset contract's declaration, checked by the engine
against the roll itself when the action is applied.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from ...game import GameState
from ...rules.contract import DicePlan, DieNeed


def parse_faces(text: str) -> list[int] | None:
    words = text.replace(",", " ").split()
    if not all(w.isdecimal() for w in words):
        return None
    return [int(w) for w in words]


def _group_label(needs: Sequence[DieNeed], state: GameState | None) -> str:
    first = needs[0]
    dice = f"{len(needs)}d{first.sides}" if len(needs) > 1 else f"d{first.sides}"
    ship = state.ships.get(first.ship) if state is not None and first.ship else None
    who = f" — {ship.label}" if ship is not None else ""
    table = f" · {first.table}" if first.table else ""
    when = f" ({first.when_text})" if first.when_text else ""
    return f"{dice} {first.purpose}{who}{table}{when}"


def plan_groups(plan: DicePlan) -> list[tuple[int, list[DieNeed]]]:
    """(index of the first die, the needs rolled together) in rolling order."""
    groups: list[tuple[int, list[DieNeed]]] = []
    for index, need in enumerate(plan.needs):
        if groups and groups[-1][1][0].group == need.group:
            groups[-1][1].append(need)
        else:
            groups.append((index, [need]))
    return groups


MAX_PLAN_LINES = 6


def plan_content(plan: DicePlan, state: GameState | None, typed: Sequence[int] = (), most: int = MAX_PLAN_LINES) -> Content:
    """The declared dice, a line per roll: '1. 2d6 Minor Damage Table — Wisp (#4) · cal §D6 (on a 12)',
    with the faces typed so far against each and the die wanted next marked."""
    progress = plan.walk(typed)
    lines: list[Content] = []
    for n, (start, needs) in enumerate(plan_groups(plan), start=1):
        faces = [progress.faces[i] for i in range(start, start + len(needs)) if i < len(progress.faces)]
        skipped = any(f is None for f in faces)
        wanted = progress.next_index is not None and start <= progress.next_index < start + len(needs)
        shown = " ".join(str(f) for f in faces if f is not None)
        style = "dim strike" if skipped else "bold $text-accent" if wanted else ""
        lines.append(Content.assemble((f"{n}. ", "dim"), (_group_label(needs, state), style),
                                      (f"  = {shown}" if shown else "", "bold $text-success")))
    groups = plan_groups(plan)
    if progress.next_index is None and not progress.problem:  # all in: the rolls the faces went to, not the
        used = [n for n, (start, needs) in enumerate(groups)  # conditional ones after them that were not needed
                if any(i < len(progress.faces) and progress.faces[i] is not None for i in range(start, start + len(needs)))]
        if used and used[-1] + 1 < len(lines):
            lines = lines[:used[-1] + 1] + [Content.styled(f"   the other {len(lines) - used[-1] - 1} rolls are not needed", "dim")]
            return Content("\n").join(lines[-most - 1:])
    if len(lines) > most:
        wanted = progress.next_index if progress.next_index is not None else len(plan.needs)
        current = next((i for i, (start, needs) in enumerate(groups) if wanted < start + len(needs)), len(groups) - 1)
        start = max(0, min(current - 1, len(lines) - most))
        lines = lines[start:start + most] + [Content.styled(f"   … {len(lines)} rolls in all", "dim")]
    return Content("\n").join(lines)


def faces_status(plan: DicePlan, typed: Sequence[int], state: GameState | None) -> Content:
    """'next: die 3, a d6 — the target's defence (2D6)', '✓ all dice in', or what is wrong."""
    progress = plan.walk(typed)
    if progress.problem:
        return Content.styled(progress.problem, "$text-error")
    done = ", ".join(f"d{n.sides}={f}" for n, f in plan.rolled(typed[: progress.used]))
    if progress.next is not None:
        need = progress.next
        ship = state.ships.get(need.ship) if state is not None and need.ship else None
        who = f" ({ship.label})" if ship is not None else ""
        return Content.assemble((done + " · " if done else "", "bold"),
                                (f"next: die {progress.used + 1}, a d{need.sides} — {need.purpose}{who}", "$text-accent"))
    return Content.assemble((done, "bold"), ("  ✓ all dice in: enter or ctrl+r applies", "$text-success"))


class DiceMode(Static):
    """Who rolls: '● the app rolls ○ I roll physical dice'; ctrl+t or a click switches."""

    class Switched(Message):
        pass

    def __init__(self, physical: bool, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.physical = physical

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        app_on, mine_on = (not self.physical), self.physical
        self.update(
            Content.assemble(
                ("Dice: ", "bold"),
                ("● " if app_on else "○ ", "$accent"),
                ("the app rolls", "bold" if app_on else "dim"),
                "   ",
                ("● " if mine_on else "○ ", "$accent"),
                ("I roll physical dice", "bold" if mine_on else "dim"),
                ("   (ctrl+t or click switches)", "dim"),
            )
        )

    def switch(self) -> None:
        self.physical = not self.physical
        self.show()
        self.post_message(self.Switched())

    def on_click(self) -> None:
        self.switch()

"""The fire planner screen (key f in the battle): every ready weapon of the side that fires now at every enemy
it may fire at, with the hit chance, expected damage and exact chance to destroy, best first; focus fire on
one target; distances measured on the table typed once and kept until the turn ends.

Keys: s sorts by chance to destroy or by expected damage; d types the distance of the row's ship to its
target, D the distance of every ship to the row's target ("all my ships are about this far"); space marks
the row for focus fire (all marks on one target, fired in the order marked) and the panel below gives the
chance that together they destroy it; c clears the marks; enter opens the attack dialog on the row's shot,
the distance filled in; p switches the side planned for (cal: both sides fire in a round, each in turn);
escape goes back. Everything comes from the pure planner (mstracker.game.planner),
which asks the ruleset contract: no ruleset is named here.
"""

from __future__ import annotations

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Footer, Static

from ...game import GameError
from ...game.planner import Distances, FirePlanner, PlanRow, SortKey
from ...game.planner_focus import FocusPlanner
from ...game.state import GameState
from ..modals.text_prompt import Field, TextPromptModal
from ..widgets.plan_table import PlanTable, note, row_key
from .battle_session import BattleSession
from .fitted import FittedScreen

SORT_WORDS = {SortKey.KILL: "chance to destroy", SortKey.DAMAGE: "expected damage"}
FOCUS_HINT = "space marks shots at one target: the chance they destroy it together shows here"


def measured_words(state: GameState, d: Distances, side: int, turn_word: str = "turn") -> str:
    """The distances measured for the side being planned: its ships' pairs, and "all →" its enemies."""
    ships = state.ships
    words = [f"{ships[s].name} → {ships[t].name} {n}" for (s, t), n in d.pairs.items() if ships[s].owner == side]
    words += [f"all → {ships[t].name} {n}" for t, n in d.targets.items() if ships[t].owner != side]
    if not words:
        return "Measured: nothing yet (d: this ship to this target · D: every ship to this target)"
    return f"Measured this {turn_word}: " + " · ".join(words)


def _distance_check(text: str) -> str | None:
    if not text.strip():
        return None
    return None if text.strip().isdecimal() else "a whole number of 0 or more (blank: not measured)"


class PlannerScreen(FittedScreen):
    """Dismisses with the attack to open (an Action with the planned arguments), or None."""

    TITLE = "Fire plan"
    AUTO_FOCUS = "#plan-table"
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("enter", "attack", "Attack"),
        Binding("space", "mark", "Mark"),
        Binding("d", "distance('pair')", "Distance"),
        Binding("D", "distance('target')", "Target dist"),
        Binding("s", "sort", "Sort"),
        Binding("c", "clear_marks", "Clear marks"),
        Binding("p", "switch_side", "Other side"),
    ]
    FOOTER_GIVE_WAY = ("clear_marks", "back")

    def __init__(self, session: BattleSession) -> None:
        super().__init__()
        self.session = session
        self.sort = SortKey.KILL
        self.marks: list[str] = []  # row keys, in the order marked (the order the attacks fire in)
        self.rows: tuple[PlanRow, ...] = ()
        self._planner: FirePlanner | None = None
        state = session.state
        acting = session.engine.acting(state).players
        #: The side planned for: whoever acts now (the first of a shared step); p switches it.
        self.side = acting[0] if acting else state.active

    @property
    def planner(self) -> FirePlanner:
        """The planner of the game as it stands (kept while the state is the same: a new sort or distance
        reuses what it worked out)."""
        state = self.session.state
        if self._planner is None or self._planner.state is not state:
            self._planner = FirePlanner(self.session.engine, state)
        return self._planner

    def compose(self) -> ComposeResult:
        yield Static(id="plan-head", markup=False)
        yield Static(id="plan-measured", classes="muted", markup=False)
        yield PlanTable(id="plan-table")
        yield Static(id="plan-note", classes="muted", markup=False)
        yield Static(FOCUS_HINT, id="plan-focus", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.replan()

    # ---- drawing -----------------------------------------------------------------------------------
    @property
    def distances(self) -> Distances:
        return self.session.measured

    def replan(self) -> None:
        """Work the plan out again (the distances or the sort changed) and draw it."""
        state = self.session.state
        absent = self.session.engine.absent("planner")
        if absent:  # a ruleset that declares no planner: the screen says so instead of rows of zeros
            self.query_one("#plan-head", Static).update(f"Fire plan · not offered: {absent}")
            self.query_one(PlanTable).show((), set(), self.size.width < self.NARROW)
            self.query_one("#plan-focus", Static).update("")
            return
        self.rows = self.planner.plan(self.distances, sort=self.sort, player=self.side)
        keys = {row_key(r) for r in self.rows}
        self.marks = [k for k in self.marks if k in keys]
        side = state.players[self.side].name if state.players else ""
        count = f"{len(self.rows)} shots" if self.rows else "no shot to plan now: no ready weapon may fire"
        refusals = {r.refused for r in self.rows}
        if self.rows and len(refusals) == 1 and "" not in refusals:  # one reason holds every shot back: say it once
            count = f"no shot may be made now: {refusals.pop()}"
        self.query_one("#plan-head", Static).update(
            f"Fire plan for {side} · {self.turn_word} {state.turn} · {count} · best first by {SORT_WORDS[self.sort]}")
        self.query_one("#plan-measured", Static).update(self.measured_text())
        self.query_one(PlanTable).show(self.rows, set(self.marks), self.size.width < self.NARROW)
        self.show_row()
        self.show_focus()

    def measured_text(self) -> str:
        return measured_words(self.session.state, self.distances, self.side, self.turn_word)

    @property
    def turn_word(self) -> str:
        """What the ruleset calls a turn ("round" in cal)."""
        return self.session.engine.ruleset.meta.turn_word

    @on(DataTable.RowHighlighted)
    def show_row(self) -> None:
        row = self.query_one(PlanTable).current()
        self.query_one("#plan-note", Static).update(note(row) if row is not None else "")

    def show_focus(self) -> None:
        panel = self.query_one("#plan-focus", Static)
        table = self.query_one(PlanTable)
        if not self.marks:
            panel.update(FOCUS_HINT)
            panel.set_class(False, "error-text")
            return
        shots = [table.rows_shown[k] for k in self.marks]
        try:
            focus = FocusPlanner(self.planner).focus(
                shots[0].target, [(r.ship, r.weapon) for r in shots], self.distances)
        except GameError as exc:
            panel.update(f"Focus fire: {exc}")
            panel.set_class(True, "error-text")
            return
        panel.set_class(False, "error-text")
        panel.update(f"Focus fire: {focus.text()} · expected damage {float(focus.expected_damage):.1f}")

    # ---- keys --------------------------------------------------------------------------------------
    def action_back(self) -> None:
        self.dismiss(None)

    def action_switch_side(self) -> None:
        """p: plan the other side's fire (in cal both sides fire in the same round, each in turn)."""
        players = len(self.session.state.players)
        if players < 2:
            return
        self.side = (self.side + 1) % players
        self.marks = []
        self.replan()

    def action_sort(self) -> None:
        self.sort = SortKey.DAMAGE if self.sort is SortKey.KILL else SortKey.KILL
        self.replan()

    def action_attack(self) -> None:
        row = self.query_one(PlanTable).current()
        if row is None:
            return
        if row.refused:
            self.notify(row.refused, title="Not now", severity="warning")
            return
        self.dismiss(row.action())

    @on(DataTable.RowSelected)
    def row_chosen(self) -> None:
        self.action_attack()

    def action_mark(self) -> None:
        """Mark (or unmark) the row for focus fire; marks on another target make way for this one."""
        row = self.query_one(PlanTable).current()
        if row is None:
            return
        key = row_key(row)
        if key in self.marks:
            self.marks.remove(key)
        elif not row.known:
            self.notify(note(row), title="Cannot mark this shot", severity="warning")
            return
        else:
            table = self.query_one(PlanTable)
            if self.marks and table.rows_shown[self.marks[0]].target != row.target:
                self.notify(f"Focus fire is on one target: the marks on {table.rows_shown[self.marks[0]].target_name} "
                            "are cleared", timeout=4)
                self.marks = []
            self.marks.append(key)
        self.query_one(PlanTable).show(self.rows, set(self.marks), self.size.width < self.NARROW)
        self.show_focus()

    def action_clear_marks(self) -> None:
        self.marks = []
        self.query_one(PlanTable).show(self.rows, set(), self.size.width < self.NARROW)
        self.show_focus()

    def action_distance(self, scope: str) -> None:
        row = self.query_one(PlanTable).current()
        if row is None:
            return
        d = self.distances
        if scope == "pair":
            title = f"Distance from {row.ship_name} to {row.target_name}"
            known = d.pairs.get((row.ship, row.target))
        else:
            title = f"Distance from every ship of yours to {row.target_name}"
            known = d.targets.get(row.target)
        unit = row.shot.unit or "distance"
        field = Field(f"{unit}, as measured on the table", "" if known is None else str(known), "blank: not measured",
                      check=_distance_check, max_length=4)

        def typed(values: list[str] | None) -> None:
            if values is None:
                return
            value = int(values[0]) if values[0].strip() else None
            if scope == "pair":
                self.session.measure(self.distances.with_pair(row.ship, row.target, value))
            else:
                self.session.measure(self.distances.with_target(row.target, value))
            self.replan()

        self.app.push_screen(TextPromptModal(title, [field], note="kept until the turn ends"), typed)

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self.query_one(PlanTable).show(self.rows, set(self.marks), event.size.width < self.NARROW)


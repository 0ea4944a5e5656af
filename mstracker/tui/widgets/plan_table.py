"""The fire planner's table: one row per weapon at a target, with its distance, hit chance, expected damage
and chance to destroy; marked rows (focus fire) carry a dot. Rows are `PlanRow`s from the pure planner;
the table only draws them, in the order given, and keeps the cursor on the same shot when redrawn."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rich.text import Text
from textual.binding import Binding
from textual.widgets import DataTable

from ...game.planner import Measured, PlanRow
from ...game.planner_focus import percent

#: Column widths for a wide and a narrow (80-column) screen: mark, ship, weapon, target, dist, hit, exp, kill.
WIDE = (1, 18, 26, 18, 7, 6, 7, 6)
NARROW = (1, 11, 15, 11, 6, 6, 5, 6)
HEADS = ("", "Ship", "Weapon", "Target", "Dist", "Hit", "Exp dmg", "Kill")
NARROW_HEADS = ("", "Ship", "Weapon", "Target", "Dist", "Hit", "Exp", "Kill")


def row_key(row: PlanRow) -> str:
    return f"{row.ship}|{row.weapon}|{row.target}"


def fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def ship_text(name: str, width: int) -> str:
    """A ship's name to fit `width`: the leading words cut to their initials first ("Xaylot Lance 1" ->
    "X. Lance 1"), since the end of a name is what tells ships of one fleet apart (Lance 1, Lance 2); only
    then cut at the end."""
    if len(name) <= width:
        return name
    words = name.split()
    for n in range(len(words) - 1):
        words[n] = words[n][0] + "."
        short = " ".join(words)
        if len(short) <= width:
            return short
    return fit(" ".join(words), width)


def weapon_text(row: PlanRow, width: int) -> str:
    """The weapon's name with its item id ("Heavy Missiles w2"), the name cut to fit and the id always
    kept: two weapons of the same kind on one ship are two rows that must be told apart."""
    tag = f" {row.weapon}"
    return fit(row.weapon_name, max(1, width - len(tag))) + tag


def distance_text(row: PlanRow) -> str:
    """'7', '12 all' (set by D for every ship to this target: not this ship's own measure), '?' when not
    measured."""
    if row.distance is None:
        return "?"
    return f"{row.distance} all" if row.measured is Measured.TARGET else str(row.distance)


def note(row: PlanRow) -> str:
    """What a row without figures waits for: the refusal, or the distance to measure."""
    if row.refused:
        return row.refused
    if row.needs_distance:
        return f"the odds of this shot depend on its distance: measure it ({row.shot.unit or 'distance'}) with d or D"
    if row.measured is Measured.TARGET:
        return (f"distance {row.distance} set with D for all your ships to {row.target_name}, not measured from "
                f"{row.ship_name}: d measures this ship's own")
    return ""


class PlanTable(DataTable):
    """The rows of the plan (a DataTable with row cursor)."""

    DEFAULT_CSS = """
    PlanTable { height: 1fr; }
    """
    # enter selects the row (the planner opens its attack); shown in the footer under the planner's word
    BINDINGS = [Binding("enter", "select_cursor", "Attack")]

    def __init__(self, **kwargs: object) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)  # type: ignore[arg-type]
        self.rows_shown: dict[str, PlanRow] = {}
        self._narrow: bool | None = None

    def show(self, rows: Sequence[PlanRow], marked: Collection[str], narrow: bool) -> None:
        """Draw these rows (in this order), the cursor kept on the shot it was on."""
        keep = self.current()
        if narrow != self._narrow:
            self._narrow = narrow
            self.clear(columns=True)
            for n, (head, width) in enumerate(zip(NARROW_HEADS if narrow else HEADS, NARROW if narrow else WIDE)):
                self.add_column(head, width=width, key=str(n))
        else:
            self.clear()
        widths = NARROW if narrow else WIDE
        self.rows_shown = {}
        for row in rows:
            key = row_key(row)
            self.rows_shown[key] = row
            self.add_row(*self.cells(row, key in marked, widths), key=key)
        if keep is not None and row_key(keep) in self.rows_shown:
            self.move_cursor(row=self.get_row_index(row_key(keep)), animate=False)

    @staticmethod
    def cells(row: PlanRow, marked: bool, widths: Sequence[int]) -> tuple[Text, ...]:
        style = "" if row.known else "dim"
        names = (ship_text(row.ship_name, widths[1]), weapon_text(row, widths[2]), ship_text(row.target_name, widths[3]))
        if row.refused:
            figures = ("—", "—", "—")
        elif row.needs_distance:
            figures = ("?", "?", "?")
        else:
            damage = "—" if row.expected_damage is None else f"{float(row.expected_damage):.1f}"
            figures = (percent(row.p_hit), damage, percent(row.p_destroy))
        texts = ("●" if marked else "", *names, distance_text(row), *figures)
        justify = ("left",) * 4 + ("right",) * 4
        return tuple(Text(t, style=style, justify=j) for t, j in zip(texts, justify))  # type: ignore[arg-type]

    def current(self) -> PlanRow | None:
        """The row under the cursor."""
        if not self.row_count:
            return None
        key = self.coordinate_to_cell_key(self.cursor_coordinate).row_key.value
        return self.rows_shown.get(key or "")

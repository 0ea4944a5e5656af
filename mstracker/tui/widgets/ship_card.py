"""One ship's record at a glance, drawn from the ruleset's RecordSpec; refreshes alone.

A card is a few lines: flags (glyph and word), name, id, tag and class; bars with numbers;
counters, tracks, timers and text that are in play; then the weapons, devices and abilities with
their readiness as the ruleset's contract gives it (ready ✓, spent •, reloading ⟳2, out ∅, destroyed ✗,
disabled ⊘). Nothing here knows a ruleset: every label, glyph and bound comes from the spec and the
contract.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Self

from textual.content import Content
from textual.events import Click
from textual.geometry import Region
from textual.message import Message
from textual.widgets import Static

from ...game import FieldKind, FieldSpec, GameState, RecordSpec, ShipState
from ...rules.contract import ItemReadiness, Readiness

BAR_WIDTH = 10


def bar_content(value: int, high: int, width: int = BAR_WIDTH) -> Content:
    """`██████░░░░` coloured by how much is left (success / warning / error)."""
    fraction = 0.0 if high <= 0 else max(0.0, min(1.0, value / high))
    full = round(fraction * width)
    if value > 0 and full == 0:
        full = 1
    style = "$success" if fraction > 0.5 else "$warning" if fraction > 0.25 else "$error"
    return Content.assemble(("█" * full, style), ("░" * (width - full), "$foreground 30%"))


def ship_names(state: GameState) -> dict[str, str]:
    """Every ship of the game as players read it ("Sneak (#8)"), for a card value that names a ship."""
    return {ship.id: ship.label for ship in state.ships.values()}


def _flag_word(f: FieldSpec) -> str:
    return f"{f.glyph} {f.label}" if f.glyph else f.label


def record_parts(record: dict[str, Any], spec: RecordSpec,
                 names: Mapping[str, str] | None = None) -> tuple[list[Content], list[Content]]:
    """(bars, other values in play) of a ship record, each a small piece of content. `names`: ship id ->
    the ship as players read it ("Sneak (#8)"), for a value that names a ship ("Infiltrated by 8" read as
    a number); a ship it does not know shows as "#8", as the cards head it."""
    bars: list[Content] = []
    others: list[Content] = []
    for f in spec.fields:
        value = record.get(f.key, f.start_value())
        if f.kind is FieldKind.BAR:
            high = f.upper(record)
            if not isinstance(value, int) or high is None:
                continue
            if high <= 0 and value <= 0:
                continue  # e.g. a hangar bay on a ship without one
            bars.append(Content.assemble((f"{f.label} ", "bold"), bar_content(value, high), f" {value}/{high}"))
        elif f.kind is FieldKind.FLAG:
            if value and f.key not in spec.loss_flags:
                others.append(Content.styled(_flag_word(f), "$text-warning"))
        elif f.kind is FieldKind.COUNTER:
            if value:
                others.append(Content.assemble(f"{f.label} ", (str(value), "bold")))
        elif f.kind is FieldKind.TRACK:
            span = f" ({f.minimum}..{f.maximum})" if f.maximum is not None else ""
            shown = f"{value:+d}" if isinstance(value, int) and f.minimum < 0 else str(value)
            others.append(Content.assemble(f"{f.label} ", (shown, "bold"), (span, "dim")))
        elif f.kind is FieldKind.TIMER:
            if value:
                others.append(Content.assemble(f"⏱ {f.label} ", (str(value), "bold")))
        elif f.kind is FieldKind.TEXT:
            if value not in (None, ""):
                shown = ((names or {}).get(str(value)) or f"#{value}") if f.ship else str(value)
                others.append(Content.assemble(f"{f.label} ", (shown, "bold")))
        elif f.kind is FieldKind.LIST:
            if value:
                others.append(Content.assemble(f"{f.label}: ", (", ".join(str(v) for v in value), "bold")))
    return bars, others


STATUS_STYLES = {
    Readiness.READY: "$text-success",
    Readiness.SPENT: "$text-muted",
    Readiness.WAITING: "$text-muted",
    Readiness.PASSIVE: "$text-muted",
    Readiness.RELOADING: "$text-warning",
    Readiness.OUT: "$text-error",
    Readiness.DESTROYED: "$text-error",
    Readiness.DISABLED: "$text-error",
}


def item_words(r: ItemReadiness) -> str:
    """'✓', '• spent', '⟳2 reloading', '∅ out' with the detail that matters: 'ammo 3', '1 of 2 shots'.
    A ready or passive item with uses or ammo counted shows only the count ('✓ 2 left', '8 left'): the
    card stays short; the reload detail shows once the item is spent or reloading."""
    if r.status is Readiness.READY:
        if r.uses_left is not None:
            return f"✓ {r.uses_left} left"
        return f"✓ {r.detail}" if r.detail else "✓"
    if r.status is Readiness.PASSIVE:
        return f"{r.uses_left} left" if r.uses_left is not None else ""
    word = {Readiness.RELOADING: "reloading", Readiness.DESTROYED: "destroyed"}.get(r.status, r.status.value)
    return f"{r.glyph} {r.detail or word}"


def items_content(readiness: Sequence[ItemReadiness]) -> Content:
    """The ship's items, alike ones grouped: '2× Heavy Railgun ✓ · Flare Launcher ⟳1 reloading · Retire B'."""
    groups: list[tuple[str, str, str, int]] = []
    for r in readiness:
        words, style = item_words(r), STATUS_STYLES[r.status]
        if groups and groups[-1][0] == r.name and groups[-1][1] == words:
            name, w, s, n = groups[-1]
            groups[-1] = (name, w, s, n + 1)
        else:
            groups.append((r.name, words, style, 1))
    parts: list[Content] = []
    for name, words, style, count in groups:
        label = f"{count}× {name}" if count > 1 else name
        parts.append(Content.assemble(label, " ", (words, style)) if words else Content.styled(label, "$text-muted"))
    return Content(" · ").join(parts)


def ship_content(ship: ShipState, spec: RecordSpec, readiness: Sequence[ItemReadiness] = (), *, target: bool = False,
                 names: Mapping[str, str] | None = None) -> Content:
    """The whole card as content (plain text reads well too: every glyph has a word). A ship out of play
    shows how it left and its bars only: nothing of it is live any more."""
    lost = spec.lost(ship.record)
    head: list[Content | str | tuple[str, str]] = []
    if target:
        head.append(("◎ target ", "bold $text-error"))
    for flag in spec.loss_flags:
        if ship.record.get(flag):
            f = spec.field(flag)
            style = "bold $text-muted" if flag in spec.not_lost else "bold $text-error"
            head.append((f"{_flag_word(f) if f else flag} ", style))
    head.append((ship.name, "bold strike" if spec.destroyed(ship.record) else "bold"))
    head.append((f" #{ship.id}", "dim"))
    if ship.tag:
        head.append((f" [{ship.tag}]", "$text-accent"))
    head.append((f" · {ship.ship_class}", "dim"))
    lines = [Content.assemble(*head)]
    bars, others = record_parts(ship.record, spec, names)
    if lost:
        lines.extend(bars[:1])
        return Content("\n").join(lines)
    if others and bars:  # the other values follow the last bar on its line
        bars[-1] = Content("  ").join([bars[-1], *others])
    lines.extend(bars or ([Content("  ").join(others)] if others else []))
    items = items_content(readiness)
    if items.plain:
        lines.append(items)
    return Content("\n").join(lines)


class ShipCard(Static):
    """One ship. `show(ship)` redraws this card only (no layout pass unless its height changes);
    selecting it only restyles it (a bar at its left edge and a background); clicks post
    `ShipCard.Clicked`."""

    DEFAULT_CSS = """
    ShipCard {
        height: auto;
        padding: 0 1 0 1;
        margin-bottom: 1;
    }
    ShipCard.-selected {
        background: $boost;
        outline-left: outer $accent;
    }
    ShipCard.-lost {
        color: $text-muted;
    }
    """

    _restyling = False  # while the selection restyles the card (see `refresh`)

    class Clicked(Message):
        """The player clicked a ship card."""

        def __init__(self, ship_id: str) -> None:
            super().__init__()
            self.ship_id = ship_id

    def __init__(self, ship: ShipState, spec: RecordSpec, readiness: Sequence[ItemReadiness] = (),
                 names: Mapping[str, str] | None = None) -> None:
        """`names`: every ship of the game as players read it, for a value that names a ship."""
        super().__init__(id=f"ship-{ship.id}")
        self.ship = ship
        self.names = names
        self.spec = spec
        self.readiness = tuple(readiness)
        self.selected = False
        self.target = False
        self.set_class(spec.lost(ship.record), "-lost")
        self.update(self._content())

    def _content(self) -> Content:
        return ship_content(self.ship, self.spec, self.readiness, target=self.target, names=self.names)

    def show(
        self,
        ship: ShipState | None = None,
        readiness: Sequence[ItemReadiness] | None = None,
        *,
        selected: bool | None = None,
        target: bool | None = None,
    ) -> None:
        """Redraw with a new ship value, readiness, selection or target mark; nothing else is touched."""
        if selected is not None and selected != self.selected:
            self.selected = selected
            self._restyling = True
            try:
                self.set_class(selected, "-selected")
            finally:
                self._restyling = False
        changed = False
        if ship is not None and ship is not self.ship:
            self.ship, changed = ship, True
        if readiness is not None and tuple(readiness) != self.readiness:
            self.readiness, changed = tuple(readiness), True
        if target is not None and target != self.target:
            self.target, changed = target, True
        if not changed:
            return
        self.set_class(self.spec.lost(self.ship.record), "-lost")
        content = self._content()
        width, height = self.content_size
        same_height = width > 0 and content.get_height(self.styles, width) == height
        self.update(content, layout=not same_height)

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        """Textual asks for a layout pass of the whole screen when an outline appears or goes (outlines
        share the border's rule, and a border takes room); an outline is drawn over the card and never
        changes its size, so selecting a card only repaints it."""
        return super().refresh(*regions, repaint=repaint, layout=layout and not self._restyling, recompose=recompose)

    def on_click(self, event: Click) -> None:
        self.post_message(self.Clicked(self.ship.id))

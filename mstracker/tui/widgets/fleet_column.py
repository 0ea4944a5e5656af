"""One player's fleet: a header (name, resources, losses) above one ShipCard per ship."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Static

from ...game import GameState, PlayerState, RecordSpec, ShipState
from .ship_card import ShipCard


def player_content(state: GameState, index: int, spec: RecordSpec) -> Content:
    """'▶ Blue · Azure Dominion (active)' and its resources and losses."""
    player: PlayerState = state.players[index]
    active = state.started and state.active == index and not state.finished
    ships = state.ships_of(index)
    lost = sum(1 for s in ships if spec.destroyed(s.record))
    gone: dict[str, int] = {}  # out of play without being lost: 'retired', 'jumped'
    for s in ships:
        if spec.lost(s.record) and not spec.destroyed(s.record):
            word = spec.out_word(s.record).lower()
            gone[word] = gone.get(word, 0) + 1
    head = Content.assemble(
        ("▶ " if active else "", "bold $accent"),
        (player.name, "bold $text-accent" if active else "bold"),
        (f" · {player.fleet}" if player.fleet else "", "dim"),
        ("  active" if active else "", "bold $accent"),
    )
    parts = [f"{len(ships)} ships" + (f", {lost} lost" if lost else "")
             + "".join(f", {n} {word}" for word, n in gone.items())]
    shown: set[str] = set()
    for f in spec.player_fields:
        if f.key in player.resources:
            shown.add(f.key)
            parts.append(f"{f.label} {player.resources[f.key]}")
    parts.extend(f"{key} {value}" for key, value in player.resources.items() if key not in shown)
    return head + Content("\n") + Content.styled(" · ".join(parts), "$text-muted")


class PlayerHeader(Static):
    """Redrawn only when its words change (a redraw of a header asks for a layout pass)."""

    _shown: str | None = None

    def show(self, content: Content) -> None:
        if content.markup != self._shown:
            self._shown = content.markup
            self.update(content)

    DEFAULT_CSS = """
    PlayerHeader {
        height: auto;
        border-bottom: solid $primary 40%;
    }
    """


class FleetColumn(VerticalScroll, can_focus=False):
    """The fleet of player `index`; the screen calls `show_player` and the cards' `show`."""

    DEFAULT_CSS = """
    FleetColumn {
        width: 1fr;
        height: 1fr;
        padding: 0 1;
    }
    """

    def __init__(self, index: int, ships: list[ShipState], spec: RecordSpec) -> None:
        super().__init__(id=f"fleet-{index}", classes="fleet-column")
        self.index = index
        self.spec = spec
        self._ships = ships

    def compose(self) -> ComposeResult:
        yield PlayerHeader(id=f"player-{self.index}")
        for ship in self._ships:
            yield ShipCard(ship, self.spec)

    def show_player(self, state: GameState) -> None:
        self.query_one(PlayerHeader).show(player_content(state, self.index, self.spec))

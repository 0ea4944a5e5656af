"""One player's fleet: a header that stays in view (name, resources, what left play) above one ShipCard
per ship, ships in play first and those out of play (destroyed, jumped, retired) last."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Static

from ...game import GameState, PlayerState, RecordSpec, ShipState
from ...rules.contract import ItemReadiness
from .ship_card import ShipCard


def player_content(state: GameState, index: int, spec: RecordSpec, acting: Sequence[int] | None = None) -> Content:
    """'▶ Blue · Azure Dominion  active' and its resources and the ships that left play, by how. `acting`:
    the players acting now, as the ruleset says (nobody before a pz8 initiative); else the active one."""
    player: PlayerState = state.players[index]
    now = (state.active,) if acting is None else tuple(acting)
    active = state.started and index in now and not state.finished
    ships = state.ships_of(index)
    head = Content.assemble(
        ("▶ " if active else "", "bold $accent"),
        (player.name, "bold $text-accent" if active else "bold"),
        (f" · {player.fleet}" if player.fleet else "", "dim"),
        ("  active" if active else "", "bold $accent"),
    )
    gone: dict[str, int] = {}
    for ship in ships:
        word = spec.out_word(ship.record)
        if word:
            gone[word.lower()] = gone.get(word.lower(), 0) + 1
    in_play = len(ships) - sum(gone.values())
    parts = [f"{in_play} in play" if gone else f"{len(ships)} ships"] + [f"{n} {word}" for word, n in gone.items()]
    shown: set[str] = set()
    for f in spec.player_fields:
        if f.key in player.resources:
            shown.add(f.key)
            parts.append(f"{f.label} {player.resources[f.key]}")
    parts.extend(f"{key} {value}" for key, value in player.resources.items() if key not in shown)
    return head + Content("\n") + Content.styled(" · ".join(parts), "$text-muted")


def column_order(ships: Sequence[ShipState], spec: RecordSpec) -> list[ShipState]:
    """Ships in play in id order, then those out of play."""
    return sorted(ships, key=lambda s: (spec.lost(s.record), len(s.id), s.id))


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
        padding: 0 1;
    }
    """


class FleetCards(VerticalScroll, can_focus=False):
    """The cards of one fleet (scrolls; the selection keeps the selected card in view)."""


class FleetColumn(Vertical):
    """The fleet of player `index`: the header stays put while the cards scroll below it."""

    DEFAULT_CSS = """
    FleetColumn {
        width: 1fr;
        height: 1fr;
    }
    FleetColumn > FleetCards {
        height: 1fr;
        padding: 0 1;
    }
    """

    def __init__(self, index: int, ships: list[ShipState], spec: RecordSpec,
                 readiness: Mapping[str, Sequence[ItemReadiness]] | None = None,
                 names: Mapping[str, str] | None = None) -> None:
        """`names`: every ship of the game as players read it (a card may name an enemy ship)."""
        super().__init__(id=f"fleet-{index}", classes="fleet-column")
        self.names = names
        self.index = index
        self.spec = spec
        self._ships = column_order(ships, spec)
        self._readiness = readiness or {}

    def compose(self) -> ComposeResult:
        yield PlayerHeader(id=f"player-{self.index}")
        with FleetCards():
            for ship in self._ships:
                yield ShipCard(ship, self.spec, self._readiness.get(ship.id, ()), self.names)

    def show_player(self, state: GameState, acting: Sequence[int] | None = None) -> None:
        self.query_one(PlayerHeader).show(player_content(state, self.index, self.spec, acting))

    def keep_order(self, card: ShipCard) -> None:
        """A ship left play (or came back): move its card among the lost ones (or back in place)."""
        scroll = self.query_one(FleetCards)
        cards = list(scroll.query_children(ShipCard))
        ordered = column_order([c.ship for c in cards], self.spec)
        index = [s.id for s in ordered].index(card.ship.id)
        current = cards.index(card)
        if index == current:
            return
        others = [c for c in cards if c is not card]
        if index == 0:
            scroll.move_child(card, before=others[0])
        else:
            scroll.move_child(card, after=others[index - 1])

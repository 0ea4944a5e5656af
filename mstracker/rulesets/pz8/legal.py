"""What may be done now in a pz8 game, by whom and at what (pz8 §2 to §6): the activated ship moves,
fires and launches; the ship shot at may fire back at its attacker; the side whose activation step it is
activates; only enemy ships and enemy Torpedo salvos are targets. The refusals are the typed actions' own:
game.typed_legal tries their `prepare`, so they are not checked here.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...game.errors import InvalidAction
from ...game.events import ArgSpec
from ...game.state import GameState, ShipState
from ...rules.contract import ArgChoice, LegalAction, TableItem
from .table import table_items
from .view import TurnView

if TYPE_CHECKING:
    from .plugin import Plugin

#: Actions done by the ship being activated.
ACTIVATED_SHIP = frozenset({"move", "fire", "shoot-torpedo", "launch-torpedo", "end-activation"})
#: Actions that set up the table and may be done before turn 1.
SET_UP = frozenset({"add-asteroid", "remove-asteroid", "set-drift"})
_TOKENS = {"torpedoes": "torpedo", "asteroids": "asteroid"}


class LegalAnswers:
    """The contract's `available`, `actors`, `targets`, `token_choices` and the forms' defaults."""

    def __init__(self, plugin: Plugin) -> None:
        self.plugin = plugin

    # ---- may it be done now? -------------------------------------------------------------------
    def available(self, state: GameState, kind: str) -> str | None:
        if state.finished:
            return f"the game has ended ({state.result})"
        if not state.started and kind not in SET_UP:
            return "the game is in set-up; next-step starts turn 1"
        return None  # the rest is the typed action's prepare and the obligations standing (game.typed_legal)

    # ---- who and at what --------------------------------------------------------------------------
    def actors(self, state: GameState, kind: str) -> list[ShipState]:
        view = TurnView(state)
        busy, pending = view.active_ship, view.pending
        if kind == "activate":
            turn = view.whose_step()
            return view.waiting(turn.side) if turn is not None else view.anyone_waiting()
        if kind == "fire-back":
            return [state.ships[pending.ship]] if pending is not None else []
        if kind == "fire":
            ships = [state.ships[pending.ship]] if pending is not None else []
            if busy is not None and busy not in ships and view.alive(busy) and not busy.get("fired"):
                ships.append(busy)
            return ships
        if kind in ACTIVATED_SHIP:
            return [busy] if busy is not None and view.alive(busy) else []
        return []

    def targets(self, state: GameState, kind: str, actor: ShipState | None) -> list[ShipState]:
        view = TurnView(state)
        pending = view.pending
        if kind in ("fire", "fire-back") and actor is not None and pending is not None and pending.ship == actor.id:
            return [state.ships[pending.at]]
        if kind == "torpedo-attack":
            owners = {t["owner"] for t in view.torpedoes()}
            return [s for p in range(len(state.players)) if any(o != p for o in owners) for s in view.fleet(p)]
        if actor is None:
            return []
        return [s for p in range(len(state.players)) if p != actor.owner for s in view.fleet(p)]

    def token_choices(self, state: GameState, kind: str, arg: ArgSpec, actor: ShipState | None) -> list[TableItem]:
        view = TurnView(state)
        items = [t for t in table_items(state) if t.arg_kind and (not arg.tokens or t.arg_kind in arg.tokens)]
        if kind == "shoot-torpedo":
            shooter = actor or view.active_ship
            owner = shooter.owner if shooter is not None else state.active
            return [t for t in items if t.owner != owner]
        return items

    def arg_choices(self, state: GameState, kind: str, args: Any) -> dict[str, tuple[ArgChoice, ...]]:
        """The ships a Torpedo salvo may attack: the enemies of its owner (pz8 §5)."""
        if kind != "torpedo-attack" or not args.get("torpedo"):
            return {}
        view = TurnView(state)
        owner = next((t["owner"] for t in view.torpedoes() if t["id"] == str(args["torpedo"])), None)
        if owner is None:
            return {}
        return {"target": tuple(ArgChoice(s.id) for p in range(len(state.players)) if p != owner for s in view.fleet(p))}

    # ---- where a form starts -------------------------------------------------------------------
    def refine(self, state: GameState, legal: LegalAction, marked: str | None) -> LegalAction:
        """Add what the base answer cannot know: the pending shot's target and distance, the gun or
        salvo used, the only (or marked) token."""
        view = TurnView(state)
        pending = view.pending
        prefill: dict[str, Any] = dict(legal.prefill)
        target, weapon = legal.target, legal.weapon
        actor = state.ships.get(legal.actor) if legal.actor else None
        if legal.kind in ("fire", "fire-back") and pending is not None and legal.actor == pending.ship:
            target = pending.at
            prefill["distance"] = pending.distance
            if legal.kind == "fire":
                prefill["fire_back"] = True
        if legal.kind in ("fire", "fire-back", "shoot-torpedo", "launch-torpedo") and actor is not None:
            weapon = self._item(state, actor, "torpedo" if legal.kind == "launch-torpedo" else "gun")
        for name, kind in (("torpedo", "torpedoes"), ("asteroid", "asteroids")):
            spec = next((a for a in self._spec(legal.kind).args if a.name == name), None)
            if spec is None:
                continue
            choices = [t.id for t in self.token_choices(state, legal.kind, spec, actor)]
            pick = marked if marked in choices else (choices[0] if len(choices) == 1 else None)
            if pick is not None:
                prefill[name] = pick
        if legal.kind == "torpedo-attack" and prefill.get("torpedo"):
            owner = next(t["owner"] for t in view.torpedoes() if t["id"] == prefill["torpedo"])
            ships = [s.id for p in range(len(state.players)) if p != owner for s in view.fleet(p)]
            target = marked if marked in ships else (ships[0] if len(ships) == 1 else None)
            legal = replace(legal, targets=tuple(ships))
        return replace(legal, target=target, weapon=weapon, prefill=prefill)

    def _spec(self, kind: str) -> Any:
        return next(s for s in self.plugin.action_specs() if s.kind == kind)

    def _item(self, state: GameState, ship: ShipState, kind: str) -> str | None:
        """The ship's gun or salvo item id, when it is ready now."""
        book = self.plugin.book
        for r in self.plugin.readiness(state, ship):
            name = next((it.name for it in ship.items if it.id == r.item), "")
            if r.usable and name in book.armament and book.armament[name].kind == kind:
                return r.item
        return None

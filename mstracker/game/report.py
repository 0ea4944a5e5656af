"""The battle report (pure): fleets, every turn's events with every die, losses, resources spent,
dice luck, charts, result.

`battle_report(engine, log)` folds a game's live log into a JSON-able dict. The log is either the
live events (from game-created on) or the live actions with their events (`GameHandle.log()`
rows; undone rows are skipped): with the actions the report also knows who acted, which it needs to
credit damage (the ruleset says who caused the damage an action does: `RulesetPlugin.damage_by`) and
to recompute each attack's odds (report_damage). Renderers: report_markdown
(Markdown), report_html (a self-contained html page with SVG charts). Nothing here reads or writes files.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from .events import Action, Event
from .report_charts import ChartSampler
from .report_damage import DamageLedger
from .report_fleets import FleetTracker
from .report_luck import RollCollector, luck_by_player, luck_rules
from .report_markdown import report_markdown
from .state import GameState, ShipState

if TYPE_CHECKING:
    from .engine import Engine

__all__ = ["battle_report", "report_json", "report_markdown"]

CHECKLIST_KINDS = frozenset({"step-entered", "ticked", "unticked"})


class LoggedStep(Protocol):
    """One action of a game's log with its events (game.logcheck.LogEntry has this shape)."""

    @property
    def action(self) -> Action: ...
    @property
    def events(self) -> Sequence[Event]: ...
    @property
    def undone(self) -> bool: ...


def _entries(log: Iterable[Event | LoggedStep]) -> Iterator[tuple[Action | None, Sequence[Event]]]:
    for item in log:
        if isinstance(item, Event):
            yield None, (item,)
        elif not getattr(item, "undone", False):
            yield item.action, tuple(item.events)


class _Fold:
    """The state of one pass over the log."""

    def __init__(self, engine: Engine, include_checklist: bool) -> None:
        self.engine = engine
        self.include_checklist = include_checklist
        self.state: GameState | None = None
        self.initial: GameState | None = None
        self.turns: list[dict[str, Any]] = []
        self.current: dict[str, Any] = {"turn": 0, "title": "Set-up", "events": []}
        self.flows: dict[tuple[int, str], dict[str, int]] = {}
        self.spent: dict[tuple[int, str], int] = {}
        self.ledger: list[dict[str, Any]] = []
        self.rolls = RollCollector()
        self.in_action = False

    def start(self, state: GameState) -> None:
        self.initial = state
        players = len(state.players)
        self.fleets = FleetTracker(self.engine.spec, state)
        self.damage = DamageLedger(self.engine, players)
        self.charts = ChartSampler(self.engine, players)

    def entry(self, action: Action | None, events: Sequence[Event]) -> None:
        before_entry = self.state

        def cause(ship: ShipState) -> int | None:
            """Who caused damage to `ship` in this entry: the ruleset says (None: no player's action)."""
            if action is None or before_entry is None:
                return None
            return self.engine.damage_by(before_entry, action, ship)

        self.in_action = action is not None
        for event in events:
            self.event(event, cause)
        if self.initial is not None:
            self.fleets.action_done()
        if action is not None:
            if before_entry is not None and self.state is not None and self.initial is not None:
                self.damage.attack(before_entry, self.state, action, events)
            self.rolls.close()

    def event(self, event: Event, cause: Callable[[ShipState], int | None]) -> None:
        before = self.state
        state = self.state = self.engine.reduce(before, event)
        if event.kind == "game-created":
            self.start(state)
            return
        if before is None or self.initial is None:
            return
        if event.kind == "turn-started":
            self.charts.sample(before.turn, before, self.spent)
            self.turns.append(self.current)
            self.current = {"turn": event.data["turn"], "title": event.text, "events": []}
        rolls = self.rolls.see(event, state.turn, before.ships, self.in_action)
        if self.include_checklist or event.kind not in CHECKLIST_KINDS:
            line: dict[str, Any] = {"kind": event.kind, "text": event.text}
            if event.data.get("dice"):
                line["dice"] = event.data["dice"]
            if rolls:
                line["rolls"] = [{"purpose": r.purpose, "dice": f"{len(r.faces)}d{r.sides}", "faces": list(r.faces),
                                  "percentile": float(r.percentile)} for r in rolls]
            self.current["events"].append(line)
        if event.kind == "resource-changed":
            self.resource(event.data, state.turn)
        dropped = 0
        if before.ships is not state.ships:
            for old, new in self.fleets.changed(before, state, event):
                self.damage.ship_changed(old, new, cause(old))
                if event.data.get("target") == new.id:
                    hull = self.damage.bar.key if self.damage.bar else ""
                    dropped = max(0, int(old.record.get(hull) or 0) - int(new.record.get(hull) or 0))
        if "expected_damage" in event.data:
            self.damage.logged_expectation(before, event, dropped)

    def resource(self, d: Mapping[str, Any], turn: int) -> None:
        key = (d["player"], d["resource"])
        flow = self.flows.setdefault(key, {"spent": 0, "gained": 0})
        flow["spent" if d["delta"] < 0 else "gained"] += abs(d["delta"])
        if d["delta"] < 0:
            self.spent[key] = self.spent.get(key, 0) - d["delta"]
        self.ledger.append({"player": d["player"], "turn": turn, "resource": d["resource"], "delta": d["delta"],
                            "balance": d["new"], "reason": d.get("reason", "")})

    def finish(self) -> dict[str, Any]:
        state, initial = self.state, self.initial
        if state is None or initial is None:
            raise ValueError("the log has no game-created event")
        self.rolls.close()
        self.turns.append(self.current)
        self.charts.sample(state.turn, state, self.spent)
        names = [p.name for p in state.players]
        ship_names = {sid: s.label for sid, s in state.ships.items()}
        players = []
        for i, p in enumerate(state.players):
            start = initial.players[i] if i < len(initial.players) else p
            players.append({
                "name": p.name,
                "fleet": p.fleet,
                **self.fleets.fleet(state, i),
                "resources_at_start": dict(start.resources),
                "resources_at_end": dict(p.resources),
                "resource_flows": {res: flow for (pi, res), flow in sorted(self.flows.items()) if pi == i},
                "ledger": [{k: v for k, v in e.items() if k != "player"} for e in self.ledger if e["player"] == i],
            })
        rolls = self.rolls.rolls
        first_bar = next(iter(self.engine.spec.bars()), None)
        percentile_rule, damage_rule = luck_rules(*self.engine.plugin.luck_notes(),
                                                  first_bar.label if first_bar is not None else None)
        luck = {
            "percentile_rule": percentile_rule,
            "damage_rule": damage_rule,
            "players": luck_by_player(rolls, names, ship_names),
            "damage": [self.damage.to_json(i) for i in range(len(names))],
            "unassigned_rolls": sum(1 for r in rolls if r.player is None),
            "rolls": [r.to_json(names, ship_names) for r in rolls],
        }
        return {
            "game": state.name,
            "ruleset": state.ruleset,
            "settings": dict(state.settings),
            "turn_word": self.engine.ruleset.meta.turn_word,
            "turns_played": state.turn,
            "finished": state.finished,
            "result": state.result,
            "winner": state.winner,
            "players": players,
            "turns": [t for t in self.turns if t["events"] or t["turn"] > 0],
            "losses": self.fleets.losses,
            "left_play": self.fleets.left_play,
            "dice_rolled": sum(len(r.faces) for r in rolls),
            "luck": luck,
            "charts": self.charts.to_json(names),
        }


def battle_report(
    engine: Engine, log: Iterable[Event | LoggedStep], *, include_checklist: bool = False
) -> dict[str, Any]:
    """The report of a game from its live log: events from game-created on, or logged actions."""
    fold = _Fold(engine, include_checklist)
    for action, events in _entries(log):
        fold.entry(action, events)
    return fold.finish()


def report_json(report: dict[str, Any]) -> dict[str, Any]:
    """The report as a JSON-able dict (it already is one; kept for symmetry with Markdown)."""
    return report

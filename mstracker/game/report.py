"""The battle report (pure): fleets, every turn's events with every die, losses, resources spent, result.

`battle_report(engine, events)` folds the live event log into a JSON-able dict;
`report_markdown(report)` renders it as Markdown. Nothing here reads or writes files.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .events import Event
from .records import FieldKind, FieldSpec
from .state import GameState, ShipState

if TYPE_CHECKING:
    from .engine import Engine

CHECKLIST_KINDS = frozenset({"step-entered", "ticked", "unticked"})


def _worth_showing(field: FieldSpec, value: Any) -> bool:
    return field.kind is FieldKind.BAR or value not in (None, False, "", [], 0)


def _ship_row(engine: Engine, ship: ShipState) -> dict[str, Any]:
    fields = engine.spec.fields
    values = {f.key: ship.record.get(f.key) for f in fields}
    shown = {f.label: f.show(ship.record) for f in fields if _worth_showing(f, ship.record.get(f.key))}
    return {
        "id": ship.id,
        "name": ship.name,
        "tag": ship.tag,
        "class": ship.ship_class,
        "items": [it.name for it in ship.items],
        "record": values,
        "shown": shown,
        "lost": engine.spec.lost(ship.record),
    }


def battle_report(engine: Engine, events: Iterable[Event], *, include_checklist: bool = False) -> dict[str, Any]:
    """The report of a game from its live event log (the first event is game-created)."""
    state: GameState | None = None
    initial: GameState | None = None
    turns: list[dict[str, Any]] = []
    current: dict[str, Any] = {"turn": 0, "title": "Set-up", "events": []}
    losses: list[dict[str, Any]] = []
    flows: dict[tuple[int, str], dict[str, int]] = {}
    ledger: list[dict[str, Any]] = []
    dice_count = 0
    for event in events:
        before = state
        state = engine.reduce(state, event)
        if event.kind == "game-created":
            initial = state
            continue
        if event.kind == "turn-started":
            turns.append(current)
            current = {"turn": event.data["turn"], "title": event.text, "events": []}
        if include_checklist or event.kind not in CHECKLIST_KINDS:
            line: dict[str, Any] = {"kind": event.kind, "text": event.text}
            if event.data.get("dice"):
                line["dice"] = event.data["dice"]
                dice_count += len(event.data["dice"])
            current["events"].append(line)
        if event.kind == "resource-changed":
            d = event.data
            flow = flows.setdefault((d["player"], d["resource"]), {"spent": 0, "gained": 0})
            flow["spent" if d["delta"] < 0 else "gained"] += abs(d["delta"])
            ledger.append(
                {"player": d["player"], "turn": state.turn, "resource": d["resource"], "delta": d["delta"],
                 "balance": d["new"], "reason": d.get("reason", "")}
            )
        if before is not None and before.ships is not state.ships:
            for sid, ship in state.ships.items():
                old = before.ships.get(sid)
                if old is not ship and engine.spec.lost(ship.record) and (old is None or not engine.spec.lost(old.record)):
                    losses.append(
                        {
                            "ship": ship.id,
                            "name": ship.name,
                            "class": ship.ship_class,
                            "owner": state.players[ship.owner].name,
                            "turn": state.turn,
                            "how": event.text,
                        }
                    )
    turns.append(current)
    if state is None or initial is None:
        raise ValueError("the log has no game-created event")
    players = []
    for i, p in enumerate(state.players):
        start = initial.players[i] if i < len(initial.players) else p
        players.append(
            {
                "name": p.name,
                "fleet": p.fleet,
                "ships_at_start": [_ship_row(engine, s) for s in initial.ships_of(i)],
                "ships_at_end": [_ship_row(engine, s) for s in state.ships_of(i)],
                "resources_at_start": dict(start.resources),
                "resources_at_end": dict(p.resources),
                "resource_flows": {res: flow for (pi, res), flow in sorted(flows.items()) if pi == i},
                "ledger": [{k: v for k, v in e.items() if k != "player"} for e in ledger if e["player"] == i],
            }
        )
    return {
        "game": state.name,
        "ruleset": state.ruleset,
        "settings": dict(state.settings),
        "turn_word": engine.ruleset.meta.turn_word,
        "turns_played": state.turn,
        "finished": state.finished,
        "result": state.result,
        "winner": state.winner,
        "players": players,
        "turns": [t for t in turns if t["events"] or t["turn"] > 0],
        "losses": losses,
        "dice_rolled": dice_count,
    }


def _cell(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def report_markdown(report: dict[str, Any]) -> str:
    """The report as Markdown: headings, tables and one bullet per event."""
    word = report["turn_word"]
    out = [f"# Battle report: {report['game']}", ""]
    status = f"result: {report['result']}" if report["finished"] else "in progress"
    out.append(f"Ruleset **{report['ruleset']}** · {word}s played: {report['turns_played']} · {status}")
    if report["winner"]:
        out.append(f"Winner: **{report['winner']}**")
    out += ["", "## Fleets", ""]
    for p in report["players"]:
        out.append(f"### {p['name']}" + (f" — {p['fleet']}" if p["fleet"] else ""))
        out.append("")
        if p["resources_at_start"]:
            res = ", ".join(f"{k} {v}" for k, v in p["resources_at_start"].items())
            out += [f"Resources at start: {res}", ""]
        out += ["| # | Ship | Class | At start | At end |", "|---|---|---|---|---|"]
        end = {s["id"]: s for s in p["ships_at_end"]}
        for s in p["ships_at_start"] + [s for s in p["ships_at_end"] if s["id"] not in {x["id"] for x in p["ships_at_start"]}]:
            now = end.get(s["id"])
            start = "; ".join(f"{k} {v}" for k, v in s["shown"].items())
            finish = "; ".join(f"{k} {v}" for k, v in now["shown"].items()) if now else "captured / gone"
            out.append(f"| {s['id']} | {_cell(s['name'])} | {_cell(s['class'])} | {_cell(start)} | {_cell(finish)} |")
        out.append("")
    out += [f"## {word.capitalize()} by {word}", ""]
    for t in report["turns"]:
        out.append(f"### {t['title']}")
        out.append("")
        out += [f"- {e['text']}" for e in t["events"] if e["kind"] != "turn-started"] or ["- (nothing logged)"]
        out.append("")
    out += ["## Losses", ""]
    if report["losses"]:
        out += [f"| Ship | Class | Owner | {word.capitalize()} | How |", "|---|---|---|---|---|"]
        for loss in report["losses"]:
            out.append(
                f"| {_cell(loss['name'])} (#{loss['ship']}) | {_cell(loss['class'])} | {_cell(loss['owner'])} "
                f"| {loss['turn']} | {_cell(loss['how'])} |"
            )
    else:
        out.append("No ships lost.")
    out += ["", "## Resources", ""]
    rows = [(p, res, f) for p in report["players"] for res, f in p["resource_flows"].items()]
    if rows:
        out += ["| Player | Resource | Spent | Gained | At end |", "|---|---|---|---|---|"]
        for p, res, f in rows:
            out.append(f"| {_cell(p['name'])} | {res} | {f['spent']} | {f['gained']} | {p['resources_at_end'].get(res, '–')} |")
        out.append("")
        for p in report["players"]:
            for e in p["ledger"]:
                why = f" ({e['reason']})" if e["reason"] else ""
                out.append(f"- {p['name']}, {word} {e['turn']}: {e['resource']} {e['delta']:+d} → {e['balance']}{why}")
    else:
        out.append("No resources spent.")
    out += ["", "## Result", "", report["result"] if report["finished"] else "The game is not over yet.", ""]
    return "\n".join(out)


def report_json(report: dict[str, Any]) -> dict[str, Any]:
    """The report as a JSON-able dict (it already is one; kept for symmetry with Markdown)."""
    return report

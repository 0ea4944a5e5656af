"""`mstracker game plan GAME`: the fire planner and focus fire from the shell.

Every ready weapon of the side that fires now (or of one ship, --ship) at every enemy it may fire at, with
the hit chance, the expected damage and the exact chance to destroy; --target T with --with SHIP:WEAPON
(repeated) gives the chance that those attacks, made in that order, destroy T together. Distances are
what was measured on the table: --distance SHIP:TARGET=N for one pair, --distance TARGET=N for "all my
ships are about this far". The game is read without its lock (the TUI may be playing it).
"""

from __future__ import annotations

import argparse
from typing import Any

from .output import CliError, console, print_json, safe

PLAN_HELP = "the fire planner: hit chance, expected damage and chance to destroy of every ready weapon; focus fire"


def register(gsub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    plan = gsub.add_parser("plan", parents=[common], help=PLAN_HELP)
    plan.add_argument("game", help="game id or name")
    plan.add_argument("--ship", help="plan one ship's weapons (id, name or tag)")
    plan.add_argument("--target", help="only this target; with --with: the focus fire on it")
    plan.add_argument("--with", dest="shots", action="append", default=[], metavar="SHIP:WEAPON",
                      help="an attack of the focus fire on --target, in firing order (repeatable)")
    plan.add_argument("--distance", action="append", default=[], metavar="SHIP:TARGET=N | TARGET=N",
                      help="a distance measured on the table: one pair, or every ship to a target (repeatable)")
    plan.add_argument("--sort", choices=("kill", "damage"), default="kill",
                      help="best first by chance to destroy (default) or by expected damage")
    plan.set_defaults(handler=plan_game)


def _measured(state: Any, words: list[str]) -> Any:
    """The --distance values as Distances, every ship named resolved (InvalidAction names a bad one)."""
    from ..game.planner import Distances

    distances = Distances()
    for word in words:
        left, sep, number = word.rpartition("=")
        try:
            value = int(number)
        except ValueError:
            value = -1
        if not sep or not left.strip() or value < 0:
            raise CliError(f"--distance: expected SHIP:TARGET=N or TARGET=N with N a whole number, got {word!r}")
        ship, colon, target = left.partition(":")
        if colon:
            distances = distances.with_pair(state.find_ship(ship).id, state.find_ship(target).id, value)
        else:
            distances = distances.with_target(state.find_ship(left).id, value)
    return distances


def _shots(words: list[str]) -> list[tuple[str, str]]:
    out = []
    for word in words:
        ship, sep, weapon = word.partition(":")
        if not sep or not ship.strip() or not weapon.strip():
            raise CliError(f"--with: expected SHIP:WEAPON (a weapon's id or name), got {word!r}")
        out.append((ship.strip(), weapon.strip()))
    return out


def plan_game(args: argparse.Namespace) -> int:
    from ..game.planner import FirePlanner, SortKey
    from ..game.planner_focus import FocusPlanner
    from .game_cmd import _reader

    if args.shots and not args.target:
        raise CliError("--with names the attacks of a focus fire: give its target with --target")
    with _reader(args) as handle:
        state, engine = handle.state, handle.engine
        if not state.started:
            raise CliError("the game is in set-up: start turn 1 (mstracker game act GAME next-step) before planning fire")
        absent = engine.absent("planner")
        if absent:
            raise CliError(f"no fire plan: {absent}")
        distances = _measured(state, args.distance)
        planner = FirePlanner(engine, state)
        focus = None
        if args.shots:
            focus = FocusPlanner(planner).focus(args.target, _shots(args.shots), distances)
        rows = planner.plan(distances, ship=args.ship, target=args.target, sort=SortKey(args.sort))
        silent = planner.why_silent(state.find_ship(args.ship)) if args.ship and not rows else ""
        if args.json:
            print_json({"game": handle.id, "turn": state.turn, "active": state.active_player.name,
                        "sort": args.sort, "distances": _distances_json(distances), "rows": [r.to_json() for r in rows],
                        "focus": focus.to_json() if focus is not None else None, "none_because": silent or None})
            return 0
        _print(state, rows, distances, focus, silent, args.sort)
    return 0


def _distances_json(distances: Any) -> dict[str, Any]:
    return {"pairs": [{"ship": s, "target": t, "distance": d} for (s, t), d in distances.pairs.items()],
            "targets": [{"target": t, "distance": d} for t, d in distances.targets.items()]}


def _print(state: Any, rows: Any, distances: Any, focus: Any, silent: str, sort: str) -> None:
    from rich.table import Table

    from ..game.planner_focus import percent

    con = console()
    con.print(f"[bold]{safe(state.name)}[/bold] · turn {state.turn} · fire plan for {safe(state.active_player.name)} · "
              f"best first by {'chance to destroy' if sort == 'kill' else 'expected damage'}")
    if distances:
        words = [f"{safe(state.ships[s].name)} → {safe(state.ships[t].name)} {d}" for (s, t), d in distances.pairs.items()]
        words += [f"all → {safe(state.ships[t].name)} {d}" for t, d in distances.targets.items()]
        con.print("measured: " + " · ".join(words))
    if focus is not None:
        con.print(f"[bold]Focus fire:[/bold] {safe(focus.text())} · expected damage {float(focus.expected_damage):.1f}")
    if silent:
        con.print(safe(silent))
        return
    table = Table(title="fire plan" if rows else "fire plan: no shot to plan now")
    for col, justify in (("ship", "left"), ("weapon", "left"), ("target", "left"), ("distance", "right"),
                         ("hit", "right"), ("exp dmg", "right"), ("kill", "right"), ("note", "left")):
        table.add_column(col, justify=justify)  # type: ignore[arg-type]
    for r in rows:
        distance = "?" if r.distance is None else f"{r.distance}{' (all)' if r.measured.value == 'target' else ''}"
        note = r.refused or ("measure the distance: the odds depend on it" if r.needs_distance else "")
        damage = "—" if r.expected_damage is None else f"{float(r.expected_damage):.1f}"
        table.add_row(safe(r.ship_name), safe(r.weapon_name), safe(r.target_name), distance, percent(r.p_hit), damage,
                      percent(r.p_destroy), safe(note))
    con.print(table)

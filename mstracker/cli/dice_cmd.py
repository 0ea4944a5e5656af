"""`mstracker roll EXPR` and `mstracker odds EXPR | RULESET ...`."""

from __future__ import annotations

import argparse
import random
from fractions import Fraction
from importlib import import_module
from typing import Any

from rich.table import Table

from ..rules import RULESET_IDS, RulesError
from .output import CliError, console, one_line, print_json, safe

BAR_WIDTH = 40


def register(sub: argparse._SubParsersAction) -> None:
    roll = sub.add_parser("roll", help="roll dice: each die and the total")
    roll.add_argument("expression", help='dice notation, e.g. "2d6+1", "1d12-1 min 1", "25 x d6"')
    roll.add_argument("--seed", type=int, help="seed the roll (repeatable results)")
    roll.add_argument("--faces", help="use physical dice: the faces you rolled, e.g. 3,5")
    roll.add_argument("--json", action="store_true", help="JSON output")
    roll.set_defaults(handler=roll_dice)

    odds = sub.add_parser(
        "odds",
        help="exact odds of a dice expression, or of one attack under a ruleset",
        description="odds EXPR: exact distribution. odds RULESET --...: the outcome distribution of one attack. "
        "spook: --weapon --target [--afterburner] [--flares N] [--armor N]; "
        "lukas: --weapon --target strike-craft|frigate|capital [--comm-radar] [--bridge-damaged] [--armor N] [--subsystem S]; "
        "pz8: --distance N [--damaged] [--target-damaged] [--fire-back] [--at-torpedo]; "
        "cal: --attacker CLASS --weapon beam|projectile --target CLASS --distance N [--crew M] [--shots K] [--ss N] "
        "[--sensors-offline].",
    )
    odds.add_argument("subject", help=f"a dice expression, or a ruleset ({', '.join(RULESET_IDS)})")
    odds.add_argument("--json", action="store_true", help="JSON output")
    odds.add_argument("--weapon")
    odds.add_argument("--target")
    odds.add_argument("--attacker")
    odds.add_argument("--afterburner", action="store_true")
    odds.add_argument("--flares", type=int, default=0)
    odds.add_argument("--armor", type=int)
    odds.add_argument("--comm-radar", action="store_true")
    odds.add_argument("--bridge-damaged", action="store_true")
    odds.add_argument("--distance", type=int)
    odds.add_argument("--damaged", action="store_true")
    odds.add_argument("--target-damaged", action="store_true")
    odds.add_argument("--fire-back", action="store_true")
    odds.add_argument("--at-torpedo", action="store_true")
    odds.add_argument("--crew", type=int, default=0)
    odds.add_argument("--shots", type=int)
    odds.add_argument("--ss", type=int)
    odds.add_argument("--subsystem", help="lukas bombs vs a capital ship: hull, engines, bridge or weapon")
    odds.add_argument("--sensors-offline", action="store_true", help="cal: the attacker's sensors are offline")
    odds.set_defaults(handler=show_odds)


def _parse(text: str):
    from ..dice import DiceError, parse

    try:
        return parse(text)
    except DiceError as exc:
        raise CliError(one_line(str(exc))) from None


def _faces(text: str) -> list[int]:
    try:
        return [int(part) for part in text.replace(" ", ",").split(",") if part]
    except ValueError:
        raise CliError(f"--faces takes whole numbers separated by commas, got {text!r}") from None


def roll_dice(args: argparse.Namespace) -> int:
    from ..dice import DiceError, RngFaces, TypedFaces

    expr = _parse(args.expression)
    source = TypedFaces(_faces(args.faces)) if args.faces is not None else RngFaces(random.Random(args.seed))
    try:
        result = expr.roll(source)
    except DiceError as exc:
        raise CliError(one_line(str(exc))) from None
    if args.faces is not None and source.remaining:
        raise CliError(f"{len(source.remaining)} typed faces were not needed: {expr.text} uses {len(result.dice)} dice")
    if args.json:
        print_json(
            {
                "expression": result.expression,
                "total": result.total,
                "dice": [{"sides": d.sides, "face": d.face} for d in result.dice],
                "detail": result.detail,
            }
        )
        return 0
    console().print(f"{safe(result.detail)}\n[bold]total {result.total}[/bold]")
    return 0


def _bar(p: Fraction, top: Fraction) -> str:
    return "█" * max(1, round(BAR_WIDTH * p / top)) if p else ""


def _distribution_table(title: str, dist: dict[Any, Fraction]) -> Table:
    table = Table(title=safe(title))
    table.add_column("result", justify="right")
    table.add_column("chance", justify="right")
    table.add_column("")
    top = max(dist.values())
    for value, p in dist.items():
        table.add_row(str(value), f"{float(p):.2%}", _bar(p, top))
    return table


def show_odds(args: argparse.Namespace) -> int:
    if args.subject in RULESET_IDS:
        return _ruleset_odds(args)
    expr = _parse(args.subject)
    dist = expr.distribution()
    items = dict(dist.items())
    if args.json:
        print_json(
            {
                "expression": expr.text,
                "distribution": {str(k): float(v) for k, v in items.items()},
                "mean": float(dist.mean),
                "min": dist.min,
                "max": dist.max,
            }
        )
        return 0
    con = console()
    con.print(_distribution_table(expr.text, items))
    con.print(f"mean {float(dist.mean):.3f} · min {dist.min} · max {dist.max}")
    return 0


_OPTION_KEYS = {
    "spook": ("weapon", "target", "afterburner", "flares", "armor"),
    "lukas": ("weapon", "target", "comm_radar", "bridge_damaged", "armor", "subsystem"),
    "pz8": ("distance", "damaged", "target_damaged", "fire_back", "at_torpedo"),
    "cal": ("attacker", "weapon", "target", "distance", "crew", "shots", "ss", "sensors_offline"),
}


def _ruleset_odds(args: argparse.Namespace) -> int:
    from ..store.catalog import load_ruleset

    rid = args.subject
    options = {key: getattr(args, key) for key in _OPTION_KEYS[rid]}
    try:
        ruleset = load_ruleset(rid).ruleset
        module = import_module(f"mstracker.rulesets.{rid}.odds")
        odds = module.attack_odds(ruleset, options)
    except (RulesError, ValueError, KeyError) as exc:
        raise CliError(one_line(str(exc).strip("'\""))) from None
    if args.json:
        print_json({"ruleset": rid, **{k: v for k, v in options.items()}, **odds.to_json()})
        return 0
    con = console()
    given = ", ".join(f"{k}={v}" for k, v in options.items() if v not in (None, False, 0) or k == "crew" and v)
    con.print(f"[bold]{safe(ruleset.meta.title)}[/bold]: {safe(given)}")
    con.print(f"chance to hit: [bold]{float(odds.p_hit):.2%}[/bold]")
    if odds.damage is not None:
        con.print(_distribution_table("damage", dict(sorted(odds.damage.items()))))
    if odds.outcomes is not None:
        con.print(_distribution_table("outcome", odds.outcomes))
    if odds.expected_damage is not None:
        con.print(f"expected damage: {float(odds.expected_damage):.2f}")
    if odds.p_destroy is not None:
        con.print(f"chance to destroy: {float(odds.p_destroy):.2%}")
    for key, value in odds.extra.items():
        con.print(f"{key.replace('_', ' ')}: {float(value):.2%}")
    for note in odds.notes:
        con.print(f"[dim]{safe(note)}[/dim]")
    return 0

"""`mstracker roll EXPR` and `mstracker odds EXPR | RULESET ...`."""

from __future__ import annotations

import argparse
import random
from fractions import Fraction
from typing import Any

from rich.table import Table

from ..rules import RulesError
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
        description="odds EXPR: exact distribution. odds RULESET --...: the outcome distribution of one attack; "
        "`mstracker odds RULESET --help` lists that ruleset's options.",
        add_help=False,
    )
    odds.add_argument("-h", "--help", action="store_true", help="show this help (after RULESET: its options)")
    odds.add_argument("--json", action="store_true", help="JSON output")
    odds.add_argument("subject", nargs="?", help="a dice expression, or a ruleset id (mstracker rules list)")
    odds.add_argument("options", nargs=argparse.REMAINDER, help="the ruleset's options")
    odds.set_defaults(handler=show_odds, odds_parser=odds)


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
    from ..rules.registry import ruleset_ids

    if args.subject in ruleset_ids():
        return _ruleset_odds(args)
    if args.help or args.subject is None:
        args.odds_parser.print_help()
        return 0 if args.help else 2
    extra = [o for o in args.options if o != "--json"]
    if extra:
        raise CliError(f"odds {args.subject}: {' '.join(extra)!r} is not for a dice expression; "
                       f"rulesets: {', '.join(ruleset_ids())}")
    args.json = args.json or "--json" in args.options
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


class _OptionsError(Exception):
    pass


class _QuietParser(argparse.ArgumentParser):
    """Raises instead of exiting, so a bad option becomes the CLI's one-line refusal."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise _OptionsError(message)


def _options_parser(rid: str) -> argparse.ArgumentParser:
    """The options a ruleset declares for `odds`, as argparse options."""
    from ..rules.contract import OptionType
    from ..rules.registry import package

    pkg = package(rid)
    parser = _QuietParser(prog=f"mstracker odds {rid}", description=f"{pkg.title}: the odds of one attack.")
    parser.add_argument("--json", action="store_true", help="JSON output")
    for option in pkg.odds_options:
        kw: dict[str, Any] = {"help": option.help + (" (required)" if option.required else ""), "dest": option.name}
        if option.type is OptionType.FLAG:
            kw["action"] = "store_true"
        elif option.type is OptionType.INT:
            kw["type"] = int
        elif option.type is OptionType.CHOICE:
            kw["choices"] = option.choices
        if option.metavar and option.type is not OptionType.FLAG:
            kw["metavar"] = option.metavar
        parser.add_argument(option.flag, **kw)
    return parser


def _ruleset_odds(args: argparse.Namespace) -> int:
    from ..rules.registry import package
    from .house_rules import ruleset_in_force

    rid = args.subject
    parser = _options_parser(rid)
    if args.help or "-h" in args.options or "--help" in args.options:
        parser.print_help()
        return 0
    try:
        parsed = parser.parse_args(args.options)
    except _OptionsError as exc:
        flags = " ".join(o.flag for o in package(rid).odds_options)
        raise CliError(f"odds {rid}: {exc}; {rid} takes {flags}") from None
    args.json = args.json or parsed.json
    options = {o.name: getattr(parsed, o.name) for o in package(rid).odds_options}
    missing = [o.flag for o in package(rid).odds_options if o.required and options[o.name] is None]
    if missing:
        raise CliError(f"odds {rid} needs {', '.join(missing)} (mstracker odds {rid} --help)")
    try:
        ruleset = ruleset_in_force(rid)
        odds = package(rid).odds(ruleset, options)
    except (RulesError, ValueError, KeyError) as exc:
        raise CliError(one_line(str(exc).strip("'\""))) from None
    if args.json:
        print_json({"ruleset": rid, **{k: v for k, v in options.items()}, **odds.to_json()})
        return 0
    con = console()
    given = ", ".join(f"{k}={v}" for k, v in options.items() if v is not None and v is not False)
    con.print(f"[bold]{safe(ruleset.meta.title)}[/bold]: {safe(given)}")
    if odds.p_hit is not None:
        con.print(f"{odds.hit_label.lower()}: [bold]{float(odds.p_hit):.2%}[/bold]")
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

"""`mstracker game ...`: set up, show, play (act, undo, redo), report and delete games from the shell.

GAME is a game id or its (unique, case-insensitive) name. Every command takes --json and --db.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..rules.registry import UnknownRuleset, ruleset_ids
from .output import CliError, clean, console, one_line, print_json, safe, warn, write

if TYPE_CHECKING:
    from ..dice import FaceSource

_ACT_HELP = "do one action: next-step, tick, set, adjust, note, end-game, and the ruleset's own (fire, ...)"


def register(sub: argparse._SubParsersAction) -> None:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--json", action="store_true", help="JSON output")
    common.add_argument("--db", type=Path, help="use this games database instead of the user's one")
    game = sub.add_parser("game", help="games: set up, show, act, undo/redo, report")
    gsub = game.add_subparsers(dest="game_command", metavar="ACTION", required=True)

    new = gsub.add_parser("new", parents=[common], help="set up a game from fleet files")
    new.add_argument("--ruleset", required=True, help="a ruleset id (mstracker rules list)")
    new.add_argument("--fleet", action="append", required=True,
                     help="a fleet file, or a saved or sample fleet's name (mstracker fleet list), once per player")
    new.add_argument("--name", help="game name (default: the fleet names)")
    new.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="a game setting (repeatable)")
    new.add_argument("--allow-illegal", action="store_true",
                     help="play fleets that break the fleet rules anyway (a non-standard game, marked as such)")
    new.add_argument("--allow-book-values", action="store_true",
                     help="create the game with the book values when your house-rule file cannot be applied")
    new.set_defaults(handler=new_game)

    lst = gsub.add_parser("list", parents=[common], help="the saved games, most recent first")
    lst.set_defaults(handler=list_games)

    for name, handler, text in (
        ("show", show_game, "the game now: turn, phase, checklist, players, every ship record"),
        ("actions", list_actions, "the actions of a game's ruleset, with their arguments"),
        ("log", show_log, "the whole action log, undone actions included"),
    ):
        p = gsub.add_parser(name, parents=[common], help=text)
        p.add_argument("game", nargs="?" if name == "actions" else None, help="game id or name")
        if name == "actions":
            p.add_argument("--ruleset", help="list a ruleset's actions without a game")
        p.set_defaults(handler=handler)

    act = gsub.add_parser("act", parents=[common], add_help=False, help=_ACT_HELP)
    act.add_argument("-h", "--help", action="store_true", help="list the actions per ruleset")
    act.add_argument("game", nargs="?", help="game id or name")
    act.add_argument("action", nargs="?", help="action kind")
    act.add_argument("args", nargs="*", help="action arguments: in order, or NAME=VALUE")
    dice = act.add_mutually_exclusive_group()
    dice.add_argument("--faces", help="faces of physical dice, in the order rolled: 3,5")
    dice.add_argument("--seed", type=int, help="let the app roll, from this seed")
    act.set_defaults(handler=act_game)

    for name, handler, text in (("undo", undo_game, "undo the last action(s)"), ("redo", redo_game, "redo undone action(s)")):
        p = gsub.add_parser(name, parents=[common], help=text)
        p.add_argument("game", help="game id or name")
        p.add_argument("-n", "--steps", type=int, default=1, help="how many (default 1)")
        p.set_defaults(handler=handler)

    rep = gsub.add_parser("report", parents=[common],
                          help="battle report: fleets, every turn, losses, RU, dice luck, charts, result")
    rep.add_argument("game", help="game id or name")
    rep.add_argument("--format", choices=("md", "json", "html"), default="md",
                     help="Markdown, JSON (with luck and chart data) or one html page with SVG charts")
    rep.add_argument("--checklist", action="store_true", help="include checklist moves and ticks")
    rep.set_defaults(handler=report_game)

    export = gsub.add_parser("export", parents=[common], help="write one game (whole log, rules as played) to a file")
    export.add_argument("game", help="game id or name")
    export.add_argument("-o", "--output", type=Path, required=True, help="the file to write (JSON)")
    export.set_defaults(handler=export_game)

    imp = gsub.add_parser("import", parents=[common], help="add a game from an exported file (checked, never overwrites)")
    imp.add_argument("file", type=Path, help="a file written by game export")
    imp.add_argument("--name", help="name the imported game (default: its own name, made unique)")
    imp.set_defaults(handler=import_game)

    from . import plan_cmd

    plan_cmd.register(gsub, common)

    delete = gsub.add_parser("delete", parents=[common], help="delete a game and its log (needs --yes)")
    delete.add_argument("game", help="game id or name")
    delete.add_argument("--yes", action="store_true", help="confirm: the game cannot be brought back")
    delete.set_defaults(handler=delete_game)


# ---- plumbing -----------------------------------------------------------------------------------


@contextmanager
def _errors() -> Iterator[None]:
    """Core errors -> one line on stderr, exit 2."""
    try:
        yield
    except UnknownRuleset as exc:
        raise CliError(str(exc)) from None
    except Exception as exc:
        if isinstance(exc, _core_errors()):
            raise CliError(one_line(str(exc))) from None
        raise


def _core_errors() -> tuple[type[Exception], ...]:
    """The core's error types, imported when one is raised (`game list` needs no game core)."""
    from ..dice import DiceError
    from ..game import GameError
    from ..rules import RulesError
    from ..store.gamesdb import StoreError
    from ..store.tomlfile import FileProblem

    return (GameError, StoreError, RulesError, FileProblem, DiceError)


def open_store(args: argparse.Namespace) -> Any:
    """The games database (--db or the user's); StoreError -> CliError."""
    from ..store.games import GameStore

    with _errors():
        return GameStore(args.db) if args.db else GameStore.default()


def open_reading_store(args: argparse.Namespace) -> Any:
    """The games database opened read-only: never waits on, nor blocks, a writer."""
    from ..store.games import GameStore

    with _errors():
        return GameStore(args.db, readonly=True) if args.db else GameStore.default(readonly=True)


@contextmanager
def _reader(args: argparse.Namespace) -> Iterator[Any]:
    """A game read without its lock (the TUI may be playing it)."""
    store = open_reading_store(args)
    try:
        with _errors():
            yield store.open_reader(store.find_game(args.game).id)
    finally:
        store.close()


@contextmanager
def _game(args: argparse.Namespace) -> Iterator[Any]:
    store = open_store(args)
    try:
        with _errors():
            summary = store.find_game(args.game)
            handle = store.open_game(summary.id)
        if handle.took_over:
            warn(handle.took_over)
        try:
            with _errors():
                yield handle
        finally:
            handle.close()
    finally:
        store.close()


def _faces(args: argparse.Namespace) -> FaceSource:
    from ..dice import RngFaces, TypedFaces

    if args.faces is not None:
        words = args.faces.replace(",", " ").split()
        try:
            return TypedFaces(int(w) for w in words)
        except ValueError:
            raise CliError(f"--faces: expected whole numbers like 3,5, got {args.faces!r}") from None
    return RngFaces(random.Random(args.seed))


def _position(state: Any) -> dict[str, Any]:
    phase, step = state.current_phase, state.current_step
    return {
        "turn": state.turn,
        "active": state.active_player.name if state.players else None,
        "phase": phase.name if phase else None,
        "step": step.text if step else None,
        "finished": state.finished,
    }


def _banner(handle: Any) -> str:
    s = handle.state
    word = handle.engine.ruleset.meta.turn_word
    name = safe(s.name)
    if s.finished:
        return f"[bold]{name}[/bold] · {s.ruleset} · game over: {safe(s.result)}"
    if not s.started:
        return f"[bold]{name}[/bold] · {s.ruleset} · set-up (next-step starts {word} 1)"
    phase, step = s.current_phase, s.current_step
    where = "no checklist" if phase is None else safe(phase.name)
    if step is not None and phase is not None:
        where += f" · step {s.step + 1}/{len(phase.steps)}: {safe(step.text)}"
    return f"[bold]{name}[/bold] · {s.ruleset} · {word} {s.turn} · active [bold]{safe(s.active_player.name)}[/bold] · {where}"


# ---- commands -----------------------------------------------------------------------------------


def _parse_settings(pairs: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise CliError(f"--set: expected KEY=VALUE, got {pair!r}")
        out[key.strip()] = value.strip()
    return out


def new_game(args: argparse.Namespace) -> int:
    from ..game.errors import IllegalRoster
    from ..paths import app_dirs
    from ..store.fleetnames import find_fleet
    from ..store.fleets import load_roster

    chosen = _parse_settings(args.set)
    _house_rules_or_refuse(args)
    store = open_store(args)
    try:
        with _errors():
            engine = store.engine(args.ruleset)
            found = [find_fleet(text, app_dirs(), args.ruleset) for text in args.fleet]
            rosters = [load_roster(f.path, f.label) for f in found]
            name = args.name or _free_name(store, " vs ".join(r.name for r in rosters)[:100].strip())
            try:
                game_id = store.create_game(name, args.ruleset, rosters, chosen, args.allow_illegal)
            except IllegalRoster as exc:
                listing = "; ".join(f"{fleet}: {message}" for fleet, message in exc.findings)
                raise CliError(f"{one_line(str(exc))} (--allow-illegal). Findings: {one_line(listing)}") from None
            handle = store.open_game(game_id)
        state = handle.state
        handle.close()
    finally:
        store.close()
    settings = engine.ruleset.settings
    if args.json:
        print_json(
            {
                "id": game_id,
                "name": state.name,
                "ruleset": state.ruleset,
                "settings": state.settings,
                "players": [p.model_dump(mode="json") for p in state.players],
                "ships": len(state.ships),
            }
        )
        return 0
    con = console()
    players = " vs ".join(f"{safe(p.name)} ({len(state.ships_of(i))} ships)" for i, p in enumerate(state.players))
    con.print(f"Game {game_id} [bold]{safe(state.name)}[/bold] set up for {state.ruleset}: {players}")
    if state.settings:
        con.print(_settings_table(state.settings, settings, set(chosen)))
    con.print(f"Next: mstracker game act {game_id} advance")
    return 0


def _house_rules_or_refuse(args: argparse.Namespace) -> None:
    """A game keeps the rules it was created with, so a house-rule file that cannot be applied
    stops `game new` (the club's values would be lost for good) unless the book values are wanted."""
    from .house_rules import loaded_ruleset, not_applied

    if args.ruleset not in ruleset_ids():
        return  # the store refuses an unknown ruleset, with the choices
    problem = loaded_ruleset(args.ruleset).house_rule_error
    if problem is None:
        return
    if not args.allow_book_values:
        raise CliError(f"house rules not applied: {one_line(problem)}; fix the file, or pass --allow-book-values "
                       "to create the game with the book values")
    warn(not_applied(problem))


def _free_name(store: Any, base: str) -> str:
    taken = {g.name.casefold() for g in store.list_games()}
    name, n = base, 1
    while name.casefold() in taken:
        n += 1
        name = f"{base} ({n})"
    return name


def _settings_table(values: dict[str, Any], settings: dict[str, Any], changed: set[str]) -> Any:
    from rich.table import Table

    table = Table(title="settings in force for this game")
    for col in ("key", "value", "what it decides"):
        table.add_column(col)
    for key, value in values.items():
        mark = " (changed)" if key in changed else ""
        text = settings[key].text if key in settings else ""
        table.add_row(safe(key), f"{safe(value)}{mark}", safe(text))
    return table


def list_games(args: argparse.Namespace) -> int:
    from ..paths import app_dirs
    from ..store.gamelist import read_games  # the games table only: no game core, no log read
    from ..store.gamesdb import StoreError

    try:
        games = read_games(args.db if args.db else app_dirs().games_db)
    except StoreError as exc:  # not _errors(): that imports the game core for GameError
        raise CliError(one_line(str(exc))) from None
    if args.json:
        print_json([g.to_json() for g in games])
        return 0
    from rich.table import Table

    table = Table(title="games")
    for col in ("id", "name", "ruleset", "turn", "players", "actions", "updated", "status"):
        table.add_column(col)
    for g in games:
        status = g.damaged or (f"over: {g.result}" if g.finished else "in play")
        cells = (g.name, g.ruleset, str(g.turn), ", ".join(g.players), str(max(0, g.actions - 1)), g.updated, status)
        table.add_row(str(g.id), *(safe(c) for c in cells), style="red" if g.damaged else None)
    console().print(table if games else "No games yet: mstracker game new --ruleset R --fleet A.toml --fleet B.toml")
    return 0


def show_game(args: argparse.Namespace) -> int:
    with _reader(args) as handle:
        state, engine = handle.state, handle.engine
        if args.json:
            print_json(
                {
                    "id": handle.id,
                    "position": _position(state),
                    "unticked": [s.id for _, s in engine.unticked(state)],
                    "obligations": [_obligation_json(o) for o in engine.obligations(state)],
                    "readiness": {sid: [_readiness_json(r) for r in engine.plugin.readiness(state, ship)]
                                  for sid, ship in state.ships.items()},
                    "on_table": [_table_json(t) for t in engine.plugin.on_table(state)],
                    "can_undo": handle.can_undo,
                    "can_redo": handle.can_redo,
                    "record_spec": engine.spec.model_dump(mode="json"),
                    "state": state.to_json(),
                }
            )
            return 0
        _print_game(handle)
    return 0


def _print_game(handle: Any) -> None:
    from rich.table import Table

    state, engine, spec = handle.state, handle.engine, handle.engine.spec
    con = console()
    con.print(_banner(handle))
    phase = state.current_phase
    if phase is not None and phase.steps:
        for n, step in enumerate(phase.steps, start=1):
            here = "▶" if n - 1 == state.step else " "
            role = engine.step_role(step).value
            mark = "auto" if role == "auto" else ("[x]" if step.id in state.ticked else "[ ]")
            by = " (the app ticks it)" if role == "tracked" and step.id not in state.ticked else ""
            con.print(f" {here} {mark:>4} {n}. {clean(step.text)}{by}", markup=False)
    for obligation in engine.obligations(state):
        how = f": {obligation.resolve}, or override {obligation.id} REASON" if obligation.resolve else ""
        con.print(f"⚠ {clean(obligation.text)} ({obligation.cite}){clean(how)}", markup=False, style="yellow")
    on_table = engine.plugin.on_table(state)
    if on_table:
        listing = "; ".join(f"{t.id} {t.kind}" + (f" ({t.text})" if t.text else "") for t in on_table)
        con.print(f"on the table: {clean(listing)}", markup=False)
    settings = ", ".join(f"{k}={v}" for k, v in state.settings.items())
    if settings:
        con.print(f"[dim]settings: {safe(settings)}[/dim]")
    bars = spec.bars()
    for index, player in enumerate(state.players):
        res = "  ".join(f"{_label(spec.player_field(k), k)} {v}" for k, v in player.resources.items())
        active = " ◀ active" if index == state.active and state.started else ""
        title = f"{player.name} · {player.fleet}{active}" + (f" · {res}" if res else "")
        table = Table(title=safe(title), title_justify="left")
        table.add_column("#", justify="right")
        table.add_column("ship", no_wrap=True)
        table.add_column("class")
        for bar in bars:
            table.add_column(bar.label, justify="right", no_wrap=True)
        table.add_column("status")
        table.add_column("weapons, devices, abilities")
        for ship in state.ships_of(index):
            items = "; ".join(f"{r.item} {r.name} {r.glyph}" + (f" {r.detail}" if r.detail else "")
                              for r in engine.plugin.readiness(state, ship))
            name = f"{ship.name}{' [' + ship.tag + ']' if ship.tag else ''}"
            style = "dim strike" if spec.lost(ship.record) else None
            status = ", ".join(spec.status(ship.record)) or "–"
            cells = (ship.id, name, ship.ship_class, *(b.show(ship.record) for b in bars), status, items)
            table.add_row(*(safe(c) for c in cells), style=style)
        con.print(table)
    undo = "undo available" if handle.can_undo else "nothing to undo"
    redo = ", redo available" if handle.can_redo else ""
    con.print(f"[dim]{undo}{redo}[/dim]")


def _obligation_json(o: Any) -> dict[str, Any]:
    return {"id": o.id, "text": o.text, "cite": o.cite, "resolve": o.resolve, "blocks": sorted(o.blocks),
            "ships": list(o.ships), "player": o.player}


def _readiness_json(r: Any) -> dict[str, Any]:
    return {"item": r.item, "name": r.name, "kind": r.kind, "status": r.status.value, "detail": r.detail,
            "turns_left": r.turns_left, "uses_left": r.uses_left}


def _table_json(t: Any) -> dict[str, Any]:
    return {"id": t.id, "kind": t.kind, "owner": t.owner, "text": t.text, "ship": t.ship}


def _label(field: Any, key: str) -> str:
    return field.label if field is not None else key


def act_game(args: argparse.Namespace) -> int:
    from ..game import Action

    if args.help or not args.game or not args.action:
        if not args.help:
            raise CliError("game act needs GAME and ACTION; see mstracker game act --help")
        return _act_help(args)
    with _game(args) as handle:
        spec = handle.engine.action_spec(args.action)
        action = Action(args.action, spec.bind(args.args))
        events = handle.perform(action, _faces(args))
        if args.json:
            print_json({"game": handle.id, "action": action.to_json(), "events": [e.to_json() for e in events], "position": _position(handle.state)})
            return 0
        con = console()
        for event in events:
            con.print(f"• {clean(event.text)}", markup=False)
        con.print(_banner(handle))
    return 0


def _act_help(args: argparse.Namespace) -> int:
    from ..game import GENERIC_SPECS

    sys.stdout.write(
        "usage: mstracker game act GAME ACTION [ARGS...] [--faces 3,5 | --seed N] [--json] [--db PATH]\n\n"
        "Arguments go in order, or as NAME=VALUE; a yes/no argument can be given by its name alone\n"
        "(next-step force). --faces takes physical dice in the order rolled; --seed lets the app roll.\n\n"
    )
    _write_specs("actions of every ruleset", GENERIC_SPECS)
    rulesets = [_game_ruleset(args)] if args.game else list(ruleset_ids())
    for rid in rulesets:
        try:
            with _errors():
                from ..store.games import GameStore

                specs = [s for s in GameStore.engine_for_ruleset(rid).action_specs() if not s.generic]
        except CliError as exc:
            sys.stdout.write(f"{rid}: cannot load the ruleset ({exc})\n\n")
            continue
        _write_specs(f"{rid} actions", specs or [], empty="none of its own yet: play it with the actions above")
    return 0


def _game_ruleset(args: argparse.Namespace) -> str:
    store = open_reading_store(args)
    try:
        with _errors():
            return store.find_game(args.game).ruleset
    finally:
        store.close()


def _write_specs(title: str, specs: Any, empty: str = "") -> None:
    write(f"{title}:\n")
    if not specs:
        write(f"  ({empty})\n\n")
        return
    for s in specs:
        write(f"  {s.usage()}\n      {s.help}\n")
        for a in s.args:
            choices = f" (one of: {', '.join(a.choices)})" if a.choices else ""
            write(f"      {a.name}: {a.type.value}{'' if a.required else ', optional'} - {a.help}{choices}\n")
    write("\n")


def list_actions(args: argparse.Namespace) -> int:
    if args.game:
        with _reader(args) as handle:
            specs = handle.engine.action_specs()
            rid = handle.state.ruleset
    elif args.ruleset:
        from ..store.games import GameStore

        rid = args.ruleset
        with _errors():
            specs = GameStore.engine_for_ruleset(rid).action_specs()
    else:
        raise CliError("game actions needs GAME or --ruleset R")
    if args.json:
        print_json({"ruleset": rid, "actions": [s.to_json() for s in specs]})
        return 0
    from rich.table import Table

    table = Table(title=f"{rid} actions")
    for col in ("action", "usage", "what it does", "dice"):
        table.add_column(col)
    for s in specs:
        table.add_row(s.kind, s.usage(), s.help, "yes" if s.rolls else "")
    console().print(table)
    return 0


def show_log(args: argparse.Namespace) -> int:
    with _reader(args) as handle:
        rows = handle.log()
    if args.json:
        print_json(
            [
                {"seq": r.seq, "action": r.action.to_json(), "undone": r.undone, "redo_cleared": r.redo_cleared,
                 "created": r.created, "events": [e.to_json() for e in r.events]}
                for r in rows
            ]
        )
        return 0
    con = console()
    for r in rows:
        mark = " [dim](undone)[/dim]" if r.undone else ""
        args_text = " ".join(f"{k}={v}" for k, v in r.action.args.items() if v not in (None, "", False))
        con.print(f"[bold]{r.seq}[/bold] {safe(r.action.kind)} {safe(args_text)}{mark}")
        for e in r.events:
            con.print(f"    {clean(e.text)}", markup=False, style="dim" if r.undone else None)
    return 0


def _undo_redo(args: argparse.Namespace, redo: bool) -> int:
    if args.steps < 1:
        raise CliError("--steps must be 1 or more")
    with _game(args) as handle:
        depth = handle.redo_depth if redo else handle.undo_depth
        if 0 < depth < args.steps:  # all or nothing: a script must not be left half way
            word = "redone" if redo else "undone"
            raise CliError(f"only {depth} action(s) of {handle.name!r} can be {word}, not {args.steps}; nothing was {word}")
        done = [(handle.redo() if redo else handle.undo()) for _ in range(args.steps)]
        if args.json:
            print_json({"game": handle.id, ("redone" if redo else "undone"): [r.seq for r in done], "position": _position(handle.state)})
            return 0
        con = console()
        for r in done:
            first = r.events[0].text if r.events else ""
            con.print(f"{'Redid' if redo else 'Undid'} {r.seq}: {r.action.kind} ({first})", markup=False)
        con.print(_banner(handle))
    return 0


def undo_game(args: argparse.Namespace) -> int:
    return _undo_redo(args, redo=False)


def redo_game(args: argparse.Namespace) -> int:
    return _undo_redo(args, redo=True)


def report_game(args: argparse.Namespace) -> int:
    from ..game import report_html, report_markdown

    with _reader(args) as handle:  # the actions with their events: the report needs who acted
        with _errors():
            report = handle.report(include_checklist=args.checklist)
    if args.json or args.format == "json":
        print_json(report)
    elif args.format == "html":
        sys.stdout.write(report_html(report))
    else:
        write(report_markdown(report))
    return 0


def delete_game(args: argparse.Namespace) -> int:
    store = open_store(args)
    try:
        with _errors():
            summary = store.find_game(args.game)
            if not args.yes:
                raise CliError(f"deleting game {summary.id} {summary.name!r} cannot be undone; add --yes to confirm")
            store.delete_game(summary.id)
    finally:
        store.close()
    if args.json:
        print_json({"deleted": summary.id, "name": summary.name})
    else:
        console().print(f"Deleted game {summary.id} {summary.name!r}", markup=False)
    return 0


def export_game(args: argparse.Namespace) -> int:
    from ..store.gamefile import export_game as export

    store = open_reading_store(args)
    try:
        with _errors():
            summary = store.find_game(args.game)
            count = export(store, summary.id, args.output)
    finally:
        store.close()
    if args.json:
        print_json({"exported": summary.id, "name": summary.name, "file": str(args.output), "actions": count})
    else:
        console().print(f"Exported game {summary.id} {summary.name!r} ({count} actions) to {clean(args.output)}", markup=False)
    return 0


def import_game(args: argparse.Namespace) -> int:
    from ..store.gamefile import import_game as import_file

    store = open_store(args)
    try:
        with _errors():
            game_id = import_file(store, args.file, args.name)
            summary = store.game(game_id)
    finally:
        store.close()
    if args.json:
        print_json({"imported": game_id, "name": summary.name, "actions": summary.actions})
    else:
        console().print(f"Imported {clean(args.file)} as game {game_id} {summary.name!r}", markup=False)
        console().print(f"Next: mstracker game show {game_id}", markup=False)
    return 0

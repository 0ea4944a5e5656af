"""`mstracker fleet new | check | show | list | copy`: fleet files from the command line.

Wherever a fleet file is taken, a saved fleet's or a shipped sample's name will do (`fleet list`).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.table import Table

from ..fleet import FleetReport, Roster, Severity, validate_roster
from ..rules import RulesetBase
from ..rules.registry import package, ruleset_ids
from ..paths import app_dirs
from ..store.fleetnames import FleetEntry, find_fleet, fleet_entries
from ..store.fleets import load_roster, roster_to_dict, roster_to_toml, save_roster
from ..store.tomlfile import FileProblem, read_regular, write_atomic
from .house_rules import ruleset_in_force
from .output import CliError, clean, console, one_line, print_json, safe, write


def register(sub: argparse._SubParsersAction) -> None:
    fleet = sub.add_parser("fleet", help="fleet rosters: start one, check it, print its sheet, list and copy the samples")
    fsub = fleet.add_subparsers(dest="fleet_command", metavar="ACTION", required=True)
    new = fsub.add_parser("new", help="a starting roster for a ruleset")
    new.add_argument("ruleset", help="a ruleset id (mstracker rules list)")
    new.add_argument("--preset", help="budget preset (e.g. scrimmage, campaign)")
    new.add_argument("-o", "--output", type=Path, help="write to this file instead of printing")
    new.add_argument("--json", action="store_true", help="print the roster as JSON (with -o: also the file written)")
    new.set_defaults(handler=new_fleet)
    check = fsub.add_parser("check", help="validate a fleet file: exit 0 legal, 1 errors, 2 unreadable")
    check.add_argument("file", help=_FLEET_HELP)
    check.add_argument("--json", action="store_true", help="JSON output")
    check.set_defaults(handler=check_fleet)
    show = fsub.add_parser("show", help="roster sheet: costs, slots, Lego denotations to check models against")
    show.add_argument("file", help=_FLEET_HELP)
    show.add_argument("--json", action="store_true", help="JSON output")
    show.set_defaults(handler=show_fleet)
    lst = fsub.add_parser("list", help="your saved fleets and the shipped samples, by the names to type")
    lst.add_argument("ruleset", nargs="?", help="only this ruleset's fleets")
    only = lst.add_mutually_exclusive_group()
    only.add_argument("--samples", action="store_true", help="only the samples shipped with mstracker")
    only.add_argument("--saved", action="store_true", help="only your saved fleets")
    lst.add_argument("--json", action="store_true", help="JSON output")
    lst.set_defaults(handler=list_fleets)
    copy = fsub.add_parser("copy", help="copy a saved or sample fleet to a file, to edit or to play")
    copy.add_argument("fleet", help=_FLEET_HELP)
    copy.add_argument("-o", "--output", type=Path, required=True, help="the file (or folder) to write")
    copy.add_argument("--force", action="store_true", help="replace the file if it exists")
    copy.add_argument("--json", action="store_true", help="JSON output")
    copy.set_defaults(handler=copy_fleet)


_FLEET_HELP = "a fleet file, or the name of a saved or sample fleet (mstracker fleet list)"


def _ruleset(rid: str) -> RulesetBase:
    return ruleset_in_force(rid)  # a broken house-rule file is told (stderr, JSON `warnings`)


def _read(text: str) -> tuple[Roster, RulesetBase]:
    try:
        found = find_fleet(text, app_dirs())
        roster = load_roster(found.path, found.label)
    except FileProblem as exc:
        raise CliError(one_line(str(exc))) from None
    if roster.ruleset not in ruleset_ids():
        raise CliError(f"{found.label}: ruleset: unknown ruleset {roster.ruleset!r}; choose one of: {', '.join(ruleset_ids())}")
    return roster, _ruleset(roster.ruleset)


def new_fleet(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args.ruleset)
    if args.preset and ruleset.budgets and args.preset not in ruleset.budgets:
        raise CliError(f"unknown preset {args.preset!r} for {args.ruleset}; choose one of: {', '.join(ruleset.budgets)}")
    roster = package(args.ruleset).starter_fleet(ruleset, args.preset)
    if args.output:
        save_roster(roster, args.output)
    if args.json:
        payload = roster_to_dict(roster)
        if args.output:
            payload["written"] = str(args.output)
        print_json(payload)
    elif args.output:
        console().print(f"wrote {clean(args.output)} ({len(roster.ships)} ships)", markup=False)
    else:
        write(roster_to_toml(roster))
    return 0


def _findings_table(report: FleetReport) -> Table:
    table = Table(title="findings", show_header=True)
    table.add_column("")
    table.add_column("ship")
    table.add_column("finding")
    for f in report.findings:
        mark = "[red]✗ error[/red]" if f.severity is Severity.ERROR else "[yellow]! warning[/yellow]"
        table.add_row(mark, safe(f.ship or "fleet"), safe(f.message))
    return table


def _budget_line(report: FleetReport) -> str:
    if report.cost is None:
        return ""
    if report.cap is None:
        return f"cost {report.cost}"
    return f"cost {report.cost} of {report.cap} · left {report.left}"


def check_fleet(args: argparse.Namespace) -> int:
    roster, ruleset = _read(args.file)
    report = validate_roster(roster, ruleset)
    if args.json:
        print_json(report.to_json())
    else:
        con = console()
        verdict = "[green]legal[/green]" if report.legal else "[red]not legal[/red]"
        if roster.permissive and not report.legal:
            verdict += " [yellow](permissive: usable as non-standard)[/yellow]"
        con.print(f"[bold]{safe(roster.name)}[/bold] ({ruleset.meta.id}): {verdict} {_budget_line(report)}")
        if report.findings:
            con.print(_findings_table(report))
    return 0 if report.legal else 1


def show_fleet(args: argparse.Namespace) -> int:
    roster, ruleset = _read(args.file)
    report = validate_roster(roster, ruleset)
    if args.json:
        payload = report.to_json()
        payload["name"] = roster.name
        payload["player"] = roster.player
        payload["ships"] = [s.model_dump(mode="json") for s in report.sheets]
        print_json(payload)
        return 0
    con = console()
    standard = "" if report.legal else " [yellow]NON-STANDARD[/yellow]" if roster.permissive else " [red]NOT LEGAL[/red]"
    con.print(f"[bold]{safe(roster.name)}[/bold] · {safe(roster.player or 'no player')} · {safe(ruleset.meta.title)}{standard}")
    line = _budget_line(report)
    if line:
        con.print(line)
    table = Table(title="roster sheet")
    for col in ("ship", "tag", "class", "loadout", "slots", "cost", "check your model"):
        table.add_column(col)
    sheets = {s.name: s for s in report.sheets}
    for ship in roster.ships:
        sheet = sheets.get(ship.name)
        loadout = ", ".join((*ship.weapons, *ship.devices, *ship.abilities)) or "–"
        slots = ", ".join(f"{u.kind} {u.used}/{u.available}" for u in sheet.slots) if sheet else ""
        cost = "" if sheet is None or sheet.cost is None else str(sheet.cost)
        lego = "; ".join(sheet.denotations) if sheet else ""
        table.add_row(*(safe(c) for c in (ship.name, ship.tag, ship.ship_class, loadout, slots, cost, lego)))
    con.print(table)
    if report.findings:
        con.print(_findings_table(report))
    for note in report.notes:
        con.print(f"[dim]{safe(note)}[/dim]")
    return 0


def list_fleets(args: argparse.Namespace) -> int:
    if args.ruleset is not None and args.ruleset not in ruleset_ids():
        raise CliError(f"unknown ruleset {args.ruleset!r}; choose one of: {', '.join(ruleset_ids())}")
    dirs = app_dirs()
    entries = fleet_entries(dirs, args.ruleset, saved=not args.samples, samples=not args.saved)
    if args.json:
        print_json([_entry_json(e) for e in entries])
        return 0
    con = console()
    table = Table(title=f"fleets (saved in {clean(dirs.fleets)})", show_header=True)
    for col in ("name to type", "fleet", "ruleset", "ships", "kind"):
        table.add_column(col)
    for e in entries:
        fleet = f"[red]✗ {safe(e.problem)}[/red]" if e.problem else safe(e.name or "?")
        table.add_row(safe(e.ref), fleet, safe(e.ruleset or "?"), "" if e.ships is None else str(e.ships), e.origin)
    con.print(table if entries else "No fleets: mstracker fleet new RULESET -o FILE starts one")
    if entries:
        con.print("[dim]A name works wherever a fleet file does: fleet check NAME, game new --fleet NAME, fleet copy NAME -o FILE[/dim]")
    return 0


def _entry_json(entry: FleetEntry) -> dict:
    return {
        "ref": entry.ref,
        "name": entry.name,
        "ruleset": entry.ruleset,
        "origin": entry.origin,
        "ships": entry.ships,
        "path": str(entry.path),
        "problem": entry.problem,
    }


def copy_fleet(args: argparse.Namespace) -> int:
    try:
        found = find_fleet(args.fleet, app_dirs())
        roster = load_roster(found.path, found.label)  # only a readable fleet is copied out
        raw = read_regular(found.path, found.label)
    except FileProblem as exc:
        raise CliError(one_line(str(exc))) from None
    target: Path = args.output / found.path.name if args.output.is_dir() else args.output
    if target.resolve() == found.path.resolve():
        raise CliError(f"{clean(target)}: is the fleet itself; choose another file")
    if (target.exists() or target.is_symlink()) and not args.force:
        raise CliError(f"{clean(target)}: exists; choose another file, or add --force to replace it")
    try:
        write_atomic(target, raw.decode("utf-8"))  # the bytes as they are: comments stay
    except OSError as exc:
        raise CliError(f"{clean(target)}: cannot be written ({exc.strerror})") from None
    if args.json:
        print_json({"from": str(found.path), "written": str(target), "ruleset": roster.ruleset, "name": roster.name})
    else:
        console().print(f"wrote {clean(target)}: {clean(roster.name)} ({roster.ruleset}, {len(roster.ships)} ships)", markup=False)
    return 0

"""`mstracker rules list` and `mstracker rules show RULESET [SECTION]`."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from rich.table import Table

from ..rules.registry import ruleset_ids
from .output import CliError, console, print_json, safe, warn

if TYPE_CHECKING:  # `rules list` reads no model: pydantic and the rulesets load for `rules show` only
    from ..rules import RulesetBase
    from ..rules.base import Entry

_MARKS = {"inferred": "ⁱ", "house-default": "ʰ", "house-rule": "ᴴ"}
"""Provenance value -> the mark after a cell."""
_LEGEND = "ⁱ inferred   ʰ house default (a setting)   ᴴ changed by your house rules"
_HIDDEN = {"source", "inferred", "house_default", "note"}


def register(sub: argparse._SubParsersAction) -> None:
    rules = sub.add_parser("rules", help="the rulesets as data: stats, tables, phases, settings")
    rsub = rules.add_subparsers(dest="rules_command", metavar="ACTION", required=True)
    lst = rsub.add_parser("list", help="the rulesets with id, title, version, dice and distance unit")
    lst.add_argument("--json", action="store_true", help="JSON output")
    lst.set_defaults(handler=list_rulesets)
    show = rsub.add_parser("show", help="one ruleset's sections as tables")
    show.add_argument("ruleset", help="a ruleset id (rules list)")
    show.add_argument("section", nargs="?", help="one section (classes, weapons, tables, phases, ...)")
    show.add_argument("--json", action="store_true", help="JSON output")
    show.set_defaults(handler=show_ruleset)


def _load(ruleset_id: str) -> tuple[RulesetBase, str | None]:
    from .house_rules import loaded_ruleset

    loaded = loaded_ruleset(ruleset_id)
    return loaded.ruleset, loaded.house_rule_error


def list_rulesets(args: argparse.Namespace) -> int:
    from ..store.ruleset_meta import ruleset_meta

    rows = []
    for rid in ruleset_ids():
        row = ruleset_meta(rid)
        if row is None:  # not plain in the file: the ruleset's own validation says what is wrong
            m = _load(rid)[0].meta
            row = {"id": m.id, "title": m.title, "version": m.version, "dice": list(m.dice), "distance_unit": m.distance_unit}
        rows.append(row)
    if args.json:
        print_json(rows)
        return 0
    table = Table(title="Rulesets")
    for col in ("id", "title", "version", "dice", "distance unit"):
        table.add_column(col)
    for r in rows:
        table.add_row(r["id"], r["title"], r["version"], ", ".join(r["dice"]), r["distance_unit"])
    console().print(table)
    return 0


def _section_json(value: Any) -> Any:
    from pydantic import BaseModel

    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, dict):
        return {k: _section_json(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_section_json(v) for v in value]
    return value


def _cell(value: Any) -> str:
    from pydantic import BaseModel

    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (tuple, list)):
        return ", ".join(_cell(v) for v in value) if value else "–"
    if isinstance(value, BaseModel):
        return ", ".join(f"{k}={_cell(v)}" for k, v in value.model_dump().items() if v not in (None, (), []))
    return safe(value)


def _entry_table(ruleset: RulesetBase, section: str, entries: dict[str, Entry]) -> Table:
    table = Table(title=f"{ruleset.meta.title}: {section}", show_lines=False)
    first = next(iter(entries.values()))
    fields = [f for f in type(first).model_fields if f not in _HIDDEN]
    table.add_column("key" if "name" in fields else "name", style="bold", no_wrap=True)
    for f in fields:
        table.add_column(f)
    table.add_column("source", style="dim")
    for name, entry in entries.items():
        cells = [safe(name)]
        for f in fields:
            mark = _MARKS.get(entry.provenance(f).value, "")
            if ruleset.is_house_rule(section, name, f):
                mark = _MARKS["house-rule"]
            cells.append(_cell(getattr(entry, f)) + mark)
        table.add_row(*cells, safe(entry.source))
    return table


def _render_section(ruleset: RulesetBase, section: str, value: Any) -> list[Any]:
    from pydantic import BaseModel

    from ..rules.base import Entry

    out: list[Any] = []
    if section == "tables":
        for key, tab in value.items():
            t = Table(title=safe(f"{tab.name} ({tab.dice}) — {tab.source}") + (" ᴴ" if ruleset.is_house_rule("tables", key) else ""))
            t.add_column(safe(tab.dice))
            t.add_column("result")
            t.add_column("value")
            for row in tab.rows:
                faces = ", ".join(str(f) for f in row.faces)
                t.add_row(faces, safe(row.text), _cell(row.value))
            out.append(t)
        return out
    if section == "phases":
        t = Table(title=f"{ruleset.meta.title}: {ruleset.meta.turn_word} sequence")
        t.add_column("phase", style="bold")
        t.add_column("step")
        t.add_column("kind")
        t.add_column("source", style="dim")
        for phase in value:
            t.add_row(safe(phase.name) + ("ⁱ" if phase.inferred else ""), "", "", safe(phase.source))
            for step in phase.steps:
                t.add_row("", safe(step.text) + ("ⁱ" if step.inferred else ""), step.kind.value, safe(step.source))
        return [t]
    if section == "settings":
        t = Table(title=f"{ruleset.meta.title}: settings (house defaults)")
        for col in ("key", "value", "options", "status", "what it decides", "source"):
            t.add_column(col)
        for key, s in value.items():
            mark = " ᴴ" if ruleset.is_house_rule("settings", key) else ""
            t.add_row(safe(key), _cell(s.value) + mark, _cell(s.options), s.status.value, safe(s.text), safe(s.source))
        return [t]
    if isinstance(value, dict) and value and all(isinstance(v, Entry) for v in value.values()):
        return [_entry_table(ruleset, section, value)]
    if isinstance(value, BaseModel):
        t = Table(title=f"{ruleset.meta.title}: {section}")
        t.add_column("stat")
        t.add_column("value")
        for k, v in value.model_dump().items():
            if k not in _HIDDEN:
                t.add_row(safe(k), _cell(v))
        return [t]
    if not value:
        return [f"[dim]{section}: none in this ruleset[/dim]"]
    return [f"{safe(section)}: {_cell(value)}"]


def show_ruleset(args: argparse.Namespace) -> int:
    ruleset, house_error = _load(args.ruleset)
    sections = ruleset.sections()
    if args.section and args.section not in sections:
        raise CliError(f"unknown section {args.section!r} for {args.ruleset}; choose one of: {', '.join(sections)}")
    chosen = {args.section: sections[args.section]} if args.section else sections
    if house_error:
        from .house_rules import not_applied

        warn(not_applied(house_error))  # stderr, and `warnings` in the JSON document
    if args.json:
        payload: dict[str, Any] = {"ruleset": ruleset.meta.model_dump(mode="json")}
        payload.update({k: _section_json(v) for k, v in chosen.items()})
        payload["house_rules"] = sorted(ruleset.house_rules)
        if house_error:
            payload["house_rule_error"] = house_error
        print_json(payload)
        return 0
    con = console()
    m = ruleset.meta
    con.print(f"[bold]{safe(m.title)}[/bold] ({safe(m.id)}, {safe(m.version)}) · dice {safe(', '.join(m.dice))} · unit {safe(m.distance_unit)}")
    if ruleset.house_rules:
        con.print(f"[yellow]house rules in force:[/yellow] {safe(', '.join(sorted(ruleset.house_rules)))}")
    for name, value in chosen.items():
        for item in _render_section(ruleset, name, value):
            con.print(item)
    con.print(f"[dim]{_LEGEND}[/dim]")
    return 0

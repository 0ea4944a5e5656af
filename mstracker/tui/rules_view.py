"""Turn any ruleset section into plain rows of cells with provenance marks (no Textual, no Rich).

The same generic walk as `mstracker rules show`: named entries become one row each with one column
per field; dice tables, phases and settings get their own shapes; a single model becomes stat/value.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from ..rules import RulesetBase
from ..rules.base import Entry, Provenance

HIDDEN = {"source", "inferred", "house_default", "note"}
MARKS = {Provenance.INFERRED: "ⁱ", Provenance.HOUSE_DEFAULT: "ʰ", Provenance.HOUSE_RULE: "ᴴ"}
LEGEND = "ⁱ inferred from the text   ʰ house default (the book is silent)   ᴴ changed by your house rules"


@dataclass(frozen=True)
class Cell:
    text: str
    mark: Provenance = Provenance.TEXT


@dataclass
class SectionView:
    """A section as a table: column names and rows of cells, plus a note when it is empty."""

    name: str
    columns: list[str]
    rows: list[list[Cell]] = field(default_factory=list)
    empty_note: str = ""

    def matching(self, query: str) -> list[list[Cell]]:
        """Rows with any cell containing `query` (case-insensitive); every row when it is blank."""
        q = query.strip().casefold()
        if not q:
            return self.rows
        return [row for row in self.rows if any(q in cell.text.casefold() for cell in row)]


def cell_text(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (tuple, list, set, frozenset)):
        return ", ".join(cell_text(v) for v in value) if value else "–"
    if isinstance(value, dict):
        return ", ".join(f"{k}={cell_text(v)}" for k, v in value.items()) if value else "–"
    if isinstance(value, BaseModel):
        return ", ".join(
            f"{k}={cell_text(v)}" for k, v in value.model_dump().items() if k not in HIDDEN and v not in (None, (), [], {})
        )
    return str(value)


def _mark(ruleset: RulesetBase, entry: Entry, path: tuple[str, ...], fld: str) -> Provenance:
    if ruleset.is_house_rule(*path, fld):
        return Provenance.HOUSE_RULE
    return entry.provenance(fld)


def _entries(ruleset: RulesetBase, section: str, entries: dict[str, Entry]) -> SectionView:
    first = next(iter(entries.values()))
    model_fields = type(first).model_fields
    fields = [f for f in model_fields if f not in HIDDEN]
    # a column is named in words: the field's title where the ruleset gives one ("MPs"), else its name
    titles = [model_fields[f].title or f.replace("_", " ") for f in fields]
    view = SectionView(section, ["name", *titles, "source", "note"])
    for name, entry in entries.items():
        name_mark = Provenance.HOUSE_RULE if ruleset.is_house_rule(section, name) else Provenance.TEXT
        row = [Cell(name, name_mark)]
        row += [Cell(cell_text(getattr(entry, f, None)), _mark(ruleset, entry, (section, name), f)) for f in fields]
        row += [Cell(entry.source), Cell(entry.note)]
        view.rows.append(row)
    return view


def _tables(ruleset: RulesetBase, value: dict) -> SectionView:
    view = SectionView("tables", ["table", "dice", "roll", "result", "value", "source"])
    for key, table in value.items():
        changed = ruleset.is_house_rule("tables", key)
        for row in table.rows:
            mark = Provenance.HOUSE_RULE if changed else table.provenance("rows")
            view.rows.append(
                [
                    Cell(table.name),
                    Cell(table.dice),
                    Cell(cell_text(row.faces)),
                    Cell(row.text, mark),
                    Cell(cell_text(row.value)),
                    Cell(table.source),
                ]
            )
    return view


def _phases(ruleset: RulesetBase, value: tuple) -> SectionView:
    view = SectionView("phases", ["phase", "step", "kind", "source"])
    for phase in value:
        inferred = Provenance.INFERRED if phase.inferred else Provenance.TEXT
        view.rows.append([Cell(phase.name, inferred), Cell(""), Cell(""), Cell(phase.source)])
        for step in phase.steps:
            mark = Provenance.INFERRED if step.inferred else Provenance.TEXT
            view.rows.append([Cell(""), Cell(step.text, mark), Cell(step.kind.value), Cell(step.source)])
    return view


def _settings(ruleset: RulesetBase, value: dict) -> SectionView:
    view = SectionView("settings", ["key", "value", "options", "status", "what it decides", "source"])
    for key, s in value.items():
        mark = Provenance.HOUSE_RULE if ruleset.is_house_rule("settings", key) else s.status
        options = cell_text(s.options) if s.options else _bounds(s)
        view.rows.append(
            [Cell(key), Cell(cell_text(s.value), mark), Cell(options), Cell(s.status.value), Cell(s.text), Cell(s.source)]
        )
    return view


def _bounds(setting: Any) -> str:
    lo, hi = setting.minimum, setting.maximum
    if lo is None and hi is None:
        return "–"
    return f"{'' if lo is None else f'{lo:g}'}…{'' if hi is None else f'{hi:g}'}"


def _model(ruleset: RulesetBase, section: str, value: BaseModel) -> SectionView:
    view = SectionView(section, ["stat", "value"])
    for key, v in value.model_dump().items():
        if key in HIDDEN:
            continue
        mark = Provenance.TEXT
        if isinstance(value, Entry):
            mark = _mark(ruleset, value, (section,), key)
        view.rows.append([Cell(key), Cell(cell_text(v), mark)])
    return view


def section_view(ruleset: RulesetBase, section: str, value: Any) -> SectionView:
    """One section of the ruleset as a SectionView."""
    if section == "tables" and isinstance(value, dict):
        view = _tables(ruleset, value)
    elif section == "phases":
        view = _phases(ruleset, value)
    elif section == "settings" and isinstance(value, dict):
        view = _settings(ruleset, value)
    elif isinstance(value, dict) and value and all(isinstance(v, Entry) for v in value.values()):
        view = _entries(ruleset, section, value)
    elif isinstance(value, BaseModel):
        view = _model(ruleset, section, value)
    elif not value:
        view = SectionView(section, ["value"], empty_note=f"{section}: none in this ruleset")
    else:
        view = SectionView(section, ["value"], [[Cell(cell_text(value))]])
    return view


def ruleset_views(ruleset: RulesetBase) -> list[SectionView]:
    return [section_view(ruleset, name, value) for name, value in ruleset.sections().items()]

"""The designer's numbers of one ship, from a `ShipFields` the ruleset declares (lukas: armor and
speed with the book's averages as hints; a Hangar Bay's size).

A TextPromptModal built from the fields; values are read and written through the declaration's
`read`/`write`, else the ShipEntry attribute named by each field's path.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...fleet import ShipEntry
from ...rules.contract import BuilderField, FieldType, ShipFields
from .text_prompt import Field, TextPromptModal


def current_values(spec: ShipFields, ship: ShipEntry) -> Mapping[str, Any]:
    """The ship's values of these fields, by path (None: not set)."""
    if spec.read is not None:
        return spec.read(ship)
    return {field.path: getattr(ship, field.path, None) for field in spec.fields}


def with_values(spec: ShipFields, ship: ShipEntry, values: Mapping[str, Any]) -> ShipEntry:
    """The ship with new values of these fields."""
    if spec.write is not None:
        return spec.write(ship, values)
    return ship.model_copy(update={path: value for path, value in values.items()})


def _check(field: BuilderField) -> Callable[[str], str | None]:
    def check(text: str) -> str | None:
        problem = field.check(text)
        return problem.removeprefix(f"{field.label}: ") if problem else None

    return check


def _shown(value: Any) -> str:
    return "" if value is None else str(value)


def ship_fields_prompt(spec: ShipFields, ruleset: Any, ship: ShipEntry) -> TextPromptModal:
    """The dialog for one ship, titled '<title> of <ship>', with the ruleset's hints beside the labels."""
    values = current_values(spec, ship)
    hints = spec.hint(ruleset, ship) if spec.hint is not None else {}
    fields = []
    for field in spec.fields:
        hint = hints.get(field.path, "")
        label = f"{field.label} ({hint})" if hint else field.label
        length = len(str(field.maximum)) if field.type is FieldType.INT and field.maximum is not None else 80
        fields.append(Field(label, _shown(values.get(field.path)), placeholder=field.placeholder,
                            check=_check(field), max_length=length))
    note = spec.note(ruleset) if spec.note is not None else ""
    return TextPromptModal(f"{spec.title} of {ship.name}", fields, note)


def read_answers(spec: ShipFields, answers: list[str]) -> dict[str, Any]:
    """The typed answers as values by path: blank is None, whole numbers for number fields."""
    out: dict[str, Any] = {}
    for field, text in zip(spec.fields, answers):
        text = text.strip()
        out[field.path] = None if not text else int(text) if field.type is FieldType.INT else text
    return out


def shown_values(spec: ShipFields, ship: ShipEntry) -> str:
    """'45/10', '4/2' or '–/–': the ship's values for the builder's loadout read-out."""
    values = current_values(spec, ship)
    return "/".join("–" if values.get(f.path) is None else str(values.get(f.path)) for f in spec.fields)

"""Actions (what a player asks for), events (what happened) and the argument specs of actions.

An `Action` is a request: `Action("adjust", {"target": "3", "key": "fire", "delta": 1})`.
`Engine.decide` validates it against the state and turns it into `Event`s: facts with JSON data
and a sentence in plain words (every die face included) for the log and the battle report.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ..dice import DieRoll, FaceSource
from .errors import InvalidAction
from .records import parse_bool, parse_int


@dataclass(frozen=True, slots=True)
class Action:
    """A player's request: a kind (`next-step`, `set`, `fire`...) and its arguments."""

    kind: str
    args: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "args": dict(self.args)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        return cls(kind=data["kind"], args=dict(data.get("args") or {}))


@dataclass(frozen=True, slots=True)
class Event:
    """A fact: `kind`, JSON-able `data` (dice faces included) and `text` for the log."""

    kind: str
    data: Mapping[str, Any]
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "data": dict(self.data), "text": self.text}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        return cls(kind=data["kind"], data=data.get("data") or {}, text=data.get("text", ""))


class ArgType(StrEnum):
    """How an action argument is typed in and checked."""

    SHIP = "ship"  # a ship id, name or tag
    PLAYER = "player"  # a player name
    TARGET = "target"  # a ship or a player
    ITEM = "item"  # a weapon/device/ability of a ship: item id (w1) or name
    KEY = "key"  # a record key, item path (w1.reload) or resource
    STEP = "step"  # a checklist step id or its number in the phase
    INT = "int"
    TEXT = "text"
    BOOL = "bool"
    CHOICE = "choice"
    TOKEN = "token"  # a token on the table by id (o3, t1, a2): the ruleset lists them (on_table)


MAX_TEXT = 2000
"""Longest text an action takes (a note, a reason, a result): a log line, never a document. A 10 MB
note once made `game show` and `game list` take seconds."""


@dataclass(frozen=True, slots=True)
class ArgSpec:
    """One argument of an action, for parsing (CLI), forms (TUI) and `game act --help`."""

    name: str
    type: ArgType = ArgType.TEXT
    help: str = ""
    required: bool = True
    default: Any = None
    choices: tuple[str, ...] = ()
    rest: bool = False  # the last text argument: takes every remaining word
    tokens: tuple[str, ...] = ()  # TOKEN arguments: the token kinds (TableItem.arg_kind) it takes; () any
    items: tuple[str, ...] = ()  # ITEM arguments: the item kinds (weapon, device, ability) it takes; () any
    label: str = ""  # what a form calls it, when its name reads badly there ("other radars" for comm_radar)
    many: bool = False  # TEXT arguments: several values, comma-separated; a form adds them from its list

    @property
    def title(self) -> str:
        """Its name in a form: the label, else the name in words (ship_class → ship class)."""
        return self.label or self.name.replace("_", " ")

    def convert(self, raw: Any) -> Any:
        try:
            if self.type is ArgType.INT:
                return parse_int(raw)
            if self.type is ArgType.BOOL:
                return parse_bool(raw)
        except ValueError as exc:
            raise InvalidAction(f"{self.name}: {exc}") from None
        if self.type is ArgType.CHOICE:
            text = str(raw).strip()
            for choice in self.choices:
                if choice.casefold() == text.casefold():
                    return choice
            raise InvalidAction(f"{self.name}: {text!r} is not one of: {', '.join(self.choices)}")
        text = " ".join(str(r) for r in raw) if isinstance(raw, (list, tuple)) else str(raw)
        if len(text) > MAX_TEXT:
            raise InvalidAction(f"{self.name}: at most {MAX_TEXT} characters, not {len(text)}")
        return text

    def usage(self) -> str:
        word = self.name.upper() + ("..." if self.rest else "")
        return word if self.required else f"[{word}]"


@dataclass(frozen=True, slots=True)
class ActionSpec:
    """An action a ruleset offers: its kind, what it does, and its arguments in order."""

    kind: str
    help: str
    args: tuple[ArgSpec, ...] = ()
    rolls: bool = False  # uses dice (typed faces or app rolls)
    generic: bool = False  # offered by every ruleset

    def usage(self) -> str:
        return " ".join([self.kind, *(a.usage() for a in self.args)])

    def coerce(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """Check names, fill defaults, convert types; InvalidAction names the problem."""
        known = {a.name for a in self.args}
        unknown = [k for k in args if k not in known]
        if unknown:
            takes = ", ".join(a.name for a in self.args) or "no arguments"
            raise InvalidAction(f"{self.kind} takes {takes}; not {', '.join(unknown)}")
        out: dict[str, Any] = {}
        for a in self.args:
            raw = args.get(a.name)
            if raw is None or raw == "":
                if a.required:
                    raise InvalidAction(f"{self.kind} needs {a.name}" + (f" ({a.help})" if a.help else ""))
                out[a.name] = a.default
                continue
            out[a.name] = a.convert(raw)
        return out

    def bind(self, words: Sequence[str]) -> dict[str, Any]:
        """Words typed after the action name -> args: positional in order, or `name=value`.

        A bare word equal to a yes/no argument's name sets it (`next-step force`).
        """
        args: dict[str, Any] = {}
        positional: list[str] = []
        names = {a.name: a for a in self.args}
        for word in words:
            key, sep, value = word.partition("=")
            if sep and key in names:
                args[key] = value
            elif word in names and names[word].type is ArgType.BOOL:
                args[word] = True
            else:
                positional.append(word)
        free = [a for a in self.args if a.name not in args]
        for i, a in enumerate(free):
            if not positional:
                break
            if a.rest or (i == len(free) - 1 and a.type is ArgType.TEXT):
                args[a.name] = " ".join(positional)
                positional = []
                break
            args[a.name] = positional.pop(0)
        if positional:
            raise InvalidAction(f"too many arguments for {self.usage()}: {' '.join(positional)}")
        return args

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "help": self.help,
            "usage": self.usage(),
            "rolls": self.rolls,
            "generic": self.generic,
            "args": [
                {
                    "name": a.name,
                    "type": a.type.value,
                    "help": a.help,
                    "required": a.required,
                    "default": a.default,
                    "choices": list(a.choices),
                }
                for a in self.args
            ],
        }


class DiceRecorder:
    """Wraps a FaceSource and keeps every die it hands out, so events can carry the faces.

    `roll(12)` draws one d12; `take()` returns the dice drawn since the last take.
    """

    def __init__(self, faces: FaceSource) -> None:
        self._faces = faces
        self._drawn: list[DieRoll] = []

    @property
    def source(self) -> FaceSource:
        return self._faces

    def next_face(self, sides: int) -> int:
        face = self._faces.next_face(sides)
        self._drawn.append(DieRoll(sides, face))
        return face

    roll = next_face

    def take(self) -> tuple[DieRoll, ...]:
        drawn, self._drawn = tuple(self._drawn), []
        return drawn


def dice_data(dice: Iterable[DieRoll]) -> list[list[int]]:
    """Dice as event data: [[sides, face], ...]."""
    return [[d.sides, d.face] for d in dice]


def dice_words(dice: Iterable[DieRoll]) -> str:
    """Dice in words for event text: 'd12=7, d8=4'."""
    return ", ".join(str(d) for d in dice)

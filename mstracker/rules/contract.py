"""The one typed contract every ruleset implements, and the values it answers with.

A ruleset is one package, `mstracker.rulesets.<id>` for the built-ins, that exposes a
`RulesetPackage` instance and registers it in the `mstracker.rulesets` entry-point group (see
`mstracker.rules.registry`). The package answers everything the screens and the command line need
to know about it, so neither ever names a ruleset:

* what it is: `id`, `title`, where its data and sample fleets are;
* its data model (`model()`), its fleet checks (`validate_fleet`, `offered_loadout`, `fleet_readouts`)
  and what the fleet builder may edit beyond the loadout (`designs`, `ship_fields`);
* the odds of one attack without a game (`odds_options`, `odds`), for `mstracker odds <id>`;
* its game rules: `plugin(ruleset)` gives the `mstracker.game.plugin.RulesetPlugin` that plays a game
  and answers, for any game state, the legal actions with their default actor, weapon and target, the
  readiness of every item, the dice an action or automatic step will use (`DicePlan`), and the
  obligations that block the next step;
* the demo battle and screenshot scene (`demo`).

Everything here is plain data (frozen dataclasses) and importing this module pulls in nothing heavy:
the registry imports each package's `__init__` to list titles, so a package keeps its own heavy
modules (pydantic models, procedures) behind the methods that need them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..fleet import Finding, FleetReport, Roster, ShipEntry
    from ..game.plugin import RulesetPlugin
    from .base import RulesetBase
    from .outcome import AttackOdds

# ---- readiness -------------------------------------------------------------------------------------


class Readiness(StrEnum):
    """Whether a weapon, device or ability can be used now."""

    READY = "ready"
    SPENT = "spent"  # used up for this turn or round (fired, shots used, activation over)
    RELOADING = "reloading"  # usable again after `turns_left` turns
    OUT = "out"  # out of ammo or uses for the rest of the game
    DESTROYED = "destroyed"  # knocked out (subsystem destroyed, battery damaged) until repaired
    DISABLED = "disabled"  # cannot be used for now for another reason (EMP, sensors offline, lost ship)
    WAITING = "waiting"  # announced or readying: comes into use later on its own (a beam aimed)
    PASSIVE = "passive"  # always in force, never "used" (a hull ability)


READINESS_GLYPHS: Mapping[Readiness, str] = {
    Readiness.READY: "✓",
    Readiness.SPENT: "•",
    Readiness.RELOADING: "⟳",
    Readiness.OUT: "∅",
    Readiness.DESTROYED: "✗",
    Readiness.DISABLED: "⊘",
    Readiness.WAITING: "◌",
    Readiness.PASSIVE: "·",
}


@dataclass(frozen=True, slots=True)
class ItemReadiness:
    """One item of one ship: its state in a word, a glyph and the details that matter now."""

    item: str  # the item id on the ship: w1, d2, a1
    name: str
    kind: str  # weapon, device or ability
    status: Readiness
    detail: str = ""  # "2 of 2 shots fired", "usable again in 2 own turns", "ammo 3"
    turns_left: int | None = None
    uses_left: int | None = None

    @property
    def glyph(self) -> str:
        glyph = READINESS_GLYPHS[self.status]
        if self.status is Readiness.RELOADING and self.turns_left:
            return f"{glyph}{self.turns_left}"
        return glyph

    @property
    def usable(self) -> bool:
        return self.status is Readiness.READY

    def words(self) -> str:
        """'spent: 2 of 2 shots fired', 'ready'."""
        return f"{self.status.value}: {self.detail}" if self.detail else self.status.value


# ---- legal actions ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LegalAction:
    """An action the rules allow now (or not, with the reason), and where its form should start.

    `actors` are the ships that may do it now in the order a form lists them (the one that must act
    first); `actor`, `weapon` and `target` are the defaults: the ship that must act, its first ready
    weapon, the marked or only legal target. `expected` is set on the actions the current checklist
    step asks for, so a menu opens on them.
    """

    kind: str
    allowed: bool = True
    reason: str = ""  # why not allowed now, or why this actor: "Anchor One (#5) is being activated"
    expected: bool = False
    actor: str | None = None
    weapon: str | None = None
    target: str | None = None
    actors: tuple[str, ...] = ()
    targets: tuple[str, ...] = ()
    prefill: Mapping[str, Any] = field(default_factory=dict)  # any other argument worth starting with

    def defaults(self, spec_args: Sequence[str]) -> dict[str, Any]:
        """The form's starting values for the arguments an action takes."""
        out: dict[str, Any] = {}
        roles = {"ship": self.actor, "weapon": self.weapon, "target": self.target}
        for name in spec_args:
            value = self.prefill.get(name, roles.get(name))
            if value is not None:
                out[name] = value
        return out


@dataclass(frozen=True, slots=True)
class ArgChoice:
    """One value a form's picker offers for an argument (RulesetPlugin.arg_choices): one the rules
    allow, or, with `why_not`, one shown greyed with the reason it cannot be chosen now."""

    value: str
    label: str = ""  # '' : the form's own words for the value (a ship's label, the value itself)
    why_not: str = ""


# ---- dice declared before they are rolled --------------------------------------------------------------

Faces = tuple[int | None, ...]
"""The faces of the dice so far, by need index (None: the need was skipped)."""


@dataclass(frozen=True, slots=True)
class DieNeed:
    """One die an action or automatic step will roll, and what it decides.

    `when`, if given, is a test on the faces of the earlier needs (None where an earlier need was
    skipped): the die is rolled only when it holds. `when_text` says the same in words.

    `rank` says how the roll's totals rank for the player it is credited to (`player`, else the ship's
    owner), for dice luck: one goodness value per possible total of its group, from the lowest total
    up (a d12: faces 1..12; 2d6: totals 2..12); a higher value is better, equal values tie. None: a
    higher total is better. A ruleset sets it where its table is not monotonic (spook's accuracy d12:
    12 is the worst face) or where low is good for that player (a die rolled for the ship that takes
    the damage); `low_is_good` and `ranked` build it. Every need of a group carries the same rank.
    """

    sides: int
    purpose: str  # what the die decides: "to hit (needs 5+)", "Boarder Table"
    ship: str | None = None  # the ship it is rolled for (id)
    table: str = ""  # the table or procedure with its rulebook section: "Minor Damage Table (cal §D6)"
    player: int | None = None  # who rolls it (for dice luck); None: the ship's owner
    when: Callable[[Faces], bool] | None = None
    when_text: str = ""
    group: int = 0  # needs rolled together (2d6) share a group number
    rank: tuple[int, ...] | None = None  # goodness of each total, lowest total first; None: higher is better


def ranked(count: int, sides: int, goodness: Callable[[int], int]) -> tuple[int, ...]:
    """A `DieNeed.rank` for `count` d`sides`: `goodness(total)` for every total from `count` up."""
    return tuple(goodness(t) for t in range(count, count * sides + 1))


def low_is_good(sides: int, count: int = 1) -> tuple[int, ...]:
    """A `DieNeed.rank` where a lower total is better for the player the roll is credited to."""
    return ranked(count, sides, lambda t: -t)


@dataclass(frozen=True, slots=True)
class PlanProgress:
    """How far typed faces go through a plan."""

    faces: Faces  # by need: the face used, or None when skipped
    used: int  # typed faces used
    next: DieNeed | None  # the die asked for next; None when every die is in
    next_index: int | None
    problem: str = ""  # a face impossible on its die, or faces left over

    @property
    def complete(self) -> bool:
        return self.next is None and not self.problem


@dataclass(frozen=True, slots=True)
class DicePlan:
    """Every die an action or step may roll, in rolling order, declared before any roll."""

    needs: tuple[DieNeed, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.needs)

    def walk(self, typed: Sequence[int]) -> PlanProgress:
        """The needs met by `typed`, the next die wanted, or what is wrong with the faces."""
        faces: list[int | None] = []
        used = 0
        for index, need in enumerate(self.needs):
            if need.when is not None and not need.when(tuple(faces)):
                faces.append(None)
                continue
            if used >= len(typed):
                return PlanProgress(tuple(faces), used, need, index)
            face = typed[used]
            if not 1 <= face <= need.sides:
                return PlanProgress(tuple(faces), used, need, index,
                                    f"face {face} is not possible on a d{need.sides} ({need.purpose})")
            faces.append(face)
            used += 1
        left = len(typed) - used
        problem = f"{left} face(s) left over: these dice need only {used}" if left > 0 else ""
        return PlanProgress(tuple(faces), used, None, None, problem)

    def rolled(self, typed: Sequence[int]) -> list[tuple[DieNeed, int]]:
        """(need, face) for every die rolled with these faces."""
        progress = self.walk(typed)
        return [(n, f) for n, f in zip(self.needs, progress.faces) if f is not None]

    def most(self) -> int:
        """The most dice these needs can take (every condition true)."""
        return len(self.needs)


class PlanBuilder:
    """Builds a DicePlan in rolling order; `dice()` returns the indices of the needs it added, for the
    conditions of later needs (`total(faces, indices)`)."""

    def __init__(self) -> None:
        self.needs: list[DieNeed] = []
        self._group = 0

    def dice(
        self,
        count: int,
        sides: int,
        purpose: str,
        *,
        ship: str | None = None,
        table: str = "",
        player: int | None = None,
        when: Callable[[Faces], bool] | None = None,
        when_text: str = "",
        rank: tuple[int, ...] | None = None,
    ) -> tuple[int, ...]:
        if rank is not None and len(rank) != count * (sides - 1) + 1:
            raise ValueError(f"a rank for {count}d{sides} gives one value per total ({count * (sides - 1) + 1}), "
                             f"not {len(rank)}")
        self._group += 1
        start = len(self.needs)
        for _ in range(count):
            self.needs.append(DieNeed(sides, purpose, ship, table, player, when, when_text, self._group, rank))
        return tuple(range(start, len(self.needs)))

    def die(self, sides: int, purpose: str, **kw: Any) -> int:
        return self.dice(1, sides, purpose, **kw)[0]

    def build(self) -> DicePlan:
        return DicePlan(tuple(self.needs))


def total(faces: Faces, indices: Sequence[int]) -> int | None:
    """The sum of some needs' faces; None when any of them was not rolled (or not yet)."""
    values = [faces[i] if i < len(faces) else None for i in indices]
    if any(v is None for v in values):
        return None
    return sum(v for v in values if v is not None)


def face(faces: Faces, index: int) -> int | None:
    return faces[index] if index < len(faces) else None


# ---- obligations -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Obligation:
    """Something the rules require before the game may go on.

    It refuses the actions it `blocks` (action kinds; "next-step" covers leaving the current step,
    "*" every action but `resolve` and the generic ones), for the given `ships` only when any are named
    (they may not act meanwhile). `resolve` names the action that settles it. The players may override
    it only as a logged table decision (the generic `override` action, with a reason).
    """

    id: str  # unique while it stands: "cc-over:1", "retire-pending:4"
    text: str  # what must happen, for the player: "Dee has 3 fighters or bombers in play with C&C 2: ..."
    cite: str  # the rulebook section: "cal §D2.1"
    resolve: str = ""  # the action that settles it
    blocks: frozenset[str] = frozenset({"next-step"})
    ships: tuple[str, ...] = ()
    player: int | None = None

    def refuses(self, kind: str, ship: str | None, player: int | None) -> bool:
        """True when this obligation stops `kind` done by `ship` (if any) of `player` (if known).

        Leaving the step ("next-step") is stopped for everybody; any other blocked action only for the
        named ships, else for the named player's, else for all."""
        if kind == self.resolve:
            return False
        if kind not in self.blocks and "*" not in self.blocks:
            return False
        if kind == "next-step":
            return True
        if self.ships:
            return ship is not None and ship in self.ships
        if self.player is not None:
            return player == self.player
        return True

    def message(self) -> str:
        how = f"; do it with {self.resolve}" if self.resolve else ""
        return (f"{self.text} ({self.cite}){how}. The table may set it aside as a logged decision: "
                f"override “{self.id}”, giving the reason")


# ---- what is on the table besides ships ------------------------------------------------------------------


class DistanceUse(StrEnum):
    """What a measured distance does to a planned shot."""

    NONE = "none"  # nothing: the shot's figures are the same at any distance
    RANGE = "range"  # only whether the weapon reaches: the figures hold inside its range
    ODDS = "odds"  # the figures themselves (range bands, modifiers): unknown until measured


@dataclass(frozen=True, slots=True)
class PlannedShot:
    """One weapon of one ship fired at one enemy ship, as the fire planner asks the rules for it.

    `kind` and `args` are the attack action exactly as the attack dialog takes them (the distance
    filled in when measured), `distance` what a measured distance changes and `unit` what is
    measured (units, studs, hexes). `refused` says why this shot cannot be made now (out of arc,
    beyond range at the measured distance); its figures are then not shown.

    `same` (optional, for speed) is what the shot's figures depend on besides the target's condition:
    two shots of one kind with equal `same` at targets in equal conditions (`target_condition`) have
    equal odds and equal outcomes in this state, so the planner works them out once (spook: the
    weapon, the target's class and afterburner). None: every shot is worked out on its own.

    `later` says why a weapon that is not ready yet (Readiness.WAITING) is planned all the same, as it
    will fire later this turn (pz8 §2: a ship still to be activated fires in its activation): the planner
    and focus fire then list it, though its ship may not act now. Blank: the shot is made now or not at all."""

    kind: str
    args: Mapping[str, Any]
    distance: DistanceUse = DistanceUse.NONE
    unit: str = ""
    refused: str = ""
    same: Hashable | None = None
    later: str = ""


@dataclass(frozen=True, slots=True)
class TableItem:
    """A token or effect in play: ordnance tokens, torpedo salvos, asteroids, mines, fields in force.

    `id` is what players type in forms (o3, t1, a2); `owner` the player it belongs to (None: nobody's);
    `ship` the ship it came from or sits on."""

    id: str
    kind: str  # "Torpedo salvo", "Fighter", "Asteroid", "Mine", "Defense Field"
    owner: int | None = None
    text: str = ""  # "×2 · launched by Anchor One (#5) in turn 2 · course d3=1"
    ship: str | None = None
    arg_kind: str = ""  # the token kind forms ask for ("torpedo", "asteroid", "ordnance"); "" for effects


# ---- odds without a game (mstracker odds <id>) -----------------------------------------------------------


class OptionType(StrEnum):
    TEXT = "text"
    INT = "int"
    FLAG = "flag"
    CHOICE = "choice"


@dataclass(frozen=True, slots=True)
class OddsOption:
    """One option of `mstracker odds <ruleset>`: `--name` on the command line."""

    name: str  # python name: comm_radar -> --comm-radar
    type: OptionType
    help: str
    choices: tuple[str, ...] = ()
    required: bool = False
    metavar: str = ""

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")


# ---- the fleet builder beyond the loadout ------------------------------------------------------------------


class FieldType(StrEnum):
    INT = "int"
    TEXT = "text"
    CHOICE = "choice"


@dataclass(frozen=True, slots=True)
class BuilderField:
    """A value the fleet builder lets the player type: a custom design's stat, a ship's designer number.

    `path` is where it lives in the design's data (`beam.strength`) or on the roster entry (`armor`).
    `row` groups fields drawn on one line of the dialog; `hint` is shown beside the input.
    """

    path: str
    label: str
    type: FieldType = FieldType.INT
    choices: tuple[str, ...] = ()
    help: str = ""
    row: str = ""
    optional: bool = True
    minimum: int | None = 0
    maximum: int | None = None
    placeholder: str = ""

    def check(self, text: str) -> str | None:
        """What is wrong with a typed value ('' when blank is allowed), or None."""
        text = text.strip()
        if not text:
            return None if self.optional else f"{self.label}: required"
        if self.type is FieldType.CHOICE and self.choices and text not in self.choices:
            return f"{self.label}: one of {', '.join(self.choices)}"
        if self.type is not FieldType.INT:
            return None
        try:
            value = int(text)
        except ValueError:
            return f"{self.label}: a whole number, please" + (" (or blank)" if self.optional else "")
        if self.minimum is not None and value < self.minimum:
            return f"{self.label}: at least {self.minimum}"
        if self.maximum is not None and value > self.maximum:
            return f"{self.label}: at most {self.maximum}"
        return None


@dataclass(frozen=True, slots=True)
class DesignSchema:
    """Custom ship designs of a ruleset (cal): the fields of a design and the key that opens them."""

    fields: tuple[BuilderField, ...]
    title: str = "Design"
    help: str = ""


@dataclass(frozen=True, slots=True)
class ShipFields:
    """Designer numbers set per ship in the builder (lukas armor and speed; a hangar's size).

    `applies(ship)` says whether the ship has them; `ask_on_mount` lists items whose mounting asks
    for them at once (a Hangar Bay needs its size)."""

    key: str  # the builder key that opens the dialog: "t", "h"
    title: str
    fields: tuple[BuilderField, ...]
    applies: Callable[[ShipEntry], bool]
    ask_on_mount: tuple[str, ...] = ()
    hint: Callable[[Any, ShipEntry], Mapping[str, str]] | None = None  # (ruleset, ship) -> path: hint
    note: Callable[[Any], str] | None = None  # (ruleset) -> a line under the fields
    read: Callable[[ShipEntry], Mapping[str, Any]] | None = None  # the ship's current values, by path
    write: Callable[[ShipEntry, Mapping[str, Any]], ShipEntry] | None = None  # a ship with new values


# ---- demo battle and screenshot scene ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SceneStep:
    """One action of a scripted scene, done through the screens: next-step, or an action with faces."""

    kind: str
    args: Mapping[str, str] = field(default_factory=dict)
    faces: str = ""
    ship: str = ""  # select this ship first (the form starts from it)


@dataclass(frozen=True, slots=True)
class DemoSpec:
    """Two sample fleets that make a battle, and the way to its first attack (for screenshots and tests)."""

    fleets: tuple[str, str]  # sample fleet file names in the ruleset's fleets folder
    to_attack: tuple[SceneStep, ...] = ()
    attacker: str = ""
    target: str = ""
    faces: str = ""  # physical faces for the first attack
    measured: Mapping[str, str] = field(default_factory=dict)


# ---- what a ruleset offers beyond the required parts ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Capabilities:
    """The optional features a ruleset offers, declared on its plugin (`RulesetPlugin.capabilities`), never
    guessed from the hooks it overrides. A feature it does not declare is hidden, and the screen or command says why
    (`feature_absent`); a declared one is checked at registration to be answered for real
    (rules.contract_check, game.plugin_check), so no feature ever answers a default 0."""

    exact_odds: bool = False  # odds before a roll: the attack dialog's odds panel, the report's expected damage
    planner: bool = False  # the fire planner and focus fire (`plan_shot`, with outcomes or target conditions)
    on_table: bool = False  # what is in play besides ships: tokens, counters, fields (`on_table`)
    # custom ship designs are declared by `RulesetPackage.designs` (the fields of a design), not by a flag

    def offers(self, feature: str) -> bool:
        """Whether it declares `feature` (a name of FEATURE_WORDS other than designs); KeyError for another."""
        return {"exact_odds": self.exact_odds, "planner": self.planner, "on_table": self.on_table}[feature]


#: What each optional feature is, in the words a refusal uses.
FEATURE_WORDS: Mapping[str, str] = {
    "exact_odds": "exact odds before a roll",
    "planner": "fire planner",
    "on_table": "items on the table besides ships",
    "designs": "custom ship designs",
}


def feature_absent(title: str, feature: str) -> str:
    """Why a feature is not offered, as the player reads it: the ruleset's rules declare none."""
    return f"no {FEATURE_WORDS[feature]}: {title} declares none"


@dataclass(frozen=True, slots=True)
class ShipClassInfo:
    """One ship class of the ruleset's typed class table, as the fleet builder and the record spec read it."""

    name: str
    entry: Any  # the data model's entry (a rules.base.Entry)
    cost_field: str | None  # where its cost is: "rus", "points" or "cost"; None: the ruleset prices no classes
    stats: Mapping[str, Any]  # every field of the entry, in the model's order

    @property
    def cost(self) -> Any:
        return self.stats.get(self.cost_field) if self.cost_field else None


#: The fields a class entry may give its cost in, in the order they are looked for.
COST_FIELDS = ("rus", "cost", "points")


def cost_field(entry: Any) -> str | None:
    """The field an entry (class, weapon, device) gives its cost in, None when it has none."""
    return next((f for f in COST_FIELDS if f in type(entry).model_fields), None)


@dataclass(frozen=True, slots=True)
class OpposedRoll:
    """A ruleset's damage roll as one dice preset: the attacker's dice less the target's, read on a
    difference table (pz8 §4), for the dice screen."""

    expression: str  # "2d6 - 1d6"
    lookup: Callable[[int], str]  # a difference -> the row's words
    source: str = "attacker − target"


# ---- the package ----------------------------------------------------------------------------------------


class RulesetPackage(ABC):
    """What a ruleset package declares and answers (see the module docstring)."""

    id: str
    title: str  # for menus: "Lego Microspacewars (Spook's v0.2.2)"
    order: int = 100  # where menus list it (the built-ins 10..40; the first is the first run's default)
    data_file: Path | None = None  # None: the shipped data/rulesets/<id>.toml
    fleets_dir: Path | None = None  # None: the shipped data/fleets/<id>/
    designs: DesignSchema | None = None
    ship_fields: tuple[ShipFields, ...] = ()
    odds_options: tuple[OddsOption, ...] = ()
    odds_help: str = ""
    demo: DemoSpec | None = None
    #: The field of its data model that holds the ship-class table (a dict of entries): checked at
    #: registration, read only through `ship_classes`.
    class_table: str = "classes"
    #: The parts every ruleset must have (the abstract methods, and the class table checked at registration).
    required_parts: tuple[str, ...] = ("model", "validate_fleet", "starter_fleet", "plugin", "class_table")

    @property
    def label(self) -> str:
        return f"{self.id} · {self.title}"

    # -- data and fleets --
    @abstractmethod
    def model(self) -> type[RulesetBase]:
        """The pydantic model that validates the ruleset's data file."""

    @abstractmethod
    def validate_fleet(self, roster: Roster, ruleset: RulesetBase) -> FleetReport:
        """Check a roster against the ruleset in force: budget, slots, eligibility, presets."""

    @abstractmethod
    def starter_fleet(self, ruleset: RulesetBase, preset: str | None) -> Roster:
        """A small legal roster to start from (`mstracker fleet new`)."""

    def ship_classes(self, ruleset: RulesetBase) -> Mapping[str, ShipClassInfo]:
        """The ship classes of the ruleset in force, from its declared `class_table`, in the data's order."""
        table: Mapping[str, Any] = dict(ruleset).get(self.class_table) or {}
        return {name: ShipClassInfo(name, entry, cost_field(entry), dict(entry))
                for name, entry in table.items()}

    def item_table(self, ruleset: RulesetBase, kind: str) -> Mapping[str, Any]:
        """The entries of one kind of loadout the builder offers (a key of `offered_loadout`: "weapons"),
        for their costs. Default: the data model's table of entries of that name, else none."""
        from .contract_check import is_entry_table

        field = type(ruleset).model_fields.get(kind)
        if field is None or not is_entry_table(field.annotation):
            return {}
        table: Mapping[str, Any] = dict(ruleset)[kind]
        return table

    def offered_loadout(self, ruleset: RulesetBase, roster: Roster, ship: ShipEntry) -> Mapping[str, Any]:
        """What the builder offers to mount on a ship: kind -> [(item, offered, why not)]."""
        return {}

    def fleet_readouts(self, ruleset: RulesetBase, roster: Roster) -> tuple[str, ...]:
        """Extra read-outs beside the fleet's cost: ("C&C 4",)."""
        return ()

    def design_start(self, ruleset: RulesetBase, based_on: str | None) -> dict[str, Any]:
        """The data a new custom design starts from (a stock class's values, or blank)."""
        return {}

    def design_findings(self, ruleset: RulesetBase, roster: Roster, name: str, data: Mapping[str, Any]) -> tuple[Finding, ...]:
        """What is wrong with a custom design as typed (each finding names the field)."""
        return ()

    def design_name_problem(self, ruleset: RulesetBase, roster: Roster, name: str, original: str | None) -> str | None:
        """Why a design cannot take this name: blank, another design's, or a stock class's."""
        if not name.strip():
            return "the design needs a name"
        taken = {n.casefold() for n in roster.designs if n != original}
        if name.casefold() in taken:
            return f"another design is already called {name}"
        from .names import UnknownName, find_entry

        try:
            stock, _ = find_entry({n: c.entry for n, c in self.ship_classes(ruleset).items()}, name, "class")
        except UnknownName:
            return None
        return f"{name} already names the stock {stock}; pick another name"

    def design_readout(self, ruleset: RulesetBase, roster: Roster, name: str, data: Mapping[str, Any]) -> str:
        """One line about a design being edited (the fleet's C&C with it)."""
        return ""

    def opposed_roll(self, ruleset: RulesetBase) -> OpposedRoll | None:
        """Its opposed damage roll as a dice preset (pz8), None for a ruleset without one."""
        return None

    # -- odds --
    def odds(self, ruleset: RulesetBase, options: Mapping[str, Any]) -> AttackOdds:
        """The odds of one attack from the `odds_options`; ValueError names a bad option."""
        raise ValueError(f"{self.id} gives no odds without a game")

    # -- the game --
    @abstractmethod
    def plugin(self, ruleset: RulesetBase) -> RulesetPlugin:
        """The game rules for this ruleset in force (the engine's plugin)."""


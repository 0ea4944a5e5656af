"""Dice luck for the battle report (pure): every logged roll's percentile under its exact distribution,
and expected against actual damage.

**Percentile.** A roll of N dice of S sides that totals x is placed by its mid-rank percentile under
the exact distribution of the sum (`Distribution.dice(N, S)`), with its totals ordered by how good they
are for the player the roll is credited to: P(worse) + P(as good) / 2. By default a higher total is
better, so this is P(X < x) + P(X = x) / 2: a d12 showing 9 sits at (8 + 1/2) / 12 = 17/24 ≈ 70.8 %.
Where the ruleset's table is not monotonic, or low is good for that player, the declared die says how
its totals rank (`DieNeed.rank`, logged as `rank` with the roll): spook's accuracy d12 ranks 12 (a
miss and friendly fire) below the misses 1-5, those below the half damage of 6-10, and 11 (full
damage) highest, so a 12 sits at (0 + 1/2) / 12 ≈ 4.2 % and an 11 at (11 + 1/2) / 12 ≈ 95.8 %; a die
rolled for the ship that takes the damage (spook's flares and mines, cal's damage tables) ranks by
what it does to that ship. Mid-rank is used rather than P(worse or same) because its mean over fair
rolls is exactly 1/2 for any dice and any ranking, so a player's mean percentile reads against 50 %
whatever they rolled. Rolls logged without a rank (older saves, bare faces) keep higher-is-better.

**Which rolls.** A `dice-rolled` event (the dice a ruleset declared before rolling) gives each roll with
its purpose, table, ship and player. Older events carry bare faces (`dice: [[sides, face], ...]`) that
say nothing of how the dice group, so each such die is a roll of its own, credited to the owner of the
event's ship, else to nobody. When an action logs both, the declared roll wins (the bare faces are
the same dice).

**Damage** (see `DAMAGE_RULE`) is read from the records: the first bar the ruleset declares (armor,
SS) going down.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..dice import Distribution
from .events import Event
from .state import ShipState

PERCENTILE_RULE = (
    "Each roll's mid-rank percentile under the exact distribution of its total (N dice of S sides), its "
    "totals ordered from worst to best for the player it is rolled for: "
    "P(worse) + P(as good)/2, so fair dice average exactly 50%. A higher total counts as luckier unless the "
    "ruleset ranks the die's results otherwise for that player (a table that is not monotonic, a die rolled "
    "for the ship taking the damage, a roll-under die, a die that only picks which system is hit)."
)
DAMAGE_RULE = (
    "Damage is the drop of the first bar of the record{bar}. Taken: every drop on a player's ships. "
    "Dealt: drops on enemy ships, credited to the player the ruleset says caused them: the owner of the "
    "acting ship, unless the rules put the cause elsewhere. Damage a player caused to their own ships is "
    "self-inflicted. Drops made by automatic steps or hand adjustments go to the opponent in a two-player "
    "game. Expected: for every attack whose odds the ruleset gives, the expected damage in force before the "
    "roll: damage dealt, capped at what the target has left (as the attack dialog and the fire planner "
    "show it); actual: what that attack took off the target, or, where the ruleset applies recorded damage "
    "later, what that damage will take."
)


NO_DAMAGE_BAR = "This ruleset's ship records keep no bar of what a ship can take, so there is no damage to count."
"""The report's damage section for a ruleset whose record spec declares no bar (no ruleset named)."""


def luck_rules(percentile_note: str, damage_note: str, bar: str | None = None) -> tuple[str, str]:
    """The report's two rule texts with the ruleset's own sentences (`RulesetPlugin.luck_notes`) after them;
    `bar` names the ruleset's first bar ('Armor'), so the generic text names none of its own."""
    damage = DAMAGE_RULE.replace("{bar}", f" (here {bar})" if bar else "")
    return (f"{PERCENTILE_RULE} {percentile_note}".strip(), f"{damage} {damage_note}".strip())


#: Bare-faced events mark the start of a new action where the log's actions are not known.
BOUNDARY_KINDS = frozenset({"step-entered", "turn-started"})


@lru_cache(maxsize=512)
def _mid_ranks(count: int, sides: int) -> dict[int, Fraction]:
    """total -> P(X < total) + P(X = total)/2 for the sum of `count` d`sides`."""
    below = Fraction(0)
    ranks: dict[int, Fraction] = {}
    for total, chance in Distribution.dice(count, sides).items():
        ranks[total] = below + chance / 2
        below += chance
    return ranks


@lru_cache(maxsize=512)
def _ranked_mid_ranks(count: int, sides: int, rank: tuple[int, ...]) -> dict[int, Fraction]:
    """total -> P(worse) + P(as good)/2 for the sum of `count` d`sides`, totals ranked by `rank`
    (goodness of each total from `count` up)."""
    dist = dict(Distribution.dice(count, sides).items())
    good = {t: rank[t - count] for t in dist}
    return {t: sum((p for u, p in dist.items() if good[u] < good[t]), start=Fraction(0))
            + sum((p for u, p in dist.items() if good[u] == good[t]), start=Fraction(0)) / 2
            for t in dist}


def valid_rank(count: int, sides: int, rank: Any) -> tuple[int, ...] | None:
    """A logged rank as a tuple when it fits `count` d`sides` (one whole number per total), else None."""
    if (isinstance(rank, (list, tuple)) and len(rank) == count * (sides - 1) + 1
            and all(isinstance(v, int) and not isinstance(v, bool) for v in rank)):
        return tuple(rank)
    return None


def percentile(count: int, sides: int, total: int, rank: Sequence[int] | None = None) -> Fraction:
    """The mid-rank percentile (0..1) of `total` on `count` dice of `sides` sides, its totals ranked by
    `rank` (DieNeed.rank; None: a higher total is better); ValueError if impossible."""
    ranks = _mid_ranks(count, sides) if rank is None else _ranked_mid_ranks(count, sides, tuple(rank))
    value = ranks.get(total)
    if value is None:
        raise ValueError(f"{total} cannot be rolled on {count}d{sides}")
    return value


@dataclass(frozen=True, slots=True)
class LoggedRoll:
    """One roll of the log with where it came from and its percentile."""

    turn: int
    player: int | None
    purpose: str
    table: str
    ship: str | None
    sides: int
    faces: tuple[int, ...]
    declared: bool  # from a dice-rolled event (else bare faces of an older event)
    rank: tuple[int, ...] | None = None  # how its totals rank for `player` (DieNeed.rank); None: higher is better

    @property
    def total(self) -> int:
        return sum(self.faces)

    @property
    def percentile(self) -> Fraction:
        return percentile(len(self.faces), self.sides, self.total, self.rank)

    def to_json(self, players: Sequence[str], ship_names: Mapping[str, str]) -> dict[str, Any]:
        p = self.percentile
        return {
            "turn": self.turn,
            "player": players[self.player] if self.player is not None and self.player < len(players) else None,
            "purpose": self.purpose,
            "table": self.table,
            "ship": self.ship,
            "ship_name": ship_names.get(self.ship or "", ""),
            "dice": f"{len(self.faces)}d{self.sides}",
            "faces": list(self.faces),
            "total": self.total,
            "percentile": float(p),
            "exact": f"{p.numerator}/{p.denominator}",
            "declared": self.declared,
            **({"rank": list(self.rank)} if self.rank is not None else {}),
        }


def _valid(sides: Any, faces: Sequence[Any]) -> bool:
    return (isinstance(sides, int) and sides >= 1 and bool(faces)
            and all(isinstance(f, int) and 1 <= f <= sides for f in faces))


class RollCollector:
    """Collects the rolls of a log as it is folded: `see(event)` for each, `close()` at each action's end."""

    def __init__(self) -> None:
        self.rolls: list[LoggedRoll] = []
        self._bare: list[tuple[int, list[LoggedRoll]]] = []  # (dice count, rolls) of bare-faced events not yet kept

    def see(self, event: Event, turn: int, ships: Mapping[str, ShipState], in_action: bool = False) -> list[LoggedRoll]:
        """Read an event's dice; returns the declared rolls it adds (bare ones wait for `close`). In a
        log of bare events (no actions), a new step or turn stands for the end of an action."""
        data = event.data
        if event.kind == "dice-rolled":
            declared = [
                LoggedRoll(turn, r.get("player"), str(r.get("purpose") or ""), str(r.get("table") or ""),
                           r.get("ship"), int(r["sides"]), tuple(r["faces"]), True,
                           valid_rank(len(r["faces"]), int(r["sides"]), r.get("rank")))
                for r in data.get("rolls") or () if _valid(r.get("sides"), r.get("faces") or ())
            ]
            self._drop_bare_twins(declared)
            self.rolls += declared
            return declared
        if event.kind in BOUNDARY_KINDS and not in_action:
            self.close()
        dice = data.get("dice")
        if isinstance(dice, list) and dice:
            ship = data.get("ship") if isinstance(data.get("ship"), str) else None
            purpose = event.kind.replace("-", " ")
            owner = ships[ship].owner if ship is not None and ship in ships else None
            bare = [
                LoggedRoll(turn, owner, purpose, "", ship, pair[0], (pair[1],), False)
                for pair in dice if isinstance(pair, list) and len(pair) == 2 and _valid(pair[0], pair[1:])
            ]
            if bare:
                self._bare.append((len(bare), bare))
        return []

    def _drop_bare_twins(self, declared: list[LoggedRoll]) -> None:
        """A dice-rolled record stands for every die of its action: the bare faces the story events of
        the same action carry (seen since the last action boundary) are those dice again."""
        self._bare = []

    def close(self) -> None:
        """Keep the bare-faced rolls seen so far (no declared twin follows them)."""
        for _, bare in self._bare:
            self.rolls += bare
        self._bare = []


def luck_by_player(rolls: Sequence[LoggedRoll], players: Sequence[str], ship_names: Mapping[str, str]) -> list[dict[str, Any]]:
    """Per player: how many rolls and dice, the mean percentile, the luckiest and the unluckiest roll."""
    out = []
    for index, name in enumerate(players):
        mine = [r for r in rolls if r.player == index]
        entry: dict[str, Any] = {"player": name, "rolls": len(mine), "dice": sum(len(r.faces) for r in mine)}
        if mine:
            mean = sum((r.percentile for r in mine), Fraction(0)) / len(mine)
            best = max(mine, key=lambda r: r.percentile)  # first of equals: the earliest
            worst = min(mine, key=lambda r: r.percentile)
            entry |= {"mean_percentile": float(mean), "mean_exact": f"{mean.numerator}/{mean.denominator}",
                      "luckiest": best.to_json(players, ship_names), "unluckiest": worst.to_json(players, ship_names)}
        out.append(entry)
    return out

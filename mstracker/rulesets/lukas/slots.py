"""Weapon-slot accounting of one lukas ship (§2.a, §4), with the reasoning in words.

Each weapon takes one slot. Where a bundle fits the class (3 Light Turrets for 2 slots on frigates
and capital ships, 2 Defense Turrets for 1 slot on capital ships), as many full bundles as possible
are formed and the rest count one slot each. Abilities take the slots the ruleset gives them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .model import Bundle, Ruleset

_COUNT_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}


@dataclass(frozen=True)
class SlotPart:
    """One line of the accounting: what it is and how many slots it takes."""

    text: str
    slots: int
    bundled: bool = False

    def __str__(self) -> str:
        return f"{self.text} = {_slots(self.slots)}"


@dataclass(frozen=True)
class SlotCount:
    used: int
    available: int
    parts: tuple[SlotPart, ...]
    hints: tuple[str, ...] = ()

    @property
    def over(self) -> bool:
        return self.used > self.available

    def explain(self) -> str:
        """'Beam = 1 slot; 2 × Heavy Missiles = 2 slots' (or 'nothing mounted')."""
        return "; ".join(str(p) for p in self.parts) or "nothing mounted"


def _slots(n: int) -> str:
    return f"{n} slot" if n == 1 else f"{n} slots"


def count_slots(
    ruleset: Ruleset, class_name: str, weapons: Sequence[str], abilities: Sequence[str]
) -> SlotCount:
    """Slots used by canonical weapon and ability names on a ship of `class_name`."""
    parts: list[SlotPart] = []
    hints: list[str] = []
    for name, n in Counter(weapons).items():
        bundle_name, bundle = _best_bundle(ruleset, name, class_name)
        if bundle is None:
            parts.append(SlotPart(f"{n} × {name}" if n > 1 else name, n))
            for other_name, other in ruleset.bundles.items():
                if other.weapon == name and n >= other.count:
                    hints.append(f"the {other_name!r} bundle is for {', '.join(other.classes)} only")
            continue
        full, rest = divmod(n, bundle.count)
        if not full:
            parts.append(SlotPart(f"{n} × {name}" if n > 1 else name, n))
            continue
        word = _COUNT_WORDS.get(full, str(full))
        text = f"{n} × {name} as {word} {bundle_name!r} bundle{'s' if full > 1 else ''}"
        if rest:
            text += f" + {rest} single"
        parts.append(SlotPart(text, full * bundle.slots + rest, bundled=True))
    for name in abilities:
        ability = ruleset.abilities[name]
        text = name if ability.slots is not None else f"{name} (a house setting)"
        parts.append(SlotPart(text, ruleset.ability_slots(name)))
    used = sum(p.slots for p in parts)
    return SlotCount(used, ruleset.classes[class_name].weapon_slots, tuple(parts), tuple(hints))


def _best_bundle(ruleset: Ruleset, weapon: str, class_name: str) -> tuple[str, Bundle] | tuple[None, None]:
    """The bundle of `weapon` open to the class that saves the most slots per weapon, if any saves."""
    best: tuple[str, Bundle] | tuple[None, None] = (None, None)
    best_saving = 0.0
    for name, bundle in ruleset.bundles.items():
        if bundle.weapon != weapon or class_name not in bundle.classes:
            continue
        saving = 1 - bundle.slots / bundle.count
        if saving > best_saving:
            best, best_saving = (name, bundle), saving
    return best

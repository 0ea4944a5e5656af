"""Spook effects without dice: rounding, refunds, scuttle and ram damage, destruction.

The percentages come from the ruleset's settings (house defaults where the book's §7 text is lost, and
Retire A's refund, §7 A2), so house rules apply.
"""

from __future__ import annotations

from .model import Ruleset


def percent_up(value: int, pct: int) -> int:
    """`pct` % of `value`, rounded up (the book: "round up one"). percent_up(35, 50) == 18."""
    return -(-value * pct // 100)


def retire_refund(
    ruleset: Ruleset, hull_ru: int, weapons_ru: int = 0, devices_ru: int = 0, *, free: bool = False
) -> int:
    """RU credited for retiring a ship: retire_refund_pct % of its hull and weapons (and devices when
    retire_refund_devices is on), rounded up; free hulls count 0 for the hull (§7 A2 Retire A)."""
    cost = retire_value(ruleset, hull_ru, weapons_ru, devices_ru, free=free)
    return percent_up(cost, int(ruleset.setting("retire_refund_pct")))


def retire_value(
    ruleset: Ruleset, hull_ru: int, weapons_ru: int = 0, devices_ru: int = 0, *, free: bool = False
) -> int:
    """The RU a retire refund is a share of: hull + weapons, plus devices when the setting says so."""
    devices = devices_ru if ruleset.setting("retire_refund_devices") else 0
    return (0 if free else hull_ru) + weapons_ru + devices


def scuttle_damage(ruleset: Ruleset, current_armor: int) -> int:
    """Damage every ship within scuttle_radius takes when a ship with `current_armor` scuttles."""
    return percent_up(max(current_armor, 0), int(ruleset.setting("scuttle_dmg_pct")))


def ram_damage(ruleset: Ruleset, rammer_armor: int, target_armor: int) -> tuple[int, int]:
    """(damage to the target, damage to the rammer): each takes ram_pct % of the other's current armor."""
    pct = int(ruleset.setting("ram_pct"))
    return percent_up(max(rammer_armor, 0), pct), percent_up(max(target_armor, 0), pct)


def engines_destroyed_speed(ruleset: Ruleset, speed: int) -> int:
    """Speed left after subsystem targeting destroys the engines."""
    return percent_up(speed, int(ruleset.setting("engines_destroyed_speed_pct")))


def is_destroyed(ruleset: Ruleset, armor: int) -> bool:
    """True when armor has fallen to the destruction threshold (0 by default) or below."""
    return armor <= int(ruleset.setting("destroyed_at_armor"))

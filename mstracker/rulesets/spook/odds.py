"""Exact odds of spook rolls, for `mstracker odds spook ...` and the battle screen: one shot (§5, §6 B1), a
bomber's shot at a named subsystem (§7 A11, house default table), and a crossing of mines (§7 A1).

The battle screen asks the same functions with the target's state, so its figures equal the command's
for the same attack.
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial
from typing import Any

from ...dice import Distribution
from ...rules.names import possessive
from ...rules.outcome import AttackOdds, capped_damage, capped_mean
from .effects import percent_up
from .model import Ruleset
from .procedures import MAX_FLARE_LAUNCHERS, AttackOutcome, attack_distribution, attack_setup
from .table_rolls import MAX_MINES, mines_distribution
from .tables import table_odds

OPTION_KEYS = ("weapon", "target", "afterburner", "flares", "armor", "subsystem", "mines")
MISS = "miss (no subsystem roll)"


def _flag(key: str) -> str:
    return "--" + key.replace("_", "-")


def _whole(given: dict[str, Any], key: str, low: int, high: int | None, what: str) -> int | None:
    """The option's whole number, or ValueError: '--flares must be a whole number of launchers from 0 to 16'."""
    value = given.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f"of {low} or more"
        raise ValueError(f"{_flag(key)} must be {what} {span}, not {value!r}.")
    return value


def _options(options: dict[str, Any]) -> dict[str, Any]:
    # Flags the CLI leaves unset arrive as None/False; only set ones must belong to spook.
    given = {k: v for k, v in options.items() if v is not None and v is not False}
    unknown = [k for k in given if k not in OPTION_KEYS]
    if unknown:
        used = ", ".join(_flag(k) for k in OPTION_KEYS)
        raise ValueError(f"spook odds do not use {', '.join(_flag(k) for k in unknown)}; they take {used}.")
    _whole(given, "armor", 1, None, "the target's current armor, a whole number")
    if "mines" in given:
        extra = [k for k in given if k not in ("mines", "armor")]
        if extra:
            raise ValueError(f"--mines takes only --armor, not {', '.join(_flag(k) for k in extra)} (those are for a "
                             "shot: give --weapon and --target without --mines).")
        _whole(given, "mines", 1, MAX_MINES, "a whole number of mines")
        return given
    for key in ("weapon", "target"):
        if not isinstance(given.get(key), str) or not given[key].strip():
            example = "'Ion Beam' or E3" if key == "weapon" else "'Frigate' or D1"
            raise ValueError(f"name the {key} with {_flag(key)}, e.g. {example} (or give --mines N for a crossing).")
    for key in ("afterburner", "subsystem"):
        if not isinstance(given.get(key, False), bool):
            raise ValueError(f"{_flag(key)} is a yes/no switch, not {given[key]!r}.")
    _whole(given, "flares", 0, MAX_FLARE_LAUNCHERS, "a whole number of launchers")
    return given


def odds(ruleset: Ruleset, options: dict[str, Any]) -> AttackOdds:
    """The odds `mstracker odds spook` prints: a crossing of mines with --mines, else one shot."""
    opts = _options(options)
    if "mines" in opts:
        return mines_odds(ruleset, int(opts["mines"]), armor=opts.get("armor"))
    return attack_odds(ruleset, opts)


def attack_odds(ruleset: Ruleset, options: dict[str, Any], shot: Distribution[AttackOutcome] | None = None
                ) -> AttackOdds:
    """Odds of one weapon against one class.

    Options: weapon (name or code), target (class name or code), afterburner (target has +2
    agility), flares (flare launchers with ammo on the target), armor (target's current armor, for
    p_destroy), subsystem (a bomber names a subsystem: the d8 subsystem table follows a hit).
    `shot` is `attack_distribution` for the same options when the caller kept it. Unknown names raise
    UnknownName listing the choices; other bad input ValueError.
    """
    opts = _options(options)
    afterburner = bool(opts.get("afterburner", False))
    flares = int(opts.get("flares", 0))
    setup = attack_setup(ruleset, opts["weapon"], opts["target"], afterburner=afterburner, flares=flares)
    dist = shot if shot is not None else attack_distribution(ruleset, opts["weapon"], opts["target"],
                                                             afterburner=afterburner, flares=flares)

    notes: list[str] = []
    w, t = setup.weapon, setup.target
    if setup.roll_needed:
        notes.append(f"accuracy {w.accuracy} < agility {setup.agility}: a d12 decides the hit")
    else:
        notes.append(f"accuracy {w.accuracy} ≥ agility {setup.agility}: no roll, the hit lands")
    if w.damage_die:
        notes.append(f"damage {w.damage}: the d{w.damage_die} is rolled first")
    if setup.flares_answer:
        notes.append(f"{flares} flare launcher(s) roll in turn against it; each spends 1 ammo")
    elif flares and w.ordnance is not None:
        notes.append(f"flares answer missiles only in this game (setting “Flares against torpedoes”: missiles only)")
    if afterburner and t.code not in ruleset.device("Afterburner")[1].designation:
        notes.append(f"a {setup.target_name} cannot normally mount an Afterburner")
    flare_device = ruleset.device("Flare Launcher")[1]
    if flares and (t.code not in flare_device.designation or flares > t.device_slots):
        notes.append(f"a {setup.target_name} cannot normally carry {flares} Flare Launcher(s)")
    p_ff = dist.probability(lambda o: o.friendly_fire > 0)
    if p_ff:
        notes.append(f"friendly fire hits only if an own ship is within range {w.range} of the attacker")

    extra: dict[str, Fraction] = {"p_friendly_fire": p_ff}
    outcomes = None
    p_hit = dist.probability(lambda o: o.damage > 0)
    damage = dist.map(lambda o: o.damage)
    if opts.get("subsystem"):
        damage, outcomes = _subsystem(ruleset, dist)
        extra["p_subsystem_destroyed"] = sum((p for name, p in outcomes.items() if _destroys(ruleset, name)),
                                             Fraction(0))
        notes.append("aimed at a subsystem (spook §7 A11, house default): a hit rolls the d8 subsystem table; "
                     "damage shown is the armor's share")
        if w.group != "Bomb Launchers":
            notes.append("only a bomber's bomb launchers name a subsystem")

    p_destroy = None
    expected = damage.mean
    if "armor" in opts:
        armor = int(opts["armor"])
        threshold = int(ruleset.setting("destroyed_at_armor"))
        p_destroy = damage.probability(lambda d: armor - d <= threshold)
        expected = capped_mean(dict(damage.items()), armor)  # damage past the armor left is no damage
        dealt = capped_damage(dict(damage.items()), armor)  # the chart shows that same damage dealt
        if armor > t.armor:
            notes.append(f"armor {armor} is above a {possessive(setup.target_name)} full armor {t.armor}")
    else:
        dealt = dict(damage.items())

    return AttackOdds(
        p_hit=p_hit,
        damage=dealt,
        outcomes=outcomes,
        expected_damage=expected,
        p_destroy=p_destroy,
        extra=extra,
        notes=tuple(notes),
    )


def _destroys(ruleset: Ruleset, name: str) -> bool:
    return any(row.text == name and row.result == "subsystem" for row in ruleset.tables["subsystem"].rows)


def _named(name: str, outcome: tuple[str, int]) -> bool:
    return outcome[0] == name


def _subsystem(ruleset: Ruleset, dist: Distribution[AttackOutcome]) -> tuple[Distribution[int], dict[str, Fraction]]:
    """The armor damage and the named outcomes of a shot followed, on a hit, by the d8 subsystem table."""
    table = ruleset.tables["subsystem"]
    rows = table_odds(table)

    def after(o: AttackOutcome) -> Distribution[tuple[str, int]]:
        if o.damage <= 0:
            return Distribution.constant((MISS, 0))
        return rows.map(lambda i: (table.rows[i].text, percent_up(o.damage, table.rows[i].value or 0)))

    joint = dist.bind(after)
    names = [MISS, *dict.fromkeys(row.text for row in table.rows)]
    outcomes = {name: joint.probability(partial(_named, name)) for name in names}
    return joint.map(lambda x: x[1]), {k: v for k, v in outcomes.items() if v}


def mines_odds(ruleset: Ruleset, count: int, *, armor: int | None = None, per_mine: bool | None = None) -> AttackOdds:
    """Odds of a ship moving through `count` enemy mines: one d8 per mine (or one for the crossing, setting
    mine_rolls), each 1-3 avoided, 4-7 half, 8 full damage (§7 A1)."""
    if per_mine is None:
        per_mine = ruleset.setting("mine_rolls") == "per_mine"
    rolls = count if per_mine else 1
    damage = mines_distribution(ruleset, rolls)
    table = ruleset.tables["mines"]
    notes = [f"{count} mine(s) crossed: " + ("a d8 each on the mines table" if per_mine else
                                              "one d8 for the crossing (setting “Mines”: one for the whole crossing)"),
             " · ".join(f"{'-'.join(map(str, (r.faces[0], r.faces[-1]))) if len(r.faces) > 1 else r.faces[0]}: "
                        f"{r.value}" for r in table.rows)]
    p_destroy = None
    expected = damage.mean
    if armor is not None:
        threshold = int(ruleset.setting("destroyed_at_armor"))
        p_destroy = damage.probability(lambda d: armor - d <= threshold)
        expected = capped_mean(dict(damage.items()), armor)
    one = table_odds(table).map(lambda i: table.rows[i].value or 0)
    return AttackOdds(
        p_hit=damage.probability(lambda d: d > 0),
        damage=dict(damage.items()) if armor is None else capped_damage(dict(damage.items()), armor),
        expected_damage=expected,
        p_destroy=p_destroy,
        extra={"p_each_mine_detonates": one.probability(lambda d: d > 0)},
        notes=tuple(notes),
    )

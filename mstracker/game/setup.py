"""A new game from rosters, a ruleset and the settings the players chose."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..fleet import Roster
from ..rules import RulesetBase, Setting
from ..rules.base import check_setting_value
from .errors import GameError, IllegalRoster, InvalidAction, InvalidSetting
from .records import parse_bool
from .state import GameState, PhaseInfo, PlayerState, ShipState, StepInfo

if TYPE_CHECKING:
    from .plugin import RulesetPlugin



def parse_setting_value(setting: Setting, text: Any) -> Any:
    """A typed-in setting value converted to the setting's type (bool, int, float or text)."""
    if not isinstance(text, str):
        return text
    kind = type(setting.value)
    try:
        if kind is bool:
            return parse_bool(text)
        if kind is int:
            return int(text.strip())
        if kind is float:
            return float(text.strip())
    except ValueError:
        raise ValueError(f"expected {kind.__name__ if kind is not bool else 'true or false'}, got {text!r}") from None
    for option in setting.options:
        if str(option).casefold() == text.strip().casefold():
            return option
    return text.strip()


def resolve_settings(ruleset: RulesetBase, chosen: Mapping[str, Any]) -> dict[str, Any]:
    """Every setting key of the ruleset -> the value in force for this game.

    Unknown keys and values outside a setting's options or bounds are InvalidSetting errors that
    name the valid choices.
    """
    values = {key: s.value for key, s in ruleset.settings.items()}
    for key, raw in chosen.items():
        setting = ruleset.settings.get(key)
        if setting is None:
            known = ", ".join(sorted(ruleset.settings)) or "none"
            raise InvalidSetting(f"{ruleset.meta.id} has no setting {key!r}; settings: {known}")
        try:
            value = parse_setting_value(setting, raw)
            check_setting_value(setting, value)
        except ValueError as exc:
            choices = f" (choices: {', '.join(str(o) for o in setting.options)})" if setting.options else ""
            raise InvalidSetting(f"setting {key}: {exc}{choices}") from None
        values[key] = value
    return values


def sequence_of(ruleset: RulesetBase) -> tuple[PhaseInfo, ...]:
    """The ruleset's phases and steps, copied into the game so a saved game keeps its checklist."""
    return tuple(
        PhaseInfo(
            id=p.id,
            name=p.name,
            steps=tuple(StepInfo(id=s.id, text=s.text, kind=s.kind.value) for s in p.steps),
        )
        for p in ruleset.phases
    )


#: A setting named by its key in a checklist saved by an older mstracker ("setting fire_damage_timing").
_SETTING_KEY = re.compile(r"setting ([a-z][a-z0-9]*(?:_[a-z0-9]+)+)")


def in_current_words(ruleset: RulesetBase, state: GameState) -> GameState:
    """`state` with its checklist worded as the ruleset words it today, for showing it. A game keeps the
    checklist it was created with, so a game saved before a step was reworded ("setting
    fire_damage_timing", "Move (move SHIP MPS)") shows the new words for the same step; a step the
    ruleset no longer has keeps its text, a setting's key in it named by the setting's words. The state
    itself when nothing differs (every game created since)."""
    current = {(p.id, s.id): s.text for p in ruleset.phases for s in p.steps}

    def setting_words(m: re.Match[str]) -> str:
        setting = ruleset.settings.get(m.group(1))
        return f"setting “{setting.text.split(':', 1)[0]}”" if setting is not None else m.group(0)

    def words(phase: PhaseInfo, step: StepInfo) -> str:
        return current.get((phase.id, step.id)) or _SETTING_KEY.sub(setting_words, step.text)

    if all(words(p, s) == s.text for p in state.sequence for s in p.steps):
        return state
    sequence = tuple(p.model_copy(update={"steps": tuple(s.model_copy(update={"text": words(p, s)}) for s in p.steps)})
                     for p in state.sequence)
    return state.model_copy(update={"sequence": sequence})


def _unique_names(players: list[PlayerState]) -> list[PlayerState]:
    seen: dict[str, int] = {}
    out = []
    for p in players:
        n = seen.get(p.name.casefold(), 0) + 1
        seen[p.name.casefold()] = n
        out.append(p if n == 1 else p.model_copy(update={"name": f"{p.name} {n}"}))
    return out


def roster_breaks(plugin: RulesetPlugin, rosters: Sequence[Roster]) -> list[tuple[int, str, list[str]]]:
    """(player, fleet, error messages) of every roster that breaks the fleet rules and was not agreed
    as non-standard (the roster's `permissive` flag)."""
    out = []
    for index, roster in enumerate(rosters):
        if roster.permissive:
            continue
        report = plugin.fleet_report(roster)
        if report is not None and not report.legal:
            out.append((index, roster.name, [f.message for f in report.errors]))
    return out


def new_game_state(
    plugin: RulesetPlugin, name: str, rosters: Sequence[Roster], settings: Mapping[str, Any],
    allow_illegal: bool = False,
) -> GameState:
    """The game at set-up. A fleet that breaks the fleet rules is refused (IllegalRoster) unless the
    players agree to play it anyway (`allow_illegal`): the game then keeps the breaks in
    `extra["non_standard"]`, for the banner and the report."""
    ruleset = plugin.ruleset
    if not name.strip():
        raise GameError("a game needs a name")
    most = ruleset.meta.max_players
    if not 1 <= len(rosters) <= most:
        raise GameError(f"a {ruleset.meta.id} game takes 1 to {most} fleets, not {len(rosters)}")
    for roster in rosters:
        if roster.ruleset != ruleset.meta.id:
            raise GameError(f"fleet {roster.name!r} is for {roster.ruleset}, not {ruleset.meta.id}")
    values = resolve_settings(ruleset, settings)
    breaks = roster_breaks(plugin, rosters)
    if breaks and not allow_illegal:
        first = breaks[0]
        more = sum(len(b[2]) for b in breaks) - 1
        also = f" (and {more} more)" if more > 0 else ""
        raise IllegalRoster(
            f"fleet {first[1]!r} breaks the fleet rules: {first[2][0]}{also}; the players may agree to play it "
            "anyway as a non-standard game",
            [(fleet, message) for _, fleet, messages in breaks for message in messages],
        )
    players = _unique_names([plugin.initial_player(i, r, values) for i, r in enumerate(rosters)])
    ships: dict[str, ShipState] = {}
    for owner, roster in enumerate(rosters):
        for entry in roster.ships:
            ship_id = str(len(ships) + 1)
            try:
                ships[ship_id] = plugin.initial_ship(ship_id, owner, entry, roster, values)
            except InvalidAction as exc:
                raise GameError(f"fleet {roster.name!r}, ship {entry.name!r}: {exc}") from None
    return GameState(
        name=name.strip(),
        ruleset=ruleset.meta.id,
        settings=values,
        sequence=sequence_of(ruleset),
        players=tuple(players),
        ships=ships,
        extra={**plugin.initial_extra(values),
               **({"non_standard": [{"player": i, "fleet": f, "findings": m} for i, f, m in breaks]} if breaks else {})},
    )

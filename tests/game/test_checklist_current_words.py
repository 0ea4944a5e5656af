"""A game saved before a checklist step was reworded shows today's words for it (issue 16: an older cal
save showed "Add the Fire count to the round's damage total (setting fire_damage_timing)" in the banner)."""

from __future__ import annotations

import json
from pathlib import Path

from mstracker.game import engine_for
from mstracker.game.setup import in_current_words
from mstracker.game.state import GameState
from mstracker.store.catalog import book_ruleset

LEGACY = Path(__file__).resolve().parents[1] / "rulesets" / "cal" / "legacy_game.json"


def _legacy_setup() -> GameState:
    """The set-up of a cal game saved by an older mstracker, its checklist as it was then."""
    data = json.loads(LEGACY.read_text(encoding="utf-8"))
    created = next(e for e in _events(data) if e.get("kind") == "game-created")
    return GameState.model_validate(created["data"]["state"])


def _events(value: object) -> list[dict]:
    if isinstance(value, dict):
        return ([value] if "kind" in value and "data" in value else []) + [e for v in value.values() for e in _events(v)]
    if isinstance(value, list):
        return [e for v in value for e in _events(v)]
    return []


def test_an_old_save_shows_the_step_in_today_s_words() -> None:
    cal = book_ruleset("cal")
    old = _legacy_setup()
    steps = {(p.id, s.id): s.text for p in old.sequence for s in p.steps}
    assert steps[("damage", "add_fire")] == "Add the Fire count to the round's damage total (setting fire_damage_timing)"
    shown = {(p.id, s.id): s.text for p in in_current_words(cal, old).sequence for s in p.steps}
    assert shown[("damage", "add_fire")] == ("Add the Fire count to the round's damage total, when Fire burns in the "
                                             "Damage phase (a house default: setting “When Fire deals its damage”)")
    assert not any("fire_damage_timing" in text for text in shown.values())


def test_a_step_the_ruleset_no_longer_has_names_its_setting_in_words() -> None:
    cal = book_ruleset("cal")
    old = _legacy_setup()
    phase = old.sequence[0]
    gone = phase.steps[0].model_copy(update={"id": "gone", "text": "Burn (setting fire_damage_timing)"})
    old = old.model_copy(update={"sequence": (phase.model_copy(update={"steps": (gone, *phase.steps[1:])}),
                                              *old.sequence[1:])})
    assert in_current_words(cal, old).sequence[0].steps[0].text == "Burn (setting “When Fire deals its damage”)"


def test_a_game_created_today_is_shown_as_it_is() -> None:
    eng = engine_for(book_ruleset("cal"))
    state = _legacy_setup().model_copy(update={"sequence": in_current_words(eng.ruleset, _legacy_setup()).sequence})
    assert in_current_words(eng.ruleset, state) is state

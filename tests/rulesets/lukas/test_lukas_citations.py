"""Player-facing text cites the rulebook ("lukas §4.a"), never the project's RULES.md (players don't have
it), and names a setting only after saying what it decides: its key, if at all, in parentheses."""

from __future__ import annotations

import json
import re

from test_lukas_fixtures import engine, rosters
from test_lukas_game import SCRIPT, play

from mstracker.game import Action
from mstracker.store.catalog import book_ruleset

RULES = book_ruleset("lukas")
BARE_SECTION = re.compile(r"(?<!lukas )§")


def _inside_parentheses(text: str, at: int) -> bool:
    depth = 0
    for ch in text[:at]:
        depth += ch == "("
        depth -= ch == ")"
    return depth > 0


def _bare_keys(text: str) -> list[str]:
    """Setting keys written outside parentheses (the snake_case ones: "objective" is also a word)."""
    found = []
    for key in (k for k in RULES.settings if "_" in k):
        for m in re.finditer(rf"\b{re.escape(key)}\b", text):
            if not _inside_parentheses(text, m.start()):
                found.append(key)
    return found


def player_texts() -> list[str]:
    """Action and argument help, record field help, and the whole log of a game that does every action."""
    eng = engine()
    texts = []
    for spec in eng.plugin.action_specs():
        texts.append(spec.help)
        texts += [arg.help for arg in spec.args]
    spec = eng.spec
    texts += [f.help for f in (*spec.fields, *spec.item_fields, *spec.player_fields)]
    created = eng.created_event(eng.new_game("Words", rosters(), {"fd_own_fire_leaves": False}))
    states = [eng.replay([created])]

    def perform(action: Action, faces):  # noqa: ANN001, ANN202
        events = eng.decide(states[-1], action, faces)
        states.append(eng.apply(states[-1], events))
        return events

    for events in play(perform, lambda: states[-1]):
        texts += [e.text for e in events]
    for state in states[::7]:
        for ship in state.ships.values():
            texts += [r.detail for r in eng.plugin.readiness(state, ship)]
        texts += [t.text for t in eng.plugin.on_table(state)]
        texts += [a.reason for a in eng.legal_actions(state)]
    return [t for t in texts if t]


def test_no_player_facing_text_names_rules_md_or_a_bare_setting_key_or_a_section_without_the_ruleset() -> None:
    texts = player_texts()
    assert len(texts) > 500
    assert [t for t in texts if "RULES.md" in t] == []
    assert [(t, _bare_keys(t)) for t in texts if _bare_keys(t)] == []
    assert [t for t in texts if BARE_SECTION.search(t)] == []


def test_the_rules_reference_cites_the_book_and_marks_every_choice() -> None:
    shown = json.dumps(RULES.model_dump(mode="json"), ensure_ascii=False)
    assert "RULES.md" not in shown
    for key, setting in RULES.settings.items():
        assert setting.source.startswith("§"), key
        assert setting.status.value in ("inferred", "house-default"), key
    for key in ("order_die", "boost_with_engines_out", "hangar_early_release", "hangar_turns", "booster_turns"):
        assert key in RULES.settings

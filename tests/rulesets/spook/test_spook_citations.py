"""Player-facing spook text cites the book's own sections (spook §N), never RULES.md, and says what a
setting means and its value (the key in parentheses); the book's open choices (issue 10 #19) are settings
marked INFERRED or HOUSE-DEFAULT with the passage they fill in; retired ships are not losses."""

from __future__ import annotations

import re
import tomllib

from test_spook_support import RULESET, Play, roster, ship

from mstracker.game import Engine, plugin_for
from mstracker.paths import shipped_data_dir
from mstracker.rules import Provenance, apply_house_rules


def _texts(engine: Engine) -> list[str]:
    out = []
    for spec in engine.action_specs():
        if not spec.generic:
            out += [spec.help, *(a.help for a in spec.args)]
    spec = engine.spec
    out += [f.help for f in (*spec.fields, *spec.item_fields, *spec.player_fields)]
    return out


def _data_strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _data_strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _data_strings(v)]
    return []


def test_no_help_or_data_names_rules_md() -> None:
    engine = Engine(plugin_for(RULESET))
    data = (shipped_data_dir() / "rulesets" / "spook.toml").read_text(encoding="utf-8")
    found = [t for t in _texts(engine) + _data_strings(tomllib.loads(data)) if "RULES.md" in t]
    assert found == []
    assert "RULES.md" not in data


def test_help_names_settings_with_their_value_in_the_words_of_the_settings_screen() -> None:
    engine = Engine(plugin_for(RULESET))
    keys = {k for k in RULESET.settings if "_" in k}  # raw keys (victory is also a word)
    data = tomllib.loads((shipped_data_dir() / "rulesets" / "spook.toml").read_text(encoding="utf-8"))
    for text in _texts(engine) + [t for t in _data_strings(data) if " " in t]:  # not ids such as a step's
        assert "{" not in text, text
        for key in keys:
            assert not re.search(rf"\b{key}\b", text), (key, text)  # players never see the key
        for m in re.finditer(r"setting “([^”]+)”", text):  # a setting is named by its own words
            assert any(m.group(1) in s.text for s in RULESET.settings.values()), (m.group(1), text)
    ram = engine.action_spec("ram").help
    assert "each ship takes 25% of the other's current armor, rounded up (setting “Ram damage”)" in ram
    assert "(spook §3 B1; §8 A1, whose text is lost: house default)" in ram


def test_help_follows_the_house_rules_in_force() -> None:
    book = tomllib.loads((shipped_data_dir() / "rulesets" / "spook.toml").read_text(encoding="utf-8"))
    loaded = apply_house_rules("spook", book, "spook.toml", {"settings": {"ram_pct": 50, "mine_rolls": "per_crossing"}},
                               "house.toml")
    engine = Engine(plugin_for(loaded.ruleset))
    assert "takes 50% of the other's current armor" in engine.action_spec("ram").help
    assert "d8s on the mines table, one for the whole crossing" in engine.action_spec("cross-mines").help


def test_the_books_open_choices_are_marked_settings_with_their_passage() -> None:
    marks = {key: (RULESET.settings[key].status, RULESET.settings[key].value, RULESET.settings[key].source)
             for key in ("gravity_well_cost_ru", "ff_range_from", "mine_rolls", "flares_vs")}
    assert marks == {
        "gravity_well_cost_ru": (Provenance.HOUSE_DEFAULT, 0, "§6 B5 (no RU cost given, unlike §6 A1, B2-B4 'at a "
                                                              "cost of N RUs per use')"),
        "ff_range_from": (Provenance.INFERRED, "attacker", "§5 Accuracy 12 ('if any ally ships are in range of "
                                                           "attack')"),
        "mine_rolls": (Provenance.INFERRED, "per_mine", "§7 A1 ('If they decide to go through, they must roll a "
                                                        "d8')"),
        "flares_vs": (Provenance.HOUSE_DEFAULT, "all_section_D", "§6 B1 ('When missiles are fired at a ship'); §5 D "
                                                                 "'Missile and Torpedo Launchers'"),
    }
    assert "torpedoes included" in RULESET.settings["flares_vs"].text


def test_a_gravity_well_costs_what_the_house_rules_say() -> None:
    fleets = [roster("Blue", ship("Warden", "Frigate", devices=("Gravity Well Generator",))),
              roster("Red", ship("Picket", "Frigate"))]
    g = Play(fleets)
    g.start()
    before = g.ru(0)
    g.act("use-device", ship="Warden", device="Gravity Well Generator")
    assert g.ru(0) == before  # the book gives no cost: 0 by default
    h = Play(fleets, gravity_well_cost_ru="3")
    h.start()
    events = h.act("use-device", ship="Warden", device="Gravity Well Generator")
    assert h.ru(0) == before - 3
    assert [e.text for e in events if e.kind == "resource-changed"] == [
        f"Blue RU: {before} → {before - 3} (-3), Gravity Well Generator of Warden (#1)"]


def test_friendly_fire_in_range_of_the_target_when_the_table_measures_so() -> None:
    fleets = [roster("Blue", ship("Pike", "Frigate", ("Ion Beam",)), ship("Lance", "Frigate")),
              roster("Red", ship("Picket", "Frigate"))]
    g = Play(fleets, ff_range_from="target")
    g.start()
    events = g.act("fire", 12, ship="Pike", weapon="w1", target="Picket", in_range=True)
    assert any(e.text == "Friendly fire: one of Blue's own ships within 20 units of Picket (#3) takes 100: "
                         "name it (friendly-fire), or none" for e in events)


def test_retired_ships_are_out_of_play_but_not_lost_and_boarding_is_not_a_skull() -> None:
    spec = Engine(plugin_for(RULESET)).spec
    assert spec.not_lost == ("retired",)
    assert spec.lost({"retired": True}) and not spec.destroyed({"retired": True})
    assert spec.destroyed({"destroyed": True})
    assert spec.field("boarded").glyph == "⚔" and "still in play" in spec.field("boarded").help

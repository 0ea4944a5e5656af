"""data/rulesets/pz8.toml: every number of the book, structure, provenance marks, clear errors."""

from __future__ import annotations

import copy
import re
import tomllib

import pytest

from mstracker.paths import shipped_data_dir
from mstracker.rules import apply_house_rules
from mstracker.rules.base import Provenance, dice_range
from mstracker.rules.names import UnknownName, find_entry
from mstracker.rulesets.pz8.model import Ruleset
from ruleset_data import build_refusal


def raw() -> dict:
    return tomllib.loads((shipped_data_dir() / "rulesets" / "pz8.toml").read_text(encoding="utf-8"))


def test_meta(pz8: Ruleset) -> None:
    m = pz8.meta
    assert (m.id, m.rulebook, m.dice, m.distance_unit, m.grid, m.turn_word) == (
        "pz8", "pz8-spaceships-wargame-rules.txt", ("d6",), "hex", "hex", "turn",
    )


def test_one_ship_class_with_the_books_numbers(pz8: Ruleset) -> None:
    assert list(pz8.classes) == ["Spaceship"]
    s = pz8.classes["Spaceship"]
    assert (s.mps, s.damaged_mps, s.min_mps, s.first_mp, s.turn_degrees) == (6, 3, 1, "forward", 60)
    assert (s.arc, s.max_range, s.activations_per_turn, s.blocks_los) == ("straight forward", 9, 1, False)
    assert (s.attack, s.attack_damaged, s.defence, s.defence_damaged) == ("2D6", "1D6", "2D6", "1D6")
    assert (s.torpedo_salvos, s.torpedo_mps, s.torpedo_turn_cost, s.torpedo_attack) == (1, 6, 0, "2D6")
    assert s.damage_states == ("Undamaged", "Damaged", "Destroyed")
    assert s.lego == '1" hexagonal flying base'
    assert s.provenance("max_range") is Provenance.INFERRED
    assert s.provenance("cost") is Provenance.HOUSE_DEFAULT
    assert s.provenance("mps") is Provenance.TEXT


def test_to_hit_table_has_three_bands_4_5_6(pz8: Ruleset) -> None:
    assert len(pz8.to_hit) == 3
    bands = [(b.min_distance, b.max_distance, pz8.d6_to_hit(b)) for b in pz8.to_hit.values()]
    assert bands == [(1, 3, 4), (4, 6, 5), (7, 9, 6)]
    for band in pz8.to_hit.values():
        assert band.table in pz8.tables


def test_to_hit_modifiers_are_three_minus_ones(pz8: Ruleset) -> None:
    mods = {m.when: m.modifier for m in pz8.to_hit_modifiers.values()}
    assert mods == {"damaged": -1, "fire_back": -1, "at_torpedo": -1}


def test_damage_table_has_three_results(pz8: Ruleset) -> None:
    rows = [(r.min_diff, r.max_diff, r.result, r.if_damaged) for r in pz8.damage.values()]
    assert rows == [
        (None, 0, "none", "none"),
        (1, 2, "damaged", "destroyed"),
        (3, None, "destroyed", "destroyed"),
    ]
    assert pz8.damage["No damage"].provenance("min_diff") is Provenance.INFERRED
    assert [pz8.damage_row(d)[0] for d in (-11, -1, 0, 1, 2, 3, 11)] == [
        "No damage", "No damage", "No damage", "Damaged", "Damaged", "Destroyed", "Destroyed",
    ]


def test_counters_and_terrain(pz8: Ruleset) -> None:
    assert set(pz8.counters) == {"Activated", "Damaged", "Torpedoes", "Asteroid", "Drift arrow"}
    asteroid = pz8.terrain["Asteroid"]
    assert (asteroid.hexes, asteroid.drift, asteroid.destructible, asteroid.wraps) == (1, 1, False, True)
    assert asteroid.blocks_movement and asteroid.blocks_los
    assert asteroid.destroys == ("Spaceship", "Torpedoes")


def test_kit_from_what_you_need(pz8: Ruleset) -> None:
    assert (pz8.kit["D6"].count, pz8.kit["D6"].per) == (2, "player")
    assert pz8.kit["Flying base"].lego == '1" hexagonal flying base'
    assert pz8.setting("non_hex_facings") == 8  # 60 degrees read as 45: 360 / 45


def test_weapons_are_the_fixed_armament(pz8: Ruleset) -> None:
    assert set(pz8.armament) == {"Forward Gun", "Torpedoes"}
    assert pz8.classes["Spaceship"].armament == ("Forward Gun", "Torpedoes")
    assert pz8.armament["Torpedoes"].lego == "Torpedoes counter"
    assert find_entry(pz8.armament, "forward gun")[0] == "Forward Gun"
    with pytest.raises(UnknownName, match="choose one of: Forward Gun, Torpedoes"):
        find_entry(pz8.armament, "Ion Beam", "weapon")


def test_structure(pz8: Ruleset) -> None:
    for cls in pz8.classes.values():
        assert cls.cost >= 0
    for key, table in pz8.tables.items():
        covered = sorted(f for row in table.rows for f in row.faces)
        assert covered == list(dice_range(table.dice)), key
    for sections in (pz8.classes, pz8.armament, pz8.to_hit, pz8.damage, pz8.counters, pz8.terrain):
        for entry in sections.values():
            assert entry.source
    for budget in pz8.budgets.values():
        assert budget.cap is None or budget.cap >= 0


def test_phases_follow_the_turn_checklist(pz8: Ruleset) -> None:
    assert [p.id for p in pz8.phases] == ["initiative", "activation", "end-asteroids-first", "end-torpedoes",
                                          "end-asteroids", "end"]
    steps = {p.id: [s.id for s in p.steps] for p in pz8.phases}
    assert steps == {
        "initiative": ["roll", "quota"],
        "activation": ["choose", "move", "fire", "torpedo", "activated"],
        "end-asteroids-first": ["shift-asteroids"],
        "end-torpedoes": ["move-torpedoes"],
        "end-asteroids": ["shift-asteroids"],
        "end": ["clear", "victory"],
    }
    kinds = {s.id: s.kind.value for p in pz8.phases for s in p.steps}
    assert kinds["quota"] == kinds["activated"] == kinds["clear"] == "auto"
    # the players move the Torpedo salvos and shift the asteroids on the table (pz8 §5, §6): their own items
    assert kinds["move"] == kinds["fire"] == kinds["move-torpedoes"] == kinds["shift-asteroids"] == "manual"


def test_every_rules_md_pz8_key_is_a_setting(pz8: Ruleset) -> None:
    expected = {
        "natural6_hits": False,
        "fireback_on_miss": True,
        "fireback_chain": False,
        "budget_mode": "count",
        "initiative_ties": "reroll",
        "activation_rounding": "floor",
        "torpedo_with_gun": True,
        "fireback_uses_activation": False,
        "end_of_turn_order": "torpedoes_first",
        "victory": "last_side_with_ships",
        "non_hex_facings": 8,
    }
    for key, value in expected.items():
        assert pz8.setting(key) == value, key
    for setting in pz8.settings.values():
        assert setting.status in (Provenance.HOUSE_DEFAULT, Provenance.INFERRED)


def test_bad_value_names_file_entry_and_field() -> None:
    message = build_refusal("pz8", ("classes", "Spaceship", "mps"), "six")
    assert message == 'pz8.toml: classes.Spaceship.mps: expected an integer, got "six"'


@pytest.mark.parametrize(
    ("path", "value", "match"),
    [
        (("to_hit", "4-6 hex", "table"), "nope", r'to_hit."4-6 hex".table: \'nope\' is not in tables'),
        (("to_hit", "4-6 hex", "min_distance"), 5, "without gaps"),
        (("damage", "Destroyed", "min_diff"), 4, "every difference once"),
        (("classes", "Spaceship", "torpedo_attack"), "2D8", "torpedo_attack: expected D6 dice"),
    ],
    ids=["bad band name", "gap in bands", "damage rows overlap", "unreadable dice"],
)
def test_broken_data_is_refused(path: tuple[str, ...], value: object, match: str) -> None:
    assert re.search(match, build_refusal("pz8", path, value))


def test_house_rule_changes_a_band_and_a_setting() -> None:
    data = raw()
    before = copy.deepcopy(data)
    house = {
        "tables": {"to_hit_7_9": {"rows": [{"faces": [1, 2, 3, 4], "result": "miss", "text": "Miss"},
                                           {"faces": [5, 6], "result": "hit", "text": "Hit"}]}},
        "settings": {"natural6_hits": True},
    }
    loaded = apply_house_rules("pz8", data, "pz8.toml", house, "house.toml")
    assert loaded.house_rule_error is None
    ruleset = loaded.ruleset
    assert isinstance(ruleset, Ruleset)
    assert ruleset.d6_to_hit(ruleset.to_hit["7-9 hex"]) == 5
    assert ruleset.setting("natural6_hits") is True
    assert ruleset.is_house_rule("settings", "natural6_hits")
    assert data == before

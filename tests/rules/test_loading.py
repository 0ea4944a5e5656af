"""Every ruleset file validates; broken data and broken house rules give the promised messages."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

import pytest

from mstracker.paths import app_dirs, shipped_data_dir
from mstracker.rules import RulesError, apply_house_rules, build_ruleset
from mstracker.rules.registry import ruleset_ids

RULESET_IDS = ruleset_ids()
from mstracker.store.catalog import book_ruleset, load_ruleset

DATA = shipped_data_dir() / "rulesets"
BOOKS = ("spook", "lukas", "pz8", "cal")


def raw(rid: str) -> dict:
    return tomllib.loads((DATA / f"{rid}.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_every_ruleset_file_validates_and_cites_sources(rid: str) -> None:
    ruleset = book_ruleset(rid)
    assert ruleset.meta.id == rid
    assert ruleset.phases, f"{rid} has no turn sequence"
    if rid in BOOKS:  # the four books have dice tables; another installed ruleset need not
        assert ruleset.tables, f"{rid} has no dice tables"
    for name, section in ruleset.sections().items():
        if isinstance(section, dict):
            for key, entry in section.items():
                # every entry must carry a non-empty source (a default here would let a missing one pass)
                assert isinstance(entry.source, str) and entry.source.strip(), f"{rid} {name}.{key} cites no section"


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_every_ruleset_marks_its_inferred_or_house_default_values(rid: str) -> None:
    ruleset = book_ruleset(rid)
    statuses = {s.status.value for s in ruleset.settings.values()}
    assert "house-default" in statuses


def test_spook_counts_match_the_rulebook() -> None:
    spook = book_ruleset("spook")
    assert len(spook.classes) == 13
    assert len(spook.weapons) == 19
    assert len(spook.devices) == 7


def test_broken_data_names_file_entry_and_field() -> None:
    data = raw("spook")
    data["weapons"]["Ion Beam"]["range"] = "far"
    with pytest.raises(RulesError) as err:
        build_ruleset("spook", data, "spook.toml")
    assert str(err.value) == 'spook.toml: weapons."Ion Beam".range: expected an integer, got "far"'


def test_unknown_field_in_data_is_refused_by_name() -> None:
    data = raw("pz8")
    data["meta"]["colour"] = "red"
    with pytest.raises(RulesError, match=r"pz8.toml: meta.colour: is not a known field"):
        build_ruleset("pz8", data, "pz8.toml")


def test_dice_table_that_misses_a_face_is_refused() -> None:
    data = raw("spook")
    table = next(iter(data["tables"].values()))
    table["rows"] = table["rows"][:-1]
    with pytest.raises(RulesError, match="have no row"):
        build_ruleset("spook", data, "spook.toml")


def _write_house(rid: str, text: str) -> Path:
    path = app_dirs().house_rule_file(rid)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_house_rule_overrides_a_value_and_is_marked() -> None:
    _write_house("spook", '[weapons."Ion Beam"]\ndamage = 90\n[settings]\nff_chooser = "opponent"\n')
    loaded = load_ruleset("spook")
    assert loaded.house_rule_error is None
    assert loaded.ruleset.weapons["Ion Beam"].damage == 90
    assert loaded.ruleset.setting("ff_chooser") == "opponent"
    assert loaded.ruleset.is_house_rule("weapons", "Ion Beam", "damage")
    assert loaded.ruleset.is_house_rule("settings", "ff_chooser")
    assert not loaded.ruleset.is_house_rule("weapons", "Heavy Railgun")
    assert book_ruleset("spook").weapons["Ion Beam"].damage == 100


def test_broken_house_rule_file_names_file_key_and_problem_and_book_stays() -> None:
    path = _write_house("spook", '[weapons."Ion Beam"]\ndamage = "lots"\n')
    loaded = load_ruleset("spook")
    assert loaded.house_rule_error == f'{path}: weapons."Ion Beam".damage: expected an integer, got "lots"'
    assert loaded.ruleset.weapons["Ion Beam"].damage == 100
    assert not loaded.ruleset.house_rules


def test_house_rule_setting_outside_its_options_is_refused() -> None:
    path = _write_house("spook", '[settings]\nff_chooser = "nobody"\n')
    loaded = load_ruleset("spook")
    assert loaded.house_rule_error is not None
    assert loaded.house_rule_error.startswith(f"{path}: settings.ff_chooser: 'nobody' is not one of:")
    assert loaded.ruleset.setting("ff_chooser") == "attacker"


def test_house_rule_unknown_setting_lists_the_settings() -> None:
    path = _write_house("pz8", "[settings]\nwarp_speed = 9\n")
    error = load_ruleset("pz8").house_rule_error
    assert error is not None and error.startswith(f"{path}: settings.warp_speed: not a setting of pz8")
    assert "fireback_on_miss" in error


def test_house_rule_file_that_is_not_toml_is_reported() -> None:
    path = _write_house("cal", "this is = = not toml")
    loaded = load_ruleset("cal")
    assert loaded.house_rule_error is not None and loaded.house_rule_error.startswith(f"{path}: not valid TOML")
    assert loaded.ruleset == book_ruleset("cal")


def test_house_rules_do_not_leak_between_calls() -> None:
    data = raw("spook")
    before = copy.deepcopy(data)
    apply_house_rules("spook", data, "spook.toml", {"weapons": {"Ion Beam": {"damage": 1}}}, "h.toml")
    assert data == before

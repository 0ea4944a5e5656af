"""`mstracker rules ...` and the top-level CLI behaviour."""

from __future__ import annotations

from collections.abc import Callable
import json

import pytest

CliRun = Callable[..., tuple[int, str, str]]

from mstracker import __version__
from collections.abc import Callable

CliRun = Callable[..., tuple[int, str, str]]


def test_version(cli: CliRun) -> None:
    code, out, _ = cli("--version")
    assert code == 0 and out.strip() == f"mstracker {__version__}"


def test_help_lists_the_commands(cli: CliRun) -> None:
    code, out, _ = cli("--help")
    assert code == 0
    for command in ("rules", "roll", "odds", "fleet"):
        assert command in out


def test_rules_list_json_has_the_four_rulesets(cli: CliRun) -> None:
    code, out, _ = cli("rules", "list", "--json")
    assert code == 0
    rows = json.loads(out)
    # the four built-in rulesets first; any other installed one is listed after them
    assert [r["id"] for r in rows][:4] == ["spook", "lukas", "pz8", "cal"]
    spook = rows[0]
    assert spook["version"].endswith("0.2.2")
    assert set(spook) == {"id", "title", "version", "dice", "distance_unit"}
    assert "d12" in spook["dice"]


def test_rules_list_table(cli: CliRun) -> None:
    code, out, _ = cli("rules", "list")
    assert code == 0
    assert "Colors and Lights" in out and "pz8" in out


def test_rules_show_spook_weapons_lists_all_nineteen_with_book_numbers(cli: CliRun) -> None:
    code, out, _ = cli("rules", "show", "spook", "weapons", "--json")
    assert code == 0
    weapons = json.loads(out)["weapons"]
    assert len(weapons) == 19
    ion = weapons["Ion Beam"]
    assert (ion["damage"], ion["accuracy"], ion["range"], ion["rus"]) == (100, 4, 20, 35)
    assert ion["reload"] == "1;1"
    assert weapons["Mass Driver Turret"]["designation"] == ["A1", "A2", "D1", "D2", "D3", "E1", "E2", "E3"]
    assert weapons["Cluster Torpedo Launcher"]["damage"] == "25 x d6"


def test_rules_show_spook_weapons_table_shows_every_name(cli: CliRun) -> None:
    code, out, _ = cli("rules", "show", "spook", "weapons")
    assert code == 0
    for name in ("Mass Driver", "Heavy Railgun", "Gattling Mass Driver", "Hellfire Missile Launcher"):
        assert name in out


def test_rules_show_class_stats_in_json(cli: CliRun) -> None:
    code, out, _ = cli("rules", "show", "spook", "classes", "--json")
    carrier = json.loads(out)["classes"]["Carrier"]
    assert carrier["armor"] == 450 and carrier["agility"] == 2 and carrier["rus"] == 100


@pytest.mark.parametrize("rid", ["spook", "lukas", "pz8", "cal"])
def test_rules_show_every_ruleset_renders(cli: CliRun, rid: str) -> None:
    code, out, err = cli("rules", "show", rid)
    assert code == 0, err
    assert "sequence" in out


def test_unknown_ruleset_is_one_line_exit_2(cli: CliRun) -> None:
    code, out, err = cli("rules", "show", "warhammer")
    assert code == 2 and out == ""
    # the installed rulesets: the four built-in ones, then any other installed
    assert err.count("\n") == 1
    assert err.startswith("mstracker: unknown ruleset 'warhammer'; choose one of: spook, lukas, pz8, cal")


def test_unknown_section_names_the_valid_ones(cli: CliRun) -> None:
    code, _, err = cli("rules", "show", "pz8", "weapons")
    assert code == 2
    assert err.count("\n") == 1
    assert "unknown section 'weapons' for pz8; choose one of:" in err and "phases" in err


def test_house_rules_are_shown_as_such(cli: CliRun) -> None:
    from mstracker.paths import app_dirs

    path = app_dirs().house_rule_file("spook")
    path.parent.mkdir(parents=True)
    path.write_text('[weapons."Ion Beam"]\ndamage = 90\n', encoding="utf-8")
    code, out, _ = cli("rules", "show", "spook", "weapons", "--json")
    data = json.loads(out)
    assert data["weapons"]["Ion Beam"]["damage"] == 90
    assert data["house_rules"] == ['weapons.Ion Beam.damage']
    code, out, _ = cli("rules", "show", "spook", "weapons")
    assert "house rules in force" in out and "90ᴴ" in out

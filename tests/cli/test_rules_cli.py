"""`mstracker rules ...` and the top-level CLI behaviour."""

from __future__ import annotations

import json

import pytest

from mstracker import __version__
from mstracker.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse --help / --version / usage errors
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.strip() == f"mstracker {__version__}"


def test_help_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for command in ("rules", "roll", "odds", "fleet"):
        assert command in out


def test_rules_list_json_has_the_four_rulesets(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "list", "--json")
    assert code == 0
    rows = json.loads(out)
    assert [r["id"] for r in rows] == ["spook", "lukas", "pz8", "cal"]
    spook = rows[0]
    assert spook["version"].endswith("0.2.2")
    assert set(spook) == {"id", "title", "version", "dice", "distance_unit"}
    assert "d12" in spook["dice"]


def test_rules_list_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "list")
    assert code == 0
    assert "Colors and Lights" in out and "pz8" in out


def test_rules_show_spook_weapons_lists_all_nineteen_with_book_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "show", "spook", "weapons", "--json")
    assert code == 0
    weapons = json.loads(out)["weapons"]
    assert len(weapons) == 19
    ion = weapons["Ion Beam"]
    assert (ion["damage"], ion["accuracy"], ion["range"], ion["rus"]) == (100, 4, 20, 35)
    assert ion["reload"] == "1;1"
    assert weapons["Mass Driver Turret"]["designation"] == ["A1", "A2", "D1", "D2", "D3", "E1", "E2", "E3"]
    assert weapons["Cluster Torpedo Launcher"]["damage"] == "25 x d6"


def test_rules_show_spook_weapons_table_shows_every_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "show", "spook", "weapons")
    assert code == 0
    for name in ("Mass Driver", "Heavy Railgun", "Gattling Mass Driver", "Hellfire Missile Launcher"):
        assert name in out


def test_rules_show_class_stats_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "show", "spook", "classes", "--json")
    carrier = json.loads(out)["classes"]["Carrier"]
    assert carrier["armor"] == 450 and carrier["agility"] == 2 and carrier["rus"] == 100


@pytest.mark.parametrize("rid", ["spook", "lukas", "pz8", "cal"])
def test_rules_show_every_ruleset_renders(capsys: pytest.CaptureFixture[str], rid: str) -> None:
    code, out, err = run(capsys, "rules", "show", rid)
    assert code == 0, err
    assert "sequence" in out


def test_unknown_ruleset_is_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rules", "show", "warhammer")
    assert code == 2 and out == ""
    assert err.strip() == "mstracker: unknown ruleset 'warhammer'; choose one of: spook, lukas, pz8, cal"


def test_unknown_section_names_the_valid_ones(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "rules", "show", "pz8", "weapons")
    assert code == 2
    assert err.count("\n") == 1
    assert "unknown section 'weapons' for pz8; choose one of:" in err and "phases" in err


def test_house_rules_are_shown_as_such(capsys: pytest.CaptureFixture[str]) -> None:
    from mstracker.paths import app_dirs

    path = app_dirs().house_rule_file("spook")
    path.parent.mkdir(parents=True)
    path.write_text('[weapons."Ion Beam"]\ndamage = 90\n', encoding="utf-8")
    code, out, _ = run(capsys, "rules", "show", "spook", "weapons", "--json")
    data = json.loads(out)
    assert data["weapons"]["Ion Beam"]["damage"] == 90
    assert data["house_rules"] == ['weapons.Ion Beam.damage']
    code, out, _ = run(capsys, "rules", "show", "spook", "weapons")
    assert "house rules in force" in out and "90ᴴ" in out

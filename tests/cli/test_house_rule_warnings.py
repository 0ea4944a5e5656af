"""A house-rule file that cannot be applied is never skipped silently (issue 17 item 4, reliability 8).

Every command that uses the rules tells it once on stderr, naming the file, the key and the problem;
a JSON document carries it in `warnings`. `game new` refuses (a game keeps its rules for good)
unless --allow-book-values is passed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from house_rule_files import BROKEN, GOOD, PROBLEM, house_file

from mstracker.paths import shipped_data_dir

CliRun = Callable[..., tuple[int, str, str]]
SAMPLES = shipped_data_dir() / "fleets" / "spook"
RED, BLUE = str(SAMPLES / "scrimmage-red.toml"), str(SAMPLES / "scrimmage-blue.toml")



def told(path: Path) -> str:
    return f"house rules not applied, the book values are in force: {path}: {PROBLEM}"


def assert_warned_once(err: str, path: Path) -> None:
    assert err == f"mstracker: warning: {told(path)}\n"


def test_rules_show_text_warns_once_and_shows_the_book_values(cli: CliRun) -> None:
    path = house_file(BROKEN)
    code, out, err = cli("rules", "show", "spook", "settings")
    assert code == 0
    assert_warned_once(err, path)
    assert "house rules in force" not in out and "ᴴ" not in out.replace("ᴴ changed by your house rules", "")


def test_rules_show_json_carries_the_warning(cli: CliRun) -> None:
    path = house_file(BROKEN)
    code, out, err = cli("rules", "show", "spook", "--json")
    doc = json.loads(out)
    assert code == 0
    assert_warned_once(err, path)
    assert doc["warnings"] == [told(path)]
    assert doc["house_rule_error"] == f"{path}: {PROBLEM}"
    assert doc["house_rules"] == []
    assert doc["weapons"]["Ion Beam"]["damage"] == 100 and doc["settings"]["ram_pct"]["value"] == 25  # the book's


def test_rules_show_with_good_house_rules_has_no_warnings(cli: CliRun) -> None:
    house_file(GOOD)
    code, out, err = cli("rules", "show", "spook", "--json")
    doc = json.loads(out)
    assert (code, err) == (0, "") and "warnings" not in doc
    assert doc["weapons"]["Ion Beam"]["damage"] == 60 and doc["settings"]["ram_pct"]["value"] == 30


def _ion_odds(cli: CliRun) -> tuple[int, dict, str]:
    code, out, err = cli("odds", "spook", "--weapon", "Ion Beam", "--target", "Frigate", "--json")
    return code, json.loads(out), err


def test_odds_warns_and_its_json_says_the_odds_are_the_books(cli: CliRun) -> None:
    house_file(GOOD)
    assert _ion_odds(cli)[1]["damage"] == {"0": 0.5, "30": 5 / 12, "60": 1 / 12}  # the house's 60: half on a 1-6, ...
    path = house_file(BROKEN)
    code, doc, err = _ion_odds(cli)
    assert code == 0
    assert_warned_once(err, path)
    assert doc["warnings"] == [told(path)]
    assert doc["damage"] == {"0": 0.5, "50": 5 / 12, "100": 1 / 12}  # the book's 100, as the warning says


def test_odds_text_warns_on_stderr_only(cli: CliRun) -> None:
    path = house_file(BROKEN)
    code, out, err = cli("odds", "spook", "--weapon", "Ion Beam", "--target", "Frigate")
    assert code == 0 and "house rules" not in out and "expected damage: 29.17" in out
    assert_warned_once(err, path)


@pytest.mark.parametrize(
    "argv",
    [("fleet", "new", "spook"), ("fleet", "check", RED), ("fleet", "show", RED)],
    ids=["new", "check", "show"],
)
def test_fleet_commands_warn_once(cli: CliRun, argv: tuple[str, ...]) -> None:
    path = house_file(BROKEN)
    code, out, err = cli(*argv)
    assert code == 0 and out
    assert_warned_once(err, path)
    code, out, err = cli(*argv, "--json")
    assert code == 0
    assert_warned_once(err, path)
    assert json.loads(out)["warnings"] == [told(path)]


def test_fleet_json_has_no_warnings_key_when_all_is_well(cli: CliRun) -> None:
    house_file(GOOD)
    code, out, err = cli("fleet", "check", RED, "--json")
    assert (code, err) == (0, "") and "warnings" not in json.loads(out)


def test_a_file_that_is_not_toml_is_told_with_its_path(cli: CliRun) -> None:
    path = house_file("[settings\nram_pct = 30\n")
    code, _, err = cli("fleet", "check", RED)
    assert code == 0
    assert err.startswith(f"mstracker: warning: house rules not applied, the book values are in force: {path}: not valid TOML")
    assert err.count("\n") == 1


def _game_list(cli: CliRun) -> list[dict]:
    return json.loads(cli("game", "list", "--json")[1])


def test_game_new_refuses_a_broken_house_rule_file_and_creates_nothing(cli: CliRun) -> None:
    path = house_file(BROKEN)
    code, out, err = cli("game", "new", "--ruleset", "spook", "--fleet", RED, "--fleet", BLUE)
    assert (code, out) == (2, "")
    assert err == (
        f"mstracker: house rules not applied: {path}: {PROBLEM}; fix the file, or pass --allow-book-values "
        "to create the game with the book values\n"
    )
    assert _game_list(cli) == []


def test_game_new_with_allow_book_values_creates_a_book_game_and_says_so(cli: CliRun) -> None:
    path = house_file(BROKEN)
    code, out, err = cli("game", "new", "--ruleset", "spook", "--fleet", RED, "--fleet", BLUE, "--allow-book-values", "--json")
    doc = json.loads(out)
    assert code == 0
    assert_warned_once(err, path)
    assert doc["warnings"] == [told(path)]
    assert doc["settings"]["ram_pct"] == 25  # the book's, not the file's 30
    assert [g["id"] for g in _game_list(cli)] == [doc["id"]]


def test_game_new_after_the_file_is_fixed_keeps_the_house_values(cli: CliRun) -> None:
    house_file(BROKEN)
    assert cli("game", "new", "--ruleset", "spook", "--fleet", RED, "--fleet", BLUE)[0] == 2
    house_file(GOOD)
    code, out, err = cli("game", "new", "--ruleset", "spook", "--fleet", RED, "--fleet", BLUE, "--json")
    doc = json.loads(out)
    assert (code, err) == (0, "") and "warnings" not in doc
    assert doc["settings"]["ram_pct"] == 30

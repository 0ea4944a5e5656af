"""The player's saved custom designs: one TOML per ruleset beside the fleets, atomic, never overwritten
when unreadable."""

from __future__ import annotations

import pytest

from mstracker.paths import app_dirs
from mstracker.store.designs import forget_design, keep_design, load_designs, save_designs
from mstracker.store.tomlfile import FileProblem

RAIDER = {"type": "Capital Ship", "ss": 50, "beam": {"strength": 4, "range": 6}, "fighter_bay": 2}


def test_designs_are_kept_per_ruleset_beside_the_fleets() -> None:
    dirs = app_dirs()
    assert load_designs(dirs, "cal") == {}
    keep_design(dirs, "cal", "Raider", RAIDER)
    keep_design(dirs, "cal", "Picket", {"type": "Escort", "ss": 12})
    assert dirs.designs_file("cal") == dirs.data / "designs" / "cal.toml"
    assert dirs.designs_file("cal").parent.parent == dirs.fleets.parent
    assert load_designs(dirs, "cal") == {"Raider": RAIDER, "Picket": {"type": "Escort", "ss": 12}}
    assert load_designs(dirs, "lukas") == {}
    text = dirs.designs_file("cal").read_text()
    assert text.startswith("schema_version = 1\nruleset = \"cal\"")


def test_a_renamed_design_replaces_the_old_name_and_forget_removes_it() -> None:
    dirs = app_dirs()
    keep_design(dirs, "cal", "Raider", RAIDER)
    keep_design(dirs, "cal", "Reaver", {**RAIDER, "ss": 60}, original="Raider")
    assert load_designs(dirs, "cal") == {"Reaver": {**RAIDER, "ss": 60}}
    assert forget_design(dirs, "cal", "Reaver") is True
    assert forget_design(dirs, "cal", "Reaver") is False
    assert load_designs(dirs, "cal") == {}


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("not = [valid", "not valid TOML"),
        ('schema_version = 9\nruleset = "cal"\n', "newer mstracker"),
        ('schema_version = 1\nruleset = "lukas"\n', "holds designs for 'lukas'"),
        ('schema_version = 1\nruleset = "cal"\ndesigns = 3\n', "one table per design"),
    ],
)
def test_an_unreadable_file_is_reported_and_never_overwritten(content: str, problem: str) -> None:
    dirs = app_dirs()
    path = dirs.designs_file("cal")
    path.parent.mkdir(parents=True)
    path.write_text(content)
    with pytest.raises(FileProblem, match=problem):
        load_designs(dirs, "cal")
    with pytest.raises(FileProblem):
        keep_design(dirs, "cal", "Raider", RAIDER)
    assert path.read_text() == content


def test_save_writes_the_whole_set() -> None:
    dirs = app_dirs()
    save_designs(dirs, "cal", {"A": {"ss": 1}, "B": {"ss": 2}})
    assert list(load_designs(dirs, "cal")) == ["A", "B"]

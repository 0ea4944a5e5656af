"""store/settings.py: defaults, round trip, bad files reported and never overwritten silently; house-rule keys."""

from __future__ import annotations

import tomllib

import pytest

from mstracker.paths import app_dirs
from mstracker.store.settings import DiceMode, Settings, Theme, load_settings, set_house_setting
from mstracker.store.tomlfile import FileProblem


def test_missing_file_gives_defaults() -> None:
    store = load_settings(app_dirs())
    assert store.settings == Settings() and store.problem is None
    assert store.settings.theme is Theme.DARK and store.settings.dice_mode is DiceMode.APP


def test_round_trip_is_atomic_and_readable() -> None:
    dirs = app_dirs()
    store = load_settings(dirs)
    assert store.update(theme=Theme.LIGHT, last_ruleset="cal") is None
    data = tomllib.loads(dirs.settings_file.read_text())
    assert data == {"schema_version": 1, "theme": "light", "dice_mode": "app", "last_ruleset": "cal"}
    again = load_settings(dirs)
    assert again.settings.theme is Theme.LIGHT and again.settings.last_ruleset == "cal"
    assert not list(dirs.config.glob(".settings.toml.*"))  # no temp files left behind


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("theme = [", "not valid TOML"),
        ('theme = "purple haze"', "theme: 'purple haze' is not a theme name (dark, light, or a Textual theme such as nord)"),
        ("theme = 3", "theme: 3 is not a theme name"),
        ("schema_version = 9", "newer mstracker"),
        ("colour = 1", "colour: is not a known setting"),
        ("last_ruleset = 3", "last_ruleset: expected text"),
    ],
)
def test_bad_file_is_reported_and_kept_aside_on_the_next_save(text: str, problem: str) -> None:
    dirs = app_dirs()
    dirs.settings_file.parent.mkdir(parents=True)
    dirs.settings_file.write_text(text)
    store = load_settings(dirs)
    assert store.settings == Settings()
    assert store.problem is not None and problem in store.problem and "settings.toml" in store.problem
    assert dirs.settings_file.read_text() == text  # reading never touches it
    kept = store.update(dice_mode=DiceMode.PHYSICAL)
    assert kept == dirs.config / "settings.bad.toml" and kept.read_text() == text
    assert load_settings(dirs).settings.dice_mode is DiceMode.PHYSICAL


def test_second_bad_file_does_not_replace_the_first_kept_one() -> None:
    dirs = app_dirs()
    dirs.settings_file.parent.mkdir(parents=True)
    (dirs.config / "settings.bad.toml").write_text("old")
    dirs.settings_file.write_text("x = [")
    kept = load_settings(dirs).update(theme=Theme.LIGHT)
    assert kept == dirs.config / "settings.bad-2.toml"
    assert (dirs.config / "settings.bad.toml").read_text() == "old"


def test_house_setting_keeps_other_keys_and_removes_cleanly() -> None:
    path = app_dirs().house_rule_file("spook")
    path.parent.mkdir(parents=True)
    path.write_text('[settings]\nff_chooser = "opponent"\n\n[tables.flares]\nnote = "ours"\n')
    set_house_setting(path, "ram_pct", 30)
    data = tomllib.loads(path.read_text())
    assert data["settings"] == {"ff_chooser": "opponent", "ram_pct": 30}
    assert data["tables"] == {"flares": {"note": "ours"}}
    set_house_setting(path, "ff_chooser", None)
    set_house_setting(path, "ram_pct", None)
    assert tomllib.loads(path.read_text()) == {"tables": {"flares": {"note": "ours"}}}


def test_unreadable_house_rule_file_is_not_overwritten() -> None:
    path = app_dirs().house_rule_file("spook")
    path.parent.mkdir(parents=True)
    path.write_text("[settings\n")
    with pytest.raises(FileProblem):
        set_house_setting(path, "ram_pct", 30)
    assert path.read_text() == "[settings\n"

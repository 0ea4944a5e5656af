"""Files people edit keep their comments (tomlkit); data files that are not regular files are refused;
house-rule values out of range are refused with the file, the key and the reason."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mstracker.paths import app_dirs
from mstracker.store.catalog import load_ruleset
from mstracker.store.settings import Theme, load_settings, set_house_setting
from mstracker.store.tomlfile import FileProblem, read_toml

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this OS")

HOUSE = """\
# Our club's spook rules (agreed 2026-03)
[weapons."Ion Beam"]
damage = 90   # 100 was too strong

[settings]
ff_chooser = "opponent"        # who picks the friendly-fire victim on a natural 12
flare_reload_cost_ru = 10
"""


def test_changing_one_house_setting_keeps_every_other_line_and_comment(tmp_path: Path) -> None:
    path = tmp_path / "spook.toml"
    path.write_text(HOUSE, encoding="utf-8")
    set_house_setting(path, "flare_reload_cost_ru", 12)
    assert path.read_text(encoding="utf-8") == HOUSE.replace("flare_reload_cost_ru = 10", "flare_reload_cost_ru = 12")
    set_house_setting(path, "ram_pct", 30)
    set_house_setting(path, "ram_pct", None)
    assert path.read_text(encoding="utf-8") == HOUSE.replace("flare_reload_cost_ru = 10", "flare_reload_cost_ru = 12")


def test_saving_settings_keeps_the_users_comments() -> None:
    dirs = app_dirs()
    dirs.settings_file.parent.mkdir(parents=True, exist_ok=True)
    dirs.settings_file.write_text('# my laptop\nschema_version = 1\ntheme = "dark"  # easier at night\ndice_mode = "app"\n', encoding="utf-8")
    load_settings(dirs).update(theme=Theme.LIGHT)
    assert dirs.settings_file.read_text(encoding="utf-8") == '# my laptop\nschema_version = 1\ntheme = "light"  # easier at night\ndice_mode = "app"\n'


def _fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.toml"
    os.mkfifo(path)
    return path


@needs_fifo
@pytest.mark.parametrize(
    ("make", "problem"),
    [
        (_fifo, "FIFO"),
        (lambda t: (t / "dir.toml").mkdir() or t / "dir.toml", "a folder"),
        (lambda t: (t / "z.toml").symlink_to("/dev/zero") or t / "z.toml", "a device"),
        (lambda t: (t / "x.toml").symlink_to(t / "gone") or t / "x.toml", "dangling"),
    ],
)
def test_only_regular_files_are_read(tmp_path: Path, make, problem: str) -> None:
    with pytest.raises(FileProblem, match=problem):
        read_toml(make(tmp_path))


@needs_fifo
def test_a_fifo_as_settings_or_house_rules_is_reported_not_waited_on() -> None:
    dirs = app_dirs()
    dirs.house_rules.mkdir(parents=True, exist_ok=True)
    os.mkfifo(dirs.settings_file)
    os.mkfifo(dirs.house_rule_file("spook"))
    assert "FIFO" in (load_settings(dirs).problem or "")
    loaded = load_ruleset("spook", dirs)
    assert "FIFO" in (loaded.house_rule_error or "")


@pytest.mark.parametrize(
    ("house", "problem"),
    [
        ('[weapons."Ion Beam"]\ndamage = -5\n', "damage: -5 is below zero"),
        ('[weapons."Ion Beam"]\nreload = "0;0"\n', "at least 1 turn of use"),
        ('[weapons."Ion Beam"]\nrus = -1\n', "rus: -1 is below zero"),
        ('[weapons."Ion Beam"]\ndamage = ' + "9" * 5000 + "\n", "a value cannot be read"),
    ],
)
def test_house_rule_values_out_of_range_are_refused_and_the_book_stays(house: str, problem: str) -> None:
    dirs = app_dirs()
    path = dirs.house_rule_file("spook")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(house, encoding="utf-8")
    loaded = load_ruleset("spook", dirs)
    assert problem in (loaded.house_rule_error or "")
    assert str(path) in (loaded.house_rule_error or "")
    assert loaded.ruleset.weapons["Ion Beam"].damage == 100  # the book's value (spook §5)


def test_a_negative_value_stays_allowed_where_the_book_has_one() -> None:
    dirs = app_dirs()
    path = dirs.house_rule_file("pz8")
    path.parent.mkdir(parents=True, exist_ok=True)
    book = load_ruleset("pz8", dirs).ruleset
    key = next(k for k, v in book.model_dump().items() if isinstance(v, dict) and any(isinstance(e, dict) and "modifier" in e for e in v.values()))
    entry = next(name for name, e in book.model_dump()[key].items() if isinstance(e, dict) and "modifier" in e)
    path.write_text(f'[{key}."{entry}"]\nmodifier = -2\n', encoding="utf-8")
    loaded = load_ruleset("pz8", dirs)
    assert loaded.house_rule_error is None

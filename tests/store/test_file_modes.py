"""Rewriting a file people own keeps its permissions: a 644 house-rule or settings file stays 644."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from mstracker.paths import app_dirs
from mstracker.store.settings import Theme, load_settings, set_house_setting
from mstracker.store.tomlfile import write_atomic

posix_modes = pytest.mark.skipif(os.name != "posix", reason="permission bits are POSIX")


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@posix_modes
@pytest.mark.parametrize("mode", [0o644, 0o640, 0o600, 0o664])
def test_a_house_rule_rewrite_keeps_the_files_mode(tmp_path: Path, mode: int) -> None:
    path = tmp_path / "spook.toml"
    path.write_text("[settings]\nram_pct = 25\n", encoding="utf-8")
    path.chmod(mode)
    set_house_setting(path, "ram_pct", 30)
    assert path.read_text(encoding="utf-8") == "[settings]\nram_pct = 30\n"
    assert _mode(path) == mode


@posix_modes
def test_a_settings_rewrite_keeps_the_files_mode() -> None:
    dirs = app_dirs()
    dirs.settings_file.parent.mkdir(parents=True)
    dirs.settings_file.write_text('schema_version = 1\ntheme = "dark"\n', encoding="utf-8")
    dirs.settings_file.chmod(0o644)
    load_settings(dirs).update(theme=Theme.LIGHT)
    assert 'theme = "light"' in dirs.settings_file.read_text(encoding="utf-8")
    assert _mode(dirs.settings_file) == 0o644


@posix_modes
def test_a_new_file_stays_private_and_no_temp_file_is_left(tmp_path: Path) -> None:
    path = tmp_path / "new.toml"
    write_atomic(path, "a = 1\n")
    assert _mode(path) == 0o600  # mkstemp's mode: nothing to copy from
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.toml"]

"""Bad environment values: ignored where that is the standard (sizes, NO_COLOR), one line and exit 2
where nothing sensible can be done (MSTRACKER_HOME naming a file); never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from mstracker.cli.output import PIPED_WIDTH

CliRun = Callable[..., tuple[int, str, str]]


def _widest(text: str) -> int:
    return max(len(line) for line in text.splitlines())


@pytest.mark.parametrize("columns", ["abc", "0", "-5", "", " ", "²", "1e3", "99999999999"])
def test_an_unusable_columns_falls_back_to_the_piped_width(cli: CliRun, monkeypatch: pytest.MonkeyPatch, columns: str) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    code, out, err = cli("rules", "show", "spook", "settings")
    assert (code, err) == (0, "")
    assert "ff_chooser" in out  # COLUMNS=0 used to print nothing at all
    assert _widest(out) == PIPED_WIDTH  # the settings table fills the default width


def test_a_usable_columns_is_followed(cli: CliRun, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "90")
    code, out, _ = cli("rules", "show", "spook", "settings")
    assert code == 0 and _widest(out) == 90


@pytest.mark.parametrize("lines", ["x", "0", "-1", "²"])
def test_an_unusable_lines_is_ignored(cli: CliRun, monkeypatch: pytest.MonkeyPatch, lines: str) -> None:
    monkeypatch.setenv("LINES", lines)
    code, out, err = cli("rules", "list")
    assert (code, err) == (0, "") and "Colors and Lights" in out


@pytest.mark.parametrize("value", ["", "0", "false", "yes", "\u00e9"])
def test_no_color_with_any_value_gives_plain_output(cli: CliRun, monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("NO_COLOR", value)
    code, out, err = cli("roll", "2d6", "--seed", "3")
    assert (code, err) == (0, "") and "total" in out and "\x1b[" not in out


def test_mstracker_home_naming_a_file_is_one_line_and_exit_2(cli: CliRun, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    home = tmp_path / "home.txt"
    home.write_text("not a folder\n")
    monkeypatch.setenv("MSTRACKER_HOME", str(home))
    for argv in (("rules", "show", "spook"), ("game", "list"), ("fleet", "new", "spook"), ("odds", "spook", "--help")):
        code, out, err = cli(*argv)
        assert (code, out) == (2, "")
        assert err == f"mstracker: MSTRACKER_HOME: {home} is a file, not a folder; point it at a folder (or unset it for the usual places)\n"
    assert home.read_text() == "not a folder\n"


def test_mstracker_home_below_a_file_names_the_file(cli: CliRun, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "f").write_text("")
    monkeypatch.setenv("MSTRACKER_HOME", str(tmp_path / "f" / "sub"))
    code, _, err = cli("game", "list")
    assert code == 2 and f"{tmp_path / 'f' / 'sub'}: {tmp_path / 'f'} is a file, not a folder" in err


def test_mstracker_home_as_a_dangling_link_is_refused(cli: CliRun, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    link = tmp_path / "home"
    link.symlink_to(tmp_path / "gone")
    monkeypatch.setenv("MSTRACKER_HOME", str(link))
    code, _, err = cli("rules", "show", "spook")
    assert code == 2 and err.startswith(f"mstracker: MSTRACKER_HOME: {link} is a link to nothing")


def test_mstracker_home_not_made_yet_is_made_on_first_use(cli: CliRun, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MSTRACKER_HOME", str(tmp_path / "new" / "home"))
    code, out, err = cli("fleet", "new", "spook", "-o", str(tmp_path / "f.toml"))
    assert (code, err) == (0, "") and (tmp_path / "f.toml").is_file()


@pytest.mark.parametrize(
    ("name", "value", "code", "stderr"),
    [
        ("COLUMNS", "abc", 0, ""),
        ("LINES", "x", 0, ""),
        ("MSTRACKER_HOME", "FILE", 2, "is a file, not a folder"),
    ],
)
def test_the_installed_command_gives_no_traceback(tmp_path: Path, name: str, value: str, code: int, stderr: str) -> None:
    """The real process: what a user's shell sees (exit code, stderr), not only main()'s return."""
    target = tmp_path / "file"
    target.write_text("")
    env = {**os.environ, "MSTRACKER_HOME": str(tmp_path / "home"), name: str(target) if value == "FILE" else value}
    done = subprocess.run(
        [sys.executable, "-m", "mstracker", "rules", "list"], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == code
    assert "Traceback" not in done.stderr and stderr in done.stderr
    assert len(done.stderr.splitlines()) == (1 if stderr else 0)

"""The completion scripts in their real shells: bash, zsh and fish each load the script the way a user
installs it and are asked what `mstracker game act <TAB>` (the saved games' names) and
`mstracker fleet check <TAB>` (the files here) offer.

bash runs the script's completion function with the line set as readline sets it; fish answers with
its own `complete -C`; zsh is driven in a terminal (a pty), <TAB> typed, its listing read. A shell
that is not installed skips its test, except in CI (CI=true, set by .ci/run), where it fails.
"""

from __future__ import annotations

import os
import pty
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mstracker.cli import main
from mstracker.rules.registry import ruleset_ids

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "data" / "fleets" / "spook"
GAMES = ("Blue Moon", "Red Alpha")  # a space in each: the shells must hand them back quoted
BASH_COMPLETION = Path("/usr/share/bash-completion/bash_completion")


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def need(shell: str) -> str:
    found = shutil.which(shell)
    if found is None:
        if _in_ci():
            pytest.fail(f"{shell} is not installed; CI must run this test (.ci/run installs it)")
        pytest.skip(f"{shell} is not installed")
    return found


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """A home with two saved games, a folder with two fleet files, and the three scripts."""
    root = tmp_path_factory.mktemp("completion")
    home, here = root / "home", root / "here"
    here.mkdir()
    for name in ("alpha.toml", "beta.toml"):
        (here / name).write_text((SAMPLES / "scrimmage-blue.toml").read_text())
    saved = os.environ.get("MSTRACKER_HOME")
    os.environ["MSTRACKER_HOME"] = str(home)
    scripts: dict[str, str] = {}
    try:
        fleets = ["--fleet", str(SAMPLES / "scrimmage-blue.toml"), "--fleet", str(SAMPLES / "scrimmage-red.toml")]
        for name in GAMES:
            assert main(["game", "new", "--ruleset", "spook", *fleets, "--name", name, "--json"]) == 0
        for shell in ("bash", "zsh", "fish"):
            scripts[shell] = _script(shell)
    finally:
        if saved is None:
            os.environ.pop("MSTRACKER_HOME", None)
        else:
            os.environ["MSTRACKER_HOME"] = saved
    env = {
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "HOME": str(root),
        "MSTRACKER_HOME": str(home),
        "TERM": "dumb",
        "LANG": "C.UTF-8",
    }
    return {"env": env, "here": here, "scripts": scripts, "root": root}


def _script(shell: str) -> str:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["completion", shell]) == 0
    return out.getvalue()


# ---- bash ---------------------------------------------------------------------------------------


def bash_offers(table: dict[str, object], line: str) -> list[str]:
    """COMPREPLY for `line` (the cursor at its end), from the function the script registered."""
    script = Path(table["root"]) / "mstracker.bash"  # type: ignore[arg-type]
    script.write_text(table["scripts"]["bash"])  # type: ignore[index]
    loader = f"source {BASH_COMPLETION}" if BASH_COMPLETION.is_file() else ":"
    program = f"""
{loader}
source {script}
complete -p mstracker | grep -q -- '-F _shtab_mstracker' || {{ echo 'not registered' >&2; exit 3; }}
COMP_LINE="$1"; COMP_POINT=${{#COMP_LINE}}
read -ra COMP_WORDS <<< "$COMP_LINE"
[[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ))
_shtab_mstracker
printf '%s\\n' "${{COMPREPLY[@]}}"
"""
    done = subprocess.run([need("bash"), "--norc", "--noprofile", "-c", program, "bash", line], env=table["env"],
                          cwd=table["here"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return [w for w in done.stdout.splitlines() if w]


def test_bash_game_act_offers_the_saved_games_quoted(table) -> None:
    if _in_ci() and not BASH_COMPLETION.is_file():
        pytest.fail("bash-completion is not installed; .ci/run installs it")
    assert sorted(bash_offers(table, "mstracker game act ")) == ["Blue\\ Moon", "Red\\ Alpha"]
    assert bash_offers(table, "mstracker game act Re") == ["Red\\ Alpha"]


def test_bash_path_arguments_offer_files(table) -> None:
    assert sorted(bash_offers(table, "mstracker fleet check ")) == ["alpha.toml", "beta.toml"]
    assert sorted(bash_offers(table, "mstracker game new --fleet ")) == ["alpha.toml", "beta.toml"]
    assert bash_offers(table, "mstracker fleet new spook -o al") == ["alpha.toml"]


def test_bash_ruleset_ids_and_sections(table) -> None:
    # the installed rulesets, the four built-in ones first (a fifth installed one is offered after them)
    assert bash_offers(table, "mstracker rules show ") == list(ruleset_ids())
    assert list(ruleset_ids())[:4] == ["spook", "lukas", "pz8", "cal"]
    assert bash_offers(table, "mstracker rules show spook wea") == ["weapons"]
    assert "fire" in bash_offers(table, "mstracker game act 1 f")


# ---- fish ---------------------------------------------------------------------------------------


def fish_offers(table: dict[str, object], line: str) -> list[str]:
    script = Path(table["root"]) / "mstracker.fish"  # type: ignore[arg-type]
    script.write_text(table["scripts"]["fish"])  # type: ignore[index]
    done = subprocess.run([need("fish"), "--no-config", "-c", f"source {script}; complete -C $argv[1]", line],
                          env=table["env"], cwd=table["here"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return [w.split("\t")[0] for w in done.stdout.splitlines() if w]


def test_fish_game_act_offers_the_saved_games(table) -> None:
    assert sorted(fish_offers(table, "mstracker game act ")) == ["Blue Moon", "Red Alpha"]


def test_fish_path_arguments_offer_files(table) -> None:
    assert sorted(fish_offers(table, "mstracker fleet check ")) == ["alpha.toml", "beta.toml"]
    assert sorted(fish_offers(table, "mstracker game new --fleet ")) == ["alpha.toml", "beta.toml"]


def test_fish_ruleset_ids(table) -> None:
    assert fish_offers(table, "mstracker fleet new ") == list(ruleset_ids())  # the installed ones, in menu order


# ---- zsh ----------------------------------------------------------------------------------------


def zsh_listing(table: dict[str, object], line: str, expect: str) -> str:
    """What zsh shows after `line` and <TAB>, in a terminal, with the script installed on $fpath."""
    zsh = need("zsh")
    functions = Path(table["root"]) / "zfunc"  # type: ignore[arg-type]
    functions.mkdir(exist_ok=True)
    (functions / "_mstracker").write_text(table["scripts"]["zsh"])  # type: ignore[index]
    pid, fd = pty.fork()
    if pid == 0:  # the child: an interactive zsh with no start-up files
        os.chdir(table["here"])  # type: ignore[arg-type]
        os.execve(zsh, [zsh, "-f", "-i"], table["env"])  # type: ignore[arg-type]
    seen = bytearray()

    def read_until(text: bytes, start: int, wait: float = 60.0) -> bool:
        """Read the terminal until `text` shows after `start` (a generous bound, not a timing check)."""
        deadline = time.monotonic() + wait
        while text not in seen[start:] and time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    return False
                if not chunk:
                    return False
                seen.extend(chunk)
        return text in seen[start:]

    try:
        os.write(fd, f"fpath=({functions} $fpath); autoload -Uz compinit && compinit -u -D; echo SET-UP-DONE\n".encode())
        assert read_until(b"SET-UP-DONE\r\n", 0), seen.decode(errors="replace")
        start = len(seen)
        os.write(fd, line.encode() + b"\t")
        read_until(expect.encode(), start)
        return seen[start:].decode(errors="replace")
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(fd)


def test_zsh_game_act_offers_the_saved_games_quoted(table) -> None:
    shown = zsh_listing(table, "mstracker game act ", "Red\\ Alpha")
    assert "Blue\\ Moon" in shown and "Red\\ Alpha" in shown
    assert "alpha.toml" not in shown


def test_zsh_path_arguments_offer_files(table) -> None:
    shown = zsh_listing(table, "mstracker fleet check ", "beta.toml")
    assert "alpha.toml" in shown and "beta.toml" in shown
    assert "Blue\\ Moon" not in shown

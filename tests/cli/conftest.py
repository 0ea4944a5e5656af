"""Run the CLI in-process and capture (exit code, stdout, stderr)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from mstracker.cli import main

CliRun = Callable[..., tuple[int, str, str]]


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> CliRun:
    monkeypatch.setenv("COLUMNS", "200")  # tables as wide as a piped run gets by default, wherever pytest runs
    def run(*argv: str) -> tuple[int, str, str]:
        try:
            code = main(list(argv))
        except SystemExit as exc:  # argparse --help / --version / usage errors
            code = int(exc.code or 0)
        out = capsys.readouterr()
        return code, out.out, out.err

    return run

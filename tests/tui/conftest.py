"""Fixtures of the TUI tests; the helpers live in tui_support (a unique module name, so no other
conftest.py can shadow them)."""

from __future__ import annotations

import pytest

from tui_support import MstrackerApp, make_app


@pytest.fixture
def app() -> MstrackerApp:
    return make_app()

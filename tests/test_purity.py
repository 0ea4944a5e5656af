"""The pure packages import no Textual, Rich or platformdirs (DESIGN.md: layers)."""

from __future__ import annotations

import subprocess
import sys

import pytest

PURE = ["mstracker.dice", "mstracker.rules", "mstracker.fleet", "mstracker.game", "mstracker.rulesets"]
FORBIDDEN = ["textual", "rich", "platformdirs", "sqlite3"]


@pytest.mark.parametrize("package", PURE)
def test_pure_package_imports_no_ui_or_platform_libraries(package: str) -> None:
    code = (
        "import importlib, pkgutil, sys\n"
        f"pkg = importlib.import_module({package!r})\n"
        "for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "    importlib.import_module(m.name)\n"
        f"bad = sorted(n for n in {FORBIDDEN!r} if n in sys.modules)\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"{package} pulled in: {out.stdout.strip()}"


def test_purity_check_detects_an_impure_import() -> None:
    code = "import mstracker.cli.output, sys; print('rich' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"

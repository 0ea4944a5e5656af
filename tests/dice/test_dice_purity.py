"""The dice package is pure: stdlib only, no UI libraries, no eval, no global random, no I/O."""

import re
import subprocess
import sys
from pathlib import Path

import mstracker.dice
from mstracker.dice import (  # noqa: F401  (the public API other packages code against)
    DiceError, DiceLimitError, DiceSyntaxError, DieRoll, Distribution, Expression, FaceSource,
    FacesError, Roll, RngFaces, TypedFaces, parse,
)

PACKAGE = Path(mstracker.dice.__file__).parent


def test_import_pulls_in_no_ui_or_platform_libraries():
    code = ("import sys, mstracker.dice; "
            "print(sorted(m for m in ('textual', 'rich', 'platformdirs', 'pydantic') "
            "if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]"


FORBIDDEN = [r"\beval\(", r"\bexec\(", r"\bopen\(", r"\bimport (time|os|pathlib|datetime)\b",
             r"\brandom\.(random|randint|choice|shuffle|seed)\(", r"^import random$"]


def test_source_has_no_eval_io_or_global_random():
    for path in PACKAGE.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        for pattern in FORBIDDEN:
            assert not re.search(pattern, source, re.MULTILINE), f"{path.name}: {pattern}"
        assert len(source.splitlines()) < 300, f"{path.name} is too long"


def test_public_names_are_exported():
    assert set(mstracker.dice.__all__) == {
        "DiceError", "DiceLimitError", "DiceSyntaxError", "DieRoll", "Distribution", "Expression",
        "FaceSource", "FacesError", "Roll", "RngFaces", "TypedFaces", "parse",
    }

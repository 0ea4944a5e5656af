"""spook house-rule files for the tests that check a broken one is told: a good file, one bad value beside
good ones (the whole file is set aside, so the good ones are lost too), and the problem it gives."""

from __future__ import annotations

from pathlib import Path

from mstracker.paths import app_dirs

GOOD = '[settings]\nram_pct = 30\n\n[weapons."Ion Beam"]\ndamage = 60\n'
BROKEN = '[settings]\nram_pct = 30\n\n[weapons."Ion Beam"]\ndamage = -50\n'
PROBLEM = "weapons.Ion Beam.damage: -50 is below zero; the book never gives damage a negative value"


def house_file(text: str) -> Path:
    """Write `text` as the user's spook house-rule file (under MSTRACKER_HOME)."""
    path = app_dirs().house_rule_file("spook")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path

"""Where a cal rule stands in the book, as the player reads it ("cal §0 Interphase, step 7").

Colors and Lights is a wiki page without numbered sections. It numbers only its Sequence of Play
(0. Interphase to 4. Movement) and the steps inside each phase; everything else sits under a
heading (Weapons, Torpedoes, Craft, Command & Control, Point Defenses, Damage, the three tables,
Altering Course, FTL Jumps). A citation gives that number or heading, the way a player finds it
on the page. Choices the book does not make (its lost text) say so and name the house setting.
"""

from __future__ import annotations

SEQUENCE = "cal §Sequence of Play"
INTERPHASE = "cal §0 Interphase"
ORDNANCE_PHASE = "cal §1 Ordnance"
GUNNERY = "cal §2 Gunnery"
DAMAGE_PHASE = "cal §3 Damage"
MOVEMENT_PHASE = "cal §4 Movement"

WEAPONS = "cal §Weapons"
ORDNANCE = "cal §Ordnance"
TORPEDOES = "cal §Torpedoes"
CRAFT = "cal §Craft"
COMMAND = "cal §Command & Control"
POINT_DEFENSE = "cal §Point Defenses"
DAMAGE = "cal §Damage"
BOARDER_TABLE = "cal §Boarder Table"
MINOR_TABLE = "cal §Minor Damage Table"
MAJOR_TABLE = "cal §Major Damage Table"
COURSE = "cal §Moving Ships According To Course"
ALTERING = "cal §Altering Course"
FTL = "cal §FTL Jumps"
ROLLS = "cal §Rolls"  # the "Specific rolls" list was lost: its targets are house defaults

#: The table of a table key (data/rulesets/cal.toml `tables`).
TABLES = {"minor": MINOR_TABLE, "major": MAJOR_TABLE, "boarder": BOARDER_TABLE}


def step(phase: str, number: int) -> str:
    """'cal §0 Interphase, step 7'."""
    return f"{phase}, step {number}"


def table(key: str, name: str) -> str:
    """'Minor Damage Table (cal §Minor Damage Table)' for a DieNeed's table."""
    return f"{name} ({TABLES.get(key, DAMAGE)})"

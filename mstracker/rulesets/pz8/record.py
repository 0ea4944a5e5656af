"""What a pz8 ship record holds (pz8 §1 chits, §3 MPs, §4 Damaged and Destroyed, §5 the Torpedo salvo)."""

from __future__ import annotations

from ...game.records import FieldKind, FieldSpec, RecordSpec
from .model import ShipClass


def record_spec(ship: ShipClass) -> RecordSpec:
    """The record of a Spaceship: its MPs this turn, its chits and counters."""
    flag, counter = FieldKind.FLAG, FieldKind.COUNTER
    fields = (
        FieldSpec(key="mps", label="MPs", kind=counter, maximum=ship.mps, default=ship.mps,
                  help=f"movement points left this turn: {ship.mps}, or {ship.damaged_mps} once Damaged (pz8 §3)"),
        FieldSpec(key="damaged", label="Damaged", kind=flag, glyph="⚠",
                  help=f"{ship.damaged_mps} MPs and -1 to hit for good; a second Damaged result destroys it (pz8 §4)"),
        FieldSpec(key="torpedo", label="Torpedo", kind=counter, maximum=ship.torpedo_salvos,
                  default=ship.torpedo_salvos, help="Torpedo salvos left this game (pz8 §5)"),
        FieldSpec(key="activated", label="Activated", kind=flag, glyph="✓",
                  help="the Activated chit: activated this turn, each ship once per turn (pz8 §2)"),
        FieldSpec(key="active", label="Active", kind=flag, glyph="▶", help="being activated now (pz8 §2)"),
        FieldSpec(key="fired", label="Fired", kind=flag,
                  help="fired its gun in its activation this turn (pz8 §4)"),
        FieldSpec(key="fire_backs", label="Fire-backs", kind=counter, help="fire-backs made this turn (pz8 §4)"),
        FieldSpec(key="destroyed", label="Destroyed", kind=flag, glyph="✗", help="out of the game (pz8 §4)"),
    )
    return RecordSpec(fields=fields, item_fields=(), player_fields=(), loss_flags=("destroyed",))

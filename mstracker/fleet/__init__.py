"""Fleet rosters (pure): the roster model and validation against a ruleset."""

from __future__ import annotations

from ..rules import RulesetBase
from ..rules.registry import package
from .roster import SCHEMA_VERSION, Finding, FleetReport, Roster, Severity, ShipEntry, ShipSheet, SlotUse


def validate_roster(roster: Roster, ruleset: RulesetBase) -> FleetReport:
    """Check a roster against the ruleset in force: budget, slots, eligibility, presets."""
    if roster.ruleset != ruleset.meta.id:
        return FleetReport(
            ruleset=ruleset.meta.id,
            findings=(
                Finding(
                    severity=Severity.ERROR,
                    ship=None,
                    message=f"this roster is for {roster.ruleset}, not {ruleset.meta.id}",
                ),
            ),
        )
    return package(ruleset.meta.id).validate_fleet(roster, ruleset)


__all__ = [
    "SCHEMA_VERSION",
    "Finding",
    "FleetReport",
    "Roster",
    "Severity",
    "ShipEntry",
    "ShipSheet",
    "SlotUse",
    "validate_roster",
]

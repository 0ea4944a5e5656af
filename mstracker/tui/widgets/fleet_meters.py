"""The fleet builder's read-outs: the budget bar, slot meters and the findings list.

Each takes a FleetReport (attributes down) and draws it with glyphs as well as colour.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ...fleet import FleetReport, Severity, ShipSheet


def meter(used: int, available: int, width: int) -> str:
    """■■■□□ style meter; overflow shows as ✗ cells past the end."""
    if available <= 0:
        return "✗" * min(used, width) if used else "–"
    shown = min(available, width)
    filled = min(used, available) * shown // available
    over = min(max(0, used - available), 5)
    return "■" * filled + "□" * (shown - filled) + "✗" * over


class BudgetBar(Static):
    """One line: cost against the cap, what is left, ship count and legality."""

    DEFAULT_CSS = """
    BudgetBar {
        height: 1;
        padding: 0 1;
    }
    """

    def show(self, report: FleetReport | None, ships: int, unit: str, permissive: bool) -> None:
        colours = self.app.theme_variables
        ok, bad, warn = colours.get("success", ""), colours.get("error", ""), colours.get("warning", "")
        out = Text(no_wrap=True, overflow="ellipsis")
        if report is None:
            self.update(out)
            return
        if report.cost is not None and report.cap is not None:
            left = report.cap - report.cost
            out.append(f"{unit} {report.cost} / {report.cap} ", style="bold")
            width = 24
            filled = min(width, report.cost * width // report.cap) if report.cap else width
            out.append("█" * filled + "░" * (width - filled), style=bad if left < 0 else ok)
            out.append(f"  {left} left" if left >= 0 else f"  ✗ {-left} over", style=bad if left < 0 else "")
        elif report.cost is not None:
            out.append(f"{unit} {report.cost} (no cap)", style="bold")
        else:
            out.append("no points in this ruleset", style="dim")
        out.append(f"   ·   {ships} ship{'s' if ships != 1 else ''}   ·   ")
        errors = len(report.errors)
        warnings = len(report.findings) - errors
        if errors:
            out.append(f"✗ {errors} error{'s' if errors != 1 else ''}", style=f"bold {bad}")
        else:
            out.append("✓ legal", style=f"bold {ok}")
        if warnings:
            out.append(f"   ⚠ {warnings} warning{'s' if warnings != 1 else ''}", style=warn)
        if permissive:
            out.append("   ◆ NON-STANDARD (permissive)", style=f"bold {warn}")
        self.update(out)


def slot_text(sheet: ShipSheet | None) -> Text:
    """Slot meters and cost of one ship."""
    out = Text()
    if sheet is None:
        return out
    for slot in sheet.slots:
        over = slot.used > slot.available
        out.append(f"{slot.kind:<10}", style="bold")
        out.append(meter(slot.used, slot.available, 10))
        out.append(f" {slot.used}/{slot.available}", style="bold" if over else "")
        out.append("  ✗ too many\n" if over else "\n")
    if sheet.cost is not None:
        out.append(f"{'cost':<10}", style="bold")
        out.append(f"{sheet.cost}\n")
    out.rstrip()
    return out


class FindingsView(Static):
    """Every finding, errors first, each with its glyph."""

    def show(self, report: FleetReport | None) -> None:
        colours = self.app.theme_variables
        out = Text()
        if report is None:
            self.update(out)
            return
        ordered = sorted(report.findings, key=lambda f: f.severity is not Severity.ERROR)
        for finding in ordered:
            error = finding.severity is Severity.ERROR
            out.append("✗ " if error else "⚠ ", style=colours.get("error" if error else "warning", ""))
            out.append(finding.message + "\n")
        for note in report.notes:
            out.append("· " + note + "\n", style="dim")
        if not report.findings and not report.notes:
            out.append("✓ no findings: this fleet follows the book", style=colours.get("success", ""))
        out.rstrip()
        self.update(out)

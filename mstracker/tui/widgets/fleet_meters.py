"""The fleet builder's read-outs: the budget bar, slot meters and the findings list.

Each takes a FleetReport (attributes down) and draws it with glyphs as well as colour.
"""

from __future__ import annotations

from collections.abc import Sequence

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
    """One line: cost against the cap and what is left (only where the ruleset counts a cost), the
    ruleset's own read-outs (`fleet_readouts`: cal's C&C), ship count, legality."""

    DEFAULT_CSS = """
    BudgetBar {
        height: 1;
        padding: 0 1;
    }
    """

    WIDE = 100
    """Narrower than this, the bar and the gaps shrink so the legality still fits in 80 columns."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: tuple[FleetReport | None, int, str, bool, tuple[str, ...]] | None = None

    def show(self, report: FleetReport | None, ships: int, unit: str, permissive: bool, extras: tuple[str, ...] = ()) -> None:
        """Draw the report; `unit` names what the cost counts ('RU', 'points', 'Ship count')."""
        self._shown = (report, ships, unit, permissive, extras)
        colours = self.app.theme_variables
        ok, bad, warn = colours.get("success", ""), colours.get("error", ""), colours.get("warning", "")
        out = Text(no_wrap=True, overflow="ellipsis")
        if report is None:
            self.update(out)
            return
        narrow = 0 < self.size.width < self.WIDE
        gap = " · " if narrow else "   ·   "
        parts: list[Text] = []
        if report.cost is not None and report.cap is not None:
            left = report.cap - report.cost
            part = Text(f"{unit} {report.cost} / {report.cap} ", style="bold")
            width = 10 if narrow else 24
            filled = min(width, report.cost * width // report.cap) if report.cap else width
            part.append("█" * filled + "░" * (width - filled), style=bad if left < 0 else ok)
            part.append(f"  {left} left" if left >= 0 else f"  ✗ {-left} over", style=bad if left < 0 else "")
            parts.append(part)
        elif report.cost is not None:
            parts.append(Text.assemble((f"{unit} {report.cost}", "bold"), " (no cap set)"))
        parts += [Text(extra, style="bold") for extra in extras]
        parts.append(Text(f"{ships} ship{'s' if ships != 1 else ''}"))
        for part in parts:
            out.append_text(part)
            out.append(gap)
        errors = len(report.errors)
        warnings = len(report.findings) - errors
        if errors:
            out.append(f"✗ {errors} error{'s' if errors != 1 else ''}", style=f"bold {bad}")
        else:
            out.append("✓ legal", style=f"bold {ok}")
        if warnings:
            out.append(f"{'  ' if narrow else '   '}⚠ {warnings} warning{'s' if warnings != 1 else ''}", style=warn)
        if permissive:
            out.append(f"{'  ' if narrow else '   '}◆ NON-STANDARD" + ("" if narrow else " (permissive)"), style=f"bold {warn}")
        self.update(out)

    def on_resize(self) -> None:
        if self._shown is not None:
            self.show(*self._shown)


def slot_text(sheet: ShipSheet | None, facts: Sequence[tuple[str, str]] = ()) -> Text:
    """Slot meters and cost of one ship, then any `facts` (label, value) lined up with them."""
    out = Text()
    slots = sheet.slots if sheet is not None else ()
    width = max([10, *(len(slot.kind) + 1 for slot in slots), *(len(label) + 1 for label, _ in facts)])
    for slot in slots:
        over = slot.used > slot.available
        out.append(f"{slot.kind:<{width}}", style="bold")
        out.append(meter(slot.used, slot.available, 10))
        out.append(f" {slot.used}/{slot.available}", style="bold" if over else "")
        out.append("  ✗ too many\n" if over else "\n")
    if sheet is not None and sheet.cost is not None:
        out.append(f"{'cost':<{width}}", style="bold")
        out.append(f"{sheet.cost}\n")
    for label, value in facts:
        out.append(f"{label:<{width}}", style="bold")
        out.append(f"{value}\n")
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

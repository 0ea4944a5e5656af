"""A horizontal bar chart of an exact distribution, drawn with block characters.

One row per outcome: the outcome, a bar, the exact chance as a fraction over a common denominator
(so 2d6 shows 1/36 ... 6/36), the percentage, the chance of at least that outcome, and an optional
label (a dice table's result). Wide distributions are grouped into ranges so they fit.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction

from rich.text import Text
from textual.widgets import Static

BLOCKS = " ▏▎▍▌▋▊▉█"
MAX_DENOMINATOR_SHOWN = 100_000


def bar(fraction: float, width: int) -> str:
    """A bar `fraction` (0..1) of `width` cells long, in eighths of a cell."""
    eighths = round(max(0.0, min(1.0, fraction)) * width * 8)
    full, part = divmod(eighths, 8)
    text = "█" * full + (BLOCKS[part] if part else "")
    return text.ljust(width)


def common_denominator(probabilities: Sequence[Fraction]) -> int:
    return math.lcm(*(p.denominator for p in probabilities)) if probabilities else 1


def group_rows(items: Sequence[tuple[int, Fraction]], max_rows: int) -> list[tuple[int, int, Fraction]]:
    """(low, high, chance) rows: one per outcome, or equal-width ranges when there are too many. A miss
    (an outcome of 0 below every hit) keeps a row of its own: it is the figure players look for."""
    if len(items) <= max_rows:
        return [(o, o, p) for o, p in items]
    if items[0][0] == 0 and len(items) > 1 and max_rows > 1:
        return [(0, 0, items[0][1])] + group_rows(items[1:], max_rows - 1)
    lo, hi = items[0][0], items[-1][0]
    width = math.ceil((hi - lo + 1) / max_rows)
    rows: dict[int, Fraction] = {}
    for outcome, chance in items:
        start = lo + (outcome - lo) // width * width
        rows[start] = rows.get(start, Fraction(0)) + chance
    return [(start, min(start + width - 1, hi), chance) for start, chance in sorted(rows.items())]


class DistributionChart(Static):
    """Shows one distribution; call `show(items, label=...)` or `clear(message)`."""

    DEFAULT_CSS = """
    DistributionChart {
        height: auto;
        width: 1fr;
    }
    """

    def __init__(self, *, max_rows: int = 22, bar_width: int = 28, id: str | None = None) -> None:
        super().__init__(id=id)
        self.max_rows = max_rows
        self.bar_width = bar_width

    def clear(self, message: str = "") -> None:
        self.update(Text(message, style="dim"))

    def show(
        self,
        items: Sequence[tuple[int, Fraction]],
        label: Callable[[int], str] | None = None,
        highlight: int | None = None,
    ) -> None:
        """Draw the chart. `label(outcome)` adds a table result per row; `highlight` marks a rolled total."""
        rows = group_rows(items, self.max_rows)
        peak = max(chance for _, _, chance in rows) if rows else Fraction(1)
        denominator = common_denominator([c for _, _, c in rows])
        show_fraction = denominator <= MAX_DENOMINATOR_SHOWN
        at_least = Fraction(1)
        widest = max((len(_span(lo, hi)) for lo, hi, _ in rows), default=1)
        frac_width = len(f"{denominator}/{denominator}") if show_fraction else 0
        accent, bar_style = self._styles()
        out = Text(no_wrap=True, overflow="ellipsis")
        for lo, hi, chance in rows:
            marked = highlight is not None and lo <= highlight <= hi
            out.append("▶ " if marked else "  ", style=accent)
            out.append(_span(lo, hi).rjust(widest) + " ", style="bold" if marked else "")
            out.append(bar(float(chance / peak), self.bar_width), style=bar_style)
            if show_fraction:
                out.append(" " + f"{chance.numerator * (denominator // chance.denominator)}/{denominator}".rjust(frac_width))
            out.append(f" {float(chance) * 100:5.1f}%")
            out.append(f"  ≥{float(at_least) * 100:5.1f}%", style="dim")
            at_least -= chance
            if label is not None and lo == hi:
                out.append("  " + label(lo), style=accent if marked else "")
            out.append("\n")
        out.rstrip()
        self.update(out)

    def _styles(self) -> tuple[str, str]:
        variables = self.app.theme_variables
        return variables.get("accent", "yellow"), variables.get("primary", "blue")


def _span(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo}–{hi}"

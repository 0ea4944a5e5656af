"""Exact odds of an attack before its roll: hit chance, the damage or outcome chart, expected damage,
chance to destroy, and whatever else the ruleset adds (friendly fire...)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rich.text import Text

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from ...rules.outcome import AttackOdds
from .distribution_chart import DistributionChart, bar


def percent(p: Fraction | float) -> str:
    value = float(p) * 100
    if 0 < value < 0.1:
        return "<0.1%"
    if 99.9 < value < 100:
        return ">99.9%"
    return f"{value:.1f}%"


def _words(key: str) -> str:
    text = key.removeprefix("p_").replace("_", " ")
    return text[:1].upper() + text[1:]


def odds_summary(odds: AttackOdds) -> Content:
    """The figures, one per line, chance first."""
    rows: list[tuple[str, str]] = [] if odds.p_hit is None else [(odds.hit_label, percent(odds.p_hit))]
    if odds.expected_damage is not None:
        rows.append(("Expected damage", f"{float(odds.expected_damage):.2f}"))
    if odds.p_destroy is not None:
        rows.append(("Chance to destroy", percent(odds.p_destroy)))
    for key, value in odds.extra.items():
        rows.append((_words(key), percent(value) if key.startswith("p_") or 0 <= value <= 1 else f"{float(value):.2f}"))
    width = max((len(label) + 1 for label, _ in rows), default=18)  # a long label keeps a space before its value
    lines = [Content.assemble((f"{label:<{max(18, width)}}", "dim"), (value, "bold")) for label, value in rows]
    lines += [Content.styled(f"· {note}", "$text-muted") for note in odds.notes]
    return Content("\n").join(lines)


def outcome_rows(outcomes: dict[str, Fraction], width: int = 16) -> Content:
    peak = max(outcomes.values(), default=Fraction(1)) or Fraction(1)
    widest = max((len(k) for k in outcomes), default=1)
    lines = [
        Content.assemble(f"{name:<{widest}} ", (bar(float(p / peak), width), "$primary"), f" {percent(p):>6}")
        for name, p in outcomes.items()
    ]
    return Content("\n").join(lines)


def update_quietly(widget: Static, content: Content | str) -> None:
    """Update a Static, asking for a layout pass only when its height changes (the dialog's
    odds refresh on every key press; a layout pass of the whole dialog costs more than the odds)."""
    visual = Content(content) if isinstance(content, str) else content
    width, height = widget.content_size
    same = width > 0 and visual.get_height(widget.styles, width) == height
    widget.update(visual, layout=not same)


class OddsChart(DistributionChart):
    """The dice roller's chart, redrawn without a layout pass while its height stays the same."""

    def update(self, content: Any = "", *, layout: bool = True) -> None:
        width, height = self.content_size
        if layout and width > 0 and isinstance(content, (Content, Text)):
            visual = Content.from_rich_text(content) if isinstance(content, Text) else content
            layout = visual.get_height(self.styles, width) != height
        super().update(content, layout=layout)


class OddsPanel(Vertical):
    """`show(odds)` or `clear(reason)`; refreshed on every change of the attack's inputs."""

    DEFAULT_CSS = """
    OddsPanel {
        height: auto;
    }
    OddsPanel > #odds-figures {
        height: auto;
        margin-bottom: 1;
    }
    OddsPanel > #odds-outcomes {
        height: auto;
    }
    """

    def __init__(self, odds: AttackOdds | None = None, reason: str = "", *, id: str | None = None) -> None:
        """`odds` (or the `reason` there are none) are drawn as the panel is built: no redraw on opening."""
        super().__init__(id=id)
        self._initial = odds
        self._reason = reason
        self._shown = odds

    def compose(self) -> ComposeResult:
        odds = self._initial
        figures = odds_summary(odds) if odds is not None else Content.styled(self._reason, "$text-muted")
        yield Static(figures, id="odds-figures")
        damage = bool(odds is not None and odds.damage)
        title = "Damage  (chance · at least)" if damage else ("Outcome" if odds is not None and odds.outcomes else "")
        yield Static(title, id="odds-chart-title", classes="muted")
        chart = OddsChart(max_rows=8, bar_width=14, id="odds-chart")
        if damage:
            assert odds is not None and odds.damage is not None
            chart.show(sorted(odds.damage.items()))
        yield chart
        yield Static(outcome_rows(odds.outcomes) if odds is not None and odds.outcomes else "", id="odds-outcomes")

    def clear(self, reason: str) -> None:
        self._shown = None
        update_quietly(self.query_one("#odds-figures", Static), Content.styled(reason, "$text-muted"))
        update_quietly(self.query_one("#odds-chart-title", Static), "")
        self.query_one("#odds-chart", DistributionChart).clear()
        update_quietly(self.query_one("#odds-outcomes", Static), "")

    def show(self, odds: AttackOdds) -> None:
        if odds == self._shown:
            return  # the same odds (a field that does not change them): nothing to redraw
        self._shown = odds
        update_quietly(self.query_one("#odds-figures", Static), odds_summary(odds))
        chart = self.query_one("#odds-chart", DistributionChart)
        title = self.query_one("#odds-chart-title", Static)
        outcomes = self.query_one("#odds-outcomes", Static)
        if odds.damage:
            update_quietly(title, "Damage  (chance · at least)")
            chart.show(sorted(odds.damage.items()))
        else:
            update_quietly(title, "Outcome" if odds.outcomes else "")
            chart.clear()
        update_quietly(outcomes, outcome_rows(odds.outcomes) if odds.outcomes else "")

"""What the report screen shows, drawn from the pure report dict: the fleets, luck and damage as Rich
tables, one turn's events with every die, and the charts as textual-plotext plots.

textual-plotext draws in the terminal with braille dots and follows the app's theme; it is imported
only when a report is opened (about half a second), never at start-up.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Grid

from ...game.report_luck import NO_DAMAGE_BAR
from ...game.report_markdown import fleet_counts, pct, roll_words, ship_status


def _table(*heads: str) -> Table:
    return Table(*heads, box=box.SIMPLE_HEAD, expand=True, show_edge=False, header_style="bold", pad_edge=False)


def fleets_view(report: dict[str, Any]) -> RenderableType:
    """Every fleet: its counts, then a row per ship (start, end with every effect, status); losses after."""
    word = report["turn_word"]
    parts: list[RenderableType] = []
    for p in report["players"]:
        parts.append(Text.assemble((p["name"], "bold"), (f" · {p['fleet']}" if p["fleet"] else "", "dim")))
        parts.append(Text(fleet_counts(p), style="dim"))
        table = _table("#", "Ship", "Class", "At start", "At end", "Status")
        for s in p["ships"]:
            start = "; ".join(f"{k} {v}" for k, v in s["start"]["shown"].items())
            end = "; ".join(s["end"]["bars"] + s["end"]["effects"]) or "unchanged"
            style = "dim" if s["status"] != "in play" else None
            table.add_row(s["id"], s["name"], s["class"], start, end, ship_status(s, word), style=style)
        parts += [table, Text("")]
    parts.append(Text("Losses", style="bold"))
    if report["losses"]:
        table = _table("Ship", "Owner", word.capitalize(), "How")
        for x in report["losses"]:
            table.add_row(f"✗ {x['name']} (#{x['ship']})", x["owner"], str(x["turn"]), x["how"])
        parts.append(table)
    else:
        parts.append(Text("No ships lost.", style="dim"))
    if report["left_play"]:
        parts += [Text(""), Text("Left play (not lost)", style="bold")]
        table = _table("Ship", "Owner", word.capitalize(), "Out", "How")
        for x in report["left_play"]:
            table.add_row(f"{x['name']} (#{x['ship']})", x["owner"], str(x["turn"]), x["out"], x["how"])
        parts.append(table)
    flows = [(p["name"], res, f, p["resources_at_end"].get(res, "–")) for p in report["players"]
             for res, f in p["resource_flows"].items()]
    if flows:
        parts += [Text(""), Text("Resources", style="bold")]
        table = _table("Player", "Resource", "Spent", "Gained", "At end")
        for name, res, f, end in flows:
            table.add_row(name, res, str(f["spent"]), str(f["gained"]), str(end))
        parts.append(table)
    return Group(*parts)


def luck_view(report: dict[str, Any]) -> RenderableType:
    """Per player: rolls, mean percentile, luckiest and unluckiest; then damage expected against actual."""
    luck, word = report["luck"], report["turn_word"]
    table = _table("Player", "Rolls", "Mean", "Luckiest", "Unluckiest")
    for p in luck["players"]:
        mean = pct(p["mean_percentile"]) if p["rolls"] else "–"
        table.add_row(p["player"], str(p["rolls"]), mean, roll_words(p.get("luckiest"), word),
                      roll_words(p.get("unluckiest"), word))
    parts: list[RenderableType] = [Text("Dice luck", style="bold"), Text(luck["percentile_rule"], style="dim"), table]
    if luck["unassigned_rolls"]:
        parts.append(Text(f"{luck['unassigned_rolls']} roll(s) belong to no single player.", style="dim"))
    bar = next((d["bar"] for d in luck["damage"] if d["bar"]), None)
    parts += [Text(""), Text("Damage", style="bold")]
    if bar is None:
        return Group(*parts, Text(NO_DAMAGE_BAR, style="dim"))
    damage = _table("Player", f"{bar} dealt", "taken", "self", "attacks", "exp. dealt", "act. dealt", "attacked",
                    "exp. taken", "act. taken")
    for p, d in zip(report["players"], luck["damage"]):
        damage.add_row(p["name"], str(d["dealt"]), str(d["taken"]), str(d["self_inflicted"]), str(d["attacks_made"]),
                       f"{d['expected_dealt']:.1f}", str(d["actual_dealt"]), str(d["attacks_suffered"]),
                       f"{d['expected_taken']:.1f}", str(d["actual_taken"]))
    return Group(*parts, damage, Text(luck["damage_rule"], style="dim"))


def turn_view(turn: dict[str, Any]) -> RenderableType:
    """One turn: every event, each die under the event that rolled it, with its percentile."""
    lines: list[RenderableType] = [Text(turn["title"], style="bold")]
    for e in turn["events"]:
        if e["kind"] == "turn-started":
            continue
        lines.append(Text(f"• {e['text']}"))
        for r in e.get("rolls", ()):
            faces = "+".join(map(str, r["faces"]))
            lines.append(Text(f"    🎲 {r['purpose']}: {r['dice']} {faces} ({pct(r['percentile'])})", style="dim"))
    if len(lines) == 1:
        lines.append(Text("(nothing logged)", style="dim"))
    return Group(*lines)


class ReportCharts(Grid):
    """One plot per chart of the report, two to a row; each row at least `MIN_ROW` tall (the grid
    scrolls in a short terminal rather than squeezing the plots below readable)."""

    MIN_ROW = 14

    def __init__(self, report: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.report = report

    def compose(self) -> ComposeResult:
        from .report_plot import ReportChart

        turns = self.report["charts"]["turns"]
        for chart in self.report["charts"]["charts"]:
            yield ReportChart(turns, chart, self.report["turn_word"])

    def fit(self, height: int) -> None:
        """Share `height` (the rows the charts tab shows) between the rows of charts."""
        rows = max(1, -(-len(self.report["charts"]["charts"]) // 2))
        each = max(self.MIN_ROW, height // rows)
        self.styles.grid_rows = str(each)
        self.styles.height = each * rows

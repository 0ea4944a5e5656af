"""The battle report screen: charts, fleets, every turn with every die, dice luck, and exports.

It is handed a `build` function that returns the pure report (from the battle screen: the live log
already in memory; from saved games: read from the store, lock held only while reading) and runs it
in a thread worker, so the key that opened it answers at once even for a long game. Exports go to the
data dir through the store (store.reports), one key each, and say where they went.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static, TabbedContent, TabPane
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from ...game.report_markdown import progress_words
from ..widgets.report_views import ReportCharts, fleets_view, luck_view, turn_view

TABS = ("charts", "fleets", "turns", "luck")


class ReportScreen(Screen):
    """The report of one game. `build()` may raise StoreError (or GameLocked): the screen then closes."""

    TITLE = "Report"
    AUTO_FOCUS = ""
    # priority: the turn list and the scroll views would take these letters for themselves
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("c", "show('charts')", "Charts", priority=True),
        Binding("f", "show('fleets')", "Fleets", priority=True),
        Binding("t", "show('turns')", "Turns", priority=True),
        Binding("l", "show('luck')", "Luck", priority=True),
        # short words so the footer keeps every key at 80 columns; the palette says more
        Binding("m", "export('md')", "md", priority=True, tooltip="Export the report as Markdown to the data dir"),
        Binding("j", "export('json')", "json", priority=True, tooltip="Export the report as JSON to the data dir"),
        Binding("h", "export('html')", "html", priority=True,
                tooltip="Export the report as an html page with SVG charts to the data dir"),
    ]

    def __init__(self, game_id: int, name: str, build: Callable[[], dict[str, Any]],
                 back: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.back = back
        """Run after escape closes the report (Saved games opens itself again); None: the screen below shows."""
        self.game_id = game_id
        self.game_name = name
        self.build = build
        self.report: dict[str, Any] | None = None

    def compose(self) -> ComposeResult:
        yield Static(f"Battle report: {self.game_name} · building…", id="report-head", markup=False)
        with TabbedContent(initial="charts", id="report-tabs"):
            with TabPane("Charts", id="charts"):
                yield VerticalScroll(id="report-charts")
            with TabPane("Fleets", id="fleets"):
                with VerticalScroll():
                    yield Static(id="report-fleets")
            with TabPane("Turns", id="turns"):
                with Horizontal():
                    yield OptionList(id="report-turn-list")
                    with VerticalScroll(id="report-turn-box"):
                        yield Static(id="report-turn")
            with TabPane("Luck", id="luck"):
                with VerticalScroll():
                    yield Static(id="report-luck")
        yield Footer()

    def on_mount(self) -> None:
        # the battle's toasts ("Game over · Press R for the battle report") have said their part once the
        # report is open: at 80x24 they would cover its charts and tables
        self.app.clear_notifications()
        self.make_report()

    @work(thread=True, exclusive=True, group="report", exit_on_error=False)
    def make_report(self) -> dict[str, Any]:
        return self.build()

    @on(Worker.StateChanged)
    async def report_made(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "report":
            return
        if event.state is WorkerState.ERROR:
            self.notify(str(event.worker.error), title="No report", severity="error", timeout=10)
            self.app.pop_screen()
        elif event.state is WorkerState.SUCCESS:
            await self.show_report(event.worker.result)

    async def show_report(self, report: dict[str, Any]) -> None:
        self.report = report
        winner = f" · winner {report['winner']}" if report["winner"] else ""
        self.query_one("#report-head", Static).update(
            f"Battle report: {report['game']} · {report['ruleset']} · {progress_words(report)}{winner}"
            f" · {report['dice_rolled']} {'die' if report['dice_rolled'] == 1 else 'dice'} rolled")
        await self.query_one("#report-charts").mount(ReportCharts(report, id="report-chart-grid"))
        self.fit_charts()
        # the head just changed and may wrap to another line: fit again to the height the tab has once
        # that layout is done (else the charts keep a row too many and take a scroll bar, by timing)
        self.call_after_refresh(self.fit_charts)
        self.query_one("#report-fleets", Static).update(fleets_view(report))
        self.query_one("#report-luck", Static).update(luck_view(report))
        turns = self.query_one("#report-turn-list", OptionList)
        turns.add_options([Option(t["title"], id=str(i)) for i, t in enumerate(report["turns"])])
        if report["turns"]:
            turns.highlighted = len(report["turns"]) - 1

    def on_resize(self) -> None:
        self.fit_charts()

    def fit_charts(self) -> None:
        """The charts share the tab's height, each row of them at least ReportCharts.MIN_ROW tall."""
        for grid in self.query(ReportCharts):
            grid.fit(self.query_one("#report-charts").size.height or self.size.height)

    @on(OptionList.OptionHighlighted, "#report-turn-list")
    def turn_chosen(self, event: OptionList.OptionHighlighted) -> None:
        if self.report is not None and event.option.id is not None:
            self.query_one("#report-turn", Static).update(turn_view(self.report["turns"][int(event.option.id)]))
            self.query_one("#report-turn-box").scroll_home(animate=False)

    def action_show(self, tab: str) -> None:
        """Switch tabs and focus what scrolls there (focus left in a hidden tab would switch back to it)."""
        self.set_focus(None)
        self.query_one(TabbedContent).active = tab
        target = "#report-turn-list" if tab == "turns" else f"#{tab} VerticalScroll"
        self.query_one(target).focus()

    def action_export(self, fmt: str) -> None:
        """Write the report to the data dir's reports folder and say where."""
        from ...store.reports import FORMATS, export_report

        if self.report is None:
            self.notify("The report is still being built.", severity="warning")
            return
        services = self.app.services  # type: ignore[attr-defined]
        try:
            path = export_report(services.dirs, self.game_id, self.report, fmt)
        except OSError as exc:
            self.notify(f"{exc.strerror or exc}: {exc.filename or ''}", title="Report not written", severity="error")
            return
        self.notify(services.show_path(path), title=f"Report written ({FORMATS[fmt]})", timeout=10)

    def action_back(self) -> None:
        self.app.pop_screen()
        if self.back is not None:
            self.back()

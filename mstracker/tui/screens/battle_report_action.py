"""The battle screen's way to the battle report (key R, and its palette twin), and the note at the end
of a game that the report is one key away. A mixin of BattleScreen, kept apart so the battle screen's
own files change by one line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

if TYPE_CHECKING:
    from .battle_session import BattleSession


class BattleReportAction(Screen):
    session: BattleSession
    _report_offered: bool = False

    def open_report(self) -> None:
        """Show the report of this game, built from the live log in memory (no second open of the game)."""
        from ...game import battle_report
        from .report import ReportScreen

        engine, live = self.session.engine, tuple(self.session.live)
        self.app.push_screen(ReportScreen(self.session.game_id, self.session.state.name,
                                          lambda: battle_report(engine, live)))

    def action_report(self) -> None:
        self.open_report()

    def on_screen_resume(self) -> None:
        """Once a game is over (the end-game form just closed, or a finished game opened): say R shows the report."""
        if self.session.state.finished and not self._report_offered:
            self._report_offered = True
            self.notify("Press R for the battle report: fleets, every turn, dice luck, charts and exports.",
                        title="Game over", timeout=12)

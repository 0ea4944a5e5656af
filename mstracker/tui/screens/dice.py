"""Dice roller: live exact odds as you type, app or physical rolls, history, one-key table presets.

The presets are on F2 … F10 (and enter, or the preset's number, on the preset list), so F1 is help here
as everywhere. (Alt+digit cannot work: Textual reads ESC 2 as the macOS option-key character '™'.)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Footer, Header, Input, OptionList, RichLog, Select, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from ...dice import DiceError, Expression, Roll, RngFaces, parse
from ...store.settings import DiceMode
from ..presets import Preset, presets_for
from ..widgets.distribution_chart import DistributionChart
from ..widgets.ruleset_select import RulesetSelect
from .fitted import FittedScreen

HINT = "Type dice notation: 2d6, d12, 2d6+2, 25 x d6, 1d12-1 min 1, 2d6 - 2d6"
PRESET_KEYS = tuple(f"f{n}" for n in range(2, 11))
MODE_TEXT = {DiceMode.APP: "app rolls", DiceMode.PHYSICAL: "physical dice"}


class DiceScreen(FittedScreen):
    TITLE = "Dice roller"
    AUTO_FOCUS = "#expr"
    BINDINGS = [
        Binding("ctrl+r", "roll", "Roll"),
        Binding("ctrl+t", "toggle_mode", "App/physical dice"),
        Binding("ctrl+l", "clear_history", "Clear history", show=False),
        Binding("escape", "app.back", "Back"),
    ]
    FOOTER_GIVE_WAY = ("app.back",)

    def __init__(self) -> None:
        super().__init__()
        self.mode = DiceMode(self.app.services.settings.settings.dice_mode)
        self.presets: list[Preset] = []
        self.preset: Preset | None = None
        self.expression: Expression | None = None
        self.last_roll: Roll | None = None
        self.rolls = 0
        self.odds_pending = False

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="dice-body"):
            with Vertical(id="dice-main"):
                with Horizontal(id="dice-controls"):
                    yield RulesetSelect(self.app.services.current_ruleset_id, id="dice-ruleset")
                    yield Static(id="dice-mode")
                with Horizontal(id="dice-entry"):
                    yield Input(placeholder=HINT, id="expr", max_length=200)
                    yield Button("Roll", id="roll", variant="primary")
                yield Static(id="expr-error", classes="error-text")
                with VerticalScroll(id="odds-panel", classes="panel"):
                    yield Static(id="odds-summary")
                    yield DistributionChart(id="odds-chart")
            with Vertical(id="dice-side"):
                yield OptionList(id="presets", classes="panel")
                yield RichLog(id="history", classes="panel", wrap=True, markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#odds-panel").border_title = "Odds"
        self.query_one("#history").border_title = "History"
        self.query_one(DistributionChart).clear(HINT)
        self._show_mode()
        self.load_presets(self.app.services.current_ruleset_id)

    # -- ruleset and presets -------------------------------------------------------------------------

    @on(Select.Changed, "#dice-ruleset")
    def ruleset_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, str):
            self.load_presets(event.value)
            if self.app.services.settings.settings.last_ruleset != event.value:
                self.app.save_settings(last_ruleset=event.value)

    def load_presets(self, ruleset_id: str) -> None:
        presets_list = self.query_one("#presets", OptionList)
        presets_list.border_title = f"Presets · {ruleset_id} · F2…"
        presets_list.clear_options()
        try:
            ruleset = self.app.services.ruleset(ruleset_id).ruleset
            self.presets = presets_for(ruleset)
        except Exception as exc:  # broken or missing shipped data: say so, keep the roller usable
            self.presets = []
            presets_list.add_option(Option(Text(f"{ruleset_id} could not be loaded: {exc}", style="red"), disabled=True))
        for key in PRESET_KEYS:
            self._bindings.key_to_bindings.pop(key, None)
        for index, (key, preset) in enumerate(zip(PRESET_KEYS, self.presets)):
            # one footer entry stands for all the preset keys; the panel lists each one
            self._bindings.bind(key, f"preset({index})", "Presets" if index == 0 else preset.name, show=index == 0,
                                key_display=f"F2–F{len(self.presets) + 1}" if index == 0 else key.upper())
            expression = "" if preset.expression == preset.name else f"  {preset.expression}"
            prompt = Text.assemble((f"{index + 1} {key.upper()}".ljust(7), "bold"), (preset.name, "bold"), expression,
                                   "\n       ", (preset.source, "dim"))
            presets_list.add_option(Option(prompt, id=key))
        self.refresh_bindings()

    def palette_commands(self) -> Iterable[SystemCommand]:
        for key, preset in zip(PRESET_KEYS, self.presets):
            yield SystemCommand(f"Roll preset: {preset.name}", f"{preset.expression} · {preset.source} ({key})", partial(self.action_preset, PRESET_KEYS.index(key)))

    def action_preset(self, index: int) -> None:
        if index < len(self.presets):
            preset = self.presets[index]
            expr_input = self.query_one("#expr", Input)
            with expr_input.prevent(Input.Changed):
                expr_input.value = preset.expression
            self.preset = preset
            self.show_odds(preset.expression)
            self.action_roll()

    @on(OptionList.OptionSelected, "#presets")
    def preset_clicked(self, event: OptionList.OptionSelected) -> None:
        if event.option.id in PRESET_KEYS:
            self.action_preset(PRESET_KEYS.index(event.option.id))

    def on_key(self, event: events.Key) -> None:
        """On the preset list, a preset's number rolls it."""
        if self.focused is self.query_one("#presets") and event.character and event.character in "123456789":
            event.stop()
            self.action_preset(int(event.character) - 1)

    # -- live odds -----------------------------------------------------------------------------------

    @on(Input.Changed, "#expr")
    def expression_typed(self, event: Input.Changed) -> None:
        if self.preset is not None and event.value.strip() != self.preset.expression:
            self.preset = None
        self.show_odds(event.value)

    def show_odds(self, text: str) -> None:
        error = self.query_one("#expr-error", Static)
        chart = self.query_one(DistributionChart)
        summary = self.query_one("#odds-summary", Static)
        self.last_roll = None
        if not text.strip():
            self.expression = None
            error.update("")
            summary.update("")
            chart.clear(HINT)
            return
        try:
            self.expression = parse(text)
        except DiceError as exc:
            self.expression = None
            error.update(Content(f"✗ {exc}"))
            summary.update("")
            chart.clear("")
            return
        error.update("")
        summary.update(Text(f"{text.strip()}: working out the exact odds…", style="dim"))
        self.odds_pending = True
        self.compute_odds(self.expression)

    @work(thread=True, exclusive=True, group="odds")
    def compute_odds(self, expression: Expression) -> None:
        try:
            distribution = expression.distribution()
        except DiceError as exc:
            self.app.call_from_thread(self._odds_failed, expression, str(exc))
            return
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._odds_ready, expression)

    def _odds_failed(self, expression: Expression, message: str) -> None:
        if expression is self.expression:
            self.odds_pending = False
            self.query_one("#expr-error", Static).update(Content(f"✗ {message}"))
            self.query_one("#odds-summary", Static).update("")

    def _odds_ready(self, expression: Expression) -> None:
        if expression is not self.expression:
            return
        self.odds_pending = False
        self._draw_odds()

    def _draw_odds(self) -> None:
        expression = self.expression
        if expression is None:
            return
        distribution = expression.distribution()
        mean = distribution.mean
        mean_text = f"{mean}" if mean.denominator == 1 else f"{float(mean):.2f}"
        summary = Text.assemble(
            (expression.text.strip(), "bold"),
            f"   mean {mean_text}   range {distribution.min}–{distribution.max}   dice {len(expression.dice_needed())}",
        )
        if self.preset is not None:
            summary.append(f"\n{self.preset.name}: {self.preset.source}", style="dim")
        self.query_one("#odds-summary", Static).update(summary)
        label = self.preset.reading if self.preset is not None and self.preset.lookup else None
        highlight = self.last_roll.total if self.last_roll is not None else None
        self.query_one(DistributionChart).show(distribution.items(), label=label, highlight=highlight)

    # -- rolling -------------------------------------------------------------------------------------

    @on(Input.Submitted, "#expr")
    @on(Button.Pressed, "#roll")
    def roll_pressed(self) -> None:
        self.action_roll()

    def action_roll(self) -> None:
        text = self.query_one("#expr", Input).value
        if self.expression is None or self.expression.text != text:
            self.show_odds(text)
        expression = self.expression
        if expression is None:
            if not text.strip():
                self.query_one("#expr-error", Static).update("✗ type an expression first, e.g. 2d6")
            return
        preset = self.preset
        if self.mode is DiceMode.PHYSICAL:
            from ..modals.physical_dice import PhysicalDiceModal

            title = f"{preset.name} ({expression.text})" if preset else expression.text
            self.app.push_screen(PhysicalDiceModal(expression, title), partial(self._record, preset=preset, typed=True))
        else:
            self._record(expression.roll(RngFaces(self.app.services.rng)), preset=preset, typed=False)

    def _record(self, roll: Roll | None, preset: Preset | None, typed: bool) -> None:
        if roll is None:
            return
        self.rolls += 1
        line = Text.assemble((f"#{self.rolls} ", "dim"), ("typed " if typed else "app   ", "dim"), (roll.detail, "bold"))
        if preset is not None and preset.lookup is not None:
            line.append(f"\n    {preset.name}: {preset.reading(roll.total)}")
        self.query_one("#history", RichLog).write(line)
        self.last_roll = roll
        if not self.odds_pending and self.expression is not None and self.expression.text == roll.expression:
            self._draw_odds()  # the odds worker draws the highlight itself when it finishes

    def action_toggle_mode(self) -> None:
        self.mode = DiceMode.PHYSICAL if self.mode is DiceMode.APP else DiceMode.APP
        self._show_mode()

    def _show_mode(self) -> None:
        self.query_one("#dice-mode", Static).update(
            Text.assemble("Dice: ", (MODE_TEXT[self.mode], "bold"), ("\nctrl+t switches", "dim"))
        )

    def action_clear_history(self) -> None:
        self.query_one("#history", RichLog).clear()
        self.rolls = 0

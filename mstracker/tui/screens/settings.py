"""Settings: theme (any Textual theme, applied live), default dice mode, and each ruleset's house-rule settings."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Footer, Header, Label, RadioButton, RadioSet, Select, Static

from ...store.settings import DiceMode, Theme, set_house_setting
from ..app import THEMES, theme_setting
from ...store.tomlfile import FileProblem
from ..widgets.choice_radio import ChoiceRadio
from ..widgets.ruleset_select import RulesetSelect
from .fitted import FittedScreen


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class SettingsScreen(FittedScreen):
    FOOTER_GIVE_WAY = ("reset_setting", "app.back")
    TITLE = "Settings"
    AUTO_FOCUS = "#house-table"
    BINDINGS = [
        Binding("t", "toggle_theme", "Dark/light"),
        Binding("m", "toggle_dice_mode", "Dice mode"),
        Binding("e", "change_setting", "Change value"),
        Binding("delete,backspace", "reset_setting", "Book value"),
        Binding("escape", "app.back", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.ruleset_id = self.app.services.current_ruleset_id
        self.keys: list[str] = []

    def compose(self) -> ComposeResult:
        settings = self.app.services.settings.settings
        yield Header()
        with Horizontal(id="prefs"):
            with Vertical(classes="panel pref-box", id="theme-box"):
                yield Label("Theme  [dim](t: dark/light)[/]")
                yield Select(self._theme_options(), value=self.app.theme, allow_blank=False, id="theme")
                yield Static("or ctrl+p, Theme", classes="muted")
            with Vertical(classes="panel pref-box", id="mode-box"):
                yield Label("Default dice  [dim](m)[/]")
                with RadioSet(id="dice-mode-set"):
                    yield ChoiceRadio("the app rolls", value=settings.dice_mode is DiceMode.APP, id="mode-app")
                    yield ChoiceRadio("I roll physical dice", value=settings.dice_mode is DiceMode.PHYSICAL, id="mode-physical")
            yield Static(id="settings-file", classes="panel")
        with Vertical(id="house-box", classes="panel"):
            with Horizontal(id="house-controls"):
                yield RulesetSelect(self.ruleset_id, id="house-ruleset")
                yield Static(id="house-file")
            yield Static(id="house-status")
            yield DataTable(id="house-table", cursor_type="row", zebra_stripes=True)
            yield Static(id="house-text", classes="muted")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#house-box").border_title = "House rules: the settings the rulebooks leave open"
        self.query_one("#settings-file").border_title = "Files"
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)
        self._show_files()
        self.load_house_rules()

    def _show_files(self) -> None:
        store = self.app.services.settings
        dirs = self.app.services.dirs
        text = Text.assemble(("settings ", "bold"), self.app.services.show_path(store.path), "\n", ("fleets   ", "bold"), self.app.services.show_path(dirs.fleets))
        if store.problem:
            text.append(f"\n✗ {store.problem.splitlines()[0]}", style=self.app.theme_variables.get("error", ""))
        self.query_one("#settings-file", Static).update(text)

    # -- theme and dice mode -------------------------------------------------------------------------

    def _theme_options(self) -> list[tuple[str, str]]:
        """Every installed Textual theme; the app's own two first, by their short names."""
        ours = [(str(setting), name) for setting, name in THEMES.items()]
        others = sorted(name for name in self.app.available_themes if name not in THEMES.values())
        return ours + [(name, name) for name in others]

    @on(Select.Changed, "#theme")
    def theme_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, str):
            self.app.set_theme_setting(theme_setting(event.value))
            self._show_files()

    def _theme_changed(self, theme: object) -> None:
        """The theme changed elsewhere (the palette's picker): the choice here follows it."""
        select = self.query_one("#theme", Select)
        name = getattr(theme, "name", None)
        if isinstance(name, str) and select.value != name:
            with select.prevent(Select.Changed):
                select.value = name

    @on(RadioSet.Changed, "#dice-mode-set")
    def mode_chosen(self, event: RadioSet.Changed) -> None:
        mode = DiceMode.PHYSICAL if event.pressed.id == "mode-physical" else DiceMode.APP
        if self.app.services.settings.settings.dice_mode is not mode:
            self.app.save_settings(dice_mode=mode)

    def action_toggle_theme(self) -> None:
        """Dark to light and back; from any other theme, to the app's dark or light opposite."""
        light = self.app.current_theme.dark
        self.query_one("#theme", Select).value = THEMES[Theme.LIGHT if light else Theme.DARK]

    def action_toggle_dice_mode(self) -> None:
        physical = self.app.services.settings.settings.dice_mode is DiceMode.APP
        self.query_one("#mode-physical" if physical else "#mode-app", RadioButton).value = True

    # -- house rules ---------------------------------------------------------------------------------

    @on(Select.Changed, "#house-ruleset")
    def ruleset_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.ruleset_id:
            self.ruleset_id = event.value
            self.load_house_rules()

    def load_house_rules(self) -> None:
        from ...store.catalog import book_ruleset

        table = self.query_one("#house-table", DataTable)
        table.clear()
        if not table.columns:
            table.add_columns("key", "book", "now", "options", "status")
        path = self.app.services.dirs.house_rule_file(self.ruleset_id)
        self.query_one("#house-file", Static).update(
            Text.assemble(("file ", "bold"), self.app.services.show_path(path), ("" if path.exists() else "  (none yet: book values)", "dim"))
        )
        status = self.query_one("#house-status", Static)
        try:
            book = book_ruleset(self.ruleset_id)
            loaded = self.app.services.ruleset(self.ruleset_id)
        except Exception as exc:  # broken shipped data
            status.update(Text(f"✗ {exc}", style=self._colour("error")))
            self.keys = []
            return
        if loaded.house_rule_error:
            status.update(Text(f"✗ house rules not applied: {loaded.house_rule_error}", style=self._colour("error")))
        elif loaded.ruleset.house_rules:
            status.update(Text(f"ᴴ in force: {', '.join(sorted(loaded.ruleset.house_rules))}", style=self._colour("warning")))
        else:
            status.update(Text("book values in force", style="dim"))
        self.keys = list(book.settings)
        for key, setting in book.settings.items():
            now = loaded.ruleset.settings[key].value
            changed = loaded.ruleset.is_house_rule("settings", key)
            now_text = Text(_show(now) + (" ᴴ" if changed else ""), style=f"bold {self._colour('warning')}" if changed else "")
            options = " / ".join(_show(o) for o in setting.options) if setting.options else self._bounds(setting)
            table.add_row(key, _show(setting.value), now_text, options, setting.status.value, key=key)
        self._show_text()

    @staticmethod
    def _bounds(setting: Any) -> str:
        if isinstance(setting.value, bool):
            return "true / false"
        lo, hi = setting.minimum, setting.maximum
        if lo is None and hi is None:
            return "any"
        return f"{'' if lo is None else f'{lo:g}'} … {'' if hi is None else f'{hi:g}'}"

    def _colour(self, name: str) -> str:
        return self.app.theme_variables.get(name, "")

    @on(DataTable.RowHighlighted, "#house-table")
    def _show_text(self) -> None:
        key = self._current_key()
        text = ""
        if key is not None:
            setting = self.app.services.ruleset(self.ruleset_id).ruleset.settings[key]
            text = f"{key}: {setting.text}  ({setting.source})"
        self.query_one("#house-text", Static).update(text)

    def _current_key(self) -> str | None:
        table = self.query_one("#house-table", DataTable)
        if not self.keys or table.row_count == 0:
            return None
        return self.keys[min(table.cursor_row, len(self.keys) - 1)]

    @on(DataTable.RowSelected, "#house-table")
    def row_chosen(self) -> None:
        self.action_change_setting()

    def action_change_setting(self) -> None:
        from ...store.catalog import book_ruleset
        from ..modals.choose_value import ChooseValueModal

        key = self._current_key()
        if key is None:
            return
        setting = book_ruleset(self.ruleset_id).settings[key]
        current = self.app.services.ruleset(self.ruleset_id).ruleset.settings[key].value

        def chosen(value: Any) -> None:
            if value is not None:
                self._write(key, None if value == setting.value else value)

        self.app.push_screen(ChooseValueModal(key, setting, current, setting.value), chosen)

    def action_reset_setting(self) -> None:
        key = self._current_key()
        if key is not None:
            self._write(key, None)

    def _write(self, key: str, value: Any) -> None:
        """Write one key to the house-rule file (None removes it: the book value applies)."""
        path = self.app.services.dirs.house_rule_file(self.ruleset_id)
        try:
            set_house_setting(path, key, value)
        except (FileProblem, OSError) as exc:
            self.notify(f"House rules not saved: {exc}", severity="error", timeout=10)
            return
        self.app.services.forget_ruleset(self.ruleset_id)
        row = self.query_one("#house-table", DataTable).cursor_row
        self.load_house_rules()
        self.query_one("#house-table", DataTable).move_cursor(row=row)
        loaded = self.app.services.ruleset(self.ruleset_id)
        if loaded.house_rule_error:  # the app has told the problem itself (once); the line above shows it
            self.notify(f"{self.ruleset_id}: {key} saved, but the file still cannot be applied (see above)",
                        title="House rules not applied", severity="warning", timeout=10)
        else:
            shown = "the book value" if value is None else _show(value)
            self.notify(f"{self.ruleset_id}: {key} = {shown}", title="House rules saved")

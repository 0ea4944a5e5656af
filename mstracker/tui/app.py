"""The Textual app: holds the services, opens screens, applies the theme, feeds the command palette.

Thin on purpose: each screen lives in its own module under screens/ and is imported when first opened.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from importlib import import_module

from textual.app import SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from ..store.settings import Theme
from .lifeline import LifelineApp
from .services import Services

THEMES = {Theme.DARK: "textual-dark", Theme.LIGHT: "textual-light"}
"""The app's two themes, as Textual names them; any other Textual theme goes by its own name."""


def textual_theme(setting: str) -> str:
    """The Textual theme name for a `Settings.theme` value."""
    return THEMES.get(setting, setting)  # type: ignore[call-overload]


def theme_setting(textual_name: str) -> str:
    """The `Settings.theme` value for a Textual theme name (dark and light keep their short names)."""
    return next((ours for ours, name in THEMES.items() if name == textual_name), textual_name)

# name -> (module under mstracker.tui.screens, class, palette title, palette help)
SCREENS: dict[str, tuple[str, str, str, str]] = {
    "dice": ("dice", "DiceScreen", "Dice roller", "Roll with exact odds, app-rolled or physical dice"),
    "rules": ("rules", "RulesScreen", "Rules reference", "Every ruleset's stats, tables, phases and settings"),
    "fleets": ("fleet_builder", "FleetBuilderScreen", "Fleet builder", "Build, check, save and share rosters"),
    "settings": ("settings", "SettingsScreen", "Settings", "Theme, dice mode, house rules"),
}


class MstrackerApp(LifelineApp[int]):
    """mstracker's terminal app. Build it with mstracker.app_factory.build_app."""

    CSS_PATH = "app.tcss"
    TITLE = "mstracker"
    SUB_TITLE = "tableside companion"
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", priority=True, show=False),
        Binding("f1", "help", "Help", show=False, priority=True),  # screens that fit their footer show it
        Binding("question_mark", "help", "Help", show=False),  # text fields take ? as a character
    ]

    def __init__(self, services: Services) -> None:
        super().__init__()
        self.services = services
        services.tell_house_rule_problem = self._house_rules_not_applied
        self._closers: dict[int, Callable[[], None]] = {}
        self._theme_not_saved: str | None = None  # a start-up fallback, not the user's choice

    def notify(self, message: str, *, markup: bool = False, **kwargs: object) -> None:  # type: ignore[override]
        """Notifications carry names and values users typed: always shown as text, never parsed as
        markup (screens pass markup=True through Widget.notify; no message here uses markup)."""
        super().notify(message, markup=False, **kwargs)  # type: ignore[arg-type]

    def _house_rules_not_applied(self, problem: str) -> None:
        self.notify(f"{problem}\nThe book values are in force until the file is fixed.",
                    title="House rules not applied", severity="error", timeout=15)

    def close_on_exit(self, key: int, closer: Callable[[], None] | None) -> None:
        """Run `closer` when the app exits (an open game releases its lock); None forgets it."""
        if closer is None:
            self._closers.pop(key, None)
        else:
            self._closers[key] = closer

    def on_unmount(self) -> None:
        for closer in list(self._closers.values()):
            closer()
        self._closers.clear()

    def get_default_screen(self) -> Screen:
        from .screens.home import HomeScreen

        return HomeScreen()

    def on_mount(self) -> None:
        self.apply_saved_theme()
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        problem = self.services.settings.problem
        if problem:
            self.notify(
                f"{problem}\nUsing default settings; your file is kept aside if you save new ones.",
                title="Settings file not read",
                severity="error",
                timeout=15,
            )

    # -- navigation --------------------------------------------------------------------------------

    def open_screen(self, name: str) -> None:
        """Show one of the main screens: back to it when it is already open, else on top of the current one.

        Look-ups opened from a battle (rules, dice) return to it with escape; nothing is closed on the way
        unless it is above the screen asked for (a screen with unsaved changes asks first).
        """
        module, cls, _, _ = SCREENS[name]
        screen_cls = getattr(import_module(f"mstracker.tui.screens.{module}"), cls)
        if isinstance(self.screen, screen_cls):
            return
        below = next((s for s in reversed(self.screen_stack) if isinstance(s, screen_cls)), None)
        if below is None:
            self.push_screen(screen_cls())
            return
        self.leave_to(below)

    def leave_to(self, target: Screen) -> None:
        """Pop screens until `target` is on top, asking any that would lose unsaved work first."""
        if self.screen is target or target not in self.screen_stack:
            return
        guard = getattr(self.screen, "confirm_leave", None)
        if guard is None:
            self.pop_screen()
            self.leave_to(target)
            return

        def answered(yes: bool | None = True) -> None:
            if yes:
                self.pop_screen()
                self.leave_to(target)

        guard(answered)

    def action_open(self, name: str) -> None:
        self.open_screen(name)

    def action_home(self) -> None:
        self.leave_to(self.screen_stack[0])

    def action_back(self) -> None:
        """Back to the screen underneath (home at the bottom stays)."""
        if len(self.screen_stack) > 1:
            self.leave_to(self.screen_stack[-2])

    async def action_quit(self) -> None:
        """ctrl+q: a screen with unsaved work asks first."""
        guards = [g for s in reversed(self.screen_stack) if (g := getattr(s, "confirm_leave", None)) is not None]
        if not guards:
            self.exit()
            return
        guards[0](lambda yes=True: yes and self.exit())

    def action_help(self) -> None:
        """F1 / ?: the keys of the screen in front (F1 again closes them)."""
        from .modals.help import HelpModal

        if isinstance(self.screen, HelpModal):
            self.screen.dismiss(None)
        else:
            self.push_screen(HelpModal(self.screen))

    def apply_saved_theme(self) -> None:
        """The theme in settings.toml; one this Textual lacks is reported, and the file keeps its name."""
        saved = self.services.settings.settings.theme
        name = textual_theme(saved)
        if name not in self.available_themes:
            name = self._theme_not_saved = THEMES[Theme.DARK]
            self.notify(f"{self.services.settings.path}: theme: {saved!r} is not an installed theme; using dark "
                        "(ctrl+p, Theme lists them)", title="Settings", severity="warning", timeout=15)
        self.theme = name

    def _theme_changed(self, theme: object) -> None:
        """Any change of theme (Textual's own picker in the palette included) is remembered."""
        name = getattr(theme, "name", str(theme))
        if name == self._theme_not_saved:
            self._theme_not_saved = None
            return
        self._theme_not_saved = None
        chosen = theme_setting(name)
        if self.services.settings.settings.theme != chosen:
            self.save_settings(theme=chosen)

    def set_theme_setting(self, theme: str) -> None:
        """Apply a theme (a Settings.theme value) now and remember it."""
        self.theme = textual_theme(theme)
        self._theme_not_saved = None
        if self.services.settings.settings.theme != theme:
            self.save_settings(theme=theme)

    def save_settings(self, **changes: object) -> bool:
        """Save changed settings, telling the user about problems. True when saved."""
        try:
            kept = self.services.settings.update(**changes)
        except OSError as exc:
            self.notify(f"Settings not saved: {exc}", severity="error")
            return False
        if kept is not None:
            self.notify(f"Your unreadable settings file was kept as {kept}", severity="warning", timeout=10)
        return True

    # -- command palette ---------------------------------------------------------------------------

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)  # Textual's "Theme" picker: _theme_changed saves the choice
        yield SystemCommand("Home", "Back to the home screen", self.action_home)
        yield SystemCommand("Help: keys of this screen", "Every key of the screen in front, grouped (F1 or ?)", self.action_help)
        for name, (_, _, title, help_text) in SCREENS.items():
            yield SystemCommand(title, help_text, partial(self.open_screen, name))
        for theme in Theme:
            yield SystemCommand(f"Theme: {theme.value}", f"Use the {theme.value} theme", partial(self.set_theme_setting, theme))
        yield from screen_binding_commands(screen)


def screen_binding_commands(screen: Screen) -> Iterable[SystemCommand]:
    """Every described binding of the screen, as a palette command (so each key has a palette twin)."""
    extra = getattr(screen, "palette_commands", None)
    if extra is not None:
        yield from extra()
    title = screen.TITLE or type(screen).__name__
    for binding in screen.BINDINGS:
        if not isinstance(binding, Binding) or not binding.description or binding.system:
            continue
        key = binding.key.split(",")[0]
        yield SystemCommand(
            f"{title}: {binding.description}",
            binding.tooltip or f"Key: {key}",
            partial(screen.run_action, binding.action),
        )

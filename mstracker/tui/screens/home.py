"""Home: every place the app can take you, one key each."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from ..games import count_games, open_game_entry
from .fitted import FittedScreen

# (option id, key, label, what it does)
MENU: tuple[tuple[str, str, str, str], ...] = (
    ("resume", "c", "Continue last game", "pick up where you stopped"),
    ("saved", "g", "Saved games", "every game on this laptop"),
    ("new", "n", "New game", "ruleset, fleets and house rules"),
    ("demo", "b", "Demo battle", "a battle from the sample fleets, at once"),
    ("fleets", "f", "Fleet builder", "rosters with budget, slots and checks"),
    ("dice", "d", "Dice roller", "exact odds, app rolls or your own dice"),
    ("rules", "r", "Rules reference", "stats, tables, phases, settings"),
    ("settings", "s", "Settings", "theme, dice mode, house rules"),
    ("quit", "q", "Quit", ""),
)


class HomeScreen(FittedScreen):
    TITLE = "Home"
    AUTO_FOCUS = "#menu"
    BINDINGS = [
        Binding("c", "go('resume')", "Continue"),
        Binding("g", "go('saved')", "Games"),
        Binding("n", "go('new')", "New game"),
        Binding("b", "go('demo')", "Demo"),
        Binding("f", "go('fleets')", "Fleets"),
        Binding("d", "go('dice')", "Dice"),
        Binding("r", "go('rules')", "Rules"),
        Binding("s", "go('settings')", "Settings"),
        Binding("q", "go('quit')", "Quit"),
    ]
    FOOTER_GIVE_WAY = ("go('rules')", "go('dice')", "go('demo')", "go('saved')")
    """The menu lists every entry; at 80 columns the footer keeps s Settings and q Quit."""

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="home-body"):
            with Vertical(id="home-menu-box"):
                yield Static(
                    Content.from_markup("[b $accent]mstracker[/]  [dim]tableside companion for micro-scale Lego space wargames[/]"),
                    id="home-title",
                )
                yield OptionList(*(self._option(*item) for item in MENU), id="menu")
            yield Static(id="home-status")
        yield Footer()

    @staticmethod
    def _option(option_id: str, key: str, label: str, what: str) -> Option:
        prompt = Content.from_markup(
            "[b $accent]$key[/]  $label  [dim]$what[/]", key=key, label=f"{label:<20}", what=what
        )
        return Option(prompt, id=option_id)

    games: int | None = None
    """Saved games, counted by a light query (the game core is not imported at start-up)."""

    ruleset_named: bool = False
    """The ruleset line is filled in just after the first frame: naming it reads the installed
    rulesets' metadata (importlib.metadata and each package's entry), the dearest part of the panel."""

    def on_mount(self) -> None:
        self.count_games()
        self.call_after_refresh(self.name_ruleset)

    def name_ruleset(self) -> None:
        self.ruleset_named = True
        self.refresh_status()

    def on_screen_resume(self) -> None:
        if self.ruleset_named:  # back from a game: one more, or one fewer (the first resume comes with the mount)
            self.count_games()

    def count_games(self) -> None:
        """First run (no games yet): the status says the demo battle is one key away (b)."""
        self.games = count_games(self.app)  # type: ignore[arg-type]
        self.refresh_status()

    def refresh_status(self) -> None:
        services = self.app.services
        fleets = services.dirs.fleets
        count = len(list(fleets.glob("*.toml"))) if fleets.is_dir() else 0
        if self.games is None:
            games = "…"
        elif self.games == 0:
            games = "none yet: press [b $accent]b[/] for a demo battle"
        else:
            games = f"{self.games} (press [b $accent]c[/] to continue the last one)"
        text = Content.from_markup(
            "[b]At a glance[/]\n\n"
            "Ruleset      $ruleset\n"
            "Saved fleets $fleets\n"
            "Games        " + games + "\n"
            "Dice mode    $mode\n"
            "Theme        $theme\n\n"
            "[dim]Keys are in the footer; F1 lists them all; ctrl+p finds every action by name.[/]",
            ruleset=services.current_ruleset_id if self.ruleset_named else "…",
            fleets=str(count),
            mode="app rolls" if services.settings.settings.dice_mode == "app" else "I roll physical dice",
            theme=str(services.settings.settings.theme),
        )
        self.query_one("#home-status", Static).update(text)

    @on(OptionList.OptionSelected, "#menu")
    def open_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.action_go(event.option.id)

    def action_go(self, target: str) -> None:
        if target == "quit":
            self.app.exit(0)
        elif target in ("resume", "saved", "new", "demo"):
            open_game_entry(self.app, target)
        else:
            self.app.open_screen(target)

"""New game: ruleset, name, one fleet per player (saved or sample, legality shown), every game
setting (the house default in force, changeable among its options) → create → the battle screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, DataTable, Footer, Header, Input, Label, Select, Static

from ...fleet import FleetReport, Roster, validate_roster
from ...rules import RulesetBase
from ...rules.registry import package
from ...store.fleets import load_roster, sample_fleets, saved_fleets
from ...store.tomlfile import FileProblem
from ..widgets.player_row import PlayerRow, legality
from ..widgets.ruleset_select import RulesetSelect
from .fitted import FittedScreen

#: The longest "(of a, b, c)" the settings table shows in the value column.
MAX_OPTIONS_SHOWN = 24


class NewGameScreen(FittedScreen):
    TITLE = "New game"
    AUTO_FOCUS = "#new-ruleset"
    BINDINGS = [
        Binding("ctrl+s", "create", "Create and play"),
        Binding("ctrl+a", "add_player", "Add player"),
        Binding("ctrl+x", "remove_player", "Remove player"),
        Binding("escape", "back", "Back"),
        Binding("ctrl+r", "reread_house_rules", "Read the house rules again", show=False),
    ]
    FOOTER_GIVE_WAY = ("back", "remove_player")

    def __init__(self, ruleset_id: str | None = None) -> None:
        super().__init__()
        self.ruleset_id = ruleset_id or self.app.services.current_ruleset_id
        self.ruleset: RulesetBase | None = None
        self.house_problem: str | None = None
        """Why the ruleset's house-rule file is not applied (the book values are shown), if it is not."""
        self.fleets: dict[str, tuple[Roster | None, FleetReport | None, str]] = {}
        self.chosen: dict[str, Any] = {}
        self.players = 2
        self.name_edited = False
        self._auto_name = ""

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="new-body"):
            with Horizontal(id="new-top"):
                yield RulesetSelect(self.ruleset_id, id="new-ruleset")
                yield Input(placeholder="game name", id="new-name", max_length=80)
            yield Static(id="new-house-problem", classes="error-text")
            yield Label("Fleets", classes="section-title")
            yield Vertical(id="player-rows")
            with Horizontal(id="player-buttons"):
                yield Button("+ player (ctrl+a)", id="add-player", compact=True)
                yield Button("− player (ctrl+x)", id="remove-player", compact=True)
                yield Static(id="players-note", classes="muted")
            yield Label("Game settings  (enter: change for this game · the value in force is the house default)", classes="section-title")
            yield DataTable(id="new-settings", cursor_type="row", classes="panel")
            yield Static(id="new-setting-detail")
            with Horizontal(id="new-actions"):
                yield Button("Create and play (ctrl+s)", id="create", variant="primary", compact=True)
                yield Static(id="new-problem", classes="error-text")
        yield Footer()

    async def on_mount(self) -> None:
        for button in self.query(Button):
            button.can_focus = False  # clicks or their keys only: tab never stops on them, so enter adds nothing by accident
        table = self.query_one("#new-settings", DataTable)
        table.add_columns("setting", "value", "status", "what it decides")
        await self.load_ruleset(self.ruleset_id)

    async def load_ruleset(self, ruleset_id: str, keep_choices: bool = False) -> None:
        """Show a ruleset: its fleets and settings; `keep_choices` keeps the players' fleets and the
        settings changed for this game (the same ruleset, read again)."""
        picks = self.chosen_fleets() if keep_choices else None
        names = [self.query_one(f"#player-name-{i}", Input).value for i in range(self.players)] if keep_choices else []
        loaded = self.app.services.ruleset(ruleset_id)
        self.ruleset_id = ruleset_id
        self.ruleset = loaded.ruleset
        self.house_problem = loaded.house_rule_error
        self.show_house_problem()
        self.chosen = self._still_allowed(self.chosen) if keep_choices else {}
        self.fleets = {}
        for path, where in [(p, "saved") for p in saved_fleets(self.app.services.dirs, ruleset_id)] + [
            (p, "sample") for p in sample_fleets(ruleset_id)
        ]:
            self.fleets[str(path)] = self._read(path, where)
        if not keep_choices:
            self.players = 2
        await self.fill_players(picks)
        for i, name in enumerate(names):
            self.query_one(f"#player-name-{i}", Input).value = name
        self.fill_settings()

    # ---- house rules ---------------------------------------------------------------------------
    def show_house_problem(self) -> None:
        """A broken house-rule file said above the fleets: the values below are the book's."""
        line = self.query_one("#new-house-problem", Static)
        line.display = self.house_problem is not None
        if self.house_problem is not None:
            line.update(Content.assemble(
                ("✗ house rules not applied: ", "bold"), self.house_problem.splitlines()[0],
                "\n  The values below are the book's. Fix the file, then press ctrl+r to read it again.",
            ))

    async def reread_house_rules(self) -> bool:
        """Read the house-rule file again; True (after showing the new values) when what is in force changed."""
        services = self.app.services
        shown = self.ruleset
        services.forget_ruleset(self.ruleset_id)
        loaded = services.ruleset(self.ruleset_id)
        if loaded.house_rule_error == self.house_problem and loaded.ruleset == shown:
            self.ruleset = loaded.ruleset
            return False
        await self.load_ruleset(self.ruleset_id, keep_choices=True)
        return True

    async def action_reread_house_rules(self) -> None:
        changed = await self.reread_house_rules()
        state = "house rules in force" if self.ruleset and self.ruleset.house_rules else "book values in force"
        if self.house_problem is not None:
            state = "still not applied"
        self.notify(f"{self.ruleset_id}: {state}" + ("" if changed else " (unchanged)"), title="House rules read again")

    async def on_screen_resume(self) -> None:
        """Back from the settings screen (or an editor in another window): the file may be fixed."""
        if self.ruleset is not None and await self.reread_house_rules():
            self.notify(f"{self.ruleset_id}: the house-rule file changed; the fleets and settings now show it.",
                        title="House rules read again")

    def _still_allowed(self, chosen: dict[str, Any]) -> dict[str, Any]:
        """The settings changed for this game that the rules now in force still allow."""
        from ...rules.base import check_setting_value

        kept = {}
        settings = self.ruleset.settings if self.ruleset is not None else {}
        for key, value in chosen.items():
            if key not in settings:
                continue
            try:
                check_setting_value(settings[key], value)
            except ValueError:
                continue
            kept[key] = value
        return kept

    def _read(self, path: Path, where: str) -> tuple[Roster | None, FleetReport | None, str]:
        try:
            roster = load_roster(path)
        except FileProblem as exc:
            return None, None, f"{path.name} · {where} · ✗ {exc}"
        try:
            report: FleetReport | None = validate_roster(roster, self.ruleset) if self.ruleset else None
        except Exception:  # noqa: BLE001 - a checker problem must not hide the fleet; shown as unchecked
            report = None
        mark = "✓" if report is not None and report.legal else "⚑" if roster.permissive else "✗" if report else "?"
        return roster, report, f"{mark} {roster.name} · {where} · {len(roster.ships)} ships"

    def fleet_options(self) -> list[tuple[str, str]]:
        return [(label, key) for key, (roster, _, label) in self.fleets.items() if roster is not None]

    def default_fleets(self) -> list[str]:
        """The fleets players start with: the ruleset's demo pair, else the last two samples; then the rest."""
        keys = [v for _, v in self.fleet_options()]
        samples = [k for k in keys if " · sample · " in self.fleets[k][2]]
        demo = package(self.ruleset_id).demo
        by_name = {Path(k).name: k for k in samples}
        picks = [by_name[name] for name in (demo.fleets if demo else ()) if name in by_name]
        if len(picks) < 2:
            picks = samples[-2:]
        return picks + [k for k in samples + keys if k not in picks]

    async def fill_players(self, picks: list[str | None] | None = None) -> None:
        """Rows for a new ruleset: every player starts from the default fleets (or from `picks`)."""
        rows = self.query_one("#player-rows")
        await rows.remove_children()
        options = self.fleet_options()
        defaults = picks if picks is not None else self.default_fleets()
        await rows.mount_all(PlayerRow(i, options, defaults[i] if i < len(defaults) else None) for i in range(self.players))
        self.show_players()

    def show_players(self) -> None:
        most = self.ruleset.meta.max_players if self.ruleset is not None else 2
        self.query_one("#players-note", Static).update(
            f"{self.players} players · this ruleset allows up to {most}" if most > 2 else "two players in this ruleset"
        )
        self.show_fleets()

    def chosen_fleets(self) -> list[str | None]:
        return [self.query_one(f"#fleet-{i}", Select).selection for i in range(self.players)]

    def show_fleets(self) -> None:
        for i in range(self.players):
            try:
                select = self.query_one(f"#fleet-{i}", Select)
                legal = self.query_one(f"#legal-{i}", Static)
            except Exception:  # noqa: BLE001 - rows being rebuilt
                return
            key = select.selection
            if key is None or key not in self.fleets:
                legal.update(Content.styled("choose a fleet", "$text-muted"))
                continue
            roster, report, _ = self.fleets[key]
            if roster is not None:
                legal.update(legality(roster, report))
        self.update_name()

    def update_name(self) -> None:
        names = []
        for i in range(self.players):
            key = self.query_one(f"#fleet-{i}", Select).selection
            roster = self.fleets.get(key or "", (None, None, ""))[0]
            names.append(roster.name if roster else "?")
        self._auto_name = " vs ".join(names)[:80].strip()  # as long as the name field takes
        field = self.query_one("#new-name", Input)
        if not self.name_edited:
            with field.prevent(Input.Changed):
                field.value = self._auto_name

    @on(Select.Changed, "#new-ruleset")
    async def ruleset_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.ruleset_id:
            await self.load_ruleset(event.value)

    @on(Select.Changed)
    def fleet_changed(self, event: Select.Changed) -> None:
        if (event.select.id or "").startswith("fleet-"):
            self.show_fleets()

    @on(Input.Changed, "#new-name")
    def name_changed(self, event: Input.Changed) -> None:
        self.name_edited = bool(event.value.strip()) and event.value != self._auto_name

    @on(Button.Pressed, "#add-player")
    async def action_add_player(self) -> None:
        """One more row; the fleets already chosen stay as they are."""
        most = self.ruleset.meta.max_players
        if self.players >= most:
            self.notify(f"{self.ruleset_id} is played by {'two players' if most == 2 else f'up to {most} players'}.", severity="warning")
            return
        taken = set(self.chosen_fleets())
        start = next((k for k in self.default_fleets() if k not in taken), None)
        await self.query_one("#player-rows").mount(PlayerRow(self.players, self.fleet_options(), start))
        self.players += 1
        self.show_players()

    @on(Button.Pressed, "#remove-player")
    async def action_remove_player(self) -> None:
        """The last row goes; the others stay as they are."""
        if self.players <= 2:
            self.notify("A game needs two players at least.", severity="warning")
            return
        self.players -= 1
        await self.query_one(f"#player-row-{self.players}").remove()
        self.show_players()

    # ---- settings ------------------------------------------------------------------------------
    def fill_settings(self) -> None:
        table = self.query_one("#new-settings", DataTable)
        table.clear()
        assert self.ruleset is not None
        for key, setting in self.ruleset.settings.items():
            value = self.chosen.get(key, setting.value)
            mark = "changed for this game" if key in self.chosen else ("house rule" if f"settings.{key}" in self.ruleset.house_rules else setting.status.value)
            options = f" (of {', '.join(_show(o) for o in setting.options)})" if setting.options else ""
            if len(options) > MAX_OPTIONS_SHOWN:  # a long list would push status and meaning off the table
                options = f" (of {len(setting.options)}: enter)"
            table.add_row(key, _show(value) + options, mark, setting.text, key=key)

    @on(DataTable.RowHighlighted, "#new-settings")
    def show_setting(self, event: DataTable.RowHighlighted) -> None:
        """The highlighted setting's whole text under the table (the column is cut at the table's width)."""
        setting = self.ruleset.settings.get(str(event.row_key.value)) if self.ruleset is not None else None
        text: Content | str = ""
        if setting is not None:
            choices = f" (choices: {', '.join(_show(o) for o in setting.options)})" if setting.options else ""
            text = Content.assemble((str(event.row_key.value), "bold"), f": {setting.text}{choices}")
        self.query_one("#new-setting-detail", Static).update(text)

    @on(DataTable.RowSelected, "#new-settings")
    def change_setting(self, event: DataTable.RowSelected) -> None:
        from ..modals.choose_value import ChooseValueModal

        assert self.ruleset is not None
        key = str(event.row_key.value)
        setting = self.ruleset.settings[key]
        row = event.cursor_row

        def chosen(value: Any) -> None:
            if value is None:
                return
            if value == setting.value:
                self.chosen.pop(key, None)
            else:
                self.chosen[key] = value
            self.fill_settings()
            self.query_one("#new-settings", DataTable).move_cursor(row=row)

        self.app.push_screen(ChooseValueModal(key, setting, self.chosen.get(key, setting.value), setting.value), chosen)

    # ---- create --------------------------------------------------------------------------------
    def rosters(self) -> list[Roster] | None:
        out = []
        for i in range(self.players):
            key = self.query_one(f"#fleet-{i}", Select).selection
            roster = self.fleets.get(key or "", (None, None, ""))[0]
            if roster is None:
                self.query_one("#new-problem", Static).update(f"✗ choose a fleet for player {i + 1}")
                return None
            name = self.query_one(f"#player-name-{i}", Input).value.strip()
            out.append(roster.model_copy(update={"player": name}) if name else roster)
        return out

    @on(Button.Pressed, "#create")
    async def action_create(self) -> None:
        from ..modals.confirm import ConfirmModal

        rosters = self.rosters()
        if rosters is None:
            return
        if await self.reread_house_rules():  # what would be created is what the player has seen
            self.notify("The house-rule file changed: check the fleets and settings, then create again.",
                        title="House rules read again", severity="warning", timeout=10)
            return
        if self.house_problem is not None:
            self.app.push_screen(
                ConfirmModal(
                    "Create this game with the book values?",
                    f"House rules not applied: {self.house_problem}\n\nA game keeps the rules it was created with: "
                    "your house rules would not apply to it, even after the file is fixed. "
                    "Back: fix the file, then press ctrl+r to read it again.",
                    yes="Use the book values",
                    no="Back",
                ),
                lambda yes: yes and self.confirm_fleets(rosters),
            )
            return
        self.confirm_fleets(rosters)

    def confirm_fleets(self, rosters: list[Roster]) -> None:
        """Ask before playing a fleet that breaks the rules; then create."""
        from ..modals.confirm import ConfirmModal

        breaking = [
            r.name
            for i, r in enumerate(rosters)
            if not r.permissive and (report := self.fleets[self.query_one(f"#fleet-{i}", Select).selection or ""][1]) is not None and not report.legal
        ]
        if breaking:
            self.app.push_screen(
                ConfirmModal(
                    "Play with a fleet that breaks the rules?",
                    f"{', '.join(breaking)}: both players agree to play it as it is (a non-standard game).",
                    yes="Play it",
                    no="Back",
                ),
                lambda yes: yes and self.create(rosters, allow_illegal=True),
            )
            return
        self.create(rosters)

    def create(self, rosters: list[Roster], allow_illegal: bool = False) -> None:
        from ..games import create_game, open_game

        name = self.query_one("#new-name", Input).value.strip() or self._auto_name or "Game"
        game_id = create_game(self.app, name, self.ruleset_id, rosters, dict(self.chosen), allow_illegal)  # type: ignore[arg-type]
        if game_id is not None:
            if self.ruleset_id != self.app.services.settings.settings.last_ruleset:
                self.app.save_settings(last_ruleset=self.ruleset_id)  # type: ignore[attr-defined]
            open_game(self.app, game_id)  # type: ignore[arg-type]

    def action_back(self) -> None:
        self.app.pop_screen()


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)

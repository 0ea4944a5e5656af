"""The fleet builder's dialogs: save, open, delete, import, export, names, caps, and unsaved changes.

Kept apart from the screen so the screen file stays about the roster; every dialog ends by calling
back into the screen (`set_roster`, `open_roster`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..fleet import Roster
from ..store.fleets import load_roster, save_roster, slug
from ..store.tomlfile import FileProblem
from . import roster_edit as edit
from .modals.confirm import ConfirmModal
from .modals.text_prompt import Field, TextPromptModal, not_blank

if TYPE_CHECKING:
    from .screens.fleet_builder import FleetBuilderScreen


def _whole_number(low: int | None = None, high: int | None = None) -> Callable[[str], str | None]:
    def check(text: str) -> str | None:
        if not text:
            return None
        if not text.isdecimal():
            return "a whole number, please"
        if low is not None and int(text) < low:
            return f"at least {low}"
        if high is not None and int(text) > high:
            return f"at most {high}"
        return None

    return check


class FleetFiles:
    def __init__(self, screen: FleetBuilderScreen) -> None:
        self.screen = screen
        self.path: Path | None = None
        self._saved: Roster | None = None
        self.written: Roster | None = None
        """The roster this screen last wrote to a file: while it is shown unchanged, escape leaves at once."""

    @property
    def app(self) -> Any:
        return self.screen.app

    # -- unsaved changes ---------------------------------------------------------------------------

    def mark_saved(self, roster: Roster) -> None:
        self._saved = roster
        self.path = None

    def is_saved(self, roster: Roster) -> bool:
        return roster == self._saved

    def confirm_discard(self, then: Callable[..., Any]) -> None:
        """Run `then(True)` at once when nothing is unsaved, else after the player agrees."""
        roster = self.screen.roster
        if roster is None or self.is_saved(roster):
            then(True)
            return
        self.app.push_screen(
            ConfirmModal("Discard the unsaved changes to this fleet?", roster.name, yes="Discard", no="Keep editing"), then
        )

    # -- save --------------------------------------------------------------------------------------

    def save(self) -> None:
        roster = self.screen.roster
        if roster is None:
            return
        fields = [
            Field("Fleet name", roster.name, check=not_blank, max_length=80),
            Field("Player", roster.player, placeholder="optional", max_length=80),
        ]

        def named(values: list[str] | None) -> None:
            if values is None:
                return
            updated = roster.model_copy(update={"name": values[0], "player": values[1]})
            self.screen.set_roster(updated, change="fleet name")
            path = self.app.services.dirs.fleets / f"{slug(values[0])}.toml"
            self._check_legal_then_write(updated, path)

        self.app.push_screen(TextPromptModal("Save fleet", fields, f"Saved in {self.app.services.show_path(self.app.services.dirs.fleets)}"), named)

    def _check_legal_then_write(self, roster: Roster, path: Path) -> None:
        report = self.screen.report
        errors = len(report.errors) if report else 0

        def overwrite_ok(yes: bool | None) -> None:
            if yes:
                self._write(roster, path)

        def legal_ok(yes: bool | None) -> None:
            if not yes:
                return
            if path.exists() and path != self.path:
                self.app.push_screen(ConfirmModal(f"{path.name} exists. Replace it?", self.app.services.show_path(path), yes="Replace", no="Cancel"), overwrite_ok)
            else:
                self._write(roster, path)

        if errors and not roster.permissive:
            self.app.push_screen(
                ConfirmModal(
                    f"This fleet breaks the rules ({errors} error{'s' if errors != 1 else ''}). Save it as a draft?",
                    "A draft can be finished later. To play it as it is, both players agree and mark it "
                    "non-standard (p).",
                    yes="Save draft",
                    no="Cancel",
                ),
                legal_ok,
            )
        else:
            legal_ok(True)

    def _write(self, roster: Roster, path: Path) -> None:
        try:
            save_roster(roster, path)
        except OSError as exc:
            self.app.notify(f"Not saved: {exc}", severity="error")
            return
        self._saved, self.path, self.written = roster, path, roster
        self.screen.show_fleet_state()
        self.app.notify(f"Saved {path.name}", title="Fleet saved")

    # -- open / import / export --------------------------------------------------------------------

    def open(self) -> None:
        from .modals.open_fleet import OpenFleetModal

        def chosen(path: Path | None) -> None:
            if path is not None:
                self.confirm_discard(lambda yes=True: yes and self._load(path, keep_path=path.parent == self.app.services.dirs.fleets))

        self.app.push_screen(OpenFleetModal(self.app.services.dirs, self.screen.ruleset_id), chosen)

    def _load(self, path: Path, keep_path: bool) -> None:
        try:
            roster = load_roster(path)
        except FileProblem as exc:
            self.app.notify(str(exc), title="Fleet not opened", severity="error", timeout=10)
            return
        self.screen.open_roster(roster, path if keep_path else None)
        self.app.notify(f"Opened {path.name}", timeout=3)

    def import_file(self) -> None:
        def chosen(values: list[str] | None) -> None:
            if values:
                path = Path(values[0]).expanduser()
                self.confirm_discard(lambda yes=True: yes and self._load(path, keep_path=False))

        self.app.push_screen(TextPromptModal("Import a fleet file", [Field("Path", "", placeholder="~/fleets/my-fleet.toml", check=not_blank)]), chosen)

    def export_file(self) -> None:
        roster = self.screen.roster
        if roster is None:
            return
        default = str(Path.cwd() / f"{slug(roster.name)}.toml")

        def chosen(values: list[str] | None) -> None:
            if not values:
                return
            path = Path(values[0]).expanduser()

            def write(yes: bool | None = True) -> None:
                if not yes:
                    return
                try:
                    save_roster(roster, path)
                except OSError as exc:
                    self.app.notify(f"Not exported: {exc}", severity="error")
                    return
                self.app.notify(f"Exported to {path}", title="Fleet exported")

            if path.exists():
                self.app.push_screen(ConfirmModal(f"{path.name} exists. Replace it?", self.app.services.show_path(path), yes="Replace", no="Cancel"), write)
            else:
                write()

        self.app.push_screen(TextPromptModal("Export this fleet to a file", [Field("Path", default, check=not_blank)]), chosen)

    # -- small prompts -------------------------------------------------------------------------------

    def ask_ship_name(self, index: int) -> None:
        roster = self.screen.roster
        assert roster is not None
        ship = roster.ships[index]
        fields = [
            Field("Name", ship.name, check=not_blank, max_length=80),
            Field("Table tag (the label on the Lego model or stand)", ship.tag, placeholder="e.g. C1", max_length=80),
        ]

        def named(values: list[str] | None) -> None:
            if values and self.screen.roster is not None:
                self.screen.set_roster(edit.rename_ship(self.screen.roster, index, values[0], values[1]), select=index,
                                       change=f"rename {ship.name}")

        self.app.push_screen(TextPromptModal(f"Rename {ship.name}", fields), named)

    def ask_cap(self, budget: Any) -> None:
        low = budget.cap or 0
        high = budget.cap_max
        hint = f"from {low} to {high}" if high else "any cap both players agree on"

        def chosen(values: list[str] | None) -> None:
            if values and values[0] and self.screen.roster is not None:
                self.screen.set_roster(self.screen.roster.model_copy(update={"cap": int(values[0])}), change="agreed cap")

        default = str(low) if low else ""
        self.app.push_screen(
            TextPromptModal(f"{budget.name}: agree the cap", [Field(f"Cap ({hint})", default, check=_whole_number(low or None, high))]),
            chosen,
        )


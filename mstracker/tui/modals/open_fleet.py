"""Pick a fleet file to open: the user's saved fleets (deletable) and the shipped samples."""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from ...paths import AppDirs
from ...store.fleets import sample_fleets, saved_fleets
from ...store.tomlfile import FileProblem, read_toml


def _describe(path: Path) -> str:
    try:
        data = read_toml(path)
    except FileProblem as exc:
        return f"{path.name}  ✗ {exc}"
    name = data.get("name", path.stem)
    ships = data.get("ships", [])
    count = len(ships) if isinstance(ships, list) else 0
    return f"{name}  ·  {data.get('ruleset', '?')}  ·  {count} ships  ·  {path.name}"


class OpenFleetModal(ModalScreen[Path | None]):
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("d,delete", "delete", "Delete saved fleet"),
    ]

    def __init__(self, dirs: AppDirs, ruleset: str | None) -> None:
        super().__init__()
        self.dirs = dirs
        self.ruleset = ruleset
        self.paths: dict[str, Path] = {}

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box wide"):
            yield Label("Open a fleet")
            yield OptionList(id="fleet-files")
            yield Static("enter: open · d: delete a saved fleet · escape: cancel", classes="muted")

    def on_mount(self) -> None:
        self.fill()
        self.query_one(OptionList).focus()

    def fill(self) -> None:
        options = self.query_one(OptionList)
        options.clear_options()
        self.paths.clear()
        saved = saved_fleets(self.dirs, self.ruleset)
        samples = sample_fleets(self.ruleset)
        options.add_option(Option(f"Saved in {self.app.services.show_path(self.dirs.fleets)}", disabled=True))
        if not saved:
            options.add_option(Option("  (none yet)", disabled=True))
        for i, path in enumerate(saved):
            self.paths[f"saved-{i}"] = path
            options.add_option(Option("  " + _describe(path), id=f"saved-{i}"))
        options.add_option(Option("Samples shipped with mstracker", disabled=True))
        for i, path in enumerate(samples):
            self.paths[f"sample-{i}"] = path
            options.add_option(Option("  " + _describe(path), id=f"sample-{i}"))

    @on(OptionList.OptionSelected)
    def chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option.id in self.paths:
            self.dismiss(self.paths[event.option.id])

    def action_delete(self) -> None:
        from .confirm import ConfirmModal

        options = self.query_one(OptionList)
        if options.highlighted is None:
            return
        option_id = options.get_option_at_index(options.highlighted).id or ""
        if not option_id.startswith("saved-"):
            self.notify("Only your saved fleets can be deleted; samples ship with mstracker.", severity="warning")
            return
        path = self.paths[option_id]

        def answer(yes: bool | None) -> None:
            if yes:
                try:
                    path.unlink()
                except OSError as exc:
                    self.notify(f"Not deleted: {exc}", severity="error")
                    return
                self.notify(f"Deleted {path.name}")
                self.fill()

        self.app.push_screen(ConfirmModal(f"Delete {path.name}?", self.app.services.show_path(path), yes="Delete", no="Keep"), answer)

    def action_cancel(self) -> None:
        self.dismiss(None)

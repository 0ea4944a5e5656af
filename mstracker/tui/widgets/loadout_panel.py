"""The loadout editor: what a ship carries, and what its hull may take (with why the rest is not offered).

The offer is the ruleset package's `offered_loadout`: kind -> [(item, offered, why)]. An offered item is
a "+ item" to mount; an item the class always has comes as offered=False with a why starting "part of"
("part of the class", "part of the Heavy Cruiser: Beam 8/8") and is listed as such, never as a mount.

Attributes down (`show(...)`), messages up (`ItemMounted`, `ItemRemoved`); the screen edits the roster.

The cursor follows the item, not the row: a new ship starts on its first offer; after a mount it stays on
the item just mounted (rows above it may come and go), and the lists stop at their ends instead of
wrapping, so repeated Enter never adds something the player did not point at.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...fleet import ShipEntry, ShipSheet
from ..roster_edit import LOADOUT_KINDS
from .fleet_meters import slot_text

Offer = dict[str, list[tuple[str, bool, str]]]
FIXED = "part of"
"""How a why begins for an item the class always has (offered=False): it is shown, not offered."""


def is_fixed(offered: bool, why: str) -> bool:
    return not offered and why.strip().casefold().startswith(FIXED)


class StoppingOptionList(OptionList):
    """An option list whose up/down stop at the first and last enabled rows (Textual's wrap round)."""

    def action_cursor_up(self) -> None:
        self._step(-1)

    def action_cursor_down(self) -> None:
        self._step(1)

    def _step(self, direction: int) -> None:
        if self.highlighted is None:
            super().action_cursor_down() if direction > 0 else super().action_cursor_up()
            return
        index = self.highlighted + direction
        while 0 <= index < self.option_count:
            if not self.get_option_at_index(index).disabled:
                self.highlighted = index
                return
            index += direction


class LoadoutPanel(Vertical):
    DEFAULT_CSS = """
    LoadoutPanel {
        height: 1fr;
    }
    LoadoutPanel #slots {
        height: auto;
    }
    LoadoutPanel #mounted {
        height: auto;
        max-height: 8;
    }
    LoadoutPanel #offer {
        height: 1fr;
    }
    """

    @dataclass
    class ItemMounted(Message):
        kind: str
        item: str

    @dataclass
    class ItemRemoved(Message):
        kind: str
        position: int

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.offer: Offer = {}
        self.removable: dict[str, tuple[str, int]] = {}
        self.mountable: dict[str, tuple[str, str]] = {}
        self.fixed: list[tuple[str, str]] = []  # (item, why) of what the class always carries
        self.shown_ship: object = None
        """Which ship the lists show (the screen's key for it): another one starts the cursors afresh."""

    def compose(self) -> ComposeResult:
        yield Static(id="slots")
        yield StoppingOptionList(id="mounted")
        yield StoppingOptionList(id="offer")

    def show(
        self,
        ship: ShipEntry | None,
        sheet: ShipSheet | None,
        offer: Offer,
        costs: dict[tuple[str, str], str],
        problem: str = "",
        facts: Sequence[tuple[str, str]] = (),
        ship_key: object = None,
    ) -> None:
        """Show one ship's loadout and what its class is offered (None: no ship chosen).

        `facts` are extra lines under the slot meters (lukas: armor, speed, hangar size and their keys).
        `ship_key` tells one ship from another (the ship's name when not given): the cursors of a ship
        shown again stay on their items, those of another ship start on its first row.
        """
        self.offer = offer
        mounted = self.query_one("#mounted", OptionList)
        offered = self.query_one("#offer", OptionList)
        key = (ship_key, ship.name) if ship is not None else None
        same_ship = key == self.shown_ship
        self.shown_ship = key
        keep_mounted = mounted.highlighted if same_ship else None
        keep_item = self._highlighted_item(offered) if same_ship else None
        mounted.clear_options()
        offered.clear_options()
        self.removable.clear()
        self.mountable.clear()
        if ship is None:
            self.border_title = "Loadout"
            self.query_one("#slots", Static).update(Text("Add a ship (a) to fit it out.", style="dim"))
            return
        self.border_title = f"Loadout · {ship.name}"
        self.query_one("#slots", Static).update(slot_text(sheet, facts))
        for kind in LOADOUT_KINDS:
            items = getattr(ship, kind)
            if items:
                mounted.add_option(Option(Text(kind, style="bold"), disabled=True))
            for position, item in enumerate(items):
                key = f"m-{kind}-{position}"
                self.removable[key] = (kind, position)
                mounted.add_option(Option(Text.assemble(("− ", "bold"), item), id=key))
        if not self.removable:
            mounted.add_option(Option(Text("nothing mounted yet", style="dim"), disabled=True))
        if problem:
            offered.add_option(Option(Text(problem, style="bold"), disabled=True))
        fixed = self.fixed = [(item, why) for items in offer.values() for item, allowed, why in items if is_fixed(allowed, why)]
        refused = [(item, why) for items in offer.values() for item, allowed, why in items
                   if not allowed and not is_fixed(allowed, why)]
        for kind, items in offer.items():
            allowed_items = [(item, why) for item, allowed, why in items if allowed]
            if not allowed_items:
                continue
            listed_only = kind not in LOADOUT_KINDS
            offered.add_option(Option(Text(f"{kind} the hull may take" if not listed_only else kind, style="bold"), disabled=True))
            for item, why in allowed_items:
                if listed_only:
                    offered.add_option(Option(Text.assemble("• ", item, (f"  {why}" if why else "", "dim")), disabled=True))
                    continue
                key = f"o-{kind}-{len(self.mountable)}"
                self.mountable[key] = (kind, item)
                cost = costs.get((kind, item), "")
                offered.add_option(Option(Text.assemble(("+ ", "bold"), item, (f"  {cost}" if cost else "", "dim")), id=key))
        if fixed:
            offered.add_option(Option(Text("part of the class (always carried)", style="bold"), disabled=True))
            for item, why in fixed:
                detail = "" if why.strip().casefold() == "part of the class" else why.strip()
                offered.add_option(Option(Text.assemble("• ", item, (f"  {detail}" if detail else "", "dim")), disabled=True))
        if not self.mountable and not fixed and not problem:
            offered.add_option(Option(Text("nothing to mount on this class", style="dim"), disabled=True))
        if refused:
            offered.add_option(Option(Text("not offered, and why", style="bold"), disabled=True))
            for item, why in refused:
                offered.add_option(Option(Text.assemble(("✗ ", "dim"), (item, "dim strike"), (f"\n  {why}", "dim")), disabled=True))
        if same_ship:
            self._restore(mounted, keep_mounted)
        else:
            self._first(mounted)
            self._first(offered)
        if same_ship and keep_item is not None:
            # on the item itself, wherever it moved; an item no longer offered leaves no cursor (enter adds nothing)
            where = next((k for k, v in self.mountable.items() if v == keep_item), None)
            if where is not None:
                offered.highlighted = offered.get_option_index(where)
                offered.call_after_refresh(offered.scroll_to_highlight)

    def _highlighted_item(self, options: OptionList) -> tuple[str, str] | None:
        if options.highlighted is None or options.highlighted >= options.option_count:
            return None
        return self.mountable.get(options.get_option_at_index(options.highlighted).id or "")

    @staticmethod
    def _first(options: OptionList) -> None:
        index = next((i for i in range(options.option_count) if not options.get_option_at_index(i).disabled), None)
        options.highlighted = index
        options.scroll_home(animate=False)

    @staticmethod
    def _restore(options: OptionList, index: int | None) -> None:
        if index is None or options.option_count == 0:
            return
        index = min(index, options.option_count - 1)
        # step back to the nearest enabled option so the cursor stays where the player was
        while index > 0 and options.get_option_at_index(index).disabled:
            index -= 1
        if not options.get_option_at_index(index).disabled:
            options.highlighted = index
            # the list was just refilled: scroll once its new height is known, so the cursor stays in view
            options.call_after_refresh(options.scroll_to_highlight)

    @on(OptionList.OptionSelected, "#mounted")
    def remove_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id in self.removable:
            kind, position = self.removable[event.option.id]
            self.post_message(self.ItemRemoved(kind, position))

    @on(OptionList.OptionSelected, "#offer")
    def mount_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id in self.mountable:
            kind, item = self.mountable[event.option.id]
            self.post_message(self.ItemMounted(kind, item))

    def focus_offer(self) -> None:
        offered = self.query_one("#offer", OptionList)
        self.screen.set_focus(offered)  # at once, not after the keys already typed (l then enter mounts)
        if offered.highlighted is None:
            self._first(offered)

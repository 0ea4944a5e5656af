"""Pick one of the ruleset's actions (its own first, then the generic ones); dismisses with its kind."""

from __future__ import annotations

import re

from collections.abc import Mapping, Sequence

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from ...game import ActionSpec
from ...rules.contract import LegalAction
from ...rules.names import possessive


HINT = "enter: open the form · type to jump · escape: cancel"

#: A rulebook cite closing a sentence: " (pz8 §3)", " (spook §5 B)".
_TRAILING_CITE = re.compile(r"\s*\([^()]*§[^()]*\)\s*$")


def first_sentence(text: str, limit: int = 90, whole: bool = False) -> str:
    """The whole first sentence of `text` when it is longer than `limit`, without a closing rulebook
    cite; a ship name's "(#5)" is kept (a sentence never ends inside brackets). `whole`: never cut
    the sentence itself (a "not now" reason; the list wraps it), else past `limit` it ends in "…"."""
    if len(text) <= limit:
        return text
    depth, end = 0, len(text)
    for i, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        if depth <= 0 and text.startswith(". ", i):
            end = i
            break
    cut = _TRAILING_CITE.sub("", text[:end].rstrip(".")) or text[:end]
    return cut if whole or len(cut) <= limit else cut[: limit - 1] + "…"


class PickActionModal(ModalScreen[str | None]):
    """The ruleset's actions grouped as the contract answers: what this step expects, what may be done
    now, what may not (and why); then the generic ones. Opens on the action the step expects."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, specs: Sequence[ActionSpec], legal: Sequence[LegalAction] = (),
                 others: Mapping[str, str] | None = None) -> None:
        """`others`: the actions whose ship belongs to another player than the one acting now, with
        that player's name (a pz8 fire-back): labelled with it, never the one the list opens on."""
        super().__init__()
        self.specs = list(specs)
        self.legal = {a.kind: a for a in legal}
        self.others = dict(others or {})
        #: Keys typed right after the key that opened the menu: played into the list once it is there;
        #: those after the pick are kept for the form the pick opens (`keys_after`).
        self._early: list[events.Key] | None = []
        self.picked: str | None = None
        self.keys_after: list[events.Key] = []

    def _row(self, spec: ActionSpec) -> Option:
        legal = self.legal.get(spec.kind)
        dice = ("  · rolls dice", "$text-accent") if spec.rolls else ""
        whose = (f"{possessive(self.others[spec.kind])}: ", "bold $text-warning") if spec.kind in self.others else ""
        if legal is not None and not legal.allowed:
            why = self.why_not(spec.kind)
            return Option(Content.assemble((f"  {spec.kind:<22} ", "dim"), (f"not now: {why}", "dim italic")), id=spec.kind)
        return Option(Content.assemble((f"  {spec.kind:<22} ", "bold"), whose, (first_sentence(spec.help), "dim"), dice),
                      id=spec.kind)

    def why_not(self, kind: str) -> str:
        """The "not now" reason of a refused action as its row says it (its first sentence)."""
        legal = self.legal.get(kind)
        return first_sentence(legal.reason, 70, whole=True) if legal is not None and legal.reason else "not now"

    def refused_rows(self, refused: Sequence[ActionSpec]) -> list[Option]:
        """The refused actions, those refused for one same reason under one line that says it (at 80x24 a
        reason wraps to three lines, and one reason often holds back several actions); an action whose
        reason is its own keeps it on its row. Each one's whole reason shows below the list once the
        cursor is on it."""
        groups: dict[str, list[ActionSpec]] = {}
        for spec in refused:
            groups.setdefault(self.why_not(spec.kind), []).append(spec)
        rows: list[Option] = []
        for why, specs in groups.items():
            if len(specs) == 1:
                rows.append(self._row(specs[0]))
                continue
            rows.append(Option(Content.assemble(("  not now: ", "dim italic"), (why, "dim italic")), disabled=True))
            rows.extend(Option(Content.styled(f"    {s.kind}", "dim"), id=s.kind) for s in specs)
        return rows

    def compose(self) -> ComposeResult:
        own = [s for s in self.specs if not s.generic]
        generic = [s for s in self.specs if s.generic]
        expected = [s for s in own if self.legal.get(s.kind) is not None and self.legal[s.kind].expected
                    and self.legal[s.kind].allowed]
        allowed = [s for s in own if s not in expected and (s.kind not in self.legal or self.legal[s.kind].allowed)]
        refused = [s for s in own if s not in expected and s not in allowed]
        options: list[Option | None] = []
        for title, group in (("This step asks for", expected), ("This ruleset", allowed), ("Not now", refused),
                             ("Every ruleset: checklist, adjustments, notes", generic)):
            if not group:
                continue
            options.append(Option(Content.styled(title, "bold $text-accent"), disabled=True))
            options.extend(self.refused_rows(group) if group is refused else [self._row(spec) for spec in group])
        with Vertical(classes="modal-box wide", id="pick-action-box"):
            yield Label("Actions")
            yield OptionList(*options, id="action-list")
            yield Static("", id="action-why", classes="muted")
            yield Static(HINT, classes="muted")

    @on(OptionList.OptionHighlighted)
    def show_why(self, event: OptionList.OptionHighlighted) -> None:
        """Under the list: the whole reason a refused action may not be done now (empty on the others)."""
        legal = self.legal.get(event.option.id or "")
        why = f"{event.option.id}: not now: {legal.reason}" if legal is not None and not legal.allowed else ""
        self.query_one("#action-why", Static).update(Content(why))

    def on_mount(self) -> None:
        """Open on the first action of the side acting now (another player's is never preselected)."""
        options = self.query_one(OptionList)
        options.focus()
        usable = [i for i in range(options.option_count) if not options.get_option_at_index(i).disabled]
        own = [i for i in usable if options.get_option_at_index(i).id not in self.others]
        if own or usable:
            options.highlighted = (own or usable)[0]
        early, self._early = self._early or [], None
        for key in early:
            self.play_key(key)

    def take_key(self, key: events.Key) -> None:
        """A key typed ahead (the battle kept it while this opened)."""
        if self._early is not None:
            self._early.append(key)
        else:
            self.play_key(key)

    def play_key(self, key: events.Key) -> None:
        """Up/down move, enter or space picks, escape cancels; after the pick, keys wait for the form."""
        if self.picked is not None:
            self.keys_after.append(key)
            return
        options = self.query_one(OptionList)
        if key.key in ("enter", "space") and options.highlighted is not None:
            option = options.get_option_at_index(options.highlighted)
            if not option.disabled and option.id:
                self.picked = option.id
                self.dismiss(option.id)
        elif key.key == "down":
            options.action_cursor_down()
        elif key.key == "up":
            options.action_cursor_up()
        elif key.key == "escape":
            self.picked = ""
            self.dismiss(None)

    @on(OptionList.OptionSelected)
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.picked = event.option.id
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)

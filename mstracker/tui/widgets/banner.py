"""The battle banner: game, ruleset, turn or round, who acts now, phase and step."""

from __future__ import annotations

import re
from typing import Any

from textual.content import Content
from textual.widgets import Static

from ...game import GameState
from ...game.plugin import Acting


def acting_parts(state: GameState, acting: Acting | None, spectator: bool = False) -> list[str | tuple[str, str]]:
    """Who acts now: "▶ Cyd active", "▶ both" in a shared step (with who has passed), or nothing before
    anyone may act (pz8 before its initiative roll)."""
    if not state.players:
        return []
    if acting is None:
        acting = Acting((state.active,))
    if not acting.players:
        return []
    if not acting.together:
        return [" · ", (f"▶ {' and '.join(state.players[p].name for p in acting.players)}", "bold $text-accent"),
                " active"]
    who = "both" if len(acting.players) == 2 else "all"
    parts: list[str | tuple[str, str]] = [" · ", (f"▶ {who}", "bold $text-accent")]
    if acting.passed:
        names = ", ".join(state.players[p].name for p in acting.passed)
        waiting = state.players[acting.waiting()[0]].name
        parts.append((f" · {names} passed, " + (f"waiting for {waiting}" if spectator else f"n for {waiting}"), "dim"))
    return parts


def phase_title(state: GameState) -> str:
    """The phase as the player reads it: by the book's number where the book numbers its phases (cal:
    "2. Gunnery", the number its refusals and citations use), else by its place in the turn ("3/9 Move").
    Never both: "Phase 3/5 2. Gunnery" read as two numberings beside a refusal's "phase 2"."""
    phase = state.current_phase
    if phase is None:
        return ""
    if BOOK_NUMBERED.match(phase.name):
        return phase.name
    return f"{state.phase + 1}/{len(state.sequence)} {phase.name}"


#: A phase named with the book's own number ("0. Interphase", "2. Gunnery").
BOOK_NUMBERED = re.compile(r"\d+\.\s")


def banner_content(state: GameState, turn_word: str, house_rules: bool = False, blocker: Any = None,
                   acting: Acting | None = None, spectator: bool = False) -> Content:
    """Two lines: where the game is (and who acts now), then what to do now."""
    word = turn_word.capitalize()
    first: list[str | tuple[str, str]] = [(state.name, "bold"), (f" · {state.ruleset}", "dim")]
    if house_rules:
        first.append((" · house rules", "$text-warning"))
    if state.extra.get("non_standard"):
        first.append((" · non-standard fleets", "$text-warning"))
    if state.finished:
        first.append((" · game over", "bold $text-error"))
        second = Content.assemble(("Result: ", "bold"), state.result or "ended", (f" · winner {state.winner}" if state.winner else "", "bold"))
        return Content.assemble(*first) + Content("\n") + second
    if not state.started:
        first.append((" · set-up", "bold $accent"))
        if blocker is not None:
            how = f" · x: {blocker.resolve}" if blocker.resolve else ""
            second = Content.assemble(("Set-up", "bold"), ": ", (blocker.text, "$text-warning"), (f" ({blocker.cite}){how}", "dim"))
        else:
            second = Content.assemble(("Set-up", "bold"), f": place the fleets, then press n to start {turn_word} 1")
        return Content.assemble(*first) + Content("\n") + second
    first += [(f" · {word} {state.turn}", "bold $accent"), *acting_parts(state, acting, spectator)]
    phase, step = state.current_phase, state.current_step
    if phase is None:
        second = Content.assemble(("No checklist", "bold"), f" for this {turn_word}: play it, then press n")
    else:
        second = Content.assemble(("Phase ", "dim"), (phase_title(state), "bold"))
        if step is not None:
            second += Content.assemble(("  ·  step ", "dim"), (f"{state.step + 1}/{len(phase.steps)}", "bold"), f": {step.text}")
    return Content.assemble(*first) + Content("\n") + second


class Banner(Static):
    DEFAULT_CSS = """
    Banner {
        height: auto;
        min-height: 2;
        padding: 0 1;
        background: $panel;
    }
    """

    _shown: str | None = None

    def show(self, state: GameState, turn_word: str, house_rules: bool = False, blocker: Any = None,
             acting: Acting | None = None) -> None:
        content = banner_content(state, turn_word, house_rules, blocker, acting)
        if content.markup != self._shown:
            self._shown = content.markup
            self.update(content)

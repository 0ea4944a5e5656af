"""Helpers shared by the rulesets' game tests and the report tests (no tests here).

Importable as `played_game` from any test: tests/ has the root conftest.py and no __init__.py, so
pytest puts tests/ on sys.path.

`FaceQueue` hands out faces across several actions; `PlayedGame` drives an Engine action by action
with typed faces and keeps the log (`log[i]` the events of action i, `states[i]` the state after).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from mstracker.dice import FacesError, TypedFaces
from mstracker.fleet import Roster
from mstracker.game import Action, Engine, Event, GameState, InvalidAction


class FaceQueue:
    """Faces handed out across several actions, in order (no left-over check): for walking the checklist."""

    def __init__(self, faces: Sequence[int]) -> None:
        self.faces = list(faces)

    def next_face(self, sides: int) -> int:
        if not self.faces:
            raise FacesError(f"needed a d{sides}, but the queue is empty")
        face = self.faces.pop(0)
        assert 1 <= face <= sides, (face, sides)
        return face


class PlayedGame:
    """One game in memory, created by `eng` from `rosters` and `settings`, driven action by action."""

    def __init__(self, eng: Engine, rosters: Sequence[Roster], settings: dict[str, Any]) -> None:
        self.eng = eng
        created = self.eng.created_event(self.eng.new_game("Test", list(rosters), settings))
        self.log: list[list[Event]] = [[created]]
        self.states: list[GameState] = [self.eng.replay([created])]

    @property
    def state(self) -> GameState:
        return self.states[-1]

    def ship(self, ref: str) -> Any:
        return self.state.find_ship(ref)

    def do(self, action: Action, faces: Any) -> list[Event]:
        """Decide `action` with `faces` (any face source), log its events and apply them."""
        events = self.eng.decide(self.state, action, faces)
        self.log.append(events)
        self.states.append(self.eng.apply(self.state, events))
        return events

    def act(self, kind: str, *faces: int, **args: Any) -> list[Event]:
        return self.do(Action(kind, args), TypedFaces(faces))

    def refused(self, kind: str, *faces: int, **args: Any) -> str:
        """The reason `kind` is refused; the refusal changes nothing."""
        before = self.state.to_json()
        with pytest.raises(InvalidAction) as info:
            self.eng.decide(self.state, Action(kind, args), TypedFaces(faces))
        assert self.state.to_json() == before
        return str(info.value)

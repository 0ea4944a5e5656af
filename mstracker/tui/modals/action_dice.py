"""Dice for the action forms: who rolls (DiceMode), and a dry run of the typed faces (ProbeFaces)
that tells which die the engine asks for next."""

from __future__ import annotations

from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from ...dice import TypedFaces


class ProbeFaces(TypedFaces):
    """Typed faces that remember which die the engine asked for when they ran out."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(faces)
        self.wanted: int | None = None

    def next_face(self, sides: int) -> int:
        if not self.remaining:
            self.wanted = sides
        return super().next_face(sides)


def parse_faces(text: str) -> list[int] | None:
    words = text.replace(",", " ").split()
    if not all(w.isdecimal() for w in words):
        return None
    return [int(w) for w in words]


class DiceMode(Static):
    """Who rolls: '● the app rolls ○ I roll physical dice'; ctrl+t or a click switches."""

    class Switched(Message):
        pass

    def __init__(self, physical: bool, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.physical = physical

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        app_on, mine_on = (not self.physical), self.physical
        self.update(
            Content.assemble(
                ("Dice: ", "bold"),
                ("● " if app_on else "○ ", "$accent"),
                ("the app rolls", "bold" if app_on else "dim"),
                "   ",
                ("● " if mine_on else "○ ", "$accent"),
                ("I roll physical dice", "bold" if mine_on else "dim"),
                ("   (ctrl+t or click switches)", "dim"),
            )
        )

    def switch(self) -> None:
        self.physical = not self.physical
        self.show()
        self.post_message(self.Switched())

    def on_click(self) -> None:
        self.switch()


def drawn_words(probe: ProbeFaces) -> str:
    return ", ".join(f"d{d.sides}={d.face}" for d in probe.drawn)

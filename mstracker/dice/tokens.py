"""Tokenizer for dice notation: numbers, `d`, operators, brackets and a few words."""

from __future__ import annotations

from dataclasses import dataclass

from mstracker.dice.errors import DiceSyntaxError

DIGITS = frozenset("0123456789")
LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")
WORDS = frozenset({"min", "max", "minimum", "maximum", "roll", "of"})
CLAMP_WORDS = {"min": "min", "minimum": "min", "max": "max", "maximum": "max"}
# One-character tokens; the value is the token kind. Unicode look-alikes map to their ASCII kind.
SYMBOLS = {
    "+": "+", "-": "-", "\u2212": "-", "\u2013": "-", "*": "*", "\u00d7": "*", "x": "*",
    "(": "(", ")": ")", "[": "[", "]": "]", ",": ",", ".": ".", "d": "d",
}


@dataclass(frozen=True, slots=True)
class Token:
    """A token: `kind` is "num", "word", "end" or the symbol kind; `text` is what was typed."""

    kind: str
    text: str
    position: int
    value: int = 0

    def describe(self) -> str:
        """How an error message names this token."""
        return "end" if self.kind == "end" else f'"{self.text}"'


def syntax_error(text: str, token: Token, expected: str = "") -> DiceSyntaxError:
    """A DiceSyntaxError naming the token, its position and optionally what was expected."""
    message = f"unexpected {token.describe()} at position {token.position} in \"{text}\""
    if expected:
        message += f" (expected {expected})"
    return DiceSyntaxError(message, text=text, position=token.position)


def tokenize(text: str) -> list[Token]:
    """Split `text` into tokens (case-insensitive, whitespace ignored); ends with an "end" token."""
    tokens: list[Token] = []
    i, n = 0, len(text)
    while i < n:
        char = text[i]
        lower = char.lower()
        if char.isspace():
            i += 1
        elif char in DIGITS:
            start = i
            while i < n and text[i] in DIGITS:
                i += 1
            tokens.append(Token("num", text[start:i], start, int(text[start:i])))
        elif lower in LETTERS:
            start = i
            while i < n and text[i].lower() in LETTERS:
                i += 1
            tokens.extend(_word_tokens(text, text[start:i], start))
        elif char in SYMBOLS:
            tokens.append(Token(SYMBOLS[char], char, i))
            i += 1
        else:
            raise syntax_error(text, Token("?", char, i))
    tokens.append(Token("end", "", n))
    return tokens


def _word_tokens(text: str, word: str, start: int) -> list[Token]:
    """A run of letters: a known word, or single-letter `d`/`x` tokens run together ("xd6")."""
    lower = word.lower()
    if lower in WORDS:
        return [Token("word", lower, start)]
    if all(c in "dx" for c in lower):
        return [Token(SYMBOLS[c], word[k], start + k) for k, c in enumerate(lower)]
    raise syntax_error(text, Token("word", word, start))

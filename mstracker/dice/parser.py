"""Recursive-descent parser for dice notation, enforcing every limit before anything is computed.

Grammar (case-insensitive, whitespace ignored; `x` and `×` multiply)::

    expression := sum clamp*
    clamp      := CLAMP "."? "of"? bound | "(" CLAMP "."? "of"? bound ")"
    CLAMP      := "min" | "minimum" | "max" | "maximum"      (min N: at least N; max N: at most N)
    bound      := "-"? NUMBER | "(" "-"? NUMBER ")"
    sum        := product (("+" | "-") product)*
    product    := unary ("*" unary)*
    unary      := "-"* atom
    atom       := NUMBER | NUMBER? "d" NUMBER | "(" expression ")"
                | "[" ("roll" "of"?)? expression "]" | ("min" | "max") "(" expression ("," expression)+ ")"
"""

from __future__ import annotations

from mstracker.dice.errors import DiceLimitError, DiceSyntaxError
from mstracker.dice.limits import (
    MAX_DEPTH, MAX_DICE_PER_TERM, MAX_DICE_TOTAL, MAX_SIDES, MAX_TEXT_LENGTH, MAX_WORK,
)
from mstracker.dice.nodes import BinOp, Call, Clamp, Const, Dice, Measure, Neg, Node
from mstracker.dice.tokens import CLAMP_WORDS, Token, syntax_error, tokenize

ATOM_EXPECTED = 'a number, a die or "("'


def parse_tree(text: str) -> tuple[Node, Measure]:
    """Parse `text` into a checked tree and its measure; DiceError subclasses on any problem."""
    if not isinstance(text, str):
        raise TypeError(f"a dice expression must be a string, not {type(text).__name__}")
    if len(text) > MAX_TEXT_LENGTH:
        raise DiceLimitError(
            f"the dice expression is {len(text)} characters long; "
            f"the limit is {MAX_TEXT_LENGTH} characters",
            limit="length",
        )
    if not text.strip():
        raise DiceSyntaxError("the dice expression is empty", text=text, position=0)
    root = _Parser(text).parse()
    measure = root.measure()
    if measure.work > MAX_WORK:
        raise DiceLimitError(
            f'"{text}" is too big to work out exactly (about {measure.work:,} steps; '
            f"the limit is {MAX_WORK:,} steps)",
            limit="work",
        )
    return root, measure


class _Parser:
    """One pass over the tokens of one expression."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = tokenize(text)
        self.index = 0
        self.depth = 0
        self.dice_total = 0

    # -- token helpers ----------------------------------------------------------------------------

    @property
    def tok(self) -> Token:
        return self.tokens[self.index]

    def peek(self) -> Token:
        return self.tokens[min(self.index + 1, len(self.tokens) - 1)]

    def advance(self) -> Token:
        token = self.tok
        if token.kind != "end":
            self.index += 1
        return token

    def expect(self, kind: str, expected: str) -> Token:
        if self.tok.kind != kind:
            raise syntax_error(self.text, self.tok, expected)
        return self.advance()

    def is_word(self, token: Token, *words: str) -> bool:
        return token.kind == "word" and token.text in words

    def enter(self, token: Token) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise DiceLimitError(
                f"brackets are nested more than {MAX_DEPTH} deep at position {token.position}; "
                f"the limit is {MAX_DEPTH} levels of nesting",
                limit="nesting depth",
            )

    # -- grammar ----------------------------------------------------------------------------------

    def parse(self) -> Node:
        node = self.expression()
        if self.tok.kind != "end":
            raise syntax_error(self.text, self.tok, "an operator or the end")
        return node

    def expression(self) -> Node:
        node = self.sum()
        while self.is_word(self.tok, *CLAMP_WORDS) or (
            self.tok.kind == "(" and self.is_word(self.peek(), *CLAMP_WORDS)
        ):
            node = self.clamp(node)
        return node

    def clamp(self, operand: Node) -> Node:
        bracketed = self.tok.kind == "("
        if bracketed:
            self.advance()
        word = self.advance().text
        kind = CLAMP_WORDS[word]
        if self.tok.kind == ".":
            self.advance()
        if self.is_word(self.tok, "of"):
            self.advance()
        bound = self.bound(f'a number after "{word}"')
        if bracketed:
            self.expect(")", '")"')
        return Clamp(operand, kind, bound)

    def bound(self, expected: str) -> int:
        if self.tok.kind == "(" and self.peek().kind in ("num", "-"):
            self.enter(self.advance())
            value = self.bound(expected)
            self.expect(")", '")"')
            self.depth -= 1
            return value
        negative = self.tok.kind == "-"
        if negative:
            self.advance()
        value = self.expect("num", expected).value
        return -value if negative else value

    def sum(self) -> Node:
        node = self.product()
        while self.tok.kind in ("+", "-"):
            op = self.advance().kind
            node = BinOp(op, node, self.product())
        return node

    def product(self) -> Node:
        node = self.unary()
        while self.tok.kind == "*":
            self.advance()
            node = BinOp("*", node, self.unary())
        return node

    def unary(self) -> Node:
        negate = False
        while self.tok.kind == "-":
            self.advance()
            negate = not negate
        node = self.atom()
        return Neg(node) if negate else node

    def atom(self) -> Node:
        token = self.tok
        if token.kind == "num":
            self.advance()
            if self.tok.kind == "d":
                self.advance()
                return self.dice(token.value)
            return Const(token.value)
        if token.kind == "d":
            self.advance()
            return self.dice(1)
        if token.kind in ("(", "["):
            return self.group()
        if self.is_word(token, "min", "max") and self.peek().kind == "(":
            return self.call()
        raise syntax_error(self.text, token, ATOM_EXPECTED)

    def dice(self, count: int) -> Node:
        sides = self.expect("num", 'the number of sides after "d"').value
        term = f"{count}d{sides}"
        if count < 1:
            raise DiceLimitError(f'"{term}" rolls no dice; roll at least 1 die', limit="dice per term")
        if count > MAX_DICE_PER_TERM:
            raise DiceLimitError(
                f'"{term}" rolls {count} dice; the limit is {MAX_DICE_PER_TERM} dice in one term',
                limit="dice per term",
            )
        if not 1 <= sides <= MAX_SIDES:
            raise DiceLimitError(
                f'"d{sides}" is not a die that can be rolled; a die has 1 to {MAX_SIDES} sides',
                limit="sides",
            )
        self.dice_total += count
        if self.dice_total > MAX_DICE_TOTAL:
            raise DiceLimitError(
                f"the expression rolls more than {MAX_DICE_TOTAL} dice; "
                f"the limit is {MAX_DICE_TOTAL} dice in total",
                limit="dice in total",
            )
        return Dice(count, sides)

    def group(self) -> Node:
        opening = self.advance()
        closing = ")" if opening.kind == "(" else "]"
        self.enter(opening)
        if closing == "]" and self.is_word(self.tok, "roll"):
            self.advance()
            if self.is_word(self.tok, "of"):
                self.advance()
        node = self.expression()
        self.expect(closing, f'"{closing}"')
        self.depth -= 1
        return node

    def call(self) -> Node:
        name = self.advance()
        self.enter(self.advance())
        args = [self.expression()]
        while self.tok.kind == ",":
            self.advance()
            args.append(self.expression())
        self.expect(")", '"," or ")"')
        self.depth -= 1
        if len(args) < 2:
            raise DiceSyntaxError(
                f'{name.text}() at position {name.position} in "{self.text}" needs two or more '
                'values separated by ","',
                text=self.text, position=name.position,
            )
        return Call(name.text, tuple(args))

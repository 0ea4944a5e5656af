"""The checklist and the rules' own lines say what to do in words, never in command syntax (issue 16:
"Move (move SHIP MPS)", "override activations-left REASON"): no ALL-CAPS placeholder, no `key=value`."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from mstracker.rules.contract import Obligation
from mstracker.rulesets import cal, lukas, pz8, spook
from mstracker.store.catalog import book_ruleset

RULESETS = {"spook": spook, "cal": cal, "pz8": pz8, "lukas": lukas}

#: The books' own abbreviations and codes (cal 'DD', lukas SC, FD, CR), a roman numeral, compass points and a
#: typed example of pz8's move notation: words of the books, not placeholders.
BOOK_WORDS = frozenset({"MP", "MPs", "SS", "RU", "ATA", "ATG", "FTL", "RCS", "LOS", "EMP", "PD", "DD", "SC", "FD", "CR",
                        "II", "NE", "NW", "SE", "SW", "FFLF"})
PLACEHOLDER = re.compile(r"\b[A-Z][A-Z_]{1,}\b")


def placeholders(text: str) -> list[str]:
    return [w for w in PLACEHOLDER.findall(text) if w not in BOOK_WORDS]


def test_the_check_catches_command_syntax() -> None:
    assert placeholders("Move (move SHIP MPS): each MP buys one hex") == ["SHIP", "MPS"]
    assert placeholders("spend at least 1 MP; 2D6 against 1D6; C&C 4; FTL ready") == []


@pytest.mark.parametrize("name", RULESETS)
def test_no_checklist_item_shows_command_syntax(name: str) -> None:
    texts = [(phase.name, step.text) for phase in book_ruleset(name).phases for step in phase.steps]
    assert texts
    assert [(p, t) for p, t in texts if placeholders(t) or "=" in t] == []


def test_pz8_move_item_says_what_to_record() -> None:
    steps = {s.id: s.text for p in book_ruleset("pz8").phases for s in p.steps}
    assert steps["move"].startswith("Move the ship and record what each MP bought (move): one hex forward or one "
                                    "60° turn")
    assert steps["choose"].startswith("The side whose step it is activates a ship (activate): ")


def _prose(package: object) -> list[tuple[str, int, str]]:
    """Every string literal with a space in the package's modules, docstrings left out."""
    found = []
    for path in sorted(Path(package.__file__).parent.rglob("*.py")):  # type: ignore[attr-defined]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
        found += [(path.name, n.lineno, n.value) for n in ast.walk(tree)
                  if isinstance(n, ast.Constant) and isinstance(n.value, str) and " " in n.value and id(n) not in docs]
    return found


@pytest.mark.parametrize("name", RULESETS)
def test_no_refusal_or_note_names_a_placeholder(name: str) -> None:
    """Refusals, notes and helps: "leave “ships” empty", not "leave SHIPS empty"."""
    assert [(f, n, placeholders(t)) for f, n, t in _prose(RULESETS[name]) if placeholders(t)] == []


def test_an_obligation_says_how_the_table_sets_it_aside_in_words() -> None:
    ob = Obligation("activations-left", "Every Spaceship is activated each turn", "pz8 §2", resolve="activate")
    assert ob.message() == ("Every Spaceship is activated each turn (pz8 §2); do it with activate. The table may set "
                            "it aside as a logged decision: override “activations-left”, giving the reason")


@pytest.mark.parametrize("name", RULESETS)
def test_a_name_is_made_possessive_by_the_helper(name: str) -> None:
    """"Blue Pikes'", not "Blue Pikes's": every f-string possessive goes through rules.names.possessive."""
    folder = Path(RULESETS[name].__file__).parent  # type: ignore[arg-type]
    found = [(p.name, n) for p in sorted(folder.rglob("*.py"))
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if re.search(r"\}'s\b", line)]
    assert found == []


def test_spook_reload_in_own_turns_is_shown_as_a_house_default() -> None:
    """The book gives 'X;Y' reloads in "turns"; counting only the owner's turns is the app's reading."""
    from mstracker.rules.base import Provenance

    spook_rules = book_ruleset("spook")
    railgun = spook_rules.weapons["Heavy Railgun"]  # type: ignore[attr-defined]
    assert (railgun.reload, railgun.provenance("reload"), railgun.provenance("damage")) == (
        "1;1", Provenance.HOUSE_DEFAULT, Provenance.TEXT)
    steps = {s.id: s.text for p in spook_rules.phases for s in p.steps}
    assert steps["reload"].endswith("counted in the owner's own turns (a house default: the book says only “turns”)")

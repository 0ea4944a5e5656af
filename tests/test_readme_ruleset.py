"""README's "Adding a ruleset" is the worked example's own code: every code block in it is, word for word, a
part of the tests' duel ruleset (its package, data model, typed action and plugin, its pyproject, the
conformance test the wheel test runs), and the code imports from mstracker.api alone (the kit from
mstracker.testing)."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DUEL = REPO / "tests" / "rulesets" / "duel"


def section() -> str:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    return text.split("\n### Adding a ruleset\n", 1)[1].split("\n### ", 1)[0]


def blocks() -> list[tuple[str, str]]:
    """(language, code) of every fenced block of the section."""
    return [(m[1], m[2]) for m in re.finditer(r"```(\w+)\n(.*?)\n```", section(), flags=re.S)]


def example_sources() -> dict[str, str]:
    from test_install import DUEL_CONFORMANCE  # the conformance test the outside-ruleset wheel test runs

    files = sorted((DUEL / "duel_ruleset").glob("*.py")) + [DUEL / "duel_ruleset" / "duel.toml", DUEL / "pyproject.toml"]
    found = {str(p.relative_to(REPO)): p.read_text(encoding="utf-8") for p in files}
    found["tests/test_install.py:DUEL_CONFORMANCE"] = DUEL_CONFORMANCE
    return found


def test_every_code_block_is_the_duel_example_word_for_word() -> None:
    found = blocks()
    assert len(found) >= 6 and {lang for lang, _ in found} == {"python", "toml"}
    sources = example_sources()
    for lang, code in found:
        where = [name for name, text in sources.items() if code in text]
        assert where, f"this {lang} block of README's Adding a ruleset is not the example's code:\n{code}"
    shown = "\n".join(code for _, code in found)
    for part in ("class DuelPackage(RulesetPackage):", "class Fire(RuleAction[Shot]):", "class Plugin(RulesetPlugin):",
                 "def prepare(", "def dice(", "def outcome(", "def apply(", "rule_actions = (Fire, Strike)",
                 "class Strike(RuleAction[ShipState]):"):
        assert part in shown, part


def test_the_example_imports_mstracker_api_alone() -> None:
    for name, text in example_sources().items():
        imports = re.findall(r"^\s*(?:from|import) (mstracker[\w.]*)", text, flags=re.M)
        assert set(imports) <= {"mstracker.api", "mstracker.testing"}, (name, imports)
    prose = section()
    assert "mstracker.api" in prose
    # the section names no module of mstracker's own tree: an author reads mstracker.api, never mstracker/...
    assert not re.search(r"`mstracker/", prose), re.findall(r"`mstracker/[^`]*`", prose)
    named = set(re.findall(r"mstracker\.\w+", prose))
    assert named <= {"mstracker.api", "mstracker.testing", "mstracker.rulesets"}, named  # .rulesets: the entry-point group


def test_the_section_documents_the_one_definition_of_expected_damage() -> None:
    prose = " ".join(section().split())
    assert "**Expected damage** has one definition everywhere: the damage an attack deals, **capped at what the target has**" in prose
    assert "capped_mean(damage, armor)" in prose

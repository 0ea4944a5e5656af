"""What players read cites the book ("cal §..."), never the project's digest (RULES.md), and every choice the
book does not make is a marked, editable setting."""

from __future__ import annotations

from test_cal_actions import game
from test_cal_helpers import RULESET, engine

from mstracker.game import Action
from mstracker.rules.base import Provenance


def test_every_action_help_and_record_field_cites_the_book_and_never_the_digest() -> None:
    eng = engine()
    for spec in eng.plugin.action_specs():
        words = " ".join([spec.help, *(a.help for a in spec.args)])
        assert "cal §" in spec.help and "RULES.md" not in words, spec.kind
    spec = eng.spec
    for field in (*spec.fields, *spec.item_fields, *spec.player_fields):
        assert "RULES.md" not in field.help, field.key


def test_the_rules_reference_names_the_books_passages() -> None:
    shown = [RULESET.general.source, RULESET.general.note]
    for section in ("classes", "ordnance", "targeting", "rate_of_fire", "course", "ready_delay", "effects", "tables"):
        for entry in getattr(RULESET, section).values():
            shown += [entry.source, entry.note]
    for phase in RULESET.phases:
        shown += [phase.name, phase.source, *(f"{s.text} {s.source}" for s in phase.steps)]
    for setting in RULESET.settings.values():
        shown += [setting.text, setting.source]
    assert not [s for s in shown if "RULES.md" in s]


def test_the_choices_of_issue_19_are_marked_settings() -> None:
    # cal §Craft says both "the other ordnance is removed from play and the fighter remains" and that the
    # fighters' player "must roll under the fighters' ATA stats in order to keep them on the board".
    zero_ata = RULESET.settings["intercept_zero_ata_roll"]
    assert (zero_ata.value, zero_ata.status) == (True, Provenance.HOUSE_DEFAULT)
    assert "the fighter remains" in zero_ata.source and "must roll under" in zero_ata.source
    # A bay lost to Ordnance Bay Damaged is "destroyed" in the book's Destroyer example; Damage Control's text is lost.
    bay = RULESET.settings["dc_restores_bay"]
    assert (bay.value, bay.status) == (True, Provenance.HOUSE_DEFAULT) and "destroyed" in bay.text


def test_without_restoring_bays_damage_control_offers_only_what_it_may_repair() -> None:
    g = game(dc_restores_bay=False)
    g.act("set", target="DD-1", key="d1.bays", value="3")
    g.act("set", target="DD-1", key="engines_damaged", value="yes")
    g.next_round()
    g.next_round()
    g.to("interphase", "damage_control")
    assert "name what to repair on Lance (#1): engines damaged" == g.refused(
        "damage-control", 6, ship="DD-1", choice="repair", system="torpedoes")
    g.act("damage-control", 6, ship="DD-1", choice="repair")
    assert g.item("DD-1", "Torpedoes")["bays"] == 3 and not g.rec("DD-1")["engines_damaged"]


def test_refusals_and_dice_name_their_book_section() -> None:
    g = game()
    g.to("gunnery", "weapons")
    g.act("fire", 6, ship="K-1", weapon="beam", target="DD-1", distance=3)
    assert g.refused("fire", 6, ship="K-1", weapon="beam", target="DD-1", distance=3).endswith(
        "(Escort: 1 shot per weapon a round, cal §Weapons)")
    plan = g.eng.dice_plan(g.state, Action("fire", {"ship": "CA-1", "weapon": "beam", "target": "K-1", "distance": 3}))
    assert all(n.table.endswith("(cal §Weapons)") for n in plan.needs)

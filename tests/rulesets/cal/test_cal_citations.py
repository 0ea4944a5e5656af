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
    assert "name what to repair on Lance (#1): engines damaged (cal §0 Interphase, step 6)" == g.refused(
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


def test_refusals_cite_the_book_section_of_the_rule_they_apply() -> None:
    # Play-test D: "an Escort has 3 movement points, not 4." and the like named no section.
    g = game()
    assert g.refused("fire", 6, ship="K-1", weapon="beam", target="DD-1", distance=3) == (
        "the game is in set-up; use next-step to start round 1 before you fire (cal §2 Gunnery)")
    g.act("set", target="CV-1", key="d1.track", value="Bomber ready")
    g.to("ordnance", "ready")
    # A Carrier has 6 bays (cal §Capital Ships); with 1 counter on the track, 5 more fit, not 6.
    assert g.refused("ready-ordnance", ship="CV-1", ordnance="bomber", count=6).endswith("; cal §1 Ordnance)")
    assert g.refused("fire", 6, ship="K-1", weapon="beam", target="DD-1", distance=3) == (
        "fire: that belongs to phase 2. Gunnery; it is now 1. Ordnance (use next-step; cal §2 Gunnery)")
    g.to("movement", "alter_course")
    # cal §Altering Course: "Escorts receive three movement points per turn and capital ships receive two".
    assert g.refused("course", ship="K-1", spend="1 1 1 1") == (
        "Wasp (#5): an Escort has 3 movement points, not 4 (cal §Altering Course).")
    g.act("set", target="K-1", key="ftl_powered", value="yes")
    assert g.refused("course", ship="K-1", spend="1") == (
        "Wasp (#5): the ship's FTL drive is powered up: it cannot change course (cal §FTL Jumps).")
    g.next_round()
    g.to("interphase", "damage_control")
    assert g.refused("damage-control", 6, ship="CA-1", choice="fire") == "Resolute (#2) has no Fire (cal §0 Interphase, step 6)"
    rally = g.eng.legal_action(g.state, "rally")
    assert not rally.allowed and rally.reason.endswith("(a rally only raises Crew; cal §0 Interphase, step 6)")


def test_a_torpedo_course_refusal_cites_the_torpedo_rules() -> None:
    # cal §Torpedoes: the points go to forward or "either of the hex directions adjacent to forward".
    g = game()
    g.act("set", target="DD-1", key="d1.track", value="Torpedo ready")
    g.to("gunnery", "launch")
    assert g.refused("launch", ship="DD-1", ordnance="torpedo", facing=1, course="d3=1") == (
        "a torpedo launched facing 1 may add movement in directions 1, 2, 6 only, not 3 (cal §Torpedoes).")

"""What cal forms offer and say (play-test D): token hints, the rally form's ship, the fire form's weapons,
the odds labels, the Ordnance Ready Track detail and action help that reads whole."""

from __future__ import annotations

import re
import textwrap
from fractions import Fraction

from test_cal_actions import BLUE, RED, game, launched
from test_cal_helpers import Game

from mstracker.game import ArgType
from mstracker.rules.contract import Readiness
from mstracker.rulesets.cal.odds import attack_odds
from mstracker.store.catalog import book_ruleset
from mstracker.tui.widgets.odds_panel import _words

TOKEN_ID = re.compile(r"\bo\d+\b")


def test_token_hints_name_no_token_and_choices_are_the_tokens_in_play() -> None:
    # The hint said "(o3)" while o1 and o2 were in play and o3 was only the next id.
    g = game()
    for spec in g.eng.plugin.action_specs():
        for arg in spec.args:
            if arg.type is ArgType.TOKEN:
                assert not TOKEN_ID.search(arg.help), (spec.kind, arg.help)
    launched(g, "CV-1", "Bomber ready, Fighter ready", "bomber")
    g.act("launch", ship="CV-1", ordnance="fighter")
    assert [t["id"] for t in g.state.extra["ordnance"]] == ["o1", "o2"] and g.state.extra["next_token"] == 3
    spec = next(s for s in g.eng.plugin.action_specs() if s.kind == "point-defence")
    token_arg = next(a for a in spec.args if a.type is ArgType.TOKEN)
    offered = g.eng.plugin.token_choices(g.state, "point-defence", token_arg, g.ship("FFAA-1"))
    assert [t.id for t in offered] == ["o1", "o2"]  # Blue's two tokens, never the next id o3


def test_the_rally_form_opens_on_the_ship_whose_crew_is_down_not_the_selected_one() -> None:
    # cal §0 Interphase, step 6: a rally raises Crew; Resolute (#2) is at its starting Crew 0, Wasp (#5) at -1.
    g = Game(RED, BLUE)
    g.act("set", target="K-1", key="crew", value="-1")
    g.next_round()
    while g.state.current_step.id != "damage_control":
        g.act("next-step")
    rally = g.eng.legal_action(g.state, "rally", prefer="2")
    assert (rally.allowed, rally.actor, rally.actors) == (True, "5", ("5",))
    g.act("rally", 6, ship="K-1")  # 6 + Crew -1 = 5 >= 4: Crew -1 -> 0
    assert g.rec("K-1")["crew"] == 0
    rally = g.eng.legal_action(g.state, "rally", prefer="2")
    assert not rally.allowed and "Crew below its starting Crew" in rally.reason


def test_point_defence_is_not_offered_as_a_weapon_for_fire() -> None:
    # cal §Point Defenses: point defences are "ineffective against other ships but devastating to ordnance".
    g = game()
    g.to("gunnery", "weapons")
    aegis = {r.item: r for r in g.eng.plugin.readiness(g.state, g.ship("FFAA-1"))}
    weapons = [r.item for r in aegis.values() if r.kind == "weapon"]  # what the fire form's weapon list keeps
    points = [r for r in aegis.values() if r.name == "Point"]
    assert points and all(r.item not in weapons and r.kind == "device" for r in points)
    assert (points[0].status, points[0].detail) == (Readiness.READY, "0 of 4 shots fired this round; range 2 hexes, "
                                                                     "at ordnance only")  # the Point Defense Frigate's Point 4
    fire = g.eng.legal_action(g.state, "fire", prefer="3")
    assert fire.weapon in weapons
    assert g.refused("fire", 6, ship="FFAA-1", weapon=points[0].item, target="K-1", distance=1) == (
        "Point is point defence, ineffective against ships (cal §Point Defenses): fire it at hostile ordnance "
        "with point-defence")


def test_the_odds_name_ss_reaching_zero_as_players_say_it() -> None:
    # Heavy Cruiser beam 8/8 at 4 hexes (not long range) at a Corvette SS 8: 4+ hits (1/2 a shot), 8 a hit.
    # Two shots: SS 0 unless both miss: 1 - 1/4 = 3/4.
    odds = attack_odds(book_ruleset("cal"), {"attacker": "Heavy Cruiser", "weapon": "beam", "target": "Corvette",
                                             "distance": 4, "ss": 8})
    assert odds.extra["p_SS_reaches_0"] == Fraction(3, 4)
    assert [_words(k) for k in odds.extra] == ["Major", "Minor", "SS reaches 0"]


def test_the_ready_track_detail_counts_counters_apart_from_the_countdown() -> None:
    # The card read "⟳3 counters on the Ordnance Ready Track" for one counter 3 Interphases from ready.
    g = game()
    g.act("set", target="DD-1", key="d1.track", value="Torpedo 3")
    bay = g.eng.plugin.readiness(g.state, g.ship("DD-1"))[-1]
    assert (bay.glyph, bay.detail) == ("⟳3", "1 counter on the Ordnance Ready Track, ready in 3 Interphases")
    g.act("set", target="DD-1", key="d1.track", value="Torpedo 3, Torpedo 2")
    bay = g.eng.plugin.readiness(g.state, g.ship("DD-1"))[-1]
    assert (bay.glyph, bay.detail) == ("⟳2", "2 counters on the Ordnance Ready Track, the next ready in 2 Interphases")


def test_every_action_help_fits_the_form_whole() -> None:
    # The form shows at most 5 lines of help, about 94 columns wide in a 100-column action box.
    for spec in game().eng.plugin.action_specs():
        lines = textwrap.wrap(spec.help, 94)
        assert len(lines) <= 5, (spec.kind, lines)

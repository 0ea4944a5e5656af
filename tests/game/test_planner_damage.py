"""One definition of expected damage (mstracker.game.damage): damage dealt, capped at what the target has,
in the planner's single-shot column, focus fire, the attack dialog's odds, `mstracker odds` and the
report's expected-against-actual, checked against independent models built from each ruleset's own odds
of one attack without a game."""

from __future__ import annotations

from fractions import Fraction as F

from report_games import Table

from mstracker.dice import Distribution, TypedFaces
from mstracker.game import Action, Engine, GameState, battle_report, engine_for
from mstracker.game.planner import Distances, fire_plan
from mstracker.game.planner_focus import focus_fire
from mstracker.rules.outcome import capped_mean
from mstracker.rules.registry import package
from mstracker.store.catalog import book_ruleset
from mstracker.store.fleets import load_roster, sample_fleets


def spook_campaign() -> tuple[Engine, GameState]:
    """The campaign fleets at Blue's first fire step (Blue wins the roll-off 6 to 1, spook §3 A)."""
    eng = engine_for(book_ruleset("spook"))
    paths = {p.name: p for p in sample_fleets("spook")}
    rosters = [load_roster(paths[f]) for f in ("campaign-blue.toml", "campaign-red.toml")]
    state = eng.replay([eng.created_event(eng.new_game("Campaign", rosters, {}, allow_illegal=True))])
    state = eng.apply(state, eng.decide(state, Action("roll-off", {}), TypedFaces([6, 1])))
    for _ in range(5):
        state = eng.apply(state, eng.decide(state, Action("next-step"), TypedFaces([])))
    return eng, state


def ship_named(state: GameState, name: str) -> tuple[str, dict[str, str]]:
    ship = next(s for s in state.ships.values() if s.name == name)
    return ship.id, {item.name: item.id for item in ship.items}


def book_damage(rid: str, **options: object) -> Distribution[int]:
    """One attack's damage without a game (`mstracker odds <rid>`), with no armor to cap it at."""
    odds = package(rid).odds(book_ruleset(rid), options)
    return Distribution.from_weights(odds.damage)


def test_spook_focus_fire_never_deals_more_than_the_armor_left() -> None:
    # The case: Blue Claw's Cluster Torpedo Launcher (§5 D3) and Blue Colossus's Ion Beam (§5 E3) on
    # Red Wasps, a Fighter at its full 70 armor (§4 Armor) with no flare launcher. Each attack's damage is
    # the book's distribution of that attack; damage past the armor left is no damage, so together they deal
    # min(first + second, 70): once the torpedoes kill, the beam finds nothing to hit.
    eng, state = spook_campaign()
    claw, claw_items = ship_named(state, "Blue Claw")
    colossus, colossus_items = ship_named(state, "Blue Colossus")
    wasps, _ = ship_named(state, "Red Wasps")
    assert state.ships[wasps].record["armor"] == 70
    measured = Distances().with_target(wasps, 3)
    focus = focus_fire(eng, state, wasps, [(claw, claw_items["Cluster Torpedo Launcher"]),
                                           (colossus, colossus_items["Ion Beam"])], measured)
    torpedoes = book_damage("spook", weapon="Cluster Torpedo Launcher", target="Fighter")
    beam = book_damage("spook", weapon="Ion Beam", target="Fighter")
    together = torpedoes.combine(beam, lambda a, b: min(a + b, 70))
    assert focus.damage.max == 70  # was 163: the whole of both attacks
    assert dict(focus.damage.items()) == dict(together.items())
    assert focus.expected_damage == together.mean < F(511, 10)  # was 51.1
    assert focus.p_destroy == together.probability(lambda d: d >= 70)
    # each attack's own row gives its damage capped at the 70 armor, as the dialog and `mstracker odds` do
    for row, alone, weapon in ((focus.shots[0], torpedoes, "Cluster Torpedo Launcher"),
                               (focus.shots[1], beam, "Ion Beam")):
        capped = alone.map(lambda d: min(d, 70)).mean
        assert row.expected_damage == capped
        assert eng.action_odds(state, row.action()).expected_damage == capped
        odds = package("spook").odds(book_ruleset("spook"), {"weapon": weapon, "target": "Fighter", "armor": 70})
        assert odds.expected_damage == capped == capped_mean(odds.damage, 70)


def test_every_planner_row_is_one_attack_s_focus_fire() -> None:
    # the single-shot column and a focus fire of that one attack are the same number (one definition)
    eng, state = spook_campaign()
    wasps, _ = ship_named(state, "Red Wasps")
    rows = [r for r in fire_plan(eng, state, Distances().with_target(wasps, 3), target=wasps) if r.known]
    assert len(rows) > 5
    for row in rows:
        alone = focus_fire(eng, state, wasps, [(row.ship, row.weapon)], Distances().with_target(wasps, 3))
        assert row.expected_damage == alone.expected_damage, row
        assert row.p_destroy == alone.p_destroy, row
        assert alone.damage.max <= 70


def test_lukas_report_of_a_beam_fired_from_the_form_reads_its_args_as_typed() -> None:
    # The TUI's fire-beam form logs every field as typed, "comm_radar": "0" among them; the report reads
    # the log's args through the action's spec (a str compared with 0 ended every later report).
    t = Table("lukas", ("frigate_warfare_kassarian.toml", "frigate_warfare_rakanda.toml"))
    t.to("ship_action", turn=1)
    t.act("announce-beam", ship="Kassarian Lancer", target="Rakanda Ram")
    t.to("ship_action", turn=3)
    t.act("fire-beam", 12, 6, 6, ship="Kassarian Lancer", comm_radar="0")
    kassarian = battle_report(t.eng, t.log)["luck"]["damage"][0]
    assert kassarian["attacks_made"] == 1 and kassarian["actual_dealt"] == 14


def test_lukas_report_counts_a_fired_beam_in_expected_against_actual() -> None:
    # lukas §3.b Beam: Kassarian Lancer announces its Beam at Rakanda Ram (27 armor) in its turn and fires it in
    # its next: `fire-beam` names no target, the announced one is hit. Beam vs a Frigate needs 5 on the d12
    # (8/12); d12 12 hits and its 2d6+1 damage (lukas §2.a), +1 for the Lancer's own Communication Radar
    # (lukas §4.d), with 6 + 6 deals 14. Both the expected and the actual damage count it.
    t = Table("lukas", ("frigate_warfare_kassarian.toml", "frigate_warfare_rakanda.toml"))
    t.to("ship_action", turn=1)
    t.act("announce-beam", ship="Kassarian Lancer", target="Rakanda Ram")
    t.to("ship_action", turn=3)
    odds = t.eng.action_odds(t.s, Action("fire-beam", {"ship": "Kassarian Lancer"}))
    t.act("fire-beam", 12, 6, 6, ship="Kassarian Lancer")
    ram = next(s for s in t.s.ships.values() if s.name == "Rakanda Ram")
    assert ram.record["armor"] == 27 - 14
    kassarian = battle_report(t.eng, t.log)["luck"]["damage"][0]
    assert kassarian["attacks_made"] == 1 and kassarian["actual_dealt"] == 14
    assert kassarian["expected_dealt_exact"] == f"{odds.expected_damage.numerator}/{odds.expected_damage.denominator}"
    # the Beam's odds are those of a fire with its weapon at the announced target, capped at the 27 armor
    assert odds.expected_damage == capped_mean(odds.damage, 27) > 0

"""cal at the table, round three: the banner names whose part of the phase it is, n moves each player's part
on, the fire planner switches side with p, the app shows the dice it rolls for automatic steps, and a roll
no face can win is recorded as failed with one key. Played through the keys at 120x36 and 80x24."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from tui_support import make_app, settle, type_text

from played_game import PlayedGame

from mstracker.dice import RngFaces
from mstracker.game import Action, engine_for
from mstracker.store.catalog import book_ruleset
from mstracker.store.fleets import load_roster, sample_fleets
from mstracker.store.settings import DiceMode
from mstracker.tui.modals.action_form import ActionFormModal
from mstracker.tui.modals.auto_roll import AutoRollModal
from mstracker.tui.modals.confirm import ConfirmModal
from mstracker.tui.screens.battle import BattleScreen
from mstracker.tui.screens.battle_scenes import create_game, next_steps
from mstracker.tui.screens.planner import PlannerScreen
from mstracker.game.plugin import Acting
from mstracker.tui.widgets.banner import Banner, banner_content

SIZES = [(120, 36), (80, 24)]


def play(size: tuple[int, int], script: Any) -> Any:
    async def main() -> Any:
        async with make_app().run_test(size=size) as pilot:
            await pilot.pause()
            return await script(pilot)

    return asyncio.run(main())


def banner(screen: BattleScreen) -> str:
    return screen.query_one(Banner).content.plain  # type: ignore[union-attr]


def walk(screen: BattleScreen, phase: str, step: str, player: int, seed: int = 3) -> None:
    """The game taken to `player`'s part of `step` of `phase` (app dice): set-up for a UI check."""
    rng = random.Random(seed)
    for _ in range(120):
        s = screen.state
        if s.current_phase and (s.current_phase.id, s.current_step.id, s.active) == (phase, step, player):
            return
        for obligation in screen.session.engine.obligations(s):
            if obligation.refuses("next-step", None, None):
                screen.perform_action(Action("override", {"obligation": obligation.id, "reason": "set-up"}), None)
        assert screen.perform_action(Action("next-step", {"force": True}), RngFaces(rng)) is not None
    raise AssertionError(f"never reached {phase}/{step}")


@pytest.mark.parametrize("size", SIZES)
def test_the_banner_names_whose_part_of_the_phase_it_is(size: tuple[int, int]) -> None:
    async def script(pilot: Any) -> None:
        screen = await create_game(pilot, "cal")
        red, green = (p.name for p in screen.state.players)
        await next_steps(pilot, 1)  # round 1: the Ordnance phase, Red first
        assert f"▶ {red} active" in banner(screen) and "1. Ordnance" in banner(screen)
        await next_steps(pilot, 8)  # past Red's last Ordnance step: Green's part
        assert f"▶ {green} active" in banner(screen) and screen.state.step == 0
        # Green's ship is where the forms start now
        assert screen.state.ships[screen.legal("ready-ordnance").actor].owner == 1

    play(size, script)


def test_the_banner_of_a_shared_step_says_both_and_who_has_passed() -> None:
    samples = {p.name: load_roster(p) for p in sample_fleets("cal")}
    eng = engine_for(book_ruleset("cal"))
    g = PlayedGame(eng, [samples["cruiser-squadron.toml"], samples["strike-group.toml"]],
                   {"phase_play": "together where allowed"})
    rng = random.Random(1)
    while g.state.current_phase is None or g.state.current_phase.id != "interphase" \
            or g.state.current_step.id != "damage_control":
        for obligation in eng.obligations(g.state):
            if obligation.refuses("next-step", None, None):
                g.act("override", obligation=obligation.id, reason="set-up")
        g.do(Action("next-step", {"force": True}), RngFaces(rng))
    assert banner_content(g.state, "round", acting=eng.acting(g.state)).plain.splitlines()[0].endswith("▶ both")
    g.act("next-step", player="Red")
    line = banner_content(g.state, "round", acting=eng.acting(g.state)).plain.splitlines()[0]
    assert line.endswith("▶ both · Red passed, n for Green")
    assert banner_content(g.state, "round", acting=Acting(())).plain.splitlines()[0].endswith("Round 2")


@pytest.mark.parametrize("size", SIZES)
def test_the_planner_plans_for_whoever_acts_and_p_switches_side(size: tuple[int, int]) -> None:
    async def script(pilot: Any) -> None:
        screen = await create_game(pilot, "cal")
        red, green = (p.name for p in screen.state.players)
        walk(screen, "gunnery", "weapons", 1)  # Green fires now
        await settle(pilot)
        await pilot.press("f")
        await settle(pilot)
        planner = pilot.app.screen
        assert isinstance(planner, PlannerScreen)
        head = planner.query_one("#plan-head").content  # type: ignore[attr-defined]
        assert f"Fire plan for {green}" in str(head)
        assert {screen.state.ships[r.ship].owner for r in planner.rows} == {1}
        await pilot.press("p")
        await settle(pilot)
        assert f"Fire plan for {red}" in str(planner.query_one("#plan-head").content)  # type: ignore[attr-defined]
        assert {screen.state.ships[r.ship].owner for r in planner.rows} == {0}

    play(size, script)


@pytest.mark.parametrize("size", SIZES)
def test_n_shows_the_dice_the_app_rolled_for_an_automatic_step(size: tuple[int, int]) -> None:
    async def script(pilot: Any) -> None:
        screen = await create_game(pilot, "cal")
        screen.perform_action(Action("set", {"target": "1", "key": "round_damage", "value": "30"}), None)
        walk(screen, "damage", "add_fire", 0)
        await settle(pilot)
        ship = screen.state.ships["1"]
        await pilot.press("n")  # enters Resolve damage: the app rolls Resolute's damage table
        await settle(pilot)
        modal = pilot.app.screen
        assert isinstance(modal, AutoRollModal)
        text = modal.query_one("#auto-roll-text").content.plain  # type: ignore[attr-defined]
        rolled = next(e for e in screen.session.live[-1].events if e.kind == "dice-rolled")
        faces = rolled.data["rolls"][0]["faces"]
        assert "3. Damage · 3/4" in text and f"2d6 " in text and " ".join(map(str, faces)) in text
        assert f"{ship.label}: " in text  # what the roll decided, as the log tells it
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.screen is screen and screen.state.current_step.id == "resolve_damage"

    play(size, script)


@pytest.mark.parametrize("size", SIZES)
def test_a_roll_no_face_can_win_is_recorded_as_failed_with_one_key(size: tuple[int, int]) -> None:
    async def script(pilot: Any) -> None:
        screen = await create_game(pilot, "cal")
        screen.perform_action(Action("set", {"target": "1", "key": "boarders", "value": "1"}), None)
        walk(screen, "movement", "alter_course", 1)
        screen.perform_action(Action("set", {"target": "1", "key": "crew", "value": "-4"}), None)
        screen.perform_action(Action("set", {"target": "1", "key": "boarders", "value": "0"}), None)
        screen.perform_action(Action("set", {"target": "1", "key": "fire", "value": "1"}), None)
        walk(screen, "interphase", "damage_control", 0)
        await settle(pilot)
        assert "damage-control:1" in {o.id for o in screen.session.engine.obligations(screen.state)}
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(pilot.app.screen, ConfirmModal)
        await pilot.press("f")
        await settle(pilot)
        events = screen.session.live[-1].events
        assert "recorded as failed without a roll" in events[0].text and events[0].data["recorded_failed"]
        assert "damage-control:1" not in {o.id for o in screen.session.engine.obligations(screen.state)}

    play(size, script)


def test_with_physical_dice_n_asks_for_an_automatic_steps_faces_at_once_with_its_odds() -> None:
    async def script(pilot: Any) -> None:
        screen = await create_game(pilot, "cal")
        pilot.app.services.settings.update(dice_mode=DiceMode.PHYSICAL)  # type: ignore[attr-defined]
        screen.perform_action(Action("set", {"target": "1", "key": "round_damage", "value": "30"}), None)
        walk(screen, "damage", "add_fire", 0)
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        form = pilot.app.screen
        assert isinstance(form, ActionFormModal)
        odds = form.query_one("#odds-outcomes").content.plain  # type: ignore[attr-defined]
        # Resolute (SS 60): 30 damage reaches the Major table (from 30); 2d6 7: Engines Damaged, 6/36
        assert "Resolute (#1) (30 damage, Major table): Engines Damaged" in odds and "16.7%" in odds
        await type_text(pilot, "3 4")
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert screen.state.current_step.id == "resolve_damage" and screen.state.ships["1"].record["engines_damaged"]

    play((120, 36), script)

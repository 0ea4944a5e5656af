"""F1 / ? help from the active bindings; the rules reference and dice roller return to the battle they
were opened from; at 80x24 the home menu fits and the footers keep their most important keys."""

from __future__ import annotations

import asyncio

from builder_support import footer_keys
from tui_support import palette_command, run, screen_after, settle, text_of
from textual.widgets import RichLog, Static

from mstracker.tui.modals.help import HelpModal
from mstracker.tui.screens.battle import BattleScreen
from mstracker.tui.screens.dice import DiceScreen
from mstracker.tui.screens.home import HomeScreen
from mstracker.tui.screens.rules import RulesScreen


def test_f1_lists_the_keys_of_the_screen_in_front_grouped_and_f1_closes_it(app) -> None:
    async def script(pilot):
        await pilot.press("f")
        await settle(pilot)
        modal = await screen_after(pilot, "f1")
        shown = isinstance(modal, HelpModal) and text_of(modal.query_one("#help-text", Static))
        groups = [title for title, _ in modal.groups]
        await pilot.press("f1")
        await pilot.pause()
        return shown, groups, type(pilot.app.screen).__name__

    text, groups, after = run(app, script)
    assert groups[0] == "Fleet builder" and groups[-1] == "Everywhere"
    lines = [line.split() for line in text.splitlines()]
    for keys, words in (("a", "Add ship"), ("n", "Rename"), ("c", "Copy"), ("x / del", "Remove"), ("N", "New fleet"),
                        ("p", "Non-standard"), ("i", "Import file"), ("f1 / ?", "Help")):
        assert keys.split() + words.split() in lines, (keys, words)  # the last two make way in a narrow footer
    assert ["^y", "Redo", "(not", "now)"] in lines  # nothing undone yet
    assert "Copy selected text" not in text
    assert after == "FleetBuilderScreen"


def test_question_mark_opens_the_help_of_home(app) -> None:
    async def script(pilot):
        modal = await screen_after(pilot, "question_mark")
        text = text_of(modal.query_one("#help-text", Static)) if isinstance(modal, HelpModal) else ""
        await pilot.press("escape")
        await pilot.pause()
        return text, type(pilot.app.screen)

    text, after = run(app, script)
    assert text.startswith("Home") and "Settings" in text and "Quit" in text
    assert after is HomeScreen


def test_rules_and_dice_opened_from_a_battle_return_to_it(app) -> None:
    async def script(pilot):
        battle = await screen_after(pilot, "b")
        assert isinstance(battle, BattleScreen)
        seen = []
        for title, screen in (("Rules reference", RulesScreen), ("Dice roller", DiceScreen)):
            await palette_command(pilot, title)
            seen.append(isinstance(pilot.app.screen, screen))
            await pilot.press("escape")
            await settle(pilot)
            seen.append(pilot.app.screen is battle)
        return seen

    assert run(app, script) == [True, True, True, True]


def test_f1_in_the_dice_roller_is_help_and_rolls_nothing(app) -> None:
    async def script(pilot):
        dice = await screen_after(pilot, "d")
        await pilot.press("f1")
        await pilot.pause()
        helped = type(pilot.app.screen)
        await pilot.press("escape", "f3")  # the second preset
        await settle(pilot)
        dice.query_one("#presets").focus()
        await pilot.press("2")  # on the preset list, its number
        await settle(pilot)
        return helped, dice.rolls, dice.last_roll.expression, len(dice.query_one("#history", RichLog).lines)

    helped, rolls, expression, lines = run(app, script)
    assert helped is HelpModal
    assert rolls == 2 and expression == "d8" and lines >= 2  # spook's second preset, twice: the flares d8


def run_small(app, script):
    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(50):  # the footer lays its keys out after the first frames (later on a busy machine)
                await pilot.pause()
                if footer_keys(pilot):
                    break
            return await script(pilot)

    return asyncio.run(main())


def test_at_80x24_the_home_menu_fits_and_keeps_settings_and_quit_in_the_footer(app) -> None:
    async def script(pilot):
        screen = pilot.app.screen
        menu = screen.query_one("#menu").region
        box = screen.query_one("#home-menu-box").region
        return menu, box, footer_keys(pilot)

    menu, box, keys = run_small(app, script)
    assert menu.right <= 80 and box.right <= 80 and menu.height >= 11  # nine entries and the border
    assert keys.get("Settings") == "s" and keys.get("Quit") == "q"
    assert {"Continue", "New game", "Fleets"} <= set(keys)


def test_at_80x24_the_builder_footer_keeps_rename_and_copy(app) -> None:
    async def script(pilot):
        await pilot.press("f")
        await settle(pilot)
        await pilot.press("a")
        await pilot.pause()
        return footer_keys(pilot)

    keys = run_small(app, script)
    assert keys.get("Rename") == "n" and keys.get("Copy") == "c" and keys.get("Save") == "s"


def test_f1_in_a_battle_lists_the_battle_keys_and_escape_returns_to_it(app) -> None:
    async def script(pilot):
        battle = await screen_after(pilot, "b")
        modal = await screen_after(pilot, "f1")
        text = text_of(modal.query_one("#help-text", Static)) if isinstance(modal, HelpModal) else ""
        await pilot.press("escape")
        await pilot.pause()
        return text, pilot.app.screen is battle

    text, back = run(app, script)
    assert text.startswith(BattleScreen.TITLE or "BattleScreen") and "Attack" in text and "Undo" in text
    assert back


def test_f1_in_a_battle_names_the_keys_of_the_rules_reference_and_the_dice_roller_and_they_open_them(app) -> None:
    async def script(pilot):
        battle = await screen_after(pilot, "b")
        modal = await screen_after(pilot, "f1")
        text = text_of(modal.query_one("#help-text", Static)) if isinstance(modal, HelpModal) else ""
        await pilot.press("escape")
        await settle(pilot)
        seen = []
        for key in ("b", "d"):
            seen.append(type(await screen_after(pilot, key)))
            await pilot.press("escape")
            await settle(pilot)
            seen.append(pilot.app.screen is battle)
        return text, seen

    text, seen = run(app, script)
    lines = [" ".join(line.split()) for line in text.splitlines()]
    assert "b Rules reference" in lines and "d Dice roller" in lines
    assert seen == [RulesScreen, True, DiceScreen, True]

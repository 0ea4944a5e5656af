"""What a ship card says of an item: a counted ready or passive item shows its count, short."""

from __future__ import annotations

from mstracker.rules.contract import ItemReadiness, Readiness
from mstracker.tui.widgets.ship_card import item_words, items_content


def test_a_flare_launcher_shows_its_ammo_and_a_ready_weapon_its_uses() -> None:
    flares = ItemReadiness("d2", "Flare Launcher", "device", Readiness.PASSIVE,
                           "always on against missiles: ammo 7 of 8 (spook §6 B1)", uses_left=7)
    gattling = ItemReadiness("w1", "Gattling Mass Driver", "weapon", Readiness.READY,
                             "2 of 2 uses left before its 1 turn reload", uses_left=2)
    retire = ItemReadiness("a1", "Retire B", "ability", Readiness.PASSIVE, "retires Fighter ... (spook §7 A3)")
    spent = ItemReadiness("w2", "Torpedo Launcher", "weapon", Readiness.SPENT,
                          "used this turn; 5 of 6 uses left before its 1 turn reload", uses_left=5)
    assert item_words(flares) == "7 left"
    assert item_words(gattling) == "✓ 2 left"
    assert item_words(retire) == ""
    assert item_words(spent) == "• used this turn; 5 of 6 uses left before its 1 turn reload"
    assert items_content([gattling, flares, retire]).plain == "Gattling Mass Driver ✓ 2 left · Flare Launcher 7 left · Retire B"

"""spook.toml holds every number of the rulebook (RULES.md PART A tables) and its marks."""

from __future__ import annotations

import copy
import re
import tomllib

import pytest

from mstracker.paths import shipped_data_dir
from mstracker.rules import RulesError, build_ruleset
from mstracker.rules.base import Provenance
from mstracker.rules.names import UnknownName, find_entry
from mstracker.rulesets.spook.model import Reload, Ruleset
from ruleset_data import build_refusal

DATA = shipped_data_dir() / "rulesets" / "spook.toml"


def raw() -> dict:
    return tomllib.loads(DATA.read_text(encoding="utf-8"))


# RULES.md A2.2 / rulebook §4: code, speed, rcs, agility, armor, weapons, crew, devices, RU (None = N/A)
CLASSES = {
    "Mothership": ("A1", 1, 2, 1, 500, 6, 10, 2, None),
    "Base Station": ("A2", None, 2, 0, 500, 8, 10, 2, None),
    "Probe": ("B1", None, None, 10, 10, None, None, 1, 5),
    "Transport": ("B2", 8, 6, 6, 300, None, 5, 2, 50),
    "Fighter": ("C1", 10, None, 9, 70, 1, 1, None, 10),
    "Bomber": ("C2", 10, None, 8, 80, 1, 1, None, 10),
    "Lancer": ("C3", 10, None, 10, 60, 1, 1, None, 10),
    "Frigate": ("D1", 6, 4, 5, 200, 2, 4, 1, 30),
    "Infiltrator Frigate": ("D2", 8, 4, 7, 170, 2, 9, None, 40),
    "Mine Layer Frigate": ("D3", 6, 4, 5, 250, 2, 4, None, 40),
    "Carrier": ("E1", 2, 2, 2, 450, 3, 9, 2, 100),
    "Destroyer": ("E2", 4, 3, 3, 350, 3, 7, 1, 150),
    "Battlecruiser": ("E3", 3, 2, 2, 400, 4, 8, 2, 200),
}

# RULES.md A2.3 / §5: code, damage, accuracy, range, los, reload, designation, RU
WEAPONS = {
    "Mass Driver": ("A1", 10, 9, 2, None, None, "C1", 2),
    "Particle Lance": ("A2", 15, 10, 3, None, None, "C3", 4),
    "Heavy Particle Lance": ("A3", 20, 7, 3, None, None, "C3", 4),
    "Bomb Launcher": ("B1", 15, 8, 1, None, None, "C2", 4),
    "Plasma Bomb Launcher": ("B2", 20, 7, 1, None, None, "C2", 4),
    "Mass Driver Turret": ("C1", 20, 10, 2, False, None, "A1,A2,D1,D2,D3,E1,E2,E3", 10),
    "Point Defense Laser Turret": ("C2", 30, 8, 3, False, None, "A1,A2,D1,E1,E2,E3", 10),
    "Laser Pulse Turret": ("C3", 50, 7, 6, False, None, "A1,A2,E1,E2,E3", 15),
    "Turreted Railgun": ("C4", 100, 4, 6, False, "2;1", "E2,E3", 25),
    "Missile Launcher": ("D1", 25, 8, 10, False, "8;1", "A1,A2,D1,D2,D3,E2,E3", 10),
    "Torpedo Launcher": ("D2", 35, 6, 12, False, "6;1", "A1,A2,D1,D2,D3,E2,E3", 10),
    "Gravimetric Charge Launcher": ("D3", 80, 4, 10, False, "4;1", "A1,A2,D1,E2,E3", 20),
    "Hellfire Missile Launcher": ("D4", 100, 5, 20, False, "2;1", "A1,A2,D1,E2,E3", 25),
    "Cluster Torpedo Launcher": ("D5", "25 x d6", 5, 15, False, "4;1", "A1,A2,E2,E3", 25),
    "Heavy Mass Driver": ("E1", 50, 7, 6, True, "5;1", "A1,A2,D1,E2,E3", 20),
    "Laser Pulse Cannon": ("E2", 80, 4, 10, True, "4;1", "A1,A2,D1,E2,E3", 25),
    "Ion Beam": ("E3", 100, 4, 20, True, "1;1", "A1,A2,D1,E2,E3", 35),
    "Heavy Railgun": ("E4", 120, 4, 20, True, "1;1", "A1,A2,E2,E3", 40),
    "Gattling Mass Driver": ("E5", "30 x d6", 4, 8, True, "2;1", "A1,A2,D1,E2,E3", 35),
}

# RULES.md A2.4 / §6: code, reload, per-use RU, radius, designation, RU
DEVICES = {
    "Hyperdrive": ("A1", None, 5, None, "A1,B2,E1,E3", 30),
    "Afterburner": ("A2", "1;2", None, None, "B2,D1,E1,E2,E3", 10),
    "Flare Launcher": ("B1", "8;1", None, None, "A1,B2,D1,E1,E2,E3", 20),
    "Defense Field": ("B2", None, 5, 10, "A1,A2,B1,B2,D1,E1,E2,E3", 10),
    "EMP Generator": ("B3", None, 10, 10, "A1,A2,B1,B2,D1,E1,E2,E3", 15),
    "Sensor Jammer": ("B4", None, 5, 10, "A1,A2,B1,B2,D1,E1,E2,E3", 10),
    "Gravity Well Generator": ("B5", "1;2", None, 20, "A1,A2,B1,B2,D1,E1,E2,E3", 10),
}

# RULES.md A2.5 / §7: ability -> holders. Only Mine Layer's text survives.
ABILITIES = {
    "Mine Layer": "D3",
    "Retire A": "A1,A2",
    "Retire B": "E1,E3",
    "Retire C": "B2",
    "Build A": "A1,A2",
    "Build B": "E1",
    "Repair A": "A1,A2",
    "Repair B": "E1,E3",
    "Repair C": "B2",
    "Scuttle": "B2,D1,D2,D3,E1,E2,E3",
    "Subsystem Targeting": "C2",
    "Infiltrate": "D2",
    "Transport": "B2",
    "Ramming": "A1,D1,D2,D3,E1,E2,E3",
}

SETTING_KEYS = {
    "radius_metric", "scrimmage_requires_carrier", "ff_chooser", "flares_vs", "mine_persist_on_avoid",
    "mines_hit_owner", "reload_uses_consecutive", "flare_reload_cost_ru", "retire_refund_pct", "repair_cost_ru",
    "scuttle_radius", "scuttle_dmg_pct", "infiltrate_range", "transport_capacity", "ram_pct",
}


def test_meta_names_the_book(rs: Ruleset) -> None:
    m = rs.meta
    assert (m.id, m.version, m.rulebook) == ("spook", "v0.2.2", "spook-lego-microspacewars-v0.2.2.txt")
    assert m.dice == ("d6", "d8", "d12")
    assert m.rounding == "ceil" and m.turn_word == "turn"
    assert rs.basics.unit_studs == 4 and rs.basics.rotation_step_degrees == 45 and rs.basics.squadron_size == 4


def test_entry_counts_match_the_rulebook(rs: Ruleset) -> None:
    assert len(rs.classes) == 13
    assert len(rs.weapons) == 19
    assert len(rs.devices) == 7
    # §7: Mine Layer, Retire A-C, Build A-B, Repair A-C, Scuttle, Subsystem Targeting, Infiltrate,
    # plus Transport (no section) and Ramming (§8 A1).
    assert set(rs.abilities) == set(ABILITIES)


@pytest.mark.parametrize("name", CLASSES)
def test_class_stats_are_the_books(rs: Ruleset, name: str) -> None:
    c = rs.classes[name]
    got = (c.code, c.speed, c.rcs, c.agility, c.armor, c.weapons, c.crew_level, c.devices, c.rus)
    assert got == CLASSES[name]


@pytest.mark.parametrize("name", WEAPONS)
def test_weapon_stats_are_the_books(rs: Ruleset, name: str) -> None:
    w = rs.weapons[name]
    got = (w.code, w.damage, w.accuracy, w.range, w.los, w.reload, ",".join(w.designation), w.rus)
    assert got == WEAPONS[name]
    assert w.lego, f"{name} has no Lego piece"


@pytest.mark.parametrize("name", DEVICES)
def test_device_stats_are_the_books(rs: Ruleset, name: str) -> None:
    d = rs.devices[name]
    assert (d.code, d.reload, d.use_cost_ru, d.radius, ",".join(d.designation), d.rus) == DEVICES[name]
    assert d.lego


def test_afterburner_and_flare_numbers(rs: Ruleset) -> None:
    ab = rs.devices["Afterburner"]
    assert (ab.speed_bonus, ab.agility_bonus) == (6, 2)
    assert rs.devices["Flare Launcher"].stacks
    assert not any(d.stacks for n, d in rs.devices.items() if n != "Flare Launcher")


@pytest.mark.parametrize("name", ABILITIES)
def test_ability_holders(rs: Ruleset, name: str) -> None:
    assert ",".join(rs.abilities[name].designation) == ABILITIES[name]


def test_ability_holders_agree_with_class_listings(rs: Ruleset) -> None:
    for name, ability in rs.abilities.items():
        if name == "Ramming":  # the book names it for frigates, capital ships and motherships, in no listing
            continue
        listed = {c.code for c in rs.classes.values() if name in [rs.ability(a)[0] for a in c.abilities]}
        assert listed == set(ability.designation), name


def test_mine_layer_is_text_the_rest_is_marked_house_default(rs: Ruleset) -> None:
    mine = rs.abilities["Mine Layer"]
    assert (mine.code, mine.reload, mine.damage, mine.text_lost) == ("A1", "1;2", 200, False)
    assert rs.ability("Mine Deployment")[0] == "Mine Layer"
    assert not rs.abilities["Retire A"].text_lost  # the book's last sentence is Retire A's text
    for name, ability in rs.abilities.items():
        if name not in ("Mine Layer", "Retire A"):
            assert ability.text_lost, name
            assert ability.provenance("effect") is Provenance.HOUSE_DEFAULT, name
    assert rs.abilities["Retire B"].provenance("scope") is Provenance.INFERRED
    assert rs.abilities["Retire A"].provenance("scope") is Provenance.TEXT
    assert [rs.abilities[f"Retire {x}"].code for x in "ABC"] == ["A2", "A3", "A4"]
    assert [rs.abilities[n].code for n in ("Scuttle", "Subsystem Targeting", "Infiltrate")] == ["A10", "A11", "A12"]


def test_designations_name_existing_classes(rs: Ruleset) -> None:
    codes = {c.code for c in rs.classes.values()}
    assert len(codes) == 13
    for section in (rs.weapons, rs.devices, rs.abilities):
        for entry in section.values():
            assert set(entry.designation) <= codes
            assert set(getattr(entry, "scope", ())) <= codes
    for budget in rs.budgets.values():
        assert set(budget.free_hull_classes) <= codes


def test_eligibility_points_developers_miss(rs: Ruleset) -> None:
    carrier_weapons = {n for n, w in rs.weapons.items() if "E1" in w.designation}
    assert carrier_weapons == {"Mass Driver Turret", "Point Defense Laser Turret", "Laser Pulse Turret"}
    for code in ("D2", "D3"):
        assert {n for n, w in rs.weapons.items() if code in w.designation} == {
            "Mass Driver Turret", "Missile Launcher", "Torpedo Launcher"}
    probe_devices = {n for n, d in rs.devices.items() if "B1" in d.designation}
    assert probe_devices == {"Defense Field", "EMP Generator", "Sensor Jammer", "Gravity Well Generator"}
    for code in ("B2", "E1", "E3"):
        assert all(code in d.designation for d in rs.devices.values())


def test_costs_are_not_negative(rs: Ruleset) -> None:
    assert all((c.rus or 0) >= 0 for c in rs.classes.values())
    assert all(w.rus >= 0 for w in rs.weapons.values())
    assert all(d.rus >= 0 and (d.use_cost_ru or 0) >= 0 for d in rs.devices.values())


def test_reload_and_damage_helpers(rs: Ruleset) -> None:
    assert rs.weapons["Missile Launcher"].reload_cycle == Reload(8, 1)
    assert rs.weapons["Mass Driver"].reload_cycle is None
    assert rs.devices["Afterburner"].reload_cycle == Reload(1, 2)
    assert str(Reload(2, 1)) == "2;1"
    cluster = rs.weapons["Cluster Torpedo Launcher"]
    assert (cluster.damage_base, cluster.damage_die) == (25, 6)
    ion = rs.weapons["Ion Beam"]
    assert (ion.damage_base, ion.damage_die) == (100, None)
    with pytest.raises(ValueError, match="expected a reload like '8;1'"):
        Reload.parse("eight")


@pytest.mark.parametrize(
    ("key", "dice", "rows"),
    [
        ("accuracy", "d12", {"miss": ((1, 2, 3, 4, 5), 0), "half": ((6, 7, 8, 9, 10), 50), "full": ((11,), 100),
                             "friendly_fire": ((12,), 0)}),
        ("flares", "d8", {"intercepted": ((1, 2, 3), 0), "half": ((4, 5, 6, 7), 50), "missed": ((8,), 100)}),
        ("mines", "d8", {"avoided": ((1, 2, 3), 0), "distant": ((4, 5, 6, 7), 100), "direct": ((8,), 200)}),
        ("subsystem", "d8", {"half": ((1, 2), 50), "full": ((3, 4, 5), 100), "subsystem": ((6, 7, 8), 0)}),
    ],
)
def test_tables_cover_their_dice(rs: Ruleset, key: str, dice: str, rows: dict) -> None:
    table = rs.tables[key]
    assert table.dice == dice
    assert {r.result: (r.faces, r.value) for r in table.rows} == rows
    sides = int(dice[1:])
    assert sorted(f for r in table.rows for f in r.faces) == list(range(1, sides + 1))


def test_subsystem_table_is_a_house_default(rs: Ruleset) -> None:
    assert rs.tables["subsystem"].provenance("value") is Provenance.HOUSE_DEFAULT
    assert rs.tables["accuracy"].provenance("value") is Provenance.TEXT


def test_every_rules_md_setting_is_present(rs: Ruleset) -> None:
    assert SETTING_KEYS <= set(rs.settings)
    defaults = {k: rs.setting(k) for k in SETTING_KEYS}
    assert defaults == {
        "radius_metric": "chebyshev", "scrimmage_requires_carrier": "warn", "ff_chooser": "attacker",
        "flares_vs": "all_section_D", "mine_persist_on_avoid": True, "mines_hit_owner": False,
        "reload_uses_consecutive": False, "flare_reload_cost_ru": 5, "retire_refund_pct": 100,
        "repair_cost_ru": 0, "scuttle_radius": 1, "scuttle_dmg_pct": 50, "infiltrate_range": 1,
        "transport_capacity": 4, "ram_pct": 25,
    }
    assert rs.settings["ff_chooser"].options == ("attacker", "opponent")
    assert rs.settings["flares_vs"].options == ("all_section_D", "missiles_only")
    for key, s in rs.settings.items():
        assert s.status.value in ("text", "inferred", "house-default"), key
        assert s.text and s.source, key


def test_budgets(rs: Ruleset) -> None:
    s, c, x = rs.budgets["scrimmage"], rs.budgets["campaign"], rs.budgets["custom"]
    assert (s.cap, s.ships_min, s.ships_max, s.base_class, s.free_hulls) == (850, 8, 10, "E1", 0)
    assert (c.cap, c.cap_max, c.ships_about, c.free_hulls, c.free_hull_required) == (2000, 2500, 25, 1, True)
    assert c.free_hull_classes == ("A1", "A2")
    assert x.cap is None and not x.free_hull_required


def test_phases_follow_the_books_logical_order(rs: Ruleset) -> None:
    assert [p.id for p in rs.phases] == [
        "upkeep", "dock", "move_devices", "move", "abilities", "attack", "devices", "build", "victory"]
    upkeep = rs.phases[0]
    assert upkeep.inferred and all(step.kind.value == "auto" for step in upkeep.steps)
    assert {s.id for s in upkeep.steps} == {"expire", "reload", "flares", "infiltration"}
    attack = next(p for p in rs.phases if p.id == "attack")
    assert [s.id for s in attack.steps] == ["fire", "scuttle", "subsystem"]


def test_lookups_by_name_and_code(rs: Ruleset) -> None:
    assert rs.weapon("e3")[0] == "Ion Beam"
    assert rs.ship_class("Frigate")[0] == "Frigate"
    assert rs.ship_class("D1")[0] == "Frigate"
    assert find_entry(rs.devices, "flare launcher", "device")[0] == "Flare Launcher"
    with pytest.raises(UnknownName, match="choose one of: Mothership, Base Station"):
        rs.ship_class("Dreadnought")
    assert rs.class_names(("E1", "D1")) == ["Carrier", "Frigate"]


def test_bad_damage_form_names_the_field() -> None:
    message = build_refusal("spook", ("weapons", "Ion Beam", "damage"), "lots")
    assert message == 'spook.toml: weapons."Ion Beam".damage: expected an integer, got "lots"'


def test_times_die_damage_is_accepted_in_any_spacing() -> None:
    data = raw()
    data["weapons"]["Ion Beam"]["damage"] = "40X d8"
    assert build_ruleset("spook", data, "spook.toml").weapons["Ion Beam"].damage == "40 x d8"


@pytest.mark.parametrize(
    ("path", "value", "match"),
    [
        (("weapons", "Ion Beam", "reload"), "1/1", r'weapons."Ion Beam".reload: expected a reload like'),
        (("devices", "Hyperdrive", "designation"), ["Z9"], "devices.Hyperdrive: Z9 is not a class code"),
    ],
    ids=["bad reload", "bad designation"],
)
def test_bad_reload_and_bad_designation_are_refused(path: tuple[str, ...], value: object, match: str) -> None:
    assert re.search(match, build_refusal("spook", path, value))


def test_missing_procedure_table_is_refused() -> None:
    data = raw()
    del data["tables"]["flares"]
    with pytest.raises(RulesError, match="the d8 flare table"):
        build_ruleset("spook", data, "spook.toml")


def test_house_rule_overlay_changes_a_table_row() -> None:
    data = copy.deepcopy(raw())
    data["tables"]["mines"]["rows"][2]["value"] = 250
    assert build_ruleset("spook", data, "spook.toml").tables["mines"].lookup(8).value == 250

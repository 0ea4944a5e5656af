"""`mstracker game act` on a spook scrimmage game, Blue to fire in turn 1: an attack needs the distance
measured or an explicit "in range" (spook §3 B2); a blank one is refused in one line on stderr (exit 2)
and changes nothing; a built ship's name is taken as meant, without the quotes a command line needs."""

from __future__ import annotations

import json

from test_plan_cli import CliRun, game  # noqa: F401  (the fixture: the scrimmage game, Blue to fire)


def test_a_fire_without_distance_or_in_range_is_refused_in_one_line(cli: CliRun, game: str) -> None:  # noqa: F811
    code, out, err = cli("game", "act", game, "fire", "Blue Fang", "w1", "Red Bastion", "--faces", "3,7")
    assert code == 2 and err.count("\n") == 1, (out, err)
    assert "distance needed: spook §3 B2 (the weapon reaches 8 units)" in err and "Traceback" not in err
    # nothing was done: the Gattling Mass Driver (w1) is still ready, so the same fire in range goes through
    code, out, err = cli("game", "act", game, "fire", "Blue Fang", "w1", "Red Bastion", "in_range", "--faces", "3",
                         "--json")
    assert code == 0, err
    fired = json.loads(out)["events"][0]
    assert "Blue Fang (#2) fires Gattling Mass Driver (w1) at Red Bastion (#9), in range (not measured): " in fired["text"]


def test_a_measured_distance_goes_by_position_and_is_logged(cli: CliRun, game: str) -> None:  # noqa: F811
    code, out, err = cli("game", "act", game, "fire", "Blue Fang", "w3", "Red Lance", "6", "--json")
    assert code == 0, err
    assert ", at 6 units: " in json.loads(out)["events"][0]["text"]


def test_a_ship_built_with_a_quoted_name_is_named_without_the_quotes(cli: CliRun, game: str) -> None:  # noqa: F811
    for _ in range(30):  # next-step until Blue's build step (spook §3 B: build new ships next to a builder)
        code, out, _ = cli("game", "show", game, "--json")
        if json.loads(out)["position"]["phase"] == "Build":
            break
        assert cli("game", "act", game, "next-step", "force")[0] == 0
    # as a shell passes name='"Red Wasp"': the quotes reach the action; Blue Haven (#1) holds Build B
    code, out, err = cli("game", "act", game, "build", "builder=Blue Haven", "ship_class=Fighter", 'name="Red Wasp"',
                         'weapons="Mass Driver"', "--json")
    assert code == 0, err
    built = json.loads(out)["events"][0]["text"]
    assert built.startswith("Blue Haven (#1) builds Red Wasp, a Fighter, for ") and '"' not in built
    ships = json.loads(cli("game", "show", game, "--json")[1])["state"]["ships"]
    assert [s["name"] for s in ships.values()][-1] == "Red Wasp"

"""`mstracker fleet new | check | show` and hostile fleet files."""

from __future__ import annotations

from collections.abc import Callable
import json
from pathlib import Path

import pytest

from mstracker.store.fleets import sample_fleets

CliRun = Callable[..., tuple[int, str, str]]

RULESETS = ["spook", "lukas", "pz8", "cal"]


@pytest.mark.parametrize("rid", RULESETS)
def test_new_fleet_is_written_and_checks_legal(cli: CliRun, tmp_path: Path, rid: str) -> None:
    path = tmp_path / f"{rid}.toml"
    code, _, err = cli("fleet", "new", rid, "-o", str(path))
    assert code == 0, err
    assert path.read_text(encoding="utf-8").startswith("schema_version = 1")
    code, out, _ = cli("fleet", "check", str(path), "--json")
    report = json.loads(out)
    assert code == 0 and report["legal"] is True and report["ruleset"] == rid


def test_new_fleet_as_json_is_the_file_it_writes(cli: CliRun, tmp_path: Path) -> None:
    path = tmp_path / "red.toml"
    code, out, err = cli("fleet", "new", "spook", "--preset", "scrimmage", "-o", str(path), "--json")
    assert code == 0, err
    payload = json.loads(out)
    assert payload.pop("written") == str(path)
    import tomllib

    assert payload == tomllib.loads(path.read_text(encoding="utf-8"))
    assert payload["ruleset"] == "spook" and payload["preset"] == "scrimmage" and payload["ships"]
    code, out, _ = cli("fleet", "new", "pz8", "--json")
    assert code == 0 and json.loads(out)["ruleset"] == "pz8"


@pytest.mark.parametrize("rid", RULESETS)
def test_every_sample_fleet_is_legal(cli: CliRun, rid: str) -> None:
    samples = sample_fleets(rid)
    assert len(samples) >= 2
    for path in samples:
        code, out, _ = cli("fleet", "check", str(path), "--json")
        report = json.loads(out)
        assert code == 0, (path.name, report["findings"])
        assert [f for f in report["findings"] if f["severity"] == "error"] == []


def test_fleet_check_json_shape_for_a_spook_fleet(cli: CliRun) -> None:
    path = next(p for p in sample_fleets("spook") if "scrimmage" in p.name)
    code, out, _ = cli("fleet", "check", str(path), "--json")
    report = json.loads(out)
    assert set(report) == {"ruleset", "legal", "cost", "cap", "findings"}
    assert path.name == "scrimmage-blue.toml"
    # A2.1 ship cost = hull + weapons + devices (A2.2-A2.4): Carrier 100+10+15+15+30+20 = 190,
    # Destroyer 150+35+25+10+10 = 230, Destroyer 150+25+20+10+20 = 225, Mine Layer 40+10+10 = 60,
    # Frigate 30+25+10+15 = 80, Fighter 10+2 = 12, Bomber 10+4 = 14, Lancer 10+4 = 14: 825 of 850
    assert report["cap"] == 850 and report["cost"] == 825
    assert report["legal"] is True and report["findings"] == []


def test_new_with_unknown_preset_names_the_presets(cli: CliRun) -> None:
    code, _, err = cli("fleet", "new", "spook", "--preset", "skirmish")
    assert code == 2 and "unknown preset 'skirmish' for spook; choose one of:" in err and "scrimmage" in err


def test_illegal_fleet_exits_1_with_the_reason(cli: CliRun, tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(
        'schema_version = 1\nruleset = "spook"\nname = "Bad"\npreset = "scrimmage"\n'
        '[[ships]]\nname = "Vindicator"\nclass = "Carrier"\nweapons = ["Missile Launcher"]\n',
        encoding="utf-8",
    )
    code, out, _ = cli("fleet", "check", str(path), "--json")
    assert code == 1
    messages = [f["message"] for f in json.loads(out)["findings"] if f["severity"] == "error"]
    assert any("Missile Launcher cannot be mounted on a Carrier" in m for m in messages)


def test_unknown_class_is_a_finding_not_a_crash(cli: CliRun, tmp_path: Path) -> None:
    path = tmp_path / "odd.toml"
    path.write_text('ruleset = "cal"\n[[ships]]\nname = "X"\nclass = "Star Destroyer"\n', encoding="utf-8")
    code, out, _ = cli("fleet", "check", str(path), "--json")
    assert code == 1
    finding = json.loads(out)["findings"][0]
    assert finding["ship"] == "X" and "Star Destroyer" in finding["message"] and "Heavy Cruiser" in finding["message"]


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"ruleset = spook\n", "not valid TOML"),
        (b"\x00\x01\x02binary", "binary file"),
        (b'ruleset = "spook"\ncolour = "red"\n', "colour: is not a known field"),
        (b'schema_version = 9\nruleset = "spook"\n', "newer mstracker"),
        (b'ruleset = "spook"\n[[ships]]\nname = "A"\n', "ships[0].class: is required but missing"),
        (b'ruleset = "chess"\n', "unknown ruleset 'chess'"),
        (b"a = " + b"[" * 5000 + b"]" * 5000 + b"\n", "nested too deeply"),
        (b"\xff\xfe not utf-8", "not UTF-8"),
    ],
)
def test_hostile_files_are_refused_with_a_located_message(
    cli: CliRun, tmp_path: Path, content: bytes, expected: str
) -> None:
    path = tmp_path / "fleet.toml"
    path.write_bytes(content)
    code, out, err = cli("fleet", "check", str(path))
    assert code == 2 and out == ""
    assert err.startswith("mstracker: fleet.toml") and expected in err
    assert path.read_bytes() == content


def test_huge_file_is_refused(cli: CliRun, tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    path.write_bytes(b"# " + b"x" * 2_000_000 + b"\n")
    code, _, err = cli("fleet", "check", str(path))
    assert code == 2 and "the limit is" in err


def test_missing_file(cli: CliRun, tmp_path: Path) -> None:
    code, _, err = cli("fleet", "check", str(tmp_path / "nope.toml"))
    assert code == 2 and "nope.toml: no such file" in err


def test_show_prints_the_roster_sheet(cli: CliRun) -> None:
    path = next(p for p in sample_fleets("spook") if "scrimmage" in p.name)
    code, out, _ = cli("fleet", "show", str(path))
    assert code == 0
    assert "roster sheet" in out and "Carrier" in out and "of 850" in out

"""`mstracker fleet new | check | show` and hostile fleet files."""

from __future__ import annotations

from collections.abc import Callable
import json
from pathlib import Path

import pytest

from mstracker.rules.registry import ruleset_ids
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
        (b"a = " + b"[" * 5000 + b"]" * 5000 + b"\n", "line 1: nested more than 32 brackets deep; the limit is 32"),
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
    assert err.startswith(f"mstracker: {path}: ") and expected in err  # the path as typed
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


# ---- fleets by name: saved fleets and shipped samples, from any folder -----------------------------


SAMPLE_REFS = {
    "spook": ["campaign-blue", "campaign-red", "scrimmage-blue", "scrimmage-red"],
    "lukas": ["frigate_warfare_kassarian", "frigate_warfare_rakanda", "kassarian_strike_group", "rakanda_home_fleet"],
    "pz8": ["anchor-flight", "cap-wing", "pushpin-patrol", "razor-squadron"],
    "cal": ["carrier-group", "convoy", "cruiser-squadron", "strike-group"],
}


def _save(home: Path, stem: str, text: str) -> Path:
    path = home / "data" / "fleets" / f"{stem}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _razor_as(player: str) -> str:
    sample = next(p for p in sample_fleets("pz8") if p.stem == "razor-squadron")
    return sample.read_text(encoding="utf-8").replace('player = "Red"', f'player = "{player}"')


@pytest.mark.parametrize("typed", ["razor-squadron", "razor-squadron.toml", "Razor Squadron", "RAZOR SQUADRON"])
def test_a_sample_is_named_by_stem_or_fleet_name_from_any_folder(
    cli: CliRun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, typed: str
) -> None:
    monkeypatch.chdir(tmp_path)  # an empty folder: no data/ beside it
    code, out, err = cli("fleet", "show", typed, "--json")
    assert code == 0, err
    sheet = json.loads(out)
    assert (sheet["name"], sheet["player"], len(sheet["ships"])) == ("Razor Squadron", "Red", 6)


def test_a_saved_fleet_is_named_and_comes_before_the_sample(cli: CliRun, isolated_home: Path) -> None:
    _save(isolated_home, "razor-squadron", _razor_as("Mine"))
    code, out, _ = cli("fleet", "show", "Razor Squadron", "--json")
    assert code == 0 and json.loads(out)["player"] == "Mine"


def test_two_saved_fleets_of_one_name_are_refused_naming_both(cli: CliRun, isolated_home: Path) -> None:
    first = _save(isolated_home, "a", _razor_as("A"))
    second = _save(isolated_home, "b", _razor_as("B"))
    code, out, err = cli("fleet", "check", "razor squadron")
    assert code == 2 and out == ""
    assert err.startswith("mstracker: razor squadron: names 2 fleets: ")
    assert str(first) in err and str(second) in err and err.endswith("type the file's path instead\n")


def test_a_missing_path_keeps_its_folders_and_suggests_the_sample(
    cli: CliRun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = cli("fleet", "check", "data/fleets/pz8/razor-squadron.toml")
    assert code == 2
    assert err == (
        "mstracker: data/fleets/pz8/razor-squadron.toml: no such file; "
        "did you mean razor-squadron (pz8 sample)? (all: mstracker fleet list)\n"
    )


@pytest.mark.parametrize(
    ("typed", "nearest"),
    [
        ("razr", "nearest: razor-squadron (pz8 sample) (all"),
        ("campaign", "nearest: campaign-blue (spook sample), campaign-red (spook sample) (all"),
        ("anchor", "nearest: anchor-flight (pz8 sample) (all"),
    ],
)
def test_an_unknown_name_suggests_the_nearest_names(cli: CliRun, typed: str, nearest: str) -> None:
    code, _, err = cli("fleet", "check", typed)
    assert code == 2
    assert err.startswith(f"mstracker: {typed}: no such file, nor a saved or sample fleet of that name; ")
    assert nearest in err


def test_an_unknown_name_with_nothing_near_points_at_the_list(cli: CliRun) -> None:
    code, _, err = cli("fleet", "check", "zzzz")
    assert code == 2
    assert err == "mstracker: zzzz: no such file, nor a saved or sample fleet of that name (see: mstracker fleet list)\n"


def test_game_new_takes_fleet_names_for_its_ruleset(cli: CliRun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = cli("game", "new", "--ruleset", "pz8", "--fleet", "razor-squadron", "--fleet", "Anchor Flight", "--json")
    assert code == 0, err
    game = json.loads(out)
    assert [(p["name"], p["fleet"]) for p in game["players"]] == [("Red", "Razor Squadron"), ("Blue", "Anchor Flight")]
    assert game["ships"] == 9


def test_game_new_refuses_another_rulesets_sample_saying_whose_it_is(cli: CliRun) -> None:
    code, _, err = cli("game", "new", "--ruleset", "spook", "--fleet", "razor-squadron", "--fleet", "scrimmage-red")
    assert code == 2
    assert err.startswith(
        "mstracker: razor-squadron: no such file, nor a saved or sample spook fleet of that name; "
        "razor-squadron is a pz8 sample, not a spook fleet"
    )
    assert err.endswith("(see: mstracker fleet list spook)\n") or "(all: mstracker fleet list spook)" in err


def test_fleet_list_json_gives_saved_then_samples_marked(cli: CliRun, isolated_home: Path) -> None:
    saved = _save(isolated_home, "my-razors", _razor_as("Me"))
    broken = _save(isolated_home, "broken", "ruleset = \n")
    code, out, err = cli("fleet", "list", "pz8", "--json")
    assert code == 0, err
    rows = json.loads(out)
    assert [(r["ref"], r["origin"]) for r in rows[:2]] in ([("my-razors", "saved"), ("broken", "saved")], [("broken", "saved"), ("my-razors", "saved")])
    mine = next(r for r in rows if r["ref"] == "my-razors")
    assert mine == {"ref": "my-razors", "name": "Razor Squadron", "ruleset": "pz8", "origin": "saved", "ships": 6, "path": str(saved), "problem": None}
    bad = next(r for r in rows if r["ref"] == "broken")
    assert bad["path"] == str(broken) and bad["ruleset"] is None and "not valid TOML" in bad["problem"]
    assert [r["ref"] for r in rows if r["origin"] == "sample"] == SAMPLE_REFS["pz8"]


def test_fleet_list_filters_samples_saved_and_rulesets(cli: CliRun, isolated_home: Path) -> None:
    _save(isolated_home, "my-razors", _razor_as("Me"))
    code, out, _ = cli("fleet", "list", "--samples", "--json")
    assert code == 0
    books = [ref for rid in RULESETS for ref in SAMPLE_REFS[rid]]
    # the four books' samples first; another installed ruleset's come after them
    assert [r["ref"] for r in json.loads(out)][:len(books)] == books
    code, out, _ = cli("fleet", "list", "--saved", "--json")
    assert [(r["ref"], r["origin"]) for r in json.loads(out)] == [("my-razors", "saved")]
    code, out, _ = cli("fleet", "list", "spook", "--saved", "--json")
    assert code == 0 and json.loads(out) == []
    code, _, err = cli("fleet", "list", "chess")
    assert code == 2 and err == f"mstracker: unknown ruleset 'chess'; choose one of: {', '.join(ruleset_ids())}\n"
    assert err.startswith("mstracker: unknown ruleset 'chess'; choose one of: spook, lukas, pz8, cal")


def test_fleet_list_text_marks_each_row(cli: CliRun, isolated_home: Path) -> None:
    _save(isolated_home, "my-razors", _razor_as("Me"))
    code, out, _ = cli("fleet", "list", "pz8")
    assert code == 0
    rows = [line for line in out.splitlines() if line.startswith("│")]
    assert [r.split("│")[1].strip() for r in rows] == ["my-razors", *SAMPLE_REFS["pz8"]]
    assert rows[0].split("│")[5].strip() == "saved" and {r.split("│")[5].strip() for r in rows[1:]} == {"sample"}
    assert "game new --fleet NAME" in out


def test_fleet_copy_writes_the_sample_as_it_is_and_never_overwrites(
    cli: CliRun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    sample = next(p for p in sample_fleets("pz8") if p.stem == "razor-squadron")
    code, out, err = cli("fleet", "copy", "razor-squadron", "-o", "mine.toml")
    assert code == 0, err
    assert out == "wrote mine.toml: Razor Squadron (pz8, 6 ships)\n"
    assert (tmp_path / "mine.toml").read_bytes() == sample.read_bytes()  # comments included
    (tmp_path / "mine.toml").write_text("# my edits\n", encoding="utf-8")
    code, _, err = cli("fleet", "copy", "razor-squadron", "-o", "mine.toml")
    assert code == 2 and err == "mstracker: mine.toml: exists; choose another file, or add --force to replace it\n"
    assert (tmp_path / "mine.toml").read_text(encoding="utf-8") == "# my edits\n"
    code, _, _ = cli("fleet", "copy", "razor-squadron", "-o", "mine.toml", "--force")
    assert code == 0 and (tmp_path / "mine.toml").read_bytes() == sample.read_bytes()


def test_fleet_copy_into_a_folder_as_json(cli: CliRun, tmp_path: Path) -> None:
    code, out, err = cli("fleet", "copy", "Anchor Flight", "-o", str(tmp_path), "--json")
    assert code == 0, err
    sample = next(p for p in sample_fleets("pz8") if p.stem == "anchor-flight")
    assert json.loads(out) == {"from": str(sample), "written": str(tmp_path / "anchor-flight.toml"), "ruleset": "pz8", "name": "Anchor Flight"}
    assert (tmp_path / "anchor-flight.toml").read_bytes() == sample.read_bytes()
    code, _, err = cli("fleet", "copy", "nothing-like-it", "-o", str(tmp_path))
    assert code == 2 and err.startswith("mstracker: nothing-like-it: no such file")


# ---- reliability finding 5: deep or oversized fleet files are refused before validating --------------


def _deep_header(parts: int) -> bytes:
    return b'ruleset = "pz8"\nname = "D"\n[' + b".".join([b"a"] * parts) + b"]\nx = 1\n"


@pytest.mark.parametrize("command", [("fleet", "check"), ("fleet", "show")])
def test_a_10000_deep_table_is_refused_at_its_line(cli: CliRun, tmp_path: Path, command: tuple[str, str]) -> None:
    path = tmp_path / "deep.toml"
    path.write_bytes(_deep_header(10_000))
    code, out, err = cli(*command, str(path))
    assert (code, out) == (2, "")
    assert err == f"mstracker: {path}: line 3: a key of more than 32 parts; the limit is 32\n"


def test_game_new_refuses_a_deep_fleet_and_creates_nothing(cli: CliRun, tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_bytes(_deep_header(10_000))
    code, _, err = cli("game", "new", "--ruleset", "pz8", "--fleet", str(path), "--fleet", "anchor-flight")
    assert code == 2 and err == f"mstracker: {path}: line 3: a key of more than 32 parts; the limit is 32\n"
    code, out, _ = cli("game", "list", "--json")
    assert json.loads(out) == []


def test_deep_nesting_built_from_short_keys_is_refused_after_parsing(cli: CliRun, tmp_path: Path) -> None:
    # the file, then a 20-part header, then a 20-part key (the last part is the value): 1 + 20 + 19 = 40
    # tables deep, though no one key is too long for the scan before parsing
    path = tmp_path / "deep.toml"
    path.write_bytes(b'ruleset = "cal"\n[designs.' + b".".join([b"d"] * 19) + b"]\n" + b".".join([b"k"] * 20) + b" = 1\n")
    code, _, err = cli("fleet", "check", str(path))
    assert code == 2 and err == f"mstracker: {path}: nested 40 tables or lists deep; the limit is 32\n"


def test_more_ships_than_a_fleet_may_have_are_refused_by_count(cli: CliRun, tmp_path: Path) -> None:
    path = tmp_path / "many.toml"
    path.write_text('ruleset = "pz8"\n' + '[[ships]]\nname = "S"\nclass = "Spaceship"\n' * 201, encoding="utf-8")
    code, _, err = cli("fleet", "check", str(path))
    assert code == 2 and err == f"mstracker: {path}: ships: 201 ships; a fleet has at most 200\n"


def test_a_fleet_file_over_256_kb_is_refused_unread(cli: CliRun, tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_bytes(b'ruleset = "pz8"\n# ' + b"x" * 256_000 + b"\n")
    code, _, err = cli("fleet", "check", str(path))
    assert code == 2 and err == f"mstracker: {path}: file is {path.stat().st_size} bytes; the limit is 256000\n"

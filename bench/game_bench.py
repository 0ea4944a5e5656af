"""Game store benchmark: a 2 x 25-ship spook campaign driven through 300 turns of scripted actions.

Prints the time per action commit (median, p99), the resume time, the database size, and beside
them a bare SQLite insert + commit with the same pragmas, measured in the same run.
Run from the repository root: ``python -m bench.game_bench [--turns N] [--snapshot-every N]``.
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from mstracker.dice import RngFaces
from mstracker.fleet import Roster
from mstracker.game import Action, FieldKind
from mstracker.store.catalog import book_ruleset
from mstracker.store.fleets import load_roster, sample_fleets
from mstracker.store.games import SNAPSHOT_EVERY, GameHandle, GameStore

SHIPS = 25


def campaign_rosters() -> list[Roster]:
    """The two spook Campaign samples, padded with copies to 25 ships each."""
    rosters = []
    for path in [p for p in sample_fleets("spook") if "campaign" in p.name][:2]:
        roster = load_roster(path)
        ships = list(roster.ships)
        n = 0
        while len(ships) < SHIPS:
            src = roster.ships[-1 - (n % 5)]
            ships.append(src.model_copy(update={"name": f"{src.name} {n + 2}", "tag": f"{src.tag}x{n}"}))
            n += 1
        rosters.append(roster.with_ships(ships[:SHIPS]))
    if len(rosters) != 2:
        raise SystemExit("needs data/fleets/spook/campaign-*.toml")
    return rosters


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def play_turn(handle: GameHandle, rng: random.Random, times: list[float]) -> None:
    """One player turn: damage, an RU change, a note, then tick and step through the whole checklist."""

    def do(kind: str, **args: object) -> None:
        start = time.perf_counter()
        handle.perform(Action(kind, args), RngFaces(rng))
        times.append(time.perf_counter() - start)

    state = handle.state
    bar = next((f for f in handle.engine.spec.fields if f.kind is FieldKind.BAR), None)
    enemies = [s for s in state.ships.values() if s.owner != state.active and not handle.engine.spec.lost(s.record)]
    if bar is not None:
        for target in rng.sample(enemies, min(2, len(enemies))):
            if target.record.get(bar.key, 0) > 0:
                do("adjust", target=target.id, key=bar.key, delta=-rng.randint(5, 40), reason="hit")
    resources = state.active_player.resources
    if resources:
        key = max(resources, key=lambda k: (k != "cap", k))
        if resources[key] > 0:
            do("adjust", target=state.active_player.name, key=key, delta=-1, reason="device")
    do("note", text=f"turn {state.turn}: {state.active_player.name} moves up")
    start_turn = handle.state.turn
    while handle.state.turn == start_turn:
        s = handle.state
        step = s.current_step
        if step is not None and not handle.engine.is_auto(step) and step.id not in s.ticked:
            do("tick")
        do("next-step", force=True)


def bare_sqlite(path: Path, n: int, payload: str) -> list[float]:
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
    times = []
    for _ in range(n):
        start = time.perf_counter()
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT INTO t (body) VALUES (?)", (payload,))
        conn.execute("COMMIT")
        times.append(time.perf_counter() - start)
    conn.close()
    return times


def size_of(db: Path) -> int:
    return sum(p.stat().st_size for p in db.parent.glob(db.name + "*") if p.is_file())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.game_bench", description=__doc__)
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--snapshot-every", type=int, default=SNAPSHOT_EVERY)
    args = parser.parse_args(argv)
    rng = random.Random(2024)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "games.sqlite3"
        store = GameStore(db, snapshot_every=args.snapshot_every)
        ruleset = book_ruleset("spook")
        gid = store.create_game("Bench campaign", ruleset, campaign_rosters(), {})
        times: list[float] = []
        with store.open_game(gid) as handle:
            engine_name = type(handle.engine.plugin).__name__
            started = time.perf_counter()
            handle.perform(Action("roll-off", {}), RngFaces(rng))  # spook §3 A: who starts, before turn 1
            while handle.state.turn < args.turns:
                play_turn(handle, rng, times)
            wall = time.perf_counter() - started
            live_state = handle.state
            events = handle.events()
            avg_events = json.dumps([e.to_json() for e in events[-200:]])
        store.close()
        db_bytes = size_of(db)

        resumes, opens, folds = [], [], []
        for _ in range(5):
            t0 = time.perf_counter()
            again = GameStore(db)
            t1 = time.perf_counter()
            with again.open_game(gid) as handle:
                t2 = time.perf_counter()
                assert handle.state == live_state
            again.close()
            resumes.append(t2 - t0)
            opens.append(t1 - t0)
            folds.append(t2 - t1)
        replay_start = time.perf_counter()
        again = GameStore(db)
        with again.open_game(gid) as handle:
            replayed = handle.engine.replay(handle.events())
        again.close()
        replay_all = time.perf_counter() - replay_start
        assert replayed == live_state

        payload = avg_events[: max(1, len(avg_events) // 60)]
        bare = bare_sqlite(Path(tmp) / "bare.sqlite3", min(len(times), 3000), payload)

    ms = 1000.0
    print(f"spook campaign, 2 x {SHIPS} ships, {args.turns} turns, plugin {engine_name}, snapshot every {args.snapshot_every}")
    print(f"  actions committed      {len(times)}  ({len(events)} events, {wall:.1f} s wall)")
    print(f"  action commit          median {statistics.median(times) * ms:.3f} ms   p99 {percentile(times, 0.99) * ms:.3f} ms   (target: median < 2 ms)")
    print(f"  bare insert+commit     median {statistics.median(bare) * ms:.3f} ms   p99 {percentile(bare, 0.99) * ms:.3f} ms   (same pragmas, {len(payload)} B rows)")
    print(f"  resume (open + load)   median {statistics.median(resumes) * ms:.1f} ms   (target: < 200 ms)")
    print(f"    of which db checks   median {statistics.median(opens) * ms:.1f} ms   (quick_check, schema)")
    print(f"    snapshot + fold      median {statistics.median(folds) * ms:.1f} ms")
    print(f"  full replay, no snap   {replay_all * ms:.0f} ms   (for comparison)")
    print(f"  database size          {db_bytes / 1e6:.2f} MB")


if __name__ == "__main__":
    main()

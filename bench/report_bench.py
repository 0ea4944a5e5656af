"""Battle report benchmark: the report with its luck and charts for a 300-turn game (target ≤ 500 ms).

The game: the two spook Campaign samples padded to 25 ships each (as in game_bench), 300 player turns
played through the engine with a seeded rng: in each turn's fire step one ship fires its first
ready weapon at a random enemy, then the checklist runs to the next turn. Timed: `battle_report` over
the logged actions (folding every event, the luck of every roll, the odds of every attack, the chart
samples), then rendering it as Markdown and as html with its SVG charts. Median of 5 runs.
Run from the repository root: ``python -m bench.report_bench [--turns N]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass

from mstracker.dice import RngFaces
from mstracker.game import Action, Engine, Event, GameState, InvalidAction, battle_report, engine_for, report_html, report_markdown
from mstracker.store.catalog import book_ruleset

from .game_bench import campaign_rosters

RUNS = 5
SHOTS_PER_TURN = 1  # enough damage to make a story, little enough that no side is wiped out before turn 300


@dataclass(frozen=True)
class Step:
    action: Action
    events: tuple[Event, ...]
    undone: bool = False


def play(turns: int, seed: int = 3) -> tuple[Engine, list[Step]]:
    eng = engine_for(book_ruleset("spook"))
    rng = random.Random(seed)
    created = eng.created_event(eng.new_game("Bench", campaign_rosters(), {}))
    log = [Step(Action("new-game"), (created,))]
    state: GameState = eng.replay([created])

    def do(kind: str, **args: object) -> bool:
        nonlocal state
        action = Action(kind, args)
        try:
            events = eng.decide(state, action, RngFaces(rng))
        except InvalidAction:
            return False
        log.append(Step(action, tuple(events)))
        state = eng.apply(state, events)
        return True

    def next_step() -> None:
        """next-step; an obligation the bench does not play out (a friendly fire to settle) is set aside
        as a logged table decision, as players may."""
        if do("next-step", force=True):
            return
        for obligation in eng.obligations(state):
            do("override", obligation=obligation.id, reason="bench")
        if not do("next-step", force=True):
            raise SystemExit(f"the bench game is stuck at turn {state.turn}, step {state.current_step}")

    do("roll-off")  # spook §3 A: who starts, before turn 1
    while state.turn < turns and not state.finished:
        turn = state.turn
        while state.turn == turn and (state.current_step is None or state.current_step.id != "fire"):
            next_step()
        if state.turn == turn and not state.finished:
            mine = [s for s in state.ships.values() if s.owner == state.active and not eng.spec.lost(s.record)]
            enemies = [s for s in state.ships.values() if s.owner != state.active and not eng.spec.lost(s.record)]
            for ship in rng.sample(mine, min(SHOTS_PER_TURN, len(mine))):
                weapon = eng.legal_action(state, "fire", prefer=ship.id).weapon
                if weapon and enemies:
                    do("fire", ship=ship.id, weapon=weapon, target=rng.choice(enemies).id, in_range=True)
        while state.turn == turn and not state.finished:
            next_step()
    return eng, log


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=300)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    eng, log = play(args.turns)
    made = time.perf_counter() - start
    events = sum(len(step.events) for step in log)
    times: dict[str, list[float]] = {"report (fold, luck, odds, charts)": [], "+ Markdown": [], "+ html with SVG charts": []}
    cpu: list[float] = []
    report: dict = {}
    for _ in range(RUNS):
        c0, t0 = time.process_time(), time.perf_counter()
        report = battle_report(eng, log)
        t1 = time.perf_counter()
        report_markdown(report)
        t2 = time.perf_counter()
        report_html(report)
        t3, c3 = time.perf_counter(), time.process_time()
        times["report (fold, luck, odds, charts)"].append(t1 - t0)
        times["+ Markdown"].append(t2 - t1)
        times["+ html with SVG charts"].append(t3 - t2)
        cpu.append(c3 - c0)  # CPU time of this process: less swayed by other load on a shared machine
    attacks = sum(d["attacks_made"] for d in report["luck"]["damage"])
    print(f"game: {report['turns_played']} turns, 2 x 25 ships, {len(log)} actions, {events} events, "
          f"{len(report['luck']['rolls'])} rolls, {attacks} attacks with odds (played in {made:.1f} s)")
    total = 0.0
    for name, values in times.items():
        median = statistics.median(values)
        total += median
        print(f"  {name:<36} median {1000 * median:7.1f} ms")
    print(f"  {'report with charts, md and html':<36} median {1000 * total:7.1f} ms   (target <= 500 ms)")
    print(f"  {'the same, CPU time':<36} median {1000 * statistics.median(cpu):7.1f} ms")


if __name__ == "__main__":
    main()

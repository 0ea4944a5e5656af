"""Fire planner benchmark on a 2 x 25-ship spook battle (targets: plan ≤ 50 ms, focus fire of 5 attacks ≤ 10 ms).

The battle: the two spook Campaign samples padded to 25 ships each (as in game_bench), played a few turns
with a seeded rng (each turn a few ships fire at random enemies, so targets stand at many armor values),
then stopped at Blue's fire step. Timed, as medians:

* the plan: every ready weapon of the firing side at every enemy it may fire at, with the hit chance,
  expected damage and chance to destroy, sorted. "first" is a fresh engine (every shot's outcomes worked
  out); "again" the same engine, which keeps each shot's outcomes (the battle screen's case: its engine
  lives as long as the game is open);
* focus fire: five attacks of different weapons on the enemy with the most armor and flares.

Run from the repository root: ``python -m bench.planner_bench`` (make bench runs it). Figures only.
"""

from __future__ import annotations

import random
import statistics
import time

from mstracker.dice import RngFaces, TypedFaces
from mstracker.game import Action, Engine, GameState, InvalidAction, engine_for
from mstracker.game.planner import fire_plan
from mstracker.game.planner_focus import focus_fire
from mstracker.store.catalog import book_ruleset

from .game_bench import campaign_rosters

RUNS_FIRST = 5
RUNS_AGAIN = 20
TURNS = 6
SHOTS_PER_TURN = 6


def battle(seed: int = 5) -> tuple[Engine, GameState]:
    """The padded Campaign battle a few turns in, at the fire step of the player to move."""
    eng = engine_for(book_ruleset("spook"))
    rng = random.Random(seed)
    state = eng.replay([eng.created_event(eng.new_game("Bench", campaign_rosters(), {}))])

    def do(kind: str, **args: object) -> None:
        nonlocal state
        try:
            state = eng.apply(state, eng.decide(state, Action(kind, args), RngFaces(rng)))
        except InvalidAction:
            pass

    def move_on() -> None:
        if state.extra.get("pending_ff"):  # a d12 of 12 (§5 Accuracy): no own ship in range in this bench
            do("friendly-fire", ally="none")
        do("next-step", force=True)

    def to_fire() -> None:
        for _ in range(100):
            if state.current_step is not None and state.current_step.id == "fire":
                return
            move_on()
        raise SystemExit("the bench battle did not reach a fire step")

    state = eng.apply(state, eng.decide(state, Action("roll-off"), TypedFaces([6, 1])))  # Blue goes first
    for _ in range(TURNS):
        to_fire()
        for row in rng.sample([r for r in fire_plan(eng, state) if r.known], SHOTS_PER_TURN):
            do(row.shot.kind, **{"in_range": True, **dict(row.shot.args)})  # spook §3 B2: the plan is in reach
        turn = state.turn
        while state.turn == turn and not state.finished:
            move_on()
    to_fire()
    return eng, state


def median_ms(work, runs: int) -> tuple[float, float]:  # noqa: ANN001
    """(wall, CPU of this process) medians in ms: the CPU figure is less swayed by other load."""
    wall, cpu = [], []
    for _ in range(runs):
        c0, t0 = time.process_time(), time.perf_counter()
        work()
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    return statistics.median(wall) * 1000, statistics.median(cpu) * 1000


def main() -> None:
    eng, state = battle()
    ruleset = eng.ruleset
    rows = fire_plan(eng, state)
    firing = {r.ship for r in rows}
    targets = {r.target for r in rows}
    armor = sorted({state.ships[t].record.get("armor") for t in targets})
    print(f"battle: 2 x 25 ships, turn {state.turn}, {state.active_player.name} fires: {len(rows)} rows "
          f"({len(firing)} ships with ready weapons x {len(targets)} enemies; {len(armor)} different armor values)")
    first = median_ms(lambda: fire_plan(engine_for(ruleset), state), RUNS_FIRST)
    again = median_ms(lambda: fire_plan(eng, state), RUNS_AGAIN)
    print(f"plan, first in a fresh engine : {first[0]:7.1f} ms median (CPU {first[1]:.1f} ms)")
    print(f"plan, again (outcomes kept)    : {again[0]:7.1f} ms median (CPU {again[1]:.1f} ms)   target ≤ 50 ms")

    aim = max(targets, key=lambda t: (state.ships[t].record.get("armor"),
                                      sum(it.name == "Flare Launcher" for it in state.ships[t].items)))
    shots, names = [], set()
    for row in rows:
        if row.target == aim and row.known and row.weapon_name not in names:
            shots.append((row.ship, row.weapon))
            names.add(row.weapon_name)
    shots = shots[:5]
    focus = focus_fire(eng, state, aim, shots)
    print(f"focus fire: {focus.text()} (expected damage {float(focus.expected_damage):.1f}, "
          f"{len(focus.damage)} damage totals)")
    cold = median_ms(lambda: focus_fire(engine_for(ruleset), state, aim, shots), RUNS_FIRST)
    warm = median_ms(lambda: focus_fire(eng, state, aim, shots), RUNS_AGAIN)
    print(f"focus fire of {len(shots)}, fresh engine     : {cold[0]:7.2f} ms median (CPU {cold[1]:.2f} ms)")
    print(f"focus fire of {len(shots)}, again            : {warm[0]:7.2f} ms median (CPU {warm[1]:.2f} ms)   "
          "target ≤ 10 ms")


if __name__ == "__main__":
    main()

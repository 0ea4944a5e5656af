"""cal's automatic steps: the Interphase (cal §0: ready tracks, FTL track, fire, Boarders, C&C), the
Damage phase (cal §3: assault craft leave, fire damage, damage tables) and the C&C count (cal §Command &
Control; cc-check asks for it on demand: cc_check.py).

Each step works through the ships in id order and draws its dice in that order; the dice are
declared before the roll (dice_plans.step_dice), so physical dice can be typed for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .damage_record import apply_outcome, hit
from ...game.events import DiceRecorder, Event, dice_data
from ...game.state import GameState, ShipState
from .game_base import ship_order
from .notation import counter_text, parse_counter, plural, sorted_track
from .procedures import fire_damage_applies, resolve_boarders, resolve_damage, resolve_fire_roll
from .tokens import token_label, tokens, with_tokens

if TYPE_CHECKING:
    from .plugin import Plugin


def alive(plugin: Plugin, state: GameState) -> list[ShipState]:
    """The ships in play whose part of the phase this is (every side's, unless done in turn)."""
    players = plugin.phase_players(state)
    return [s for s in ship_order(state) if not plugin.lost(s) and s.owner in players]


# ---- Interphase ---------------------------------------------------------------------------


def ordnance_track(plugin: Plugin, state: GameState, dice: DiceRecorder) -> list[Event]:
    events = []
    after = state
    players = plugin.phase_players(state)
    for ship in state.ships.values():
        if ship.record.get("marks") and ship.owner in players:
            after = after.with_ship(ship.with_values({"marks": []}))
    for i, player in enumerate(state.players):
        if player.extra.get("recalled") and i in players:
            after = after.with_player(i, player.model_copy(update={"extra": {**player.extra, "recalled": 0}}))
    if after is not state:
        ev = plugin.emit("round-started", state, after, f"Round {state.turn}: last round's marks "
                        "(unready, recall, FTL shut-down, course, damage control, damage roll) are cleared.")
        events += ev
        state = plugin.fold(state, ev)
    after, moves = state, []
    for ship in alive(plugin, state):
        for item in ship.items:
            track = item.record.get("track") or []
            moved = sorted_track(counter_text(k, n - 1) for k, n in map(parse_counter, track))
            if moved != track:
                after = after.with_ship(after.ships[ship.id].with_item_values(item.id, {"track": moved}))
                moves.append(f"{ship.label} {item.name}: {', '.join(track)} → {', '.join(moved)}")
    if moves:
        events += (plugin.emit("tracks-moved", state, after, "Ordnance counters move one square: " + "; ".join(moves) + "."))
    return events


def ftl_track(plugin: Plugin, state: GameState, dice: DiceRecorder) -> list[Event]:
    after, moves = state, []
    for ship in alive(plugin, state):
        left = int(ship.record.get("ftl", 0))
        if ship.record.get("ftl_powered") and left > 0:
            after = after.with_ship(ship.with_values({"ftl": left - 1}))
            moves.append(f"{ship.label} {left} → {'ready (may jump in the Movement phase)' if left == 1 else left - 1}")
    if not moves:
        return []
    return plugin.emit("ftl-moved", state, after, "FTL counters move one square: " + "; ".join(moves) + ".")


def fire_damage(plugin: Plugin, state: GameState, dice: DiceRecorder) -> list[Event]:
    burning = [s for s in alive(plugin, state) if int(s.record.get("fire", 0)) > 0]
    if not burning:
        return []
    if not fire_damage_applies(plugin.rules(state), "interphase"):
        return []
    events = []
    for ship in burning:
        fire = int(ship.record["fire"])
        after, words, _ = hit(plugin, state, ship.id, fire, dice)
        text = f"{ship.label} burns: Fire {fire} deals {fire} damage at once. " + " ".join(words)
        ev = plugin.emit("fire-damage", state, after, text, ship=ship.id, damage=fire, dice=dice_data(dice.take()))
        events += ev
        state = plugin.fold(state, ev)
    return events


def fire_roll(plugin: Plugin, state: GameState, dice: DiceRecorder) -> list[Event]:
    events = []
    rules = plugin.rules(state)
    for ship in alive(plugin, state):
        fire = int(ship.record.get("fire", 0))
        if fire <= 0:
            continue
        res = resolve_fire_roll(rules, fire, dice, int(ship.record["crew"]))
        after = state.with_ship(ship.with_values({"fire": int(res.outcome["fire"])}))
        text = f"{ship.label}: " + " ".join(s.text for s in res.steps)
        ev = plugin.emit("fire-roll", state, after, text, ship=ship.id, success=res.outcome["success"],
                        dice=dice_data(dice.take()))
        events += ev
        state = plugin.fold(state, ev)
    return events


def roll_boarders(plugin: Plugin, state: GameState, dice: DiceRecorder) -> list[Event]:
    events = []
    for ship in alive(plugin, state):
        boarders = int(ship.record.get("boarders", 0))
        if boarders <= 0:
            continue
        res = resolve_boarders(plugin.rules(state), boarders, int(ship.record["ss"]), dice,
                               unit=plugin.stats(ship).type, crew=int(ship.record["crew"]))
        after, words = apply_outcome(plugin, state, ship.id, dict(res.outcome), dice)
        text = f"{ship.label}, {plural(boarders, 'Boarder')}: " + " ".join([*(s.text for s in res.steps), *words])
        ev = plugin.emit("boarders-rolled", state, after, text, ship=ship.id, boarders=boarders,
                        effects=res.outcome["effects"], dice=dice_data(dice.take()))
        events += ev
        state = plugin.fold(state, ev)
    return events


def command_control(plugin: Plugin, state: GameState, dice: DiceRecorder) -> list[Event]:
    return cc_report(plugin, state, always=False)


def cc_report(plugin: Plugin, state: GameState, *, always: bool) -> list[Event]:
    """A cc-checked event with each fleet's C&C and craft in play (refreshed); with always=False
    only when something changed or craft must go."""
    after = plugin.refresh(state)
    parts, excess = [], []
    for i, player in enumerate(after.players):
        cc, craft = int(player.resources.get("cc", 0)), int(player.resources.get("craft", 0))
        parts.append(f"{player.name} {cc} ({plural(craft, 'fighter or bomber', 'fighters and bombers')} in play)")
        if craft > cc:
            excess.append(f"{player.name} must remove {craft - cc} now (remove-ordnance, the tokens of their choice)")
    if not always and not excess and after is state:
        return []  # nothing changed and nothing to remove: no line in the log
    text = "C&C: " + "; ".join(parts) + "." + (" " + "; ".join(excess) + "." if excess else "")
    return plugin.emit("cc-checked", state, after, text, excess=bool(excess))


# ---- Damage phase ---------------------------------------------------------------------------


def assault_craft(plugin: Plugin, state: GameState, dice: DiceRecorder) -> list[Event]:
    keep: list[dict[str, Any]] = []
    gone: list[dict[str, Any]] = []
    players = plugin.phase_players(state)
    for token in tokens(state):
        life = plugin.ruleset.ordnance[token["kind"]].lifetime
        due = life is not None and state.turn - int(token["round"]) >= life and token["owner"] in players
        (gone if due else keep).append(token)
    if not gone:
        return []
    text = "Leaving play one round after deployment: " + ", ".join(token_label(t) for t in gone) + "."
    return plugin.emit("ordnance-removed", state, with_tokens(state, keep), text, tokens=[t["id"] for t in gone])


def add_fire(plugin: Plugin, state: GameState, dice: DiceRecorder) -> list[Event]:
    if not fire_damage_applies(plugin.rules(state), "damage"):
        return []
    after, parts = state, []
    for ship in alive(plugin, state):
        fire = int(ship.record.get("fire", 0))
        if fire > 0:
            total = int(ship.record["round_damage"]) + fire
            after = after.with_ship(ship.with_values({"round_damage": total}))
            parts.append(f"{ship.label} Fire {fire}: round total {total}")
    if not parts:
        return []
    return plugin.emit("fire-added", state, after, "Fire damage added: " + "; ".join(parts) + ".")


def resolve_round_damage(plugin: Plugin, state: GameState, dice: DiceRecorder) -> list[Event]:
    events = []
    rules = plugin.rules(state)
    players = plugin.phase_players(state)
    for ship in ship_order(state):
        total = int(ship.record.get("round_damage", 0))
        if plugin.lost(ship) or total <= 0 or ship.owner not in players:
            continue
        res = resolve_damage(rules, int(ship.record["ss"]), total, dice, unit=plugin.stats(ship).type)
        after, words = apply_outcome(plugin, state, ship.id, dict(res.outcome), dice)
        after = after.with_ship(after.ships[ship.id].with_values({"round_damage": 0}))
        text = f"{ship.label}: " + " ".join([*(s.text for s in res.steps), *words])
        ev = plugin.emit("damage-resolved", state, after, text, ship=ship.id, damage=total,
                        check=res.outcome["check"], effects=res.outcome["effects"], dice=dice_data(dice.take()))
        events += ev
        state = plugin.fold(state, ev)
    pd = {sid: shots for sid, shots in (state.extra.get("pd") or {}).items()
          if sid in state.ships and state.ships[sid].owner not in players}
    after = state.with_extra({"pd": pd}) if state.extra.get("pd") else state
    for ship in state.ships.values():
        if ship.owner not in players:
            continue
        for item in ship.items:
            if item.record.get("shots"):
                after = after.with_ship(after.ships[ship.id].with_item_values(item.id, {"shots": 0}))
    if after is not state:
        events += (plugin.emit("shots-reset", state, after, "Shot and point defence counts are cleared for the next round."))
    return events

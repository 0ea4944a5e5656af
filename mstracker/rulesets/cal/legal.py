"""What a cal player may do now, and where each form starts: the ships that may act (the one that must act
first), their first ready battery, the legal targets, the tokens a form may name, and why an action
cannot be done now (its phase, or nobody able to).

Ships are offered in id order, with the ship an obligation names first (the exploded ship for its
blast, the ships whose Damage Control is due); targets are enemy ships where the book speaks of
hostile ships (gunnery, ordnance attacks) and any other ship for a ram (friendly rams happen too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...game.errors import InvalidAction
from ...game.events import ArgSpec
from ...game.state import GameState, ShipState
from ...rules.contract import ArgChoice, Readiness, TableItem
from ...rules.names import possessive
from . import cite
from .game_base import BAY_ITEMS, COURSE_SET, ITEM_FIELDS, FTL_SHUT, POINT_ITEM, UNREADIED, WEAPON_ITEMS, ship_order
from .notation import parse_counter
from .obligations import cc_id
from .point_defence import pd_allowance
from .repairs import control_needs, controlled, may_rally
from .tokens import intercepted_now, tokens

if TYPE_CHECKING:
    from .plugin import Plugin

#: Why nobody may do an action now, when its time has come but no ship can.
NOBODY = {
    "fire": f"no ship in play has a battery ready (each fires once a round from an Escort, twice from a Capital "
            f"Ship; {cite.WEAPONS})",
    "point-defence": f"no ship has point defence ready with hostile ordnance in play ({cite.POINT_DEFENSE})",
    "launch": f"no ship has ordnance counters on the ready square of its Ordnance Ready Track ({cite.GUNNERY})",
    "ready-ordnance": f"no ship has room on its Ordnance Ready Track (or may place counters this round; "
                      f"{cite.ORDNANCE_PHASE})",
    "unready": f"no ship has counters on the ready square ({cite.ORDNANCE_PHASE})",
    "damage-control": f"no ship has anything for Damage Control, or every ship has rolled "
                      f"({cite.step(cite.INTERPHASE, 6)})",
    "rally": f"no ship that has not rolled yet has Crew below its starting Crew (a rally only raises Crew; "
             f"{cite.step(cite.INTERPHASE, 6)})",
    "course": f"no ship may alter course now (altered already, FTL powered, or Engines Offline; {cite.ALTERING})",
    "ftl-power-up": f"no ship may power up its FTL drive now ({cite.FTL})",
    "ftl-power-down": f"no ship has its FTL drive powered ({cite.FTL})",
    "jump": f"no ship has its FTL counter on the ready square ({cite.FTL})",
    "blast": f"no Reactor Breach blast is due ({cite.MAJOR_TABLE})",
    "ram": f"no ship is in play ({cite.COURSE})",
    "set-course": f"no ship ({cite.COURSE})",
}


def _ready(plugin: Plugin, state: GameState, ship: ShipState, names: tuple[str, ...]) -> bool:
    return any(r.status is Readiness.READY and r.name in names for r in plugin.readiness(state, ship))


def may(plugin: Plugin, state: GameState, kind: str, ship: ShipState) -> bool:
    """Whether `ship` may do `kind` now, the phase aside."""
    if kind == "blast":
        return int(ship.record.get("blast", 0)) > 0
    if plugin.lost(ship):
        return False
    marks = plugin.marks(ship)
    rec = ship.record
    if kind == "fire":
        return _ready(plugin, state, ship, tuple(WEAPON_ITEMS.values()))
    if kind == "point-defence":
        return _ready(plugin, state, ship, (POINT_ITEM,)) and any(t["owner"] != ship.owner for t in tokens(state))
    if kind == "launch":
        return _ready(plugin, state, ship, tuple(BAY_ITEMS.values()))
    if kind == "ready-ordnance":
        recalled = state.players[ship.owner].extra.get("recalled") == state.turn
        room = any(int(it.record.get("bays", 0)) > len(it.record.get("track") or [])
                   for it in plugin.items_named(ship, *BAY_ITEMS.values()))
        return room and not recalled and UNREADIED not in marks
    if kind == "unready":
        return any(parse_counter(c)[1] <= 0 for it in plugin.items_named(ship, *BAY_ITEMS.values())
                   for c in it.record.get("track") or [])
    if kind == "damage-control":
        return not controlled(plugin, ship) and bool(control_needs(plugin, state, ship))
    if kind == "rally":  # only a crew below its starting Crew gains from a rally
        return may_rally(plugin, state, ship)
    if kind == "course":
        return COURSE_SET not in marks and not rec.get("ftl_powered") and not rec.get("engines_offline")
    if kind == "ftl-power-up":
        return not (rec.get("ftl_powered") or rec.get("ftl_destroyed") or FTL_SHUT in marks or COURSE_SET in marks)
    if kind == "ftl-power-down":
        return bool(rec.get("ftl_powered"))
    if kind == "jump":
        return bool(rec.get("ftl_powered")) and int(rec.get("ftl", 0)) <= 0
    return True


def actors(plugin: Plugin, state: GameState, kind: str) -> list[ShipState]:
    return [s for s in ship_order(state) if may(plugin, state, kind, s)]


def targets(plugin: Plugin, state: GameState, kind: str, actor: ShipState | None) -> list[ShipState]:
    in_play = [s for s in ship_order(state) if not plugin.lost(s)]
    if kind == "ram":
        return [s for s in in_play if actor is None or s.id != actor.id]
    if kind == "ordnance-attack" and actor is None:  # the ships hostile to the ordnance that may attack now
        owners = {t["owner"] for t in attack_tokens(plugin, state, acting=True)}
        return [s for s in in_play if len(owners) != 1 or s.owner not in owners]
    return [s for s in in_play if actor is None or s.owner != actor.owner]


def available(plugin: Plugin, state: GameState, kind: str) -> str | None:
    """Why `kind` cannot be done now, or None."""
    try:
        plugin.check_time(state, kind)
    except InvalidAction as exc:
        return str(exc)
    if kind in NOBODY and not plugin.actors(state, kind):
        return NOBODY[kind]
    if kind in ("recall", "remove-ordnance", "intercept", "ordnance-attack") and not tokens(state):
        return f"no ordnance is in play ({cite.ORDNANCE})"
    if kind == "intercept" and not choices(plugin, state, kind, "token", None):
        return _held(plugin, state) or f"no fighters in play are free to intercept ({cite.CRAFT})"
    if kind == "ordnance-attack" and not attack_tokens(plugin, state):
        return _held(plugin, state) or ("no ordnance in play may attack a ship this round (torpedoes, bombers, "
                                        f"assault craft launched before it; {cite.TORPEDOES}, {cite.CRAFT})")
    if kind == "ordnance-attack" and not attack_tokens(plugin, state, acting=True):
        acting = " and ".join(state.players[p].name for p in plugin.acting(state).players)
        return (f"it is {possessive(acting)} part of this phase and no ordnance of theirs may attack; the other side's "
                f"attacks in turn, after next-step ({cite.SEQUENCE})")
    return None


def _held(plugin: Plugin, state: GameState) -> str | None:
    """The C&C obligation that holds a player's craft back, if one does."""
    held = [o for o in plugin.standing_obligations(state) if o.id.startswith("cc-over:")]
    return held[0].message() if held else None


def over_cc(plugin: Plugin, state: GameState, player: int) -> bool:
    """True while the player's fighters and bombers above C&C must go (and the table has not overridden it)."""
    return any(o.id == cc_id(player) for o in plugin.standing_obligations(state))


def attack_tokens(plugin: Plugin, state: GameState, *, acting: bool = False) -> list[dict[str, Any]]:
    """The tokens that may attack a ship this round (launched before it, with something to attack with, not
    held back by C&C); `acting`: only those of the players acting now (a phase done in turn, cal §Sequence
    of Play)."""
    players = set(plugin.acting(state).players) if acting and state.started else None
    out = []
    for t in tokens(state):
        if players is not None and t["owner"] not in players:
            continue
        kind = plugin.ruleset.ordnance[t["kind"]]
        if t["round"] == state.turn or not (kind.damage or kind.atg or kind.boarders):
            continue
        if kind.cc and over_cc(plugin, state, t["owner"]):
            continue
        out.append(t)
    return out


def choices(plugin: Plugin, state: GameState, kind: str, arg: str, actor: ShipState | None) -> list[dict[str, Any]]:
    """The tokens argument `arg` of action `kind` may name now."""
    every = tokens(state)
    if kind == "point-defence":
        return [t for t in every if actor is None or (t["owner"] != actor.owner and pd_allowance(state, actor, t)[1] > 0)]
    if kind == "intercept":
        fighters = [t for t in every if plugin.ruleset.ordnance[t["kind"]].ata
                    and int(t["units"]) > intercepted_now(t, state.turn) and not over_cc(plugin, state, t["owner"])]
        if arg == "token":
            return fighters
        owners = {f["owner"] for f in fighters}
        return [t for t in every if any(t["owner"] != o for o in owners)]
    if kind == "ordnance-attack":
        return attack_tokens(plugin, state, acting=True)
    if kind == "remove-ordnance":  # the craft that must go first
        return sorted(every, key=lambda t: not (plugin.ruleset.ordnance[t["kind"]].cc and over_cc(plugin, state, t["owner"])))
    return every


def token_items(plugin: Plugin, state: GameState, kind: str, arg: ArgSpec, actor: ShipState | None) -> list[TableItem]:
    ids = [t["id"] for t in choices(plugin, state, kind, arg.name, actor)]
    table = {item.id: item for item in plugin.on_table(state)}
    return [table[i] for i in ids if i in table]


def arg_choices(plugin: Plugin, state: GameState, kind: str, args: Any) -> dict[str, tuple[ArgChoice, ...]]:
    """The lists that follow the form: the ships an ordnance token may attack (hostile to its owner,
    cal §Ordnance Attacks), the other ship of a ram, the ordnance a ship's bays with room can take
    (the others shown greyed: cal §1 Ordnance "counters of a bay type never exceed its bays")."""
    ship = state.ships.get(str(args.get("ship") or ""))
    if kind == "ordnance-attack" and args.get("token"):
        owner = next((t["owner"] for t in tokens(state) if t["id"] == str(args["token"])), None)
        if owner is None:
            return {}
        return {"target": tuple(ArgChoice(s.id) for s in ship_order(state) if not plugin.lost(s) and s.owner != owner)}
    if ship is None:
        return {}
    if kind == "ram":
        return {"other": tuple(ArgChoice(s.id) for s in targets(plugin, state, "ram", ship))}
    if kind == "ready-ordnance":
        return {"ordnance": ordnance_choices(plugin, ship)}
    return {}


def ordnance_choices(plugin: Plugin, ship: ShipState) -> tuple[ArgChoice, ...]:
    """Every stock ordnance type, those a bay of the ship with room can take first (optional multirole
    craft last), the rest with why not."""
    room = {ITEM_FIELDS[it.name] for it in ship.items if it.name in BAY_ITEMS.values()
            and int(it.record.get("bays", 0)) > len(it.record.get("track") or [])}
    every = {ITEM_FIELDS[it.name] for it in ship.items if it.name in BAY_ITEMS.values()}
    ok, refused = [], []
    for name, kind in sorted(plugin.ruleset.ordnance.items(), key=lambda kv: kv[1].optional):
        if room & set(kind.bays):
            ok.append(ArgChoice(name))
        else:
            why = "its bays for it are full" if every & set(kind.bays) else f"{ship.label} has no bay for it"
            refused.append(ArgChoice(name, why_not=why))
    return tuple(ok + refused)

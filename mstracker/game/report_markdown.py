"""The battle report as Markdown (pure): headings, tables and one bullet per event."""

from __future__ import annotations

from typing import Any

from .report_luck import NO_DAMAGE_BAR


def cell(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def fleet_counts(p: dict[str, Any]) -> str:
    """'10 ships: 7 in play, 1 lost, 1 retired, 1 captured by the enemy, 1 built'."""
    c = p["counts"]
    parts = [f"{c['in_play']} in play"]
    if c["lost"]:
        parts.append(f"{c['lost']} lost")
    parts += [f"{n} {word}" for word, n in c["out"].items()]
    if c["captured"]:
        parts.append(f"{c['captured']} captured by the enemy")
    if c["taken"]:
        parts.append(f"{c['taken']} captured from the enemy")
    if c["built"]:
        parts.append(f"{c['built']} built during the game")
    return f"{c['ships']} ships: " + ", ".join(parts)


def ship_status(s: dict[str, Any], word: str) -> str:
    """'in play', 'destroyed (turn 3)', 'captured by Cara (turn 3)'; then where it came from."""
    status = s["status"] + (f" ({word} {s['status_turn']})" if s["status_turn"] is not None else "")
    if s["captured_from"]:
        status += f"; captured from {s['captured_from']} ({word} {s['captured_turn']})"
    elif s["joined"]["turn"]:
        status += f"; joined in {word} {s['joined']['turn']}: {s['joined']['how']}"
    return status


def roll_words(r: dict[str, Any] | None, word: str) -> str:
    """'2d6 = 11 (95.8%): to hit, Blue Fang (#2), turn 3'."""
    if not r:
        return "–"
    what = ", ".join(x for x in (r["purpose"], r["table"], r["ship_name"]) if x)
    faces = "+".join(map(str, r["faces"]))
    total = f"{faces} = {r['total']}" if len(r["faces"]) > 1 else faces
    return f"{r['dice']} {total} ({pct(r['percentile'])}): {what}, {word} {r['turn']}"


def sampled(turns: list[int], most: int = 20) -> list[int]:
    """Indices of at most `most` evenly spread samples, the first and the last always kept."""
    if len(turns) <= most:
        return list(range(len(turns)))
    step = -(-len(turns) // most)
    picks = list(range(0, len(turns), step))
    return picks if picks[-1] == len(turns) - 1 else [*picks, len(turns) - 1]


def progress_words(report: dict[str, Any]) -> str:
    """How far the game went, in words: '4 rounds played · game over: …' once it is over, else
    '3 rounds played · in progress, round 4 under way' (the report's `turns_played` is the turn the game
    is at, which an unfinished game has not played through yet)."""
    word, at = report["turn_word"], int(report["turns_played"])
    if report["finished"]:
        return f"{_counted(at, word)} played · game over: {report['result']}"
    if at <= 0:
        return "in progress, set-up under way"
    return f"{_counted(at - 1, word)} played · in progress, {word} {at} under way"


def _counted(n: int, word: str) -> str:
    return f"{'no' if n == 0 else n} {word if n == 1 else word + 's'}"


def report_markdown(report: dict[str, Any]) -> str:
    """The report as Markdown: fleets, luck, damage, every turn, losses, resources, the fleets over time."""
    word = report["turn_word"]
    out = [f"# Battle report: {report['game']}", ""]
    out.append(f"Ruleset **{report['ruleset']}** · {progress_words(report)}")
    if report["winner"]:
        out.append(f"Winner: **{report['winner']}**")
    out += ["", "## Fleets", ""]
    for p in report["players"]:
        out += [f"### {p['name']}" + (f" — {p['fleet']}" if p["fleet"] else ""), "", fleet_counts(p), ""]
        if p["resources_at_start"]:
            res = ", ".join(f"{k} {v}" for k, v in p["resources_at_start"].items())
            out += [f"Resources at start: {res}", ""]
        out += ["| # | Ship | Class | At start | At end | Status |", "|---|---|---|---|---|---|"]
        for s in p["ships"]:
            start = "; ".join(f"{k} {v}" for k, v in s["start"]["shown"].items())
            end = "; ".join(s["end"]["bars"] + s["end"]["effects"]) or "unchanged"
            out.append(f"| {s['id']} | {cell(s['name'])} | {cell(s['class'])} | {cell(start)} | {cell(end)} "
                       f"| {cell(ship_status(s, word))} |")
        out.append("")
    out += luck_markdown(report)
    out += [f"## {word.capitalize()} by {word}", ""]
    for t in report["turns"]:
        out += [f"### {t['title']}", ""]
        out += [f"- {e['text']}" for e in t["events"] if e["kind"] != "turn-started"] or ["- (nothing logged)"]
        out.append("")
    out += ["## Losses", ""]
    if report["losses"]:
        out += [f"| Ship | Class | Owner | {word.capitalize()} | How |", "|---|---|---|---|---|"]
        out += [f"| {cell(x['name'])} (#{x['ship']}) | {cell(x['class'])} | {cell(x['owner'])} | {x['turn']} "
                f"| {cell(x['how'])} |" for x in report["losses"]]
    else:
        out.append("No ships lost.")
    if report["left_play"]:
        out += ["", "## Left play (not lost)", "", f"| Ship | Class | Owner | {word.capitalize()} | Out | How |",
                "|---|---|---|---|---|---|"]
        out += [f"| {cell(x['name'])} (#{x['ship']}) | {cell(x['class'])} | {cell(x['owner'])} | {x['turn']} "
                f"| {cell(x['out'])} | {cell(x['how'])} |" for x in report["left_play"]]
    out += ["", "## Resources", ""]
    rows = [(p, res, f) for p in report["players"] for res, f in p["resource_flows"].items()]
    if rows:
        out += ["| Player | Resource | Spent | Gained | At end |", "|---|---|---|---|---|"]
        for p, res, f in rows:
            out.append(f"| {cell(p['name'])} | {res} | {f['spent']} | {f['gained']} | {p['resources_at_end'].get(res, '–')} |")
        out.append("")
        for p in report["players"]:
            for e in p["ledger"]:
                why = f" ({e['reason']})" if e["reason"] else ""
                out.append(f"- {p['name']}, {word} {e['turn']}: {e['resource']} {e['delta']:+d} → {e['balance']}{why}")
    else:
        out.append("No resources spent.")
    out += ["", *charts_markdown(report)]
    out += ["## Result", "", report["result"] if report["finished"] else "The game is not over yet.", ""]
    return "\n".join(out)


def luck_markdown(report: dict[str, Any]) -> list[str]:
    luck, word = report["luck"], report["turn_word"]
    out = ["## Dice luck", "", luck["percentile_rule"], ""]
    out += ["| Player | Rolls | Dice | Mean percentile | Luckiest | Unluckiest |", "|---|---|---|---|---|---|"]
    for p in luck["players"]:
        mean = pct(p["mean_percentile"]) if p["rolls"] else "–"
        out.append(f"| {cell(p['player'])} | {p['rolls']} | {p['dice']} | {mean} | {cell(roll_words(p.get('luckiest'), word))} "
                   f"| {cell(roll_words(p.get('unluckiest'), word))} |")
    if luck["unassigned_rolls"]:
        out += ["", f"{luck['unassigned_rolls']} roll(s) belong to no single player (both sides, or not said)."]
    bar = next((d["bar"] for d in luck["damage"] if d["bar"]), None)
    out += ["", "### Damage", ""]
    if bar is None:
        return out + [NO_DAMAGE_BAR, ""]
    out += [luck["damage_rule"], ""]
    out += [f"| Player | {bar} dealt | {bar} taken | Self-inflicted | Attacks with odds | Expected dealt | Actual dealt "
            "| Attacks suffered | Expected taken | Actual taken |", "|---|---|---|---|---|---|---|---|---|---|"]
    for p, d in zip(report["players"], luck["damage"]):
        out.append(f"| {cell(p['name'])} | {d['dealt']} | {d['taken']} | {d['self_inflicted']} | {d['attacks_made']} "
                   f"| {d['expected_dealt']:.2f} | {d['actual_dealt']} | {d['attacks_suffered']} "
                   f"| {d['expected_taken']:.2f} | {d['actual_taken']} |")
    return out + [""]


def charts_markdown(report: dict[str, Any]) -> list[str]:
    """The chart data as one table (at most 20 rows; the html export and the TUI draw them)."""
    charts, turns = report["charts"]["charts"], report["charts"]["turns"]
    word = report["turn_word"].capitalize()
    heads = [f"{c['title']}: {s['player']}" for c in charts for s in c["series"]]
    out = ["## Fleets over time", "", f"| {word} | " + " | ".join(cell(h) for h in heads) + " |",
           "|---" * (len(heads) + 1) + "|"]
    for i in sampled(turns):
        values = [str(s["values"][i]) for c in charts for s in c["series"]]
        out.append(f"| {turns[i]} | " + " | ".join(values) + " |")
    return out + [""]

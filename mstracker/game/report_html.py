"""The battle report as one self-contained html page (pure string building): the charts as inline SVG,
the fleets, dice luck, damage, every turn, losses and resources. No JavaScript and nothing fetched, so
the file opens anywhere and can be mailed or archived as it is.

Kept in game/ beside the Markdown: it renders the same pure report value, needs no I/O and no UI
library, and so is tested like the rest of the report; the store only writes the text it returns.
"""

from __future__ import annotations

from html import escape
from typing import Any

from .report_luck import NO_DAMAGE_BAR
from .report_markdown import fleet_counts, pct, progress_words, roll_words, ship_status
from .report_svg import line_chart

STYLE = """
:root { color-scheme: light dark; --muted: #6b7280; --line: #d1d5db; }
@media (prefers-color-scheme: dark) { :root { --muted: #9ca3af; --line: #374151; } }
body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 76rem; padding: 1.5rem; }
h1 { margin-bottom: 0.2rem; } .meta, .rule { color: var(--muted); }
table { border-collapse: collapse; margin: 0.5rem 0 1.2rem; }
th, td { border-bottom: 1px solid var(--line); padding: 0.25rem 0.6rem; text-align: left; vertical-align: top; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
.charts { display: flex; flex-wrap: wrap; gap: 1rem; } svg.chart { max-width: 100%; height: auto; }
details { margin: 0.3rem 0; } summary { cursor: pointer; font-weight: 600; }
li.roll { color: var(--muted); }
"""


def _e(value: Any) -> str:
    return escape(str(value))


def _table(heads: list[str], rows: list[list[Any]], numeric: frozenset[int] = frozenset()) -> str:
    head = "".join(f"<th>{_e(h)}</th>" for h in heads)
    body = "".join(
        "<tr>" + "".join(f'<td class="n">{_e(c)}</td>' if i in numeric else f"<td>{_e(c)}</td>" for i, c in enumerate(r))
        + "</tr>" for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def charts_html(report: dict[str, Any]) -> str:
    turns = report["charts"]["turns"]
    svgs = [line_chart(c["title"], turns, [(s["player"], s["values"]) for s in c["series"]], x_label=report["turn_word"])
            for c in report["charts"]["charts"]]
    return '<div class="charts">' + "".join(svgs) + "</div>"


def report_html(report: dict[str, Any]) -> str:
    """The whole page."""
    word = report["turn_word"]
    title = f"Battle report: {report['game']}"
    out = ["<!doctype html>", '<html lang="en"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{_e(title)}</title><style>{STYLE}</style></head><body><main>",
           f"<h1>{_e(title)}</h1>",
           f'<p class="meta">Ruleset {_e(report["ruleset"])} · {_e(progress_words(report))}'
           + (f" · winner <strong>{_e(report['winner'])}</strong>" if report["winner"] else "") + "</p>",
           "<h2>Fleets over time</h2>", charts_html(report), "<h2>Fleets</h2>"]
    for p in report["players"]:
        out.append(f"<h3>{_e(p['name'])}" + (f" — {_e(p['fleet'])}" if p["fleet"] else "") + "</h3>")
        out.append(f"<p>{_e(fleet_counts(p))}</p>")
        rows = [[s["id"], s["name"], s["class"], "; ".join(f"{k} {v}" for k, v in s["start"]["shown"].items()),
                 "; ".join(s["end"]["bars"] + s["end"]["effects"]) or "unchanged", ship_status(s, word)]
                for s in p["ships"]]
        out.append(_table(["#", "Ship", "Class", "At start", "At end", "Status"], rows))
    out += luck_html(report)
    out.append(f"<h2>{_e(word.capitalize())} by {_e(word)}</h2>")
    for t in report["turns"]:
        items = []
        for e in t["events"]:
            if e["kind"] == "turn-started":
                continue
            items.append(f"<li>{_e(e['text'])}</li>")
            items += [f'<li class="roll">{_e(r["purpose"])}: {_e(r["dice"])} {_e("+".join(map(str, r["faces"])))} '
                      f"({pct(r['percentile'])})</li>" for r in e.get("rolls", ())]
        out.append(f"<details open><summary>{_e(t['title'])}</summary><ul>{''.join(items) or '<li>(nothing logged)</li>'}</ul></details>")
    out.append("<h2>Losses</h2>")
    losses = [[f"{x['name']} (#{x['ship']})", x["class"], x["owner"], x["turn"], x["how"]] for x in report["losses"]]
    out.append(_table(["Ship", "Class", "Owner", word.capitalize(), "How"], losses) if losses else "<p>No ships lost.</p>")
    if report["left_play"]:
        out.append("<h2>Left play (not lost)</h2>")
        out.append(_table(["Ship", "Class", "Owner", word.capitalize(), "Out", "How"],
                          [[f"{x['name']} (#{x['ship']})", x["class"], x["owner"], x["turn"], x["out"], x["how"]]
                           for x in report["left_play"]]))
    out.append("<h2>Resources</h2>")
    flows = [[p["name"], res, f["spent"], f["gained"], p["resources_at_end"].get(res, "–")]
             for p in report["players"] for res, f in p["resource_flows"].items()]
    out.append(_table(["Player", "Resource", "Spent", "Gained", "At end"], flows, frozenset({2, 3, 4}))
               if flows else "<p>No resources spent.</p>")
    out.append(f"<h2>Result</h2><p>{_e(report['result'] if report['finished'] else 'The game is not over yet.')}</p>")
    out.append("</main></body></html>")
    return "\n".join(out)


def luck_html(report: dict[str, Any]) -> list[str]:
    luck, word = report["luck"], report["turn_word"]
    out = ["<h2>Dice luck</h2>", f'<p class="rule">{_e(luck["percentile_rule"])}</p>']
    rows = [[p["player"], p["rolls"], p["dice"], pct(p["mean_percentile"]) if p["rolls"] else "–",
             roll_words(p.get("luckiest"), word), roll_words(p.get("unluckiest"), word)] for p in luck["players"]]
    out.append(_table(["Player", "Rolls", "Dice", "Mean percentile", "Luckiest", "Unluckiest"], rows, frozenset({1, 2, 3})))
    bar = next((d["bar"] for d in luck["damage"] if d["bar"]), None)
    out.append("<h3>Damage</h3>")
    if bar is None:
        return out + [f"<p>{_e(NO_DAMAGE_BAR)}</p>"]
    out.append(f'<p class="rule">{_e(luck["damage_rule"])}</p>')
    rows = [[p["name"], d["dealt"], d["taken"], d["self_inflicted"], d["attacks_made"], f"{d['expected_dealt']:.2f}",
             d["actual_dealt"], d["attacks_suffered"], f"{d['expected_taken']:.2f}", d["actual_taken"]]
            for p, d in zip(report["players"], luck["damage"])]
    heads = ["Player", f"{bar} dealt", f"{bar} taken", "Self-inflicted", "Attacks with odds", "Expected dealt",
             "Actual dealt", "Attacks suffered", "Expected taken", "Actual taken"]
    return out + [_table(heads, rows, frozenset(range(1, 10)))]

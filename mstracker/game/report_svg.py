"""Line charts as inline SVG text (pure string building, no JavaScript, no library): one chart of the
report's chart data per call, for the html export.

Each series has its own colour (the Okabe–Ito palette, readable by most colour-blind eyes, on light or
dark pages), its own dash pattern and a marker shape on short series, so it reads in grey print too.
Axes and text use `currentColor`, so the page's text colour decides them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from .report_charts import value_axis

PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442")
DASHES = ("", "7 4", "2 3", "9 3 2 3")
WIDTH, HEIGHT = 560, 230
LEFT, RIGHT, TOP, BOTTOM = 52, 14, 34, 34
MARKERS_UP_TO = 40  # points per series that still get a marker each


def x_ticks(xs: Sequence[int], most: int = 10) -> list[int]:
    """At most `most` x labels: every turn when few, else an even spread keeping the first and last."""
    if len(xs) <= most:
        return list(xs)
    step = -(-len(xs) // (most - 1))
    picks = list(xs[::step])
    return picks if picks[-1] == xs[-1] else [*picks, xs[-1]]


def line_chart(title: str, xs: Sequence[int], series: Sequence[tuple[str, Sequence[int]]], *, x_label: str = "turn") -> str:
    """One chart: `series` are (name, values over xs)."""
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    axis = value_axis(max((v for _, values in series for v in values), default=1), plot_h + 1, most=6)  # whole ticks
    top = axis.top
    x0, x1 = (xs[0], xs[-1]) if xs else (0, 1)
    span = (x1 - x0) or 1

    def px(x: float) -> float:
        return LEFT + (x - x0) / span * plot_w

    def py(v: float) -> float:
        return TOP + plot_h - v / top * plot_h

    finals = "; ".join(f"{name} {values[-1]}" for name, values in series if values)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" '
           f'role="img" aria-label="{escape(title)}" class="chart">',
           f"<title>{escape(title)}</title>", f"<desc>{escape(f'At the end: {finals}')}</desc>",
           f'<text x="{LEFT}" y="18" font-size="14" font-weight="bold" fill="currentColor">{escape(title)}</text>']
    for i, v in enumerate(axis.ticks):  # y grid and labels
        y = py(v)
        out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}" stroke="currentColor" '
                   f'stroke-opacity="{0.6 if i == 0 else 0.15}"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" font-size="11" text-anchor="end" fill="currentColor">{v}</text>')
    for x in x_ticks(list(xs)):
        out.append(f'<text x="{px(x):.1f}" y="{TOP + plot_h + 16}" font-size="11" text-anchor="middle" '
                   f'fill="currentColor">{x}</text>')
    out.append(f'<text x="{LEFT + plot_w}" y="{HEIGHT - 4}" font-size="11" text-anchor="end" fill="currentColor" '
               f'fill-opacity="0.7">{escape(x_label)}</text>')
    labels = [f"{name} {values[-1]}" if values else name for name, values in series]
    legend_x = WIDTH - RIGHT - sum(34 + 7 * len(label) for label in labels)  # in series order, right-aligned
    for n, (name, values) in enumerate(series):
        colour, dash = PALETTE[n % len(PALETTE)], DASHES[n % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        points = " ".join(f"{px(x):.1f},{py(v):.1f}" for x, v in zip(xs, values))
        out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2"{dash_attr} points="{points}">'
                   f"<title>{escape(name)}</title></polyline>")
        if len(values) <= MARKERS_UP_TO:
            out += [_marker(n, px(x), py(v), colour) for x, v in zip(xs, values)]
        out.append(f'<line x1="{legend_x}" y1="14" x2="{legend_x + 18}" y2="14" stroke="{colour}" stroke-width="2"{dash_attr}/>')
        out.append(_marker(n, legend_x + 9, 14, colour))
        out.append(f'<text x="{legend_x + 22}" y="18" font-size="11" fill="currentColor">{escape(labels[n])}</text>')
        legend_x += 34 + 7 * len(labels[n])
    out.append("</svg>")
    return "\n".join(out)


def _marker(n: int, x: float, y: float, colour: str) -> str:
    """Circle, square, triangle, diamond: a shape per series."""
    shape = n % 4
    if shape == 0:
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>'
    if shape == 1:
        return f'<rect x="{x - 3:.1f}" y="{y - 3:.1f}" width="6" height="6" fill="{colour}"/>'
    if shape == 2:
        return f'<path d="M{x:.1f} {y - 4:.1f} L{x + 4:.1f} {y + 3:.1f} L{x - 4:.1f} {y + 3:.1f} Z" fill="{colour}"/>'
    return f'<path d="M{x:.1f} {y - 4:.1f} L{x + 4:.1f} {y:.1f} L{x:.1f} {y + 4:.1f} L{x - 4:.1f} {y:.1f} Z" fill="{colour}"/>'

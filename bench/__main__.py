"""`make bench`: every benchmark in one run. Figures only, no thresholds."""

from __future__ import annotations

from importlib import import_module

BENCHES = ("dice_bench", "odds_bench", "game_bench", "report_bench", "planner_bench", "tui_bench", "dialog_bench",
           "watch_bench")


def main() -> None:
    for name in BENCHES:
        try:
            module = import_module(f"bench.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"bench.{name}":
                continue
            raise
        print(f"\n== {name} ==")
        module.main()


if __name__ == "__main__":
    main()

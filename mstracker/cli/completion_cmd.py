"""`mstracker completion bash|zsh|fish`: a shell completion script made by shtab from the parser.

Install, for example:
  bash: mstracker completion bash > ~/.local/share/bash-completion/completions/mstracker
  zsh:  mstracker completion zsh > ~/.zfunc/_mstracker   (with ~/.zfunc on $fpath)
  fish: mstracker completion fish > ~/.config/fish/completions/mstracker.fish

Besides commands and options, <TAB> completes file names where a path is asked for, ruleset ids,
`rules show` sections, `game act` action kinds, and the names of the saved games (read on each
<TAB> by `mstracker __complete games`, quickly and read-only). Write the script again after
installing another ruleset: its ids, sections and actions are written into the script.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

SHELLS = ("bash", "zsh", "fish")

_PATH_DESTS = frozenset({"file", "output", "db", "fleet"})
"""Arguments that name a file even where they are not typed Path (a fleet may also be given by name)."""

_GAMES_BASH = r"""
# $1=the word being completed: the saved games' names that start with it, quoted for the command line
_shtab_mstracker_compgen_games() {
  local typed="${1//\\/}" name
  typed="${typed#[\"\']}"
  while IFS= read -r name; do
    [[ "$name" == "$typed"* ]] && printf '%q\n' "$name"
  done < <(mstracker __complete games 2>/dev/null)
}
"""
_GAMES_ZSH = r"""
_shtab_mstracker_games() {
  local -a names expl
  names=("${(@f)$(mstracker __complete games 2>/dev/null)}")
  names=(${names:#})
  _wanted games expl 'saved game' compadd -a names
}
"""
_GAMES_FISH = r"""
function _shtab_mstracker_games
  mstracker __complete games 2>/dev/null
end
"""
GAMES: dict[str, Any] = {
    "bash": "_shtab_mstracker_compgen_games",
    "zsh": "_shtab_mstracker_games",
    "fish": "(_shtab_mstracker_games)",
    "preamble": {"bash": _GAMES_BASH, "zsh": _GAMES_ZSH, "fish": _GAMES_FISH},
}


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "completion",
        help="print a shell completion script (bash, zsh or fish)",
        description=__doc__.split("\n", 1)[1].strip() if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("shell", choices=SHELLS, help="the shell to complete in")
    p.set_defaults(handler=print_completion)


def print_completion(args: argparse.Namespace) -> int:
    import shtab

    from . import build_parser
    from .output import write

    parser = build_parser(full=True)
    annotate(parser, known_words())
    write(shtab.complete(parser, shell=args.shell))
    return 0


def known_words() -> dict[str, tuple[str, ...]]:
    """The words written into the script: every installed ruleset's id, `rules show` sections and
    action kinds (a ruleset that cannot be loaded gives its id only)."""
    from ..game import GENERIC_SPECS, engine_for
    from ..rules.registry import ruleset_ids
    from ..store.catalog import book_ruleset

    ids = ruleset_ids()
    sections: dict[str, None] = {}
    actions: dict[str, None] = dict.fromkeys(s.kind for s in GENERIC_SPECS)
    for rid in ids:
        try:
            ruleset = book_ruleset(rid)
            sections.update(dict.fromkeys(ruleset.sections()))
            actions.update(dict.fromkeys(s.kind for s in engine_for(ruleset).action_specs()))
        except Exception:  # noqa: BLE001 - a broken ruleset package must not cost the others their completion
            continue
    return {"rulesets": ids, "sections": tuple(sections), "actions": tuple(actions)}


def _actions(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], argparse.Action]]:
    """Every argument of the parser and its subcommands, with the command path that leads to it."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                yield from _actions(child, (*path, name))
        else:
            yield path, action


def annotate(parser: argparse.ArgumentParser, words: dict[str, tuple[str, ...]]) -> None:
    """Tell shtab what each argument completes to (this parser only writes the script: the choices
    set here never check anything)."""
    import shtab

    for path, action in _actions(parser):
        dest = action.dest
        if action.type is Path or (dest in _PATH_DESTS and action.nargs != 0):
            action.complete = shtab.FILE  # type: ignore[attr-defined]
        elif dest == "game":
            action.complete = GAMES  # type: ignore[attr-defined]
        elif dest == "ruleset" or (path == ("odds",) and dest == "subject"):
            action.choices = words["rulesets"]
        elif path == ("rules", "show") and dest == "section":
            action.choices = words["sections"]
        elif path == ("game", "act") and dest == "action":
            action.choices = words["actions"]

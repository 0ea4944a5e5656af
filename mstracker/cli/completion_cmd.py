"""`mstracker completion bash|zsh|fish`: a shell completion script made by shtab from the parser.

Install, for example:
  bash: mstracker completion bash > ~/.local/share/bash-completion/completions/mstracker
  zsh:  mstracker completion zsh > ~/.zfunc/_mstracker   (with ~/.zfunc on $fpath)
  fish: mstracker completion fish > ~/.config/fish/completions/mstracker.fish
"""

from __future__ import annotations

import argparse

SHELLS = ("bash", "zsh", "fish")


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

    write(shtab.complete(build_parser(full=True), shell=args.shell))
    return 0

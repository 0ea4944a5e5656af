"""Setting values in player-facing words, for the help of actions: "ram damage 25%", "one per mine crossed".

Action help is written with `{setting_key}` placeholders; `render_help` fills them with the values in
force for the ruleset (house rules applied), so the help says what a setting means and its value; the
setting itself is named in the settings screen's words (setting “Ram damage”), never by its key.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: Option values that read better as words.
WORDS: Mapping[tuple[str, Any], str] = {
    ("mine_rolls", "per_mine"): "one per mine crossed",
    ("mine_rolls", "per_crossing"): "one for the whole crossing",
    ("first_player", "d6_rolloff"): "a d6 roll-off",
    ("first_player", "players_choose"): "the players choose",
    ("ff_range_from", "attacker"): "the attacker",
    ("ff_range_from", "target"): "the target",
}


def setting_words(key: str, value: Any) -> str:
    """A setting's value as a player reads it: yes/no, a word for an option, the number."""
    if (key, value) in WORDS:
        return WORDS[(key, value)]
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


class _Values(dict[str, str]):
    def __init__(self, settings: Mapping[str, Any]) -> None:
        super().__init__()
        self.settings = settings

    def __missing__(self, key: str) -> str:
        if key not in self.settings:
            return "{" + key + "}"
        return setting_words(key, self.settings[key])


def render_help(text: str, settings: Mapping[str, Any]) -> str:
    """`text` with each `{setting_key}` replaced by the setting's value in words."""
    return text.format_map(_Values(settings))

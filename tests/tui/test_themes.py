"""Themes (issue 17 item 8): Textual's theme picker in the command palette and a theme choice in the
settings screen; the choice kept in settings.toml and applied at the next start."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from textual.widgets import Select
from tui_support import make_app, palette_command, record_notifications, run, settle, type_text

from mstracker.paths import app_dirs
from mstracker.store.settings import Theme, load_settings

TCSS = Path(__file__).resolve().parents[2] / "mstracker" / "tui" / "app.tcss"


def saved_theme() -> str:
    return tomllib.loads(app_dirs().settings_file.read_text(encoding="utf-8"))["theme"]


def theme_at_start() -> str:
    async def script(pilot):
        return pilot.app.theme

    return run(make_app(), script)


def test_textuals_theme_picker_is_in_the_palette_and_its_choice_survives_a_restart() -> None:
    app = make_app()

    async def script(pilot):
        titles = [c.title for c in pilot.app.get_system_commands(pilot.app.screen)]
        await palette_command(pilot, "Theme")  # Textual's own: a second palette listing every theme
        await type_text(pilot, "nord")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await settle(pilot)
        return titles, pilot.app.theme

    titles, theme = run(app, script)
    assert "Theme" in titles and "Theme: light" in titles
    assert theme == "nord"
    assert saved_theme() == "nord"
    assert theme_at_start() == "nord"


def test_the_settings_screen_offers_every_theme_and_keeps_the_choice() -> None:
    app = make_app()

    async def script(pilot):
        await pilot.press("s")
        await settle(pilot)
        select = pilot.app.screen.query_one("#theme", Select)
        options = [value for _, value in select._options]
        installed = set(pilot.app.available_themes)
        select.value = "gruvbox"
        await settle(pilot)
        return options, installed, pilot.app.theme

    options, installed, theme = run(app, script)
    assert options[:2] == ["textual-dark", "textual-light"]  # the app's own two first, as "dark" and "light"
    assert sorted(options) == sorted(installed) and len(options) == len(set(options))
    assert {"nord", "gruvbox", "solarized-light", "ansi-dark"} <= set(options)
    assert theme == "gruvbox" and saved_theme() == "gruvbox"
    assert theme_at_start() == "gruvbox"


def test_t_goes_from_a_dark_theme_to_light_and_the_select_follows_the_palette() -> None:
    app = make_app()

    async def script(pilot):
        await pilot.press("s")
        await settle(pilot)
        select = pilot.app.screen.query_one("#theme", Select)
        select.value = "dracula"
        await settle(pilot)
        await pilot.press("t")  # dracula is dark: to the app's light theme
        await settle(pilot)
        after_t = pilot.app.theme, select.value
        pilot.app.theme = "monokai"  # as the palette's picker does
        await settle(pilot)
        return after_t, select.value

    after_t, followed = run(app, script)
    assert after_t == ("textual-light", "textual-light")
    assert followed == "monokai"
    assert saved_theme() == "monokai"


def test_dark_and_light_keep_their_short_names_in_the_file() -> None:
    app = make_app()

    async def script(pilot):
        pilot.app.theme = "textual-light"
        await settle(pilot)

    run(app, script)
    assert saved_theme() == "light" and load_settings(app_dirs()).settings.theme is Theme.LIGHT
    assert theme_at_start() == "textual-light"


def test_a_theme_this_textual_lacks_is_reported_and_the_file_keeps_it() -> None:
    path = app_dirs().settings_file
    path.parent.mkdir(parents=True)
    path.write_text('schema_version = 1\ntheme = "no-such-theme"\n', encoding="utf-8")
    app = make_app()
    seen = record_notifications(app)

    async def script(pilot):
        await settle(pilot)
        return pilot.app.theme

    assert run(app, script) == "textual-dark"
    assert f"{path}: theme: 'no-such-theme' is not an installed theme; using dark (ctrl+p, Theme lists them)" in seen
    assert path.read_text(encoding="utf-8") == 'schema_version = 1\ntheme = "no-such-theme"\n'


def test_the_stylesheet_takes_every_colour_from_the_theme() -> None:
    """Any theme stays readable only if no rule hard-codes a colour that a theme cannot change."""
    colour_rule = re.compile(r"^\s*([a-z-]*(?:color|background|border[a-z-]*|outline[a-z-]*|tint))\s*:\s*([^;]+);", re.M)
    rules = colour_rule.findall(TCSS.read_text(encoding="utf-8"))
    assert len(rules) > 30
    fixed = [(prop, value) for prop, value in rules if "$" not in value and value.strip() not in {"none", "transparent", "hidden"}
             and not value.strip().startswith(("bold", "italic"))]
    assert fixed == []

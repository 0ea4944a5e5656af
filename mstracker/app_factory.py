"""The one place that builds the app and its services; the CLI, the tests and the screenshot script use it."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .paths import AppDirs, app_dirs
from .store.settings import SettingsStore, load_settings

if TYPE_CHECKING:
    from .tui.app import MstrackerApp


def build_app(
    dirs: AppDirs | None = None,
    rng: random.Random | None = None,
    settings: SettingsStore | None = None,
) -> MstrackerApp:
    """Build the Textual app.

    dirs: where data and config live (default: the user's dirs, or MSTRACKER_HOME).
    rng: the only source of app-rolled dice (default: a fresh unseeded Random; tests pass a seeded one).
    settings: preloaded settings (default: read from the config dir; a bad file is reported on start).
    """
    from .tui.app import MstrackerApp
    from .tui.services import Services

    dirs = dirs or app_dirs()
    services = Services(
        dirs=dirs,
        settings=settings if settings is not None else load_settings(dirs),
        rng=rng if rng is not None else random.Random(),
    )
    return MstrackerApp(services)

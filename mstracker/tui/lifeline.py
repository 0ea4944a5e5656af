"""Never stuck: the app ends itself cleanly when its terminal goes away.

A closed window, a killed tmux session or a dropped SSH connection leave the app's input at
end-of-file (or failing with EIO), and it may get SIGHUP. Textual's input thread loops on
end-of-file forever (about two thirds of a core) and keeps the game's lock. So on POSIX the app
reads its input through `EofAwareDriver`, Textual's own Linux driver with that one loop taught to
stop; SIGHUP is handled too. Either way the app posts `TerminalClosed` to itself and exits
normally: screens unmount, the open game closes and its lock is released. Every action was
committed before it was shown, so nothing is lost.

Windows keeps Textual's own driver (there is no SIGHUP there).
"""

from __future__ import annotations

import os
import selectors
import signal
import sys
from codecs import getincrementaldecoder
from typing import TYPE_CHECKING

from textual.app import App, ReturnType
from textual.message import Message

if TYPE_CHECKING:
    from textual.driver import Driver


class TerminalClosed(Message):
    """The terminal went away (input at end-of-file, or a hang-up): the app should exit now."""

    def __init__(self, why: str) -> None:
        super().__init__()
        self.why = why


class LifelineApp(App[ReturnType]):
    """An App that exits cleanly when its terminal goes away (both mstracker apps are one)."""

    terminal_closed: str | None = None
    """Why the app ended itself, when it did (None while the terminal is there)."""

    def get_driver_class(self) -> type[Driver]:
        return driver_class(super().get_driver_class())

    def _on_mount(self, event: object) -> None:  # noqa: D401 - Textual's own mount hook runs first
        watch_hangup(self)

    def on_terminal_closed(self, message: TerminalClosed) -> None:
        if self.terminal_closed is None:
            self.terminal_closed = message.why
            driver = getattr(self, "_driver", None)
            if driver is not None and hasattr(driver, "terminal_gone"):
                driver.terminal_gone = True  # stop writing to a terminal that is not there
            # Exit after the next refresh, so that a screen still mounting finishes first; ask for
            # that refresh, as nothing else may (call_after_refresh alone could wait forever).
            self.call_after_refresh(self.exit)
            self.refresh()


def driver_class(default: type[Driver]) -> type[Driver]:
    """The driver for a terminal app: the EOF-aware one on POSIX terminals, else `default`."""
    from textual import constants

    if constants.DRIVER is not None or os.name != "posix" or sys.platform == "emscripten":
        return default  # a driver chosen by the environment (textual-serve's web driver) or Windows
    return _eof_aware_driver()


def watch_hangup(app: App) -> None:
    """Exit the app on SIGHUP (POSIX; the running asyncio loop receives it)."""
    import asyncio

    sighup = getattr(signal, "SIGHUP", None)
    if sighup is None:
        return
    try:
        asyncio.get_running_loop().add_signal_handler(sighup, lambda: app.post_message(TerminalClosed("hang-up")))
    except (NotImplementedError, RuntimeError, ValueError):
        pass  # not the main thread (tests) or no signal support


def _eof_aware_driver() -> type[Driver]:
    from textual._loop import loop_last
    from textual._parser import ParseError
    from textual._xterm_parser import XTermParser
    from textual.drivers.linux_driver import LinuxDriver

    class EofAwareDriver(LinuxDriver):
        """Textual's LinuxDriver whose input loop stops at end-of-file instead of spinning.

        The loop is Textual 8.2.8's `run_input_thread` (textual is pinned) with two changes: an
        empty read or an OSError ends it, and the app is told with TerminalClosed. Once the
        terminal is gone, output is dropped: Textual's writer thread dies on the first write to a
        hung-up terminal, and a write or a stop queued behind it would wait forever."""

        terminal_gone = False

        def write(self, data: str) -> None:
            if not self.terminal_gone:
                super().write(data)

        def close(self) -> None:
            if not self.terminal_gone:
                super().close()  # else the writer thread (a daemon) ends with the process

        def run_input_thread(self) -> None:
            selector = selectors.SelectSelector()
            selector.register(self.fileno, selectors.EVENT_READ)
            fileno = self.fileno
            parser = XTermParser(self._debug)
            decode = getincrementaldecoder("utf-8")().decode
            gone: list[str] = []

            def process(events: list[tuple[selectors.SelectorKey, int]], final: bool = False) -> None:
                for last, (_key, mask) in loop_last(events):
                    if mask & selectors.EVENT_READ:
                        try:
                            raw = os.read(fileno, 1024 * 4)
                        except OSError as exc:  # EIO: the terminal hung up
                            gone.append(f"input failed ({exc.strerror})")
                            return
                        if not raw:
                            gone.append("input at end of file")
                            return
                        for event in parser.feed(decode(raw, final=final and last)):
                            self.process_message(event)
                for event in parser.tick():
                    self.process_message(event)

            try:
                while not self.exit_event.is_set() and not gone:
                    process(selector.select(0.1))
                if gone:
                    self.terminal_gone = True
                    self._app.post_message(TerminalClosed(gone[0]))
                    self.exit_event.wait()  # nothing more will come: wait for the app to stop us
                else:
                    selector.unregister(self.fileno)
                    process(selector.select(0.1), final=True)
            finally:
                selector.close()
                try:
                    for _ in parser.feed(""):
                        pass
                except (EOFError, ParseError):  # as Textual does: a half-read sequence at exit is dropped
                    pass

    return EofAwareDriver

"""A very small WebDriver client (urllib only) for Debian's chromium and chromedriver, for the browser test."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync", "--window-size=1400,1000",
]
#: Installed before the page's own scripts: keeps what the terminal receives, as text, in window.__frames,
#: and when each frame arrived (ms since the page was opened) in window.__times.
FRAME_HOOK = (
    "window.__frames=[];window.__times=[];const O=window.WebSocket;"
    "window.WebSocket=function(u,p){const w=p===undefined?new O(u):new O(u,p);"
    "w.addEventListener('message',e=>{if(typeof e.data!=='string'){window.__times.push(performance.now());"
    "window.__frames.push(new TextDecoder().decode(new Uint8Array(e.data)));}});return w;};"
    "window.WebSocket.prototype=O.prototype;"
)
#: The page-clock time (ms) of the first frame after which everything received holds arguments[0].
FIRST_SEEN = (
    "let s='';for(let i=0;i<window.__frames.length;i++){s+=window.__frames[i];"
    "if(s.includes(arguments[0])){return window.__times[i];}}return null;"
)


def missing() -> str | None:
    """Why the browser test cannot run here, or None."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not (os.path.exists(path) or shutil.which(os.path.basename(path))):
            return f"{path} is not installed (apt-get install chromium chromium-driver)"
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Browser:
    """Headless chromium driven through chromedriver; `close()` ends both (by pid)."""

    def __init__(self) -> None:
        self.port = free_port()
        self.profile = tempfile.mkdtemp(prefix="mstracker-chromium-")
        self.driver = subprocess.Popen(
            [shutil.which("chromedriver") or CHROMEDRIVER, f"--port={self.port}"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        self.base = f"http://127.0.0.1:{self.port}"
        self.session: str | None = None
        for _ in range(100):
            try:
                self._call("GET", "/status")
                break
            except OSError:
                time.sleep(0.1)
        options = {"binary": shutil.which("chromium") or CHROMIUM, "args": [*ARGS, f"--user-data-dir={self.profile}"]}
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": options}}}
        self.session = self._call("POST", "/session", caps)["value"]["sessionId"]
        self._call("POST", f"/session/{self.session}/goog/cdp/execute",
                   {"cmd": "Page.addScriptToEvaluateOnNewDocument", "params": {"source": FRAME_HOOK}})

    def _call(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, method=method, data=data, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.loads(response.read())

    def open(self, url: str) -> None:
        self._call("POST", f"/session/{self.session}/url", {"url": url})

    def run(self, script: str, *args: Any) -> Any:
        return self._call("POST", f"/session/{self.session}/execute/sync", {"script": script, "args": list(args)})["value"]

    def received(self) -> str:
        """Everything the page's terminal has received so far, as text."""
        return str(self.run("return window.__frames.join('');"))

    def first_seen(self, text: str) -> float | None:
        """Seconds from opening the page to the frame that completed `text` on it (None: not yet)."""
        ms = self.run(FIRST_SEEN, text)
        return None if ms is None else float(ms) / 1000

    def screenshot(self) -> bytes:
        import base64

        return base64.b64decode(self._call("GET", f"/session/{self.session}/screenshot")["value"])

    def close(self) -> None:
        try:
            if self.session is not None:
                self._call("DELETE", f"/session/{self.session}")
        finally:
            self.driver.terminate()
            self.driver.wait(timeout=20)
            shutil.rmtree(self.profile, ignore_errors=True)

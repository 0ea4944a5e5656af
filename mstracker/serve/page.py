"""The served pages: the view itself, and the page shown when the table's viewers are all taken.

Nothing is loaded from the internet (a table is often offline): the monospace font is the Roboto
Mono that textual-serve ships, served from /static, with the browser's monospace as fallback.
textual.js (textual-serve's page script) connects to `data-session-websocket-url` once the page has
loaded and adds `-first-byte` to the body when the first screen arrives, `-closed` when the view ends.
"""

from __future__ import annotations

from html import escape

_STYLE = """
@font-face { font-family: "Roboto Mono"; font-style: normal; font-weight: 100 700;
  src: url("/static/fonts/RobotoMono-VariableFont_wght.ttf") format("truetype"); }
html, body { margin: 0; height: 100%; background: #0c181f; color: rgba(255,255,255,0.95);
  font-family: "Roboto Mono", monospace; }
.textual-terminal { position: absolute; inset: 0; opacity: 0; }
body.-first-byte .textual-terminal { opacity: 1; }
.notice { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center;
  text-align: center; padding: 2em; }
.notice p { max-width: 36em; line-height: 1.5; }
body.-first-byte .waiting, .ended { display: none; }
body.-closed .ended { display: flex; z-index: 10; background: #0c181f; }
a { color: #8fd3ff; }
"""


def _page(title: str, body: str) -> str:
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        f"<title>{escape(title)}</title>\n<style>{_STYLE}</style>\n{body}\n</html>\n"
    )


def view_page(title: str, websocket_url: str, font_size: int = 16) -> str:
    """The live view: textual-serve's terminal and script, with our own words around it."""
    return _page(title, (
        "<link rel=\"stylesheet\" href=\"/static/css/xterm.css\">\n"
        "<script src=\"/static/js/textual.js\"></script>\n</head>\n<body>\n"
        f"<div class=\"notice waiting\"><p>{escape(title)}<br>Opening the live view…</p></div>\n"
        "<div class=\"notice ended\"><p>The live view has ended: the server stopped, the game was deleted, "
        "or the connection dropped.<br><a href=\"/\">Open it again</a></p></div>\n"
        f"<div id=\"terminal\" class=\"textual-terminal\" data-session-websocket-url=\"{escape(websocket_url)}\" "
        f"data-font-size=\"{font_size}\"></div>\n</body>"
    ))


def full_page(title: str, viewers: int) -> str:
    """Shown instead of the view when `viewers` tabs already watch (each tab is a process of its own)."""
    return _page(title, (
        "<meta http-equiv=\"refresh\" content=\"15\">\n</head>\n<body>\n"
        f"<div class=\"notice\"><p>{escape(title)}<br><br>This view already has {viewers} viewer"
        f"{'s' if viewers != 1 else ''}, as many as it takes. Close the view in another tab or device, "
        "and this page tries again by itself every 15 seconds.</p></div>\n</body>"
    ))

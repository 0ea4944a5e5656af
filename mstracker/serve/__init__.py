"""`mstracker serve`: the watcher in a browser, one `mstracker watch --served` process per tab.

Built on the same pieces as Textual's textual-serve (its page script, xterm.js and Textual's web
driver protocol), but with a server of our own so that a table can rely on it: the port is bound
before the address is printed, tabs are capped, one quiet line per viewer instead of an access log,
shutdown closes every connection within a second or two, the watcher is started from an argument
list (no shell, so Windows paths work), and the page loads nothing from the internet.
"""

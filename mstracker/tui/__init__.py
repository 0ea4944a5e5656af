"""The terminal app (Textual): app.py, app.tcss, screens/, modals/, widgets/. Start it with run.run_tui()."""

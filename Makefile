# Two commands for a new user: `make run` and `make test`. Both bootstrap .venv first.
PYTHON ?= python3
VENV   := .venv
VPY    := $(VENV)/bin/python
STAMP  := $(VENV)/.mstracker-installed
TSTAMP := $(VENV)/.mstracker-test-installed

.PHONY: run test bench screenshots clean venv

venv: $(STAMP)

# Recreate the venv when it is missing or its interpreter no longer runs (stale);
# reinstall when pyproject.toml changed since the last install. `make run` installs the
# runtime dependencies only; `make test` adds the test extras on top.
$(STAMP): pyproject.toml
	@if ! $(VPY) -c 'import sys' >/dev/null 2>&1; then \
		echo "creating $(VENV)"; rm -rf $(VENV); $(PYTHON) -m venv $(VENV); fi
	$(VPY) -m pip install --quiet --upgrade pip
	$(VPY) -m pip install --quiet -e .
	@touch $(STAMP)

$(TSTAMP): $(STAMP)
	$(VPY) -m pip install --quiet -e '.[test]'
	@touch $(TSTAMP)

run: $(STAMP)
	$(VENV)/bin/mstracker

# The TUI tests mostly wait on Textual's timers, so four workers finish well ahead of one even on two cores.
test: $(TSTAMP) typecheck
	$(VPY) -m pytest -n 4

# mypy as [tool.mypy] in pyproject.toml sets it: strict on mstracker.api, the contract a ruleset author imports.
.PHONY: typecheck
typecheck: $(TSTAMP)
	$(VPY) -m mypy

bench: $(TSTAMP)
	$(VPY) -m bench

screenshots: $(STAMP)
	$(VPY) -m mstracker.tui.screenshots screenshots

clean:
	rm -rf $(VENV) build dist .pytest_cache

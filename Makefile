# Two commands for a new user: `make run` and `make test`. Both bootstrap .venv first.
# Another Python: `PYTHON=python3.12 make run` (a .venv made by another Python is then made anew).
PYTHON ?= python3
VENV   := .venv
VPY    := $(VENV)/bin/python
STAMP  := $(VENV)/.mstracker-installed
TSTAMP := $(VENV)/.mstracker-test-installed

.PHONY: run test bench screenshots clean venv FORCE

venv: $(STAMP)

# Which Python a command is: "3.12 new /its/base/prefix" ("old" below 3.11); empty if it does not run.
probe = $(shell $(1) -c 'import sys; v = sys.version_info; print("%d.%d" % v[:2], "new" if v >= (3, 11) else "old", sys.base_prefix)' 2>/dev/null)

# Decided once, as make reads this file, and only when a goal needs the venv (not for `make clean`).
ifneq ($(filter-out clean,$(or $(MAKECMDGOALS),venv)),)
ASKED    := $(filter command line environment,$(origin PYTHON))
VENV_IS  := $(call probe,$(VPY))
PY_IS    := $(if $(or $(ASKED),$(if $(filter new,$(word 2,$(VENV_IS))),,unusable)),$(call probe,$(PYTHON)))
# Why the venv must be made (anew): missing or broken, older than 3.11, or not the Python asked for.
RECREATE := $(strip \
  $(if $(VENV_IS),,creating $(VENV)) \
  $(if $(filter old,$(word 2,$(VENV_IS))),recreating $(VENV): its Python $(word 1,$(VENV_IS)) is older than 3.11) \
  $(if $(and $(ASKED),$(VENV_IS),$(filter new,$(word 2,$(VENV_IS))),$(PY_IS)),$(if $(filter-out $(wordlist 3,99,$(PY_IS)),$(wordlist 3,99,$(VENV_IS))),recreating $(VENV): it was made by another Python than PYTHON=$(PYTHON))))
ifneq ($(or $(RECREATE),$(ASKED)),)
ifeq ($(PY_IS),)
$(error PYTHON=$(PYTHON) does not run: mstracker needs Python 3.11 or newer; name one, e.g. PYTHON=python3.12 make run)
endif
ifeq ($(word 2,$(PY_IS)),old)
$(error PYTHON=$(PYTHON) is Python $(word 1,$(PY_IS)); mstracker needs 3.11 or newer: e.g. PYTHON=python3.12 make run)
endif
endif
endif

# (Re)create the venv when RECREATE says why; reinstall when pyproject.toml changed since the last
# install. `make run` installs the runtime dependencies only; `make test` adds the test extras on top.
$(STAMP): pyproject.toml $(if $(RECREATE),FORCE)
	$(if $(RECREATE),@echo "$(RECREATE)"; rm -rf $(VENV); $(PYTHON) -m venv $(VENV))
	$(VPY) -m pip install --quiet --upgrade pip
	$(VPY) -m pip install --quiet -e .
	@touch $(STAMP)

$(TSTAMP): $(STAMP)
	$(VPY) -m pip install --quiet -e '.[test]'
	@touch $(TSTAMP)

FORCE:

run: $(STAMP)
	$(VENV)/bin/mstracker

# The TUI tests mostly wait on Textual's timers, so four workers finish well ahead of one even on two cores.
test: $(TSTAMP) typecheck
	$(VPY) -m pytest -n 4

# mypy as [tool.mypy] in pyproject.toml sets it: strict on mstracker.api (the contract a ruleset author imports),
# on every ruleset and on the test rulesets.
.PHONY: typecheck
typecheck: $(TSTAMP)
	$(VPY) -m mypy

bench: $(TSTAMP)
	$(VPY) -m bench

screenshots: $(STAMP)
	$(VPY) -m mstracker.tui.screenshots screenshots

clean:
	rm -rf $(VENV) build dist .pytest_cache

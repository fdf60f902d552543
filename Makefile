# Two entry points do all set-up on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test quick lint install bench clean chromium wheel-check

# The workbench's browser tests drive Debian's Chromium through Playwright (Playwright's own
# browser download cannot work on these machines). `make chromium` (a prerequisite of `test`
# and `quick`) installs it with apt when missing; without root or sudo the browser tests are
# skipped, saying why. Defined here, before any rule names it: make expands a prerequisite
# when it reads the rule, so a variable defined further down would expand to nothing.
CHROMIUM := /usr/bin/chromium
chromium: $(CHROMIUM)
$(CHROMIUM):
	@echo "== installing Chromium for the browser tests (apt-get install chromium)"
	@if [ "$$(id -u)" = 0 ]; then SUDO=; elif sudo -n true 2>/dev/null; then SUDO=sudo; else \
	  echo "Chromium is missing and this user cannot install it: the browser tests will be skipped"; exit 0; fi; \
	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# setup.py builds the compiled end-game kernel (optional: without a C compiler the pure one runs), and
# compiles the simulator's modules with Cython (the same: their source runs without a build); an edited
# source is rebuilt here, and until then runs as source (solver/base/compiled_python.py).
COMPILED_PYTHON := $(filter-out %/__init__.py,$(wildcard solver/nightcage/sim/*.py)) solver/nightcage/chance/fastsim.py solver/nightcage/chance/turns.py
$(STAMP): $(BIN)/python pyproject.toml setup.py $(wildcard solver/nightcage/endgame/kernel/csrc/*) $(wildcard solver/base/csrc/*) $(COMPILED_PYTHON)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

DEMO := scenarios/rulebook/wax-eater-sight.toml
ENDGAME := scenarios/rulebook/final-flickers.toml

demo: $(STAMP)
	@echo "== lueur apply $(DEMO) \"move N\"   (a rules dispute, adjudicated)"
	@$(BIN)/lueur apply $(DEMO) "move N"
	@echo
	@echo "== lueur solve $(ENDGAME)   (can they still regroup at a gate?)"
	@$(BIN)/lueur solve $(ENDGAME) --engine both
	@echo
	@echo "== lueur is installed in $(VENV). Run it as $(BIN)/lueur, or activate the environment first:"
	@echo "     . $(BIN)/activate"
	@echo "     lueur --help"

# The whole check: lint, types and layers first (seconds), the wheel installed and run outside
# the checkout, then the whole test suite (the README says how long it takes from a fresh clone).
test: lint chromium wheel-check
	$(BIN)/python -m pytest -q

# The same lint, then the tests not marked slow (tests/conftest.py lists the slow ones).
quick: lint chromium
	$(BIN)/python -m pytest -q -m "not slow"

# The wheel as a user gets it: built from this checkout (sdist, then the wheel from it), installed
# into a fresh throw-away venv and run from an empty folder (.ci/wheel_check.py says what it checks).
wheel-check: $(STAMP)
	$(BIN)/python .ci/wheel_check.py

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

bench: $(STAMP)
	$(BIN)/python benchmarks/engine_speed.py
	$(BIN)/python benchmarks/perft.py

clean:
	rm -rf $(VENV) build *.egg-info

# Fast Downward on the PDDL export, against the exact search (benchmarks/fast_downward.py).
# Its own environment: the project plus benchmarks/fd-requirements.txt; the project never imports them.
# Options go through FD_ARGS, e.g. `make bench-fd FD_ARGS="--limit 50 --json fd.json"`.
FD_VENV := .venv-fd
FD_STAMP := $(FD_VENV)/.installed

$(FD_STAMP): pyproject.toml benchmarks/fd-requirements.txt
	$(PYTHON) -m venv $(FD_VENV)
	echo '*' > $(FD_VENV)/.gitignore
	$(FD_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(FD_VENV)/bin/python -m pip install --quiet -e '.[test]' -r benchmarks/fd-requirements.txt
	touch $(FD_STAMP)

.PHONY: bench-fd clean-fd
bench-fd: $(FD_STAMP)
	$(FD_VENV)/bin/python benchmarks/fast_downward.py $(FD_ARGS)

clean-fd:
	rm -rf $(FD_VENV)

# Two entry points do all set-up on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test install bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

DEMO := scenarios/rulebook/wax-eater-sight.toml

demo: $(STAMP)
	@echo "== lueur show $(DEMO)"
	@$(BIN)/lueur show $(DEMO)
	@echo
	@echo "== lueur apply $(DEMO) \"move N\""
	@$(BIN)/lueur apply $(DEMO) "move N" "burn t t t t t t"

test: $(STAMP)
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/python benchmarks/engine_speed.py
	$(BIN)/python benchmarks/perft.py

clean:
	rm -rf $(VENV) build *.egg-info

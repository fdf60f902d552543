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
ENDGAME := scenarios/rulebook/final-flickers.toml

demo: $(STAMP)
	@echo "== lueur apply $(DEMO) \"move N\"   (a rules dispute, adjudicated)"
	@$(BIN)/lueur apply $(DEMO) "move N"
	@echo
	@echo "== lueur solve $(ENDGAME)   (can they still regroup at a gate?)"
	@$(BIN)/lueur solve $(ENDGAME) --engine both

test: $(STAMP)
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/python benchmarks/engine_speed.py
	$(BIN)/python benchmarks/perft.py

clean:
	rm -rf $(VENV) build *.egg-info

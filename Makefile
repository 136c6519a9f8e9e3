# fwdata: `make build` checks and prints the bundled data into build/ (runtime dependencies only); `make test` adds
# the dev extra and runs the tests; `make lint` runs ruff, mypy and vulture.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# `make build` needs only fwdata and its runtime dependencies; the tests and the lint add the dev extra.
RUNTIME := $(VENV)/.runtime-installed
STAMP := $(VENV)/.installed

.PHONY: build test check lint clean bench fuzz rules-index findings-doc

$(RUNTIME): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $(RUNTIME)

$(STAMP): $(RUNTIME)
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

build: $(RUNTIME)
	$(BIN)/fwdata build

test: $(STAMP)
	$(BIN)/python -m pytest -q -n 2

check: test lint

lint: $(STAMP)
	$(BIN)/ruff check fwdata tests tools
	$(BIN)/mypy
	$(BIN)/vulture fwdata tools tests tools/vulture_whitelist.py

# Speed and memory: check and build of generated packs against the libraries they stand on (the bench extra installs them).
bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python bench/inner_loop.py
	$(BIN)/python bench/run.py

# Issue 9's long run: 10,000 hostile packs through check and build; prints crashes and the slowest input.
fuzz: $(STAMP)
	$(BIN)/python bench/fuzz.py --inputs 10000

# Issue 10's rule index: docs/rules-index.md from the docstrings' rule citations (a test fails when it is stale).
rules-index: $(STAMP)
	$(BIN)/python tools/rules_index.py

# docs/findings.md from the registry of finding codes (fwdata/findings/stages.py, each system's finding_codes.py).
findings-doc: $(STAMP)
	$(BIN)/python tools/findings_doc.py

clean:
	rm -rf build $(VENV)

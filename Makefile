# Comodín: `make run` starts the bot (or the offline table without a token); `make test`
# runs every check. Both create .venv and install what they need on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

.PHONY: run test play bench bench-check lint format clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	# d20 (Avrae's dice library) only for the notation-equivalence test and the bench;
	# without its dependencies, which would put the old lark-parser over lark.
	$(BIN)/python -m pip install --quiet --no-deps d20 cachetools
	@rm -f $(VENV)/.installed-*
	@touch $@

run: $(STAMP)
	$(BIN)/comodin run

play: $(STAMP)
	$(BIN)/comodin play

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	# One worker per core (pytest-xdist), each taking whole test files, so a module's
	# fixtures (the installed wheel, a PostgreSQL per worker) are made once: the suite fits
	# its 5 minutes on a 2-core machine. A single file: .venv/bin/python -m pytest FILE.
	$(BIN)/python -m pytest -n auto --dist loadfile

# Benchmarks print figures; they are not tests. d20 is only for the comparison (installed
# without its dependencies: it would pull the old lark-parser over lark).
bench: $(STAMP)
	mkdir -p bench/results
	$(BIN)/python -m bench.dice
	$(BIN)/python -m bench.storage --postgres
	$(BIN)/python -m bench.rules --json bench/results/rules.json
	$(BIN)/python -m bench.e2e --channels 100 --rate 200 --duration 20 --json bench/results/e2e-100ch-200rps.json
	$(BIN)/python -m bench.e2e --channels 10 --rate max --duration 8 --alone --json bench/results/e2e-max.json
	$(BIN)/python -m bench.e2e --channels 10 --rate 100 --duration 10 --json bench/results/e2e-empty.json
	$(BIN)/python -m bench.e2e --channels 10 --rate 100 --duration 10 --prefill 100000 --log-rows 1000000 --json bench/results/e2e-prefill.json
	$(BIN)/python -m bench.e2e --channels 1000 --memory --json bench/results/e2e-memory.json
	$(BIN)/python -m bench.e2e --channels 1 --rate 20 --duration 10 --json bench/results/e2e-1ch.json
	$(BIN)/python -m bench.e2e --channels 10 --rate 100 --duration 10 --extras 36 --json bench/results/e2e-40-combatants.json
	$(BIN)/python -m bench.e2e --channels 1000 --rate 100 --duration 10 --json bench/results/e2e-1000ch.json

# The short benches against bench/baseline.json (ratios measured in the same run); fails
# on a figure more than 25% worse. A few minutes; not part of `make test`.
bench-check: $(STAMP)
	$(BIN)/python -m bench.check

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis

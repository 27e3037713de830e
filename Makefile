# Every target bootstraps .venv on first use; re-runs are no-ops until pyproject.toml changes.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: test sweep run lint format bench demo catalogues

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e ".[dev]"
	touch $(STAMP)

# locale/*.po -> .mo with Babel (pure Python); only the stale ones.
catalogues: $(STAMP)
	$(PY) -m aimp_site.catalogues

test: catalogues
	$(PY) -m pytest $(PYTEST_ARGS)

# The conversations again with the clock held at each moment of
# tests/scenarios/moments.py (a Monday, summer time, just after midnight in Berlin,
# the nights the clocks change...); the default run uses whatever day it is.
sweep: catalogues
	@moments="$$($(PY) -m tests.scenarios.moments)" && test -n "$$moments" && \
	for moment in $$moments; do \
		echo "== scenarios at $$moment"; \
		AIMP_TEST_CLOCK=$$moment $(PY) -m pytest tests/scenarios $(PYTEST_ARGS) || exit 1; \
	done

run: catalogues
	$(PY) -m aimp_site.devserver

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(STAMP)
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

# Speed, economy and footprint side by side (SQLite, then PostgreSQL/Redis when
# reachable); writes bench/results/latest.md and latest.json. BENCH_QUICK=1 for a smoke run.
bench: $(STAMP)
	$(PY) -m bench.run

# A scripted conversation through the real pipeline (worker, outbox, file mailbox); exits non-zero unless confirmed.
demo: catalogues
	$(PY) -m negotiation.demo

# Every target bootstraps .venv on first use; re-runs are no-ops until pyproject.toml changes.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: test run lint format bench demo

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e ".[dev]"
	touch $(STAMP)

test: $(STAMP)
	$(PY) -m pytest $(PYTEST_ARGS)

run: $(STAMP)
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
demo: $(STAMP)
	$(PY) -m negotiation.demo

# Quick start: `make run` serves the app, `make test` checks the code and runs every test. Both create or refresh .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
ARGS ?=

.PHONY: run check test translations bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Reinstall only when a requirements file changed.
$(VENV)/.runtime: requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.test: requirements.txt requirements-test.txt $(VENV)/.runtime
	$(BIN)/python -m pip install --quiet -r requirements-test.txt
	touch $@

# Compile the gettext catalogs (the .mo files are committed too, so `python app.py` works without make).
translations: $(VENV)/.runtime
	@for po in translations/*/LC_MESSAGES/*.po; do \
		[ -e "$$po" ] || continue; \
		$(BIN)/pybabel compile --statistics -i "$$po" -o "$${po%.po}.mo" >/dev/null || exit 1; \
	done

run: $(VENV)/.runtime translations
	$(BIN)/python app.py $(ARGS)

# Lint and strict types first: they take seconds and name the line, where a failing test only shows the symptom.
# Both read their settings (which files, which rules) from pyproject.toml.
check: $(VENV)/.test
	$(BIN)/ruff check
	$(BIN)/mypy

# Two workers: the machines we run on have two cores, and the suite (browser tests included) halves its time.
WORKERS ?= 2

test: check translations
	$(BIN)/python -m pytest -n $(WORKERS) $(ARGS)

bench: $(VENV)/.test
	$(BIN)/python benchmarks/ranking.py
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/api.py
	$(BIN)/python benchmarks/phone_delay.py
	$(BIN)/python benchmarks/hostile.py
	$(BIN)/python benchmarks/storage.py
	$(BIN)/python benchmarks/record.py
	$(BIN)/python benchmarks/tap_under_reads.py
	$(BIN)/python benchmarks/replayer.py
	$(BIN)/python benchmarks/console_render.py

clean:
	rm -rf $(VENV) .pytest_cache

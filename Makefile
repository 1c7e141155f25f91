# Quick start: `make run` serves the app, `make test` runs every test. Both create or refresh .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
ARGS ?=

.PHONY: run test translations bench clean

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
	$(BIN)/pybabel compile --use-fuzzy -d translations -D messages --statistics 2>/dev/null || $(BIN)/pybabel compile -d translations -D messages
	@if ls translations/*/LC_MESSAGES/reference.po >/dev/null 2>&1; then $(BIN)/pybabel compile -d translations -D reference; fi

run: $(VENV)/.runtime translations
	$(BIN)/python app.py $(ARGS)

test: $(VENV)/.test translations
	$(BIN)/python -m pytest $(ARGS)

bench: $(VENV)/.test
	$(BIN)/python benchmarks/ranking.py
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/api.py

clean:
	rm -rf $(VENV) .pytest_cache

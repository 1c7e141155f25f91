# Quick start: `make run` serves the app, `make test` checks the code and runs every test (installing Debian's
# Chromium for the browser tests when it is missing). Both create or refresh .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
ARGS ?=

.PHONY: run check chromium test translations bench clean

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

# The browser tests drive Debian's Chromium and never skip. Where it is missing, install it (apt-get as root, sudo
# otherwise, never asking for a password) or stop with one sentence saying why and what to run.
CHROMIUM ?= /usr/bin/chromium
CHROMIUM_PACKAGES := chromium fonts-dejavu-core

chromium:
	@[ -x "$(CHROMIUM)" ] && exit 0; \
	cannot() { echo "make test: the browser tests need Debian's Chromium at $(CHROMIUM), and it could not be installed" \
		"($$1). Install it with 'sudo apt-get install $(CHROMIUM_PACKAGES)', then run make test again." >&2; exit 1; }; \
	command -v apt-get >/dev/null 2>&1 || cannot "there is no apt-get: this is not Debian or Ubuntu"; \
	if [ "$$(id -u)" -eq 0 ]; then as_root=""; \
	elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then as_root="sudo -n"; \
	else cannot "not root, and sudo is missing or wants a password"; fi; \
	echo "make test: $(CHROMIUM) is missing; installing $(CHROMIUM_PACKAGES) with apt-get"; \
	$$as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq \
		|| cannot "apt-get update failed"; \
	$$as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(CHROMIUM_PACKAGES) \
		>/dev/null || cannot "apt-get install failed"; \
	[ -x "$(CHROMIUM)" ] || cannot "apt-get installed the packages, yet $(CHROMIUM) is not there"; \
	"$(CHROMIUM)" --version

# Two workers: the machines we run on have two cores, and the suite (browser tests included) halves its time.
# --dist worksteal: a worker that runs out of tests takes some of the other's, so the long browser tests never leave
# one core idle at the end of the run. --durations=15 ends the run with the 15 slowest tests (docs/TESTING.md says what each slow group costs and why).
WORKERS ?= 2

test: chromium check translations
	$(BIN)/python -m pytest -n $(WORKERS) --dist worksteal --durations=15 $(ARGS)

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

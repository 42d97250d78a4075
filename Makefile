# solvelab — the README's two commands and their parts.
#
#   make serve   build the site and serve it at http://127.0.0.1:$(PORT)
#   make test    lint, then run all tests (unit + browser)
#
# Everything a target needs is installed on first use and remembered with
# stamp files, so running a target again installs nothing new:
#   .venv/.installed         Python packages (re-installed when pyproject.toml changes)
#   node_modules/.installed  npm packages (re-installed when package(-lock).json changes)
#   tables/.built            the solver's tables (rebuilt when their builder changes)
#   build/site/.built        the MkDocs site (rebuilt when its sources change)

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin
SITE_DIR := build/site
PYTEST_ARGS ?=

# Material for MkDocs prints a banner about MkDocs 2 on every build; it is not ours to act on.
export NO_MKDOCS_2_WARNING := 1

VENV_STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
SITE_STAMP := $(SITE_DIR)/.built
TABLES_STAMP := tables/.built

# Everything the tables are built from: the builder, the encodings, and the cube model and
# solver whose tables (moves, symmetries, the ends of phase 1) it stores.
TABLE_SOURCES := py/solvelab/build/tables.py py/solvelab/tables.py $(wildcard py/solvelab/cube/*.py)

# Everything the site is built from.
SITE_SOURCES := mkdocs.yml $(shell find site js py -type f -not -name '*.pyc' -not -path '*.egg-info/*' 2>/dev/null)

.PHONY: help venv node_modules tables site serve lint format test test-unit test-browser \
	chromium clean distclean

# help: list the targets.
help:
	@echo "make serve          build the site and serve it at http://127.0.0.1:$(PORT) (PORT=8080 to change)"
	@echo "make test           lint, then run all tests: unit and browser"
	@echo "make venv           create .venv and install solvelab -e .[test,docs,build]"
	@echo "make node_modules   install the pinned npm packages (pyodide; axe-core for tests) with npm ci"
	@echo "make tables         build the solver's pruning tables into tables/ (numpy)"
	@echo "make site           build the MkDocs site into $(SITE_DIR) (strict)"
	@echo "make lint           ruff check + ruff format --check on py/ and tests/"
	@echo "make format         ruff format + ruff check --fix on py/ and tests/"
	@echo "make test-unit      unit tests only (no browser)"
	@echo "make test-browser   browser tests only (tests/browser, needs chromium)"
	@echo "make chromium       install Debian's chromium if it is missing"
	@echo "make clean          remove build output and caches (keeps .venv, node_modules)"
	@echo "make distclean      clean, and remove .venv and node_modules too"

# venv: the virtual environment with solvelab (editable) and the pinned test, docs
# and build tools. Re-installs when pyproject.toml changes.
venv: $(VENV_STAMP)

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { \
		echo "solvelab needs Python 3.11 or newer; '$(PYTHON)' is $$($(PYTHON) --version 2>&1)." >&2; \
		echo "Run with PYTHON=/path/to/python3.11 (or newer)." >&2; exit 1; }
	$(PYTHON) -m venv $(VENV)

$(VENV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test,docs,build]'
	@touch $@

# node_modules: the npm packages pinned in package.json and package-lock.json
# (pyodide; axe-core, for the accessibility test), installed exactly as locked.
node_modules: $(NODE_STAMP)

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

# tables: the solver's pruning tables, built with numpy by `solvelab tables build`
# into tables/ (compressed, with manifest.json). Two builds give the same bytes.
tables: $(TABLES_STAMP)

$(TABLES_STAMP): $(TABLE_SOURCES) $(VENV_STAMP)
	$(BIN)/solvelab tables build
	@touch $@

# site: build the MkDocs site into build/site, with the app's files (JS, Pyodide, the
# package, the tables); strict, so a warning (a broken
# link, a page missing from nav) fails the build.
site: $(SITE_STAMP)

$(SITE_STAMP): $(SITE_SOURCES) $(VENV_STAMP) $(NODE_STAMP) $(TABLES_STAMP)
	$(BIN)/mkdocs build --strict --quiet
	@touch $@

# serve: build the site and serve it on this machine only (127.0.0.1:$(PORT)), cross-origin
# isolated (see py/solvelab/bench/site_server.py).
serve: site
	$(BIN)/python -m solvelab.bench.site_server $(SITE_DIR) --port $(PORT)

# lint: ruff's lint rules and format check, on the Python sources and tests.
lint: $(VENV_STAMP)
	$(BIN)/ruff check py tests
	$(BIN)/ruff format --check py tests

# format: rewrite the Python sources and tests in ruff's format, and apply safe fixes.
format: $(VENV_STAMP)
	$(BIN)/ruff format py tests
	$(BIN)/ruff check --fix py tests

# chromium: the browser the browser tests drive. Installs Debian's chromium if
# it is missing (as root), or says what to install (otherwise). $CHROMIUM may
# name another Chromium binary.
chromium:
	@if [ -n "$${CHROMIUM:-}" ] && [ -x "$${CHROMIUM}" ]; then \
		echo "chromium: using CHROMIUM=$${CHROMIUM}"; \
	elif command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then \
		:; \
	elif [ "$$(id -u)" = 0 ]; then \
		echo "chromium: not found; installing Debian's chromium"; \
		apt-get update && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
			chromium fonts-liberation; \
	else \
		echo "chromium: not found, and installing it needs root. Run:" >&2; \
		echo "    sudo apt-get update && sudo apt-get install -y chromium fonts-liberation" >&2; \
		echo "or set CHROMIUM=/path/to/chromium." >&2; \
		exit 1; \
	fi

# test: lint, then every test (unit and browser) in one pytest run.
test: lint tables site chromium
	$(BIN)/pytest $(PYTEST_ARGS)

# test-unit: the tests that need no browser.
test-unit: $(VENV_STAMP) $(TABLES_STAMP) $(NODE_STAMP)
	$(BIN)/pytest -m 'not browser' $(PYTEST_ARGS)

# test-browser: the browser tests only (tests/browser), against the built site.
test-browser: tables site chromium
	$(BIN)/pytest tests/browser $(PYTEST_ARGS)

# clean: remove build output and caches; keeps .venv and node_modules.
clean:
	rm -rf build test-results .pytest_cache .ruff_cache .hypothesis
	find py tests -name __pycache__ -type d -prune -exec rm -rf {} +

# distclean: clean, and remove the installed environments too.
distclean: clean
	rm -rf $(VENV) node_modules py/*.egg-info

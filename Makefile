# Bottle Imp Companion — developer entry points.
#   make venv   create .venv (Python >= 3.12), install requirements.lock, compile the messages
#   make run    migrate and serve at http://127.0.0.1:8000/ (SQLite db.sqlite3), for developers
#   make serve  serve a table from this machine on the local network (every interface; waitress,
#               and the events server on the next port)
#   make test   ruff (check, format) + mypy + pytest on every core (WORKERS: 3 for 2 cores), then branch coverage of scoring/ and
#               companion/ (first runs npm ci for axe-core, from package-lock.json);
#               PYTEST_ARGS='-m "not browser"' passes options to pytest
#   make lint   ruff check and ruff format --check
#   make typecheck  mypy, strict on the engine and the app (scoring/, companion/; django-stubs)
#   make lock   re-pin requirements.lock from requirements.in (with hashes)
#   make test-postgres  the same suite on PostgreSQL (127.0.0.1:5432, database bottle_imp_ci)
#   make bench  measure the app under gunicorn on 127.0.0.1 over HTTP; writes BENCH.json
#   make load   the tables one core of the server holds (SQLite, PostgreSQL); adds them to BENCH.json
#   make load-seats  the same, a table being four seat phones and a viewer

SHELL := /bin/bash
.DEFAULT_GOAL := test

VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed.stamp
# Test-only npm tools (axe-core for the accessibility tests), from package-lock.json.
NODE_STAMP := node_modules/.installed.stamp

# First interpreter >= 3.12 that actually runs. pyenv shims (python3.13, ...)
# fail without PYENV_VERSION, so the real pyenv binaries are tried as well.
define FIND_PYTHON
for c in python3.13 python3.12 python3 \
         $$(command -v pyenv >/dev/null 2>&1 && ls -d "$$(pyenv root)"/versions/3.1[2-9]*/bin/python3 2>/dev/null); do \
  if command -v "$$c" >/dev/null 2>&1 && \
     "$$c" -c 'import sys; sys.exit(sys.version_info < (3,12))' >/dev/null 2>&1; then \
    command -v "$$c"; exit 0; \
  fi; \
done; exit 1
endef
export FIND_PYTHON

# Compiled messages (.mo, ignored by git) from each catalogue (.po) that is
# newer, with polib (python -m companion.messages): no GNU gettext needed.
PO_FILES := $(wildcard locale/*/LC_MESSAGES/*.po companion/locale/*/LC_MESSAGES/*.po)
MO_FILES := $(PO_FILES:.po=.mo)

.PHONY: venv run serve test test-postgres lint typecheck lock bench load load-seats

# Byte-compile the engine: this machine sets PYTHONDONTWRITEBYTECODE, and
# `python -m scoring` would otherwise compile every module on each start.
venv: $(STAMP) $(MO_FILES)
	@$(PY) -m compileall -q scoring companion

%.mo: %.po | $(STAMP)
	$(PY) -m companion.messages $<

$(PY):
	@py="$$(bash -c "$$FIND_PYTHON")" || { \
	  echo "error: no Python >= 3.12 found." >&2; \
	  echo "install Python 3.12 or newer (e.g. apt-get install python3.12 or pyenv install 3.12)" >&2; \
	  exit 1; }; \
	echo "creating $(VENV) with $$py ($$("$$py" --version))"; \
	"$$py" -m venv $(VENV)

# Reinstall only when the lock changes (or the venv is new).
$(STAMP): requirements.lock | $(PY)
	$(PY) -m pip install --quiet --require-hashes -r requirements.lock
	@touch $@

# Reinstall only when the npm lock changes (or node_modules is missing).
$(NODE_STAMP): package-lock.json package.json
	npm ci --no-audit --no-fund
	@touch $@

run: venv
	$(PY) manage.py migrate --noinput
	$(PY) manage.py runserver 127.0.0.1:8000

serve: venv
	$(PY) -m companion.serve

lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

typecheck: venv
	$(VENV)/bin/mypy

# The suite on every core (pytest-xdist: each worker has its own test
# database, live server and browser; an idle worker takes tests queued for
# another, so the run does not end on one core), then the branch coverage
# of scoring/ and companion/ ([tool.coverage.run]; files wholly covered left out).
# Three workers for two cores: a browser test waits for its page or its
# server much of the time, and with a worker a core the cores were a third
# idle (2 cores: 8:20 with two workers, 6:48 with three, 7:18 with four).
WORKERS ?= $(shell n=$$(nproc 2>/dev/null || echo 1); echo $$(( n + n / 2 )))
PYTEST_ARGS ?=
test: lint typecheck $(NODE_STAMP)
	$(PY) -m pytest -n $(WORKERS) --dist worksteal --cov --cov-branch --cov-report=term:skip-covered $(PYTEST_ARGS)

# The whole suite on PostgreSQL, in a database of our own (dropped and made
# afresh; pytest-django creates and drops test_$(PG_DB) itself). The role
# must be allowed to create databases.
PG_HOST ?= 127.0.0.1
PG_PORT ?= 5432
PG_USER ?= postgres
PG_DB   ?= bottle_imp_ci
PSQL    := psql -h $(PG_HOST) -p $(PG_PORT) -U $(PG_USER) -d postgres -v ON_ERROR_STOP=1 -q

test-postgres: venv
	@test "$$($(PSQL) -tAc 'SELECT rolcreatedb OR rolsuper FROM pg_roles WHERE rolname = current_user')" = t \
	  || { echo "error: PostgreSQL role $(PG_USER) may not create databases" >&2; exit 1; }
	$(PSQL) -c 'DROP DATABASE IF EXISTS test_$(PG_DB) WITH (FORCE)' -c 'DROP DATABASE IF EXISTS $(PG_DB) WITH (FORCE)'
	createdb -h $(PG_HOST) -p $(PG_PORT) -U $(PG_USER) $(PG_DB)
	DATABASE_URL=postgres://$(PG_USER)@$(PG_HOST):$(PG_PORT)/$(PG_DB) $(MAKE) test

lock: venv
	$(PY) -m pip install --quiet pip-tools
	$(VENV)/bin/pip-compile --quiet --generate-hashes --allow-unsafe \
	  --no-emit-index-url --no-emit-find-links -o requirements.lock requirements.in

# Benchmarks (issue 6): gunicorn on 127.0.0.1, a fresh SQLite file (PostgreSQL
# when DATABASE_URL is set). Not part of `make test` (a smoke test is).
bench: venv
	$(PY) -m bench.run

# The tables one core holds: gunicorn pinned to core 0, the load generator to
# core 1; SQLite in a fresh file, then PostgreSQL (127.0.0.1:5432, trust) in
# a database bottle_imp_load made and dropped for the run. About 6 minutes.
load: venv
	$(PY) -m bench.load

# The same with every player on their own phone: tables of four seat phones
# (each entering its player's cards, told of changes by the events server,
# which runs beside the app on the same core) and one viewer.
load-seats: venv
	$(PY) -m bench.load --seats --push

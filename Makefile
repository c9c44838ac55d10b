# Bottle Imp Companion — developer entry points.
#   make venv   create .venv (Python >= 3.12) and install requirements.lock
#   make run    migrate and serve at http://127.0.0.1:8000/ (SQLite db.sqlite3)
#   make test   ruff check + pytest
#   make lint   ruff check
#   make lock   re-pin requirements.lock from requirements.in (with hashes)

SHELL := /bin/bash
.DEFAULT_GOAL := test

VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed.stamp

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

.PHONY: venv run test lint lock

venv: $(STAMP)

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

run: venv
	$(PY) manage.py migrate --noinput
	$(PY) manage.py runserver 127.0.0.1:8000

lint: venv
	$(VENV)/bin/ruff check .

test: lint
	$(PY) -m pytest

lock: venv
	$(PY) -m pip install --quiet pip-tools
	$(VENV)/bin/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras \
	  --no-emit-index-url --no-emit-find-links -o requirements.lock requirements.in

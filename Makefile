# make run | make test | make bench | make clean
# Each target builds .venv on first use and reinstalls when a requirements file changes.
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.requirements.stamp
BENCH_STAMP := $(VENV)/.requirements-bench.stamp
PORT ?= 8000
PYTEST_ARGS ?=

.PHONY: run test bench venv clean

venv: $(STAMP)

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): requirements.txt | $(PY)
	$(PY) -m pip install --disable-pip-version-check -r requirements.txt
	touch $@

$(BENCH_STAMP): requirements-bench.txt $(STAMP)
	$(PY) -m pip install --disable-pip-version-check -r requirements-bench.txt
	touch $@

# Embedded defaults (SQLite, filesystem broker) unless DATABASE_URL / REDIS_URL are set.
# Worker and server both run in the background of one shell, so the shell is always free to
# react: on Ctrl-C, a kill of make, or the server exiting, its EXIT trap stops both.
run: export DEBUG ?= 1
run: $(STAMP)
	$(PY) manage.py migrate --noinput
	@trap 'kill -TERM $$server $$worker 2>/dev/null; wait' EXIT; \
	trap 'exit 130' INT TERM HUP; \
	$(PY) -m celery -A config worker --pool=solo --concurrency=1 --loglevel=INFO & worker=$$!; \
	$(PY) manage.py runserver 127.0.0.1:$(PORT) & server=$$!; \
	wait $$server

test: $(STAMP)
	$(PY) -m pytest $(PYTEST_ARGS)

bench: $(BENCH_STAMP)
	$(PY) -m bench

clean:
	rm -rf $(VENV) var

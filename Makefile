# make run | make test | make test-pg | make bench | make engine | make verifier | make clean
# Each target builds .venv on first use and reinstalls when a requirements file changes
# (make run: requirements.txt; make test adds requirements-dev.txt, make bench requirements-bench.txt), and
# compiles the rules engine with mypyc when its sources change (tools/build_engine.py).
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.requirements.stamp
DEV_STAMP := $(VENV)/.requirements-dev.stamp
BENCH_STAMP := $(VENV)/.requirements-bench.stamp
ENGINE_STAMP := var/build/engine.stamp
ENGINE_SOURCES := $(wildcard games/engine/*.py) tools/build_engine.py
CATALOGUES := $(wildcard locale/*/LC_MESSAGES/django.po)
COMPILED_CATALOGUES := $(CATALOGUES:.po=.mo)
PORT ?= 8000
PYTEST_ARGS ?=

.PHONY: run test test-pg bench venv dev-venv engine verifier messages system-packages clean

venv: $(STAMP)
dev-venv: $(DEV_STAMP)

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): requirements.txt | $(PY)
	@echo "installing the Python packages (requirements.txt; the first time about 20 s)"
	@$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	@touch $@

# The test and lint tools, for make test only: make run installs what running needs (requirements.txt).
$(DEV_STAMP): requirements-dev.txt $(STAMP)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

$(BENCH_STAMP): requirements-bench.txt $(STAMP)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-bench.txt
	touch $@

engine: $(ENGINE_STAMP)

# The compiler's own output (mypyc's notes, the C compiler's lines) goes to var/build/engine.log,
# shown only if the build fails.
$(ENGINE_STAMP): $(ENGINE_SOURCES) $(STAMP)
	@mkdir -p $(dir $@)
	@echo "compiling the rules engine, unless the build cache holds these sources' build (var/build/engine.log)"
	@$(PY) tools/build_engine.py > var/build/engine.log 2>&1 || { cat var/build/engine.log; exit 1; }
	@tail -n 1 var/build/engine.log | cut -d: -f1
	@touch $@

# The single-file verifier anyone checks an export with (docs/events.md, "Verifying an export"):
# tools/verify_export.py and the engine's Python sources in one zip application that needs only
# the standard library, written by games/record/verifier_build.py, the bytes the site serves at
# /api/v1/verifier/. Built afresh each time (it takes no time), with any python3: no venv.
VERIFIER_PYZ ?= var/build/verify_export.pyz
verifier:
	@$(PYTHON) -m games.record.verifier_build $(VERIFIER_PYZ)

# The Portuguese and Turkish catalogues, compiled (.mo files are build output, not committed).
# msgfmt comes from Debian's gettext, which tools/install_system_packages.sh installs if missing.
messages: $(COMPILED_CATALOGUES)

locale/%/LC_MESSAGES/django.mo: locale/%/LC_MESSAGES/django.po $(STAMP)
	@command -v msgfmt >/dev/null 2>&1 || bash tools/install_system_packages.sh gettext
	@DEBUG=1 $(PY) manage.py compilemessages -l $* -v 0 --ignore=.venv --ignore=var

# Embedded defaults (SQLite, the embedded broker under var/celery/) unless DATABASE_URL /
# REDIS_URL are set. tools/run_site.py supervises the site, beat and three workers (the default,
# people and webhook queues): it restarts a worker or beat that dies, and Ctrl-C or SIGTERM stops
# them all. Quiet: one line per step and per started part, then warnings and errors;
# LOG_LEVEL=INFO make run shows every request, task and banner.
# The run does not wait for the engine's build (a minute or more, more than the rest of a first
# run): when the compiled engine is missing or older than its sources (`make -q engine` says so)
# and the build cache has no build of these sources (docs/engine.md), the seeding runs on the
# engine's Python sources and run_site.py compiles it in the background, serving from the sources
# meanwhile, then restarts its children on the build (docs/architecture.md §3.8). make test and
# make bench still build it first.
run: export DEBUG ?= 1
run: export LOG_LEVEL ?= WARNING
run: $(STAMP) messages
	@set -e; \
	if ! $(MAKE) --no-print-directory -s -q engine && mkdir -p $(dir $(ENGINE_STAMP)) \
		&& $(PY) tools/build_engine.py --from-cache > var/build/engine.log 2>&1; then \
		touch $(ENGINE_STAMP); echo "the rules engine: this build was in the build cache"; fi; \
	if $(MAKE) --no-print-directory -s -q engine; then build=; sources=$${KINGRIFKI_ENGINE-}; \
	else build=--build-engine; sources=python; fi; \
	echo "preparing the database (migrations, house bots, demo tournaments and matches)"; \
	KINGRIFKI_ENGINE=$$sources $(PY) manage.py migrate --noinput -v 0; \
	KINGRIFKI_ENGINE=$$sources $(PY) manage.py ensure_house_bots; \
	KINGRIFKI_ENGINE=$$sources $(PY) manage.py ensure_demo_tournament --every-demo; \
	KINGRIFKI_ENGINE=$$sources $(PY) manage.py ensure_demo_matches; \
	exec $(PY) tools/run_site.py --port $(PORT) $$build

# Debian packages the tests use: Chromium for the browser tests (Playwright drives it; nothing is
# downloaded at run time) and gettext for makemessages and compilemessages.
system-packages:
	@command -v chromium >/dev/null 2>&1 && command -v xgettext >/dev/null 2>&1 && command -v msgfmt >/dev/null 2>&1 \
		|| bash tools/install_system_packages.sh

# Lint and format first (ruff, ruff.toml: seconds). The whole suite runs on the compiled engine
# (what production runs): the tests that need no service and time nothing on TEST_WORKERS
# processes at once (pytest-xdist; each has a test database of its own), then the `services` and
# `serial` tests one at a time, since the services' Celery workers share one broker and every
# assertion on a wall clock wants the machine to itself (docs/testing.md, "Lanes and markers").
# The engine's own tests then run again on its Python sources, which must behave exactly alike.
# Exit status 5 is pytest's "no test selected" (a PYTEST_ARGS choosing only one kind).
TEST_WORKERS ?= 2
test: $(DEV_STAMP) $(ENGINE_STAMP) system-packages messages
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PY) -m pytest -m "not services and not serial" -n $(TEST_WORKERS) $(PYTEST_ARGS) || [ $$? -eq 5 ]
	$(PY) -m pytest -m "services or serial" $(PYTEST_ARGS) || [ $$? -eq 5 ]
	@# The compiled run above searched the rules hard (the ci profile); this pass checks that the
	@# sources behave as their build does, every example test and a lighter search of each property.
	KINGRIFKI_ENGINE=python HYPOTHESIS_PROFILE=dev $(PY) -m pytest tests/engine -n $(TEST_WORKERS) $(PYTEST_ARGS) || [ $$? -eq 5 ]
	@# The database triggers (event log, seats) are written per database, and the reads written once
	@# (games.sql_once) convert values per database: with DATABASE_URL set (CI runs on PostgreSQL),
	@# their tests run once more on the default SQLite.
	@if [ -n "$$DATABASE_URL" ]; then \
		echo "the triggers' and the reads' tests again on SQLite"; \
		env -u DATABASE_URL $(PY) -m pytest tests/eventlog tests/matches/test_the_database_holds_every_seat_within_its_own_matchs_table.py \
			tests/accounts/test_a_token_and_its_user_are_read_in_one_query_as_the_orm_reads_them.py \
			tests/matches/test_an_actions_row_lock_and_catch_up_read_what_the_orm_reads.py -m "not services" $(PYTEST_ARGS); \
	fi

# The database tests on a local PostgreSQL, as CI runs them but with no Redis or worker: every
# test that needs no service (the event log's triggers, the row locks and the reads written per
# database included) except the rules engine's own, which touch no database. DATABASE_URL names
# the server and the project database (created if missing; pytest-django creates test_<name>
# and one per worker beside it). `make test-pg TEST_PG_PATHS="tests/eventlog tests/matches"`
# runs a part. Lanes as in make test: the wall-clock tests (serial) alone, after the others.
test-pg: export DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/kingrifki_test_pg
TEST_PG_PATHS ?= tests --ignore=tests/engine
test-pg: $(DEV_STAMP) $(ENGINE_STAMP) system-packages messages
	$(PY) tools/ensure_database.py
	$(PY) -m pytest $(TEST_PG_PATHS) -m "not services and not serial" -n $(TEST_WORKERS) $(PYTEST_ARGS) || [ $$? -eq 5 ]
	$(PY) -m pytest $(TEST_PG_PATHS) -m "serial and not services" $(PYTEST_ARGS) || [ $$? -eq 5 ]

# Engine speed vs OpenSpiel, bot strength (duplicate deals), bots through a real worker, appends
# beside the eventsourcing library and raw psycopg, action POSTs over HTTP beside a bare DRF
# endpoint, a person's move to the house bots' answer (alone, and while the demo tournament runs:
# the people's queue beside one queue for all), a polling bot's turn delivered by long poll and by
# stream, a webhook bot's turns beside bots that hang, one owner's sparring at the live-games cap,
# tournaments, their cost growth with workers and bots, hundreds of bot tables beside people
# (bench.scale), the compose file's shape rehearsed on one machine (bench.cluster) and a fresh
# copy's first make run (bench.first_run). bench.appends, bench.http, bench.latency, bench.scale
# and bench.cluster need PostgreSQL and Redis (DATABASE_URL, REDIS_URL), as the figures of
# docs/benchmarks.md were measured.
bench: $(BENCH_STAMP) $(ENGINE_STAMP)
	$(PY) -m bench
	$(PY) -m bench.strength
	$(PY) -m bench.bots
	$(PY) -m bench.actions
	@# These exit 1 when a figure misses its target (issue 21: some still do); make goes on
	@# to the next benchmark, which prints its own figures, instead of stopping there.
	-$(PY) -m bench.appends
	-$(PY) -m bench.http
	-$(PY) -m bench.http --rate 150 --rounds 3 --seconds 5
	-$(PY) -m bench.latency
	-$(PY) -m bench.latency --load demo --moves 150 --modes redis,embedded-sqlite
	-$(PY) -m bench.turns
	-$(PY) -m bench.webhooks
	-$(PY) -m bench.sparring
	$(PY) -m bench.tournament
	$(PY) -m bench.tournament --ruleset corners --entrants 36 --players 4
	$(PY) -m bench.growth
	-$(PY) -m bench.scale
	-$(PY) -m bench.cluster
	-$(PY) -m bench.first_run

clean:
	rm -rf $(VENV) var games/engine/*.so locale/*/LC_MESSAGES/*.mo

# Duelhall: `make run` serves the hall, `make test` runs every test (see README).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test install chromium nginx lint fmt migrate sweeper verify screenshots peer deploy-check

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	touch $(STAMP)

# A random key per checkout for `make run` and the other commands here (project/settings.py
# reads it; it is never committed). Production sets SECRET_KEY in its environment instead.
.secret-key:
	umask 077 && $(PY) -c "import secrets; print(secrets.token_urlsafe(50))" > $@

install: $(STAMP) .secret-key

migrate: install
	$(BIN)/python manage.py migrate --noinput

# Serve on http://127.0.0.1:8000 with daphne and the timer sweeper (SQLite, in-memory layer).
run: migrate
	$(BIN)/python manage.py play

# Debian's Chromium for the browser tests (Playwright drives /usr/bin/chromium; it never
# downloads a browser of its own).
chromium:
	@test -x /usr/bin/chromium || (command -v apt-get >/dev/null && \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core) || \
	  echo "chromium missing: install Debian's chromium package")

# Debian's nginx for the scale-out tests, which run deploy/nginx.conf in front of the workers
# (tests/nginx_front.py starts it as their own child on free ports, with its own pid and logs;
# the package's service, which apt may start on port 80, is never used or touched).
nginx:
	@test -x /usr/sbin/nginx || (command -v apt-get >/dev/null && \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx) || \
	  echo "nginx missing: install Debian's nginx package")

# The scale-out tests need PostgreSQL and Redis on 127.0.0.1 (.ci/run starts them).
SCALE_ENV := DATABASE_URL=postgresql://postgres@127.0.0.1:5432/duelhall REDIS_URL=redis://127.0.0.1:6379/15

# Each part says how long it took (tools/timed) and the times are listed again at the end, so
# a slow part shows; a failing part stops the run after its line.
UNIT_TESTS := tests/engines tests/test_*.py
# The parts run in pytest-xdist processes. The unit and scale parts keep both cores of the CI
# machine busy with two (the engines, the servers and PostgreSQL are CPU-bound). The browser
# part is bound by Chromium's CPU too, but its clock, arena and abandonment tests wait out
# short timers, and with two processes the machine was 85% busy: three fill it (97%), 296 ->
# 281 s and 324 -> 309 s in two interleaved pairs of runs; four made it slower (425 -> 574 s).
# xdist's work stealing instead of its default split made no difference there (297 and 337 s
# against 305 and 322 s, interleaved).
# The platform tests wait on sockets, timers and subprocesses for half their time, so four
# processes fill the cores: 126 -> 80-106 s in five runs, with six no faster; the unit tests
# beside them saved nothing (127 and 111 s one after the other, 127 and 109 s side by side).
# Each browser process serves the hall from a server of its own, and the scale tests give
# each process its own databases and Redis numbers (tests/settings.py), so no test meets
# another process's players or matches.
JOBS := -n 2
PLATFORM_JOBS := -n 4
BROWSER_JOBS := -n 3
TIMES := .test-times

test: install chromium nginx
	@rm -f $(TIMES)
	@TIMES=$(TIMES) tools/timed lint $(BIN)/ruff check .
	@TIMES=$(TIMES) tools/timed unit/engines $(BIN)/python -m pytest -q $(JOBS) $(UNIT_TESTS)
	@TIMES=$(TIMES) tools/timed platform $(BIN)/python -m pytest -q $(PLATFORM_JOBS) tests/platform
	@TIMES=$(TIMES) tools/timed browser $(BIN)/python -m pytest -q $(BROWSER_JOBS) tests/browser
	@TIMES=$(TIMES) $(SCALE_ENV) tools/timed scale $(BIN)/python -m pytest -q $(JOBS) tests/scale
	@echo "== every part:" && cat $(TIMES) && rm -f $(TIMES)

# docs/deploy.md's checks alone: its nginx steps on a copy of /etc/nginx, `check --deploy`
# with the production example, and the hall behind nginx from deploy/ played in Chromium.
deploy-check: install chromium nginx
	$(SCALE_ENV) $(BIN)/python -m pytest -q tests/scale/test_deploy_guide.py \
	  tests/platform/test_production_settings.py tests/scale/test_behind_nginx.py

lint: install
	$(BIN)/ruff check . && $(BIN)/ruff format --check .

fmt: install
	$(BIN)/ruff format . && $(BIN)/ruff check --fix .

sweeper: migrate
	$(BIN)/python manage.py sweeper

verify: migrate
	$(BIN)/python manage.py verify_matches

# A desktop and a phone picture of every board mid-match, into docs/screenshots/ (Playwright
# driving Debian's Chromium against a throwaway server; see tools/screenshots.py).
screenshots: install chromium
	$(BIN)/python tools/screenshots.py

# The boardgame.io peer of `python -m bench.live --peer` (bench/peer/): its Node packages, as
# pinned in bench/peer/package-lock.json (koa-compose held at 4.1.0: with 4.2.0 the peer's
# lobby routes answer 404 on the game's port), from the npm registry with Debian's npm.
# Only the benchmark needs them; `make test` never installs them.
peer:
	cd bench/peer && npm ci --no-audit --no-fund

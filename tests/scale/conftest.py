"""Scale-out tests: real PostgreSQL and Redis on 127.0.0.1 (`make test` runs this folder in a
second pytest session with DATABASE_URL and REDIS_URL set; `.ci/run` starts both services).

Worker processes get a database and a Redis server of their own, so a test can kill and
restart them without touching anything else on the machine."""

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import psycopg
import pytest
from django.conf import settings as django_settings

from tests.live import free_port, migrate, wait_for_port
from tests.nginx_front import NGINX, NginxFront

from .nginx_layout import Hall, production_env, unit_command

ROOT = Path(__file__).resolve().parents[2]
PG_ADMIN = os.environ.get("SCALE_PG_ADMIN_URL", "postgresql://postgres@127.0.0.1:5432/postgres")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/scale" in str(item.fspath):
            item.add_marker(pytest.mark.scale)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failing test shows what its servers were doing: each daphne's socket counts and
    thread stacks (written to its log on SIGUSR1 and SIGUSR2, games/live/diagnostics.py) and
    the end of every log. CI keeps
    only the test output, and a worker that stopped answering says why nowhere else."""
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed:
        return
    hall = item.funcargs.get("hall") or item.funcargs.get("shared_hall")
    servers = list(hall.workers) if hall else list(item.funcargs.get("workers") or [])
    for server in servers:
        server.dump_stacks()
    if servers:
        time.sleep(1)  # the dump is written by the worker itself
    for server in servers:
        report.sections.append((f"log of {server.log_path.name}", server.log_tail()))
    if hall:
        report.sections.append(("nginx error.log", hall.front.log()[-6000:]))
    # What each person's page shows: whether its socket is down, and the status bar with
    # the version its board is at (a page that never caught up says which one it holds).
    for number, page in enumerate(item.funcargs.get("people") or []):
        with contextlib.suppress(Exception):  # a closed or crashed page says nothing
            shown = page.evaluate(
                "() => [location.href, document.body.className,"
                " (document.querySelector('#match-status') || {}).outerHTML || 'no status bar']"
            )
            report.sections.append((f"page {number}", "\n".join(shown)[:4000]))


@pytest.fixture(scope="session")
def worker_database():
    """A fresh PostgreSQL database for the worker processes, migrated, dropped at the end."""
    name = f"duelhall_scale_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    url = PG_ADMIN.rsplit("/", 1)[0] + f"/{name}"
    env = {**os.environ, "DATABASE_URL": url}
    migrate(env, ROOT)
    yield url
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


class RedisServer:
    """A private redis-server on a free port that a test may stop and start again."""

    def __init__(self, tmp: Path) -> None:
        self.port = free_port()
        self.tmp = tmp
        self.proc = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        binary = shutil.which("redis-server") or "/usr/bin/redis-server"
        self.proc = subprocess.Popen(
            [
                binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.tmp),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for_port(self.port)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)


@pytest.fixture
def redis_server(tmp_path):
    server = RedisServer(tmp_path)
    server.start()
    yield server
    server.stop()


class Worker:
    """One daphne worker (`manage.py play`), optionally with the sweeper."""

    def __init__(
        self, env: dict, port: int, sweeper: bool, log: Path, command: list[str] | None = None
    ) -> None:
        self.env, self.port, self.sweeper, self.log_path = env, port, sweeper, log
        self.command = command  # instead of `manage.py play` (the systemd unit's, say)
        self.proc = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        args = self.command or [sys.executable, "manage.py", "play", "--port", str(self.port)]
        if not self.sweeper and not self.command:
            args.append("--no-sweeper")
        log = open(self.log_path, "a")  # noqa: SIM115 - closed with the process
        # A process group of its own, so SIGKILL takes daphne and its sweeper down together,
        # exactly like a machine losing the worker.
        self.proc = subprocess.Popen(
            args,
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        if self.port:
            wait_for_port(self.port)

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)

    def terminate(self) -> None:
        """SIGTERM to daphne and its sweeper, as systemd stops a unit; `stop` waits for it."""
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)

    def dump_stacks(self) -> None:
        """Ask this worker's daphne (a child of `manage.py play`) to log what it holds and its
        thread stacks. Only daphne is signalled: the command itself would die of either."""
        if not self.proc or self.proc.poll() is not None:
            return
        children = subprocess.run(
            ["pgrep", "-P", str(self.proc.pid), "-f", "daphne_process"],
            capture_output=True,
            text=True,
        ).stdout.split()
        for pid in children:
            for number in (signal.SIGUSR1, signal.SIGUSR2):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(int(pid), number)

    def log_tail(self, size: int = 12000) -> str:
        text = self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
        return text[-size:]

    def stop(self) -> None:
        self.terminate()
        if self.proc and self.proc.poll() is None:
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


def stop_all(processes) -> None:
    """Stop several workers at once: each takes a second or two to shut down, and one after
    the other those seconds add up in every test's teardown."""
    for process in processes:
        process.terminate()
    for process in processes:
        process.stop()


@pytest.fixture
def workers(worker_database, redis_server, tmp_path):
    """Two workers sharing PostgreSQL and channels-redis; only the first runs a sweeper."""
    env = {
        **os.environ,
        "DATABASE_URL": worker_database,
        "REDIS_URL": redis_server.url,
        "DEBUG": "false",
        # The test run's own key (tests/settings.py; the public one is refused): sessions the
        # tests write themselves must be readable by the server.
        "SECRET_KEY": django_settings.SECRET_KEY,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "WS_RESYNC_SECONDS": "2",
    }
    pair = [
        Worker(env, free_port(), sweeper=(i == 0), log=tmp_path / f"worker{i}.log")
        for i in range(2)
    ]
    for w in pair:
        w.start()
    yield pair
    stop_all(pair)


@pytest.fixture(scope="session")
def nginx_binary():
    if not os.path.exists(NGINX):
        pytest.fail("Debian's nginx is missing: `make test` installs it (apt-get install nginx)")
    return NGINX


@pytest.fixture(scope="session")
def collected_static(tmp_path_factory) -> Path:
    """`manage.py collectstatic`, as a deployment runs it, into a folder of the session."""
    folder = tmp_path_factory.mktemp("static")
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput"],
        cwd=ROOT,
        env={**os.environ, "STATIC_ROOT": str(folder)},
        check=True,
        capture_output=True,
    )
    return folder


@contextlib.contextmanager
def running_hall(database_url: str, redis_url: str, folder: Path, collected_static: Path):
    """nginx on free ports in front of two workers and a sweeper, each started with the
    command of its systemd unit in deploy/; logs and nginx's files go in ``folder``."""
    https_port, http_port = free_port(), free_port()
    origins = [f"https://127.0.0.1:{https_port}", f"https://[::1]:{https_port}"]
    env = {
        **os.environ,
        **production_env(),
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "SECRET_KEY": django_settings.SECRET_KEY,
        "ALLOWED_HOSTS": "127.0.0.1,[::1]",
        "CSRF_TRUSTED_ORIGINS": ",".join(origins),
        "STATIC_ROOT": str(collected_static),
        "WS_RESYNC_SECONDS": "2",
    }
    workers = []
    for i in range(2):
        port = free_port()
        command = unit_command("duelhall-worker@.service", sys.executable, str(port))
        log = folder / f"worker{i}.log"
        workers.append(Worker(env, port, sweeper=False, log=log, command=command))
    command = unit_command("duelhall-sweeper.service", sys.executable)
    sweeper = Worker(env, 0, sweeper=True, log=folder / "sweeper.log", command=command)
    for process in (*workers, sweeper):
        process.start()
    front = NginxFront(
        folder / "nginx", https_port, http_port, [w.port for w in workers], collected_static
    )
    try:
        front.write()
        checked = front.check()
        assert checked.returncode == 0, checked.stderr
        front.start()
        yield Hall(front, workers, database_url)
    finally:
        front.stop()
        stop_all((*workers, sweeper))


@pytest.fixture
def hall(nginx_binary, worker_database, redis_server, tmp_path, collected_static):
    """A hall of the test's own (running_hall), with a Redis server of its own: for a test
    that stops or breaks one of its parts (a worker, Redis, PostgreSQL's connections)."""
    with running_hall(worker_database, redis_server.url, tmp_path, collected_static) as made:
        yield made


@pytest.fixture(scope="module")
def shared_hall(nginx_binary, worker_database, tmp_path_factory, collected_static):
    """One hall for the tests of a module that leave it as they found it (a played match, a
    static file, a redirect, a refused sign-in), used by one test at a time in each pytest
    process. Each hall costs the start of two workers, a sweeper, nginx and Redis: 5-15 s
    and about 8 s of CPU. A test that counts the workers' sockets here waits until the
    counts are exactly its own, so sockets an earlier test's closed pages still hold cannot
    fool it."""
    folder = tmp_path_factory.mktemp("hall")
    redis = RedisServer(folder)
    redis.start()
    try:
        with running_hall(worker_database, redis.url, folder, collected_static) as made:
            yield made
    finally:
        redis.stop()


@pytest.fixture
def browser_contexts(browser):
    """Fresh browser contexts that accept the test's self-signed certificate."""
    made = []

    def context(**options):
        made.append(browser.new_context(ignore_https_errors=True, **options))
        page = made[-1].new_page()
        page.set_default_timeout(30000)
        return page

    yield context
    for c in made:
        c.close()

"""Helpers for tests that start real servers and drive Debian's Chromium."""

import atexit
import contextlib
import os
import secrets
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
# As root in a sandbox without a network: no sandboxing, no GPU, and none of Chromium's
# background connections (they would be refused, many at a time).
# A `--disable-features` here would not add to the list Playwright passes: Chromium keeps
# the last of a repeated switch, so it would replace that list whole. Turning off
# RenderDocument (a fresh frame for every navigation) that way, with Playwright's names
# kept, made a probe of 48 navigations cheaper, but 69 browser tests in rounds ordered
# ABBA spent 434 and 524 core-seconds against 398 and 631 without it: nothing beyond the
# machine's drift, so it is not here.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError(f"nothing listens on {port}")


def launched_chromium(playwright):
    """Debian's Chromium under Playwright (which never downloads a browser here)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)


@contextlib.contextmanager
def served_site(db_path, root):
    """`manage.py play` on a fresh SQLite file at ``db_path`` (migrated first); yields its URL.
    For scripts outside pytest (tools/screenshots.py); the browser tests' fixture does the same."""
    with serving(db_path, root) as (url, _server):
        yield url


@contextlib.contextmanager
def serving(db_path, root):
    """As `served_site`, yielding the URL and the `manage.py play` process (whose children are
    daphne, its render workers and the sweeper)."""
    env = {
        **os.environ,
        "SQLITE_PATH": str(db_path),
        "DJANGO_SETTINGS_MODULE": "project.settings",
        "DEBUG": "false",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECRET_KEY": secrets.token_urlsafe(50),  # the public local-play key is refused
    }
    env.pop("DATABASE_URL", None)
    env.pop("REDIS_URL", None)
    manage = [sys.executable, "manage.py"]
    subprocess.run(
        [*manage, "migrate", "--noinput"], cwd=root, env=env, check=True, capture_output=True
    )
    port = free_port()
    server = subprocess.Popen(
        [*manage, "play", "--port", str(port)],
        cwd=root,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(port)
        yield f"http://127.0.0.1:{port}", server
    finally:
        server.terminate()
        server.wait(timeout=15)


# One migrated SQLite file per test process, copied for each further server: a migrate is
# about a second of CPU (Django's start and every migration), and the browser tests start a
# server in each process and several more for short clocks and arenas.
_migrated_sqlite: list[Path] = []


def migrate(env: dict, cwd) -> None:
    """``manage.py migrate`` for a server about to start on ``env``'s database. A new SQLite
    file is a copy of the first one this process migrated."""
    target = None
    if "SQLITE_PATH" in env and "DATABASE_URL" not in env:
        target = Path(env["SQLITE_PATH"])
    if target is not None and not target.exists() and _migrated_sqlite:
        copy_sqlite(_migrated_sqlite[0], target)
        return
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=cwd,
        env=env,
        check=True,
        capture_output=True,
    )
    if target is not None and not _migrated_sqlite:
        # Taken now, before a server writes to the original.
        folder = tempfile.mkdtemp(prefix="duelhall-migrated-")
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        template = Path(folder) / "migrated.sqlite3"
        copy_sqlite(target, template)
        _migrated_sqlite.append(template)


def copy_sqlite(source: Path, target: Path) -> None:
    """A consistent copy through SQLite's backup API, which also reads what is still in the
    source's write-ahead log (a plain file copy could miss it)."""
    with (
        contextlib.closing(sqlite3.connect(source)) as src,
        contextlib.closing(sqlite3.connect(target)) as dst,
    ):
        src.backup(dst)

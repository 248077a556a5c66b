"""Production defaults (issue 22, findings 3 and 10): DEBUG is off unless asked for, the
public local-play key is refused when it is off, and the deploy example passes
`manage.py check --deploy` without a warning."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    """A manage.py command in a fresh process whose environment holds only ``env`` on top
    of the basics (no key, no DEBUG, no key file unless given)."""
    base = {
        k: v
        for k, v in os.environ.items()
        if k not in {"SECRET_KEY", "DEBUG", "DJANGO_SETTINGS_MODULE", "SECRET_KEY_FILE"}
    }
    base["SECRET_KEY_FILE"] = str(ROOT / "no-such-key-file")
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**base, "DJANGO_SETTINGS_MODULE": "project.settings", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_debug_is_off_unless_asked_for():
    shown = manage(
        "shell",
        "-c",
        "from django.conf import settings; print(settings.DEBUG)",
        SECRET_KEY=secrets.token_urlsafe(50),
    )
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.strip().splitlines()[-1] == "False"
    asked = manage(
        "shell", "-c", "from django.conf import settings; print(settings.DEBUG)", DEBUG="true"
    )
    assert asked.stdout.strip().splitlines()[-1] == "True"


def test_the_public_key_is_refused_with_debug_off():
    for env in ({}, {"SECRET_KEY": "duelhall-local-only-not-secret"}, {"DEBUG": "false"}):
        refused = manage("check", **env)
        assert refused.returncode != 0
        assert "Refusing to start with the public local-play SECRET_KEY" in refused.stderr
    # The server itself never starts on it: `manage.py play` exits before listening.
    server = manage("play", "--port", "1", "--no-sweeper")
    assert server.returncode != 0
    assert "Refusing to start" in server.stderr


def test_a_key_file_or_debug_lets_it_start(tmp_path):
    key_file = tmp_path / "key"
    key_file.write_text(secrets.token_urlsafe(50) + "\n")
    assert manage("check", SECRET_KEY_FILE=str(key_file)).returncode == 0
    assert manage("check", DEBUG="true").returncode == 0

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
        # The test run's own relaxations (tests/conftest.py) are not production's.
        if k
        not in {
            "SECRET_KEY",
            "DEBUG",
            "DJANGO_SETTINGS_MODULE",
            "SECRET_KEY_FILE",
            "DJANGO_ALLOW_ASYNC_UNSAFE",
        }
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
    """No server starts on it: `manage.py play`, or any ASGI server loading the app."""
    for env in ({}, {"SECRET_KEY": "duelhall-local-only-not-secret"}, {"DEBUG": "false"}):
        server = manage("play", "--port", "1", "--no-sweeper", **env)
        assert server.returncode != 0
        assert "Refusing to start with the public local-play SECRET_KEY" in server.stderr
    app = manage("shell", "-c", "import project.asgi")
    assert app.returncode != 0 and "Refusing to start" in app.stderr
    # Offline commands sign nothing anyone receives, and `check --deploy` names the key.
    assert manage("check").returncode == 0
    assert "security.W009" in manage("check", "--deploy").stderr


def test_a_weak_key_is_refused_with_debug_off():
    """Issue 38: a one-character SECRET_KEY started the server."""
    for weak in ("x", "a" * 80, secrets.token_urlsafe(20), "django-insecure-" + "k7" * 30):
        server = manage("play", "--port", "1", "--no-sweeper", SECRET_KEY=weak)
        assert server.returncode != 0
        assert "Refusing to start with " in server.stderr
        assert len(weak) < 5 or weak not in server.stderr, "the key itself is never printed"
        app = manage("shell", "-c", "import project.asgi", SECRET_KEY=weak)
        assert app.returncode != 0 and "Refusing to start" in app.stderr
    strong = manage("shell", "-c", "import project.asgi", SECRET_KEY=secrets.token_urlsafe(50))
    assert strong.returncode == 0, strong.stderr


def test_a_key_file_or_debug_lets_it_start(tmp_path):
    key_file = tmp_path / "key"
    key_file.write_text(secrets.token_urlsafe(50) + "\n")
    for env in ({"SECRET_KEY_FILE": str(key_file)}, {"DEBUG": "true"}):
        loaded = manage("shell", "-c", "import project.asgi", **env)
        assert loaded.returncode == 0, loaded.stderr


def example_environment() -> dict[str, str]:
    """deploy/duelhall.env.example as an operator fills it in: only the key is theirs."""
    env = {}
    for line in (ROOT / "deploy" / "duelhall.env.example").read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            name, _, value = line.partition("=")
            env[name.strip()] = value.strip()
    assert env["SECRET_KEY"] == "", "the example must not ship a usable key"
    env["SECRET_KEY"] = secrets.token_urlsafe(50)
    return env


def test_check_deploy_with_the_production_example_prints_no_warning():
    checked = manage("check", "--deploy", **example_environment())
    assert checked.returncode == 0, checked.stderr
    assert "WARNING" not in checked.stderr + checked.stdout
    assert "System check identified no issues (0 silenced)." in checked.stdout


def test_the_production_example_redirects_to_https_and_sends_hsts(tmp_path):
    """With the example's settings a plain request is sent to https://, and a request the
    proxy marks as https gets HSTS and secure cookies."""
    script = (
        "from django.test import Client;"
        "c = Client();"
        "r = c.get('/', HTTP_HOST='duelhall.example');"
        "print(r.status_code, r['Location']);"
        "r = c.get('/accounts/login/', HTTP_HOST='duelhall.example',"
        " HTTP_X_FORWARDED_PROTO='https');"
        "print(r.status_code, r['Strict-Transport-Security']);"
        "print(r.cookies['csrftoken']['secure'])"
    )
    env = example_environment()
    # A SQLite file of its own rather than the example's PostgreSQL; the rest as deployed.
    env.pop("DATABASE_URL")
    env.pop("REDIS_URL")
    env["SQLITE_PATH"] = str(tmp_path / "deploy.sqlite3")
    assert manage("migrate", "-v0", **env).returncode == 0
    shown = manage("shell", "-c", script, **env)
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.strip().splitlines()[-3:]
    assert lines[0] == "301 https://duelhall.example/"
    assert lines[1] == "200 max-age=31536000; includeSubDomains; preload"
    assert lines[2] == "True"


def test_the_test_settings_bring_their_own_key():
    """A plain `pytest` in a fresh checkout (no .secret-key, no SECRET_KEY): the test
    settings make a key of their own, so the ASGI app the consumer tests load is not refused,
    while the refusal above still holds for servers on the project's settings."""
    loaded = manage(
        "shell",
        "-c",
        "import project.asgi; print('loaded')",
        DJANGO_SETTINGS_MODULE="tests.settings",
    )
    assert loaded.returncode == 0, loaded.stderr
    assert loaded.stdout.strip().splitlines()[-1] == "loaded"

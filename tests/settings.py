"""The settings of the pytest process: the project's own, with a key of this run.

DEBUG is off by default and the public local-play key is then refused (project/settings.py),
so the run makes a random key. It goes into the environment before the project's settings
are read, so every server a test starts (browser, scale-out, render workers) inherits it.
"""

import os
import secrets

os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))

# `make test` runs each part in pytest-xdist processes (gw0, gw1, ...), and the scale part's
# share one Redis server: each takes a database of its own, or the groups named after match ids
# (match-1, ...) of the processes' separate test databases would hear each other's news.
_redis, _xdist = os.environ.get("REDIS_URL", ""), os.environ.get("PYTEST_XDIST_WORKER", "")
if _redis and _xdist.startswith("gw") and _redis.rpartition("/")[2].isdigit():
    _base, _, _db = _redis.rpartition("/")
    os.environ["REDIS_URL"] = f"{_base}/{(int(_db) - int(_xdist[2:])) % 16}"

from project.settings import *  # noqa: E402, F403

# A fast hasher: the sign-in tests make dozens of attempts, and the strength of stored test
# passwords protects nothing.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

"""The settings of the pytest process: the project's own, with a key of this run.

DEBUG is off by default and the public local-play key is then refused (project/settings.py),
so the run makes a random key. It goes into the environment before the project's settings
are read, so every server a test starts (browser, scale-out, render workers) inherits it.
"""

import os
import secrets

os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))

from project.settings import *  # noqa: E402, F403

# A fast hasher: the sign-in tests make dozens of attempts, and the strength of stored test
# passwords protects nothing.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

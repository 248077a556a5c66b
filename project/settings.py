"""Settings from the environment, with safe defaults for local play.

Defaults: SQLite file and the in-memory channel layer in one process. ``DATABASE_URL``
(PostgreSQL) and ``REDIS_URL`` switch to the scale-out set-up, where several daphne workers
share the database and the channels-redis layer.
"""

import ipaddress
import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


# Off unless asked for: a debug page shows settings and source to whoever triggers an error.
DEBUG = env_bool("DEBUG", False)
# The key that signs sessions and CSRF tokens: SECRET_KEY, else the file `make` writes
# (a random key per checkout, never committed), else the public local-play key, which is
# refused unless DEBUG is on: anyone could sign cookies with it.
LOCAL_PLAY_KEY = "duelhall-local-only-not-secret"
SECRET_KEY_FILE = Path(os.environ.get("SECRET_KEY_FILE", BASE_DIR / ".secret-key"))


def _key_from_file() -> str:
    try:
        return SECRET_KEY_FILE.read_text().strip()
    except FileNotFoundError:
        return ""


SECRET_KEY = os.environ.get("SECRET_KEY", "").strip() or _key_from_file() or LOCAL_PLAY_KEY


# What `check --deploy` calls strong (security.W009): a key shorter, or made of fewer distinct
# characters, can be guessed; one character once started the server.
MIN_KEY_LENGTH = 50
MIN_KEY_CHARACTERS = 5


def key_weakness(key: str) -> str | None:
    if key == LOCAL_PLAY_KEY:
        return "the public local-play SECRET_KEY"
    if len(key) < MIN_KEY_LENGTH or len(set(key)) < MIN_KEY_CHARACTERS:
        return (
            f"a weak SECRET_KEY (at least {MIN_KEY_LENGTH} characters, "
            f"{MIN_KEY_CHARACTERS} different ones)"
        )
    if key.startswith("django-insecure-"):
        return "a SECRET_KEY Django marks insecure"
    return None


def refuse_a_weak_key() -> None:
    """Called where a server starts (project/asgi.py, `manage.py play`): with DEBUG off a
    public or weak key would let anyone sign session and CSRF cookies. Offline commands
    (migrate, makemigrations, createsuperuser) sign nothing anyone receives, so they may run
    on it."""
    from django.conf import settings

    weakness = key_weakness(settings.SECRET_KEY)
    if weakness and not settings.DEBUG:
        raise ImproperlyConfigured(
            f"Refusing to start with {weakness} while DEBUG is off: set SECRET_KEY (e.g. "
            "`python -c 'import secrets; print(secrets.token_urlsafe(50))'`, or run `make run`, "
            "which writes a random key to .secret-key), or set DEBUG=true for local play only."
        )


ALLOWED_HOSTS = [
    h.strip()
    for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",")
    if h.strip()
]
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

# HTTPS, for production behind the TLS proxy (deploy/nginx.conf, deploy/duelhall.env.example).
# Off by default: local play is plain http://127.0.0.1, where secure cookies would not be sent.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", False)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
# Only behind a proxy that overwrites X-Forwarded-Proto itself (nginx's $scheme): a client
# reaching daphne directly could otherwise claim https.
BEHIND_PROXY = env_bool("BEHIND_TLS_PROXY", False)
if BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# The proxies whose X-Forwarded-For names the client (games/matches/client_address.py):
# addresses or networks, comma-separated. Anyone else's header is ignored, so a client that
# reaches a worker directly cannot pick the address its caps and throttles count against.
# Behind TLS the documented nginx runs on the same machine and reaches the workers at
# 127.0.0.1 (deploy/nginx.conf), hence that address by default there.
_TRUSTED_PROXIES_DEFAULT = "127.0.0.1" if BEHIND_PROXY else ""
TRUSTED_PROXIES = [
    entry.strip()
    for entry in os.environ.get("TRUSTED_PROXIES", _TRUSTED_PROXIES_DEFAULT).split(",")
    if entry.strip()
]
for _entry in TRUSTED_PROXIES:
    try:
        ipaddress.ip_network(_entry, strict=False)
    except ValueError as exc:
        raise ImproperlyConfigured(f"TRUSTED_PROXIES: {_entry!r} is not an address") from exc

# Not "daphne": its app only swaps in its own `runserver`, and importing it loads daphne's
# server, twisted and OpenSSL into every process (bench/: ~28 MB RSS each in the render
# workers and the sweeper, which never serve a socket). `manage.py play` (`make run`)
# starts daphne, which loads them where they are used.
INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "games.matches.identity.GuestMiddleware",
]

# Content-Security-Policy (django-csp): scripts, styles and sockets from this site only.
# No 'unsafe-inline' and no 'unsafe-eval': boards carry no inline scripts or style=""
# attributes (games/templatetags/style_values.py), and htmx injects no <style>
# (templates/base.html). Inline SVG is markup, which CSP does not restrict; images may be
# data: URIs. tests/browser/test_csp_browser.py plays every board watching for violations.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        # 'self' covers ws:// and wss:// to this host as well (CSP level 3).
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

ROOT_URLCONF = "project.urls"
ASGI_APPLICATION = "project.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.matches.identity.player_context",
                "games.pages.top_bar.your_turn",
            ],
            "builtins": [
                "games.templatetags.duelhall",
                "games.templatetags.action_forms",
                "games.templatetags.parts",
                "games.templatetags.icons",
                "games.templatetags.style_values",
            ],
        },
    },
]

DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=60)}
else:
    DATABASES = {
        "default": {
            # SQLite, with writers of all processes queued on a file lock
            # (games/live/sqlite_queued/base.py).
            "ENGINE": "games.live.sqlite_queued",
            "NAME": os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
            # IMMEDIATE transactions take SQLite's write lock at BEGIN, so two submissions
            # to one match serialise instead of failing on lock upgrade; the timeout lets a
            # waiting writer queue behind the holder instead of erroring at once.
            # WAL lets renders read while a move commits, and synchronous=NORMAL makes a
            # commit an append instead of an fsync (safe in WAL: a crash loses at most the
            # last commits, never consistency). Measured in bench/: commit 1.2 ms -> 0.01 ms.
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
            # Keep connections between calls: reopening SQLite on every socket message cost
            # about 4% of the live path.
            "CONN_MAX_AGE": 300,
        }
    }
    # A file, not memory: render workers and test servers are other processes that must see
    # it. One per test run, so two runs at once (say, an editor's and a terminal's) do not
    # wipe each other's database; Django deletes it when the run ends.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / f".test-db-{os.getpid()}.sqlite3")}

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            # health_check_interval pings a pooled connection idle for over a second before
            # reuse, so after a Redis restart dead sockets are replaced instead of timing out.
            # socket_timeout must exceed channels-redis' 5 s blocking receive: redis-py 8
            # defaults it to 5 s too, and idle sockets then crash with "Timeout reading".
            "CONFIG": {
                "hosts": [
                    {
                        "address": REDIS_URL,
                        "health_check_interval": 1,
                        "socket_connect_timeout": 2,
                        "socket_timeout": 15,
                        "retry_on_timeout": True,
                        # redis-py 8 caps a pool at 100 connections and then fails at once
                        # (MaxConnectionsError) instead of waiting. Hundreds of sockets
                        # joining, leaving and being notified at the same moment need more;
                        # Redis itself accepts 10 000 clients.
                        "max_connections": 1000,
                    }
                ]
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "games.live.layers.SweepingInMemoryChannelLayer"}}

AUTH_PASSWORD_VALIDATORS = [
    # Refuses a password equal or close to the username (or email).
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 8},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Failed sign-ins are counted per account and per client address (games/pages/login_throttle.py);
# past either limit within the window, sign-in is refused until the window has passed.
AUTHENTICATION_BACKENDS = ["games.pages.login_throttle.ThrottledModelBackend"]
LOGIN_FAILURES_PER_ACCOUNT = int(os.environ.get("LOGIN_FAILURES_PER_ACCOUNT", "5"))
LOGIN_FAILURES_PER_ADDRESS = int(os.environ.get("LOGIN_FAILURES_PER_ADDRESS", "20"))
LOGIN_FAILURE_WINDOW_SECONDS = int(os.environ.get("LOGIN_FAILURE_WINDOW_SECONDS", "900"))

# Sign-ups allowed from one client address within the window (games/pages/signup_throttle.py).
SIGNUPS_PER_ADDRESS = int(os.environ.get("SIGNUPS_PER_ADDRESS", "3"))
SIGNUP_WINDOW_SECONDS = int(os.environ.get("SIGNUP_WINDOW_SECONDS", "3600"))

# What a rated result needs at stake (games/matches/rating_guard.py): a rated match ended by a
# resignation or an abandonment claim before RATED_MIN_MOVES moves moves no rating, and one
# player gains at most RATING_GAIN_PER_OPPONENT_PER_DAY from one opponent in 24 hours.
RATED_MIN_MOVES = int(os.environ.get("RATED_MIN_MOVES", "6"))
RATING_GAIN_PER_OPPONENT_PER_DAY = float(os.environ.get("RATING_GAIN_PER_OPPONENT_PER_DAY", "60"))
# Open challenges one player, and one client address, may have posted in the lobbies at once
# (games/matches/challenge_limits.py).
OPEN_CHALLENGES_PER_PLAYER = int(os.environ.get("OPEN_CHALLENGES_PER_PLAYER", "3"))
OPEN_CHALLENGES_PER_ADDRESS = int(os.environ.get("OPEN_CHALLENGES_PER_ADDRESS", "10"))
# Play now's rated lane never pairs two accounts queued from one client address (most likely
# one person); a LAN party behind one address, or a test machine, may allow it.
RATED_PAIRS_FROM_ONE_ADDRESS = env_bool("RATED_PAIRS_FROM_ONE_ADDRESS", False)
# The staff view of suspicious pairs lists two accounts with at least this many rated matches
# against each other within SUSPICIOUS_PAIR_DAYS.
SUSPICIOUS_PAIR_MATCHES = int(os.environ.get("SUSPICIOUS_PAIR_MATCHES", "3"))
SUSPICIOUS_PAIR_DAYS = int(os.environ.get("SUSPICIOUS_PAIR_DAYS", "7"))

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Where `manage.py collectstatic` puts the files nginx serves (deploy/nginx.conf's /static/).
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / ".staticfiles"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "games.pages.static_storage.VersionedStaticFilesStorage"},
}
# Serve straight from the app and project static folders (no collectstatic needed locally).
WHITENOISE_USE_FINDERS = True
# Every static URL names its file's version (games/pages/static_storage.py), so a browser may
# keep a file as long as nginx lets it (deploy/nginx.conf: a week) without asking again. With
# WhiteNoise's default, a minute, every page opened after that minute sent its stylesheets and
# scripts back to daphne as conditional requests (a dozen a page).
WHITENOISE_MAX_AGE = 7 * 24 * 3600

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "hall"
LOGOUT_REDIRECT_URL = "hall"
SESSION_COOKIE_AGE = 60 * 60 * 24 * 30
# How often the sweeper deletes expired sessions (games/management/commands/sweeper.py).
SESSION_CLEAR_SECONDS = float(os.environ.get("SESSION_CLEAR_SECONDS", "3600"))

# Websocket hardening (see games/consumers).
WS_MAX_FRAME_BYTES = int(os.environ.get("WS_MAX_FRAME_BYTES", "16384"))
# The benchmark's echo floor (games/live/echo.py) relays frames between any two sockets that name
# the same pair: useful to bench.live, which turns it on, and an open relay to anyone else.
ECHO_ENDPOINT = os.environ.get("ECHO_ENDPOINT", "").lower() in ("1", "true", "yes")
WS_MAX_MESSAGES_PER_10S = int(os.environ.get("WS_MAX_MESSAGES_PER_10S", "60"))
SWEEPER_INTERVAL_SECONDS = float(os.environ.get("SWEEPER_INTERVAL_SECONDS", "0.5"))
# "Play now": how often a waiting socket checks in (and the rating window widens), and how
# long a player waits alone before the bot is offered.
QUEUE_TICK_SECONDS = float(os.environ.get("QUEUE_TICK_SECONDS", "1"))
QUEUE_BOT_OFFER_SECONDS = float(os.environ.get("QUEUE_BOT_OFFER_SECONDS", "20"))
# Arenas: how often an open arena page beats its player's row and runs a pairing pass, and
# the shortest and longest arena staff may create (tests shorten the minimum).
ARENA_TICK_SECONDS = float(os.environ.get("ARENA_TICK_SECONDS", "1"))
ARENA_MIN_MINUTES = int(os.environ.get("ARENA_MIN_MINUTES", "10"))
ARENA_MAX_MINUTES = int(os.environ.get("ARENA_MAX_MINUTES", "180"))
# No sweeper heartbeat for this long means every sweeper was down: overdue steps then get a
# fresh timer rather than firing (a player is never timed out for the server's downtime).
SWEEPER_GAP_SECONDS = float(os.environ.get("SWEEPER_GAP_SECONDS", "5"))
# How often each open match socket re-joins its group and re-checks the match version, so a
# lost notification (e.g. a Redis restart) costs at most this long, never a stuck board.
# Sockets also check just after the deadline they show: in the default set-up the sweeper's
# notifications stay in its own process. Otherwise the in-memory layer loses nothing.
WS_RESYNC_SECONDS = float(os.environ.get("WS_RESYNC_SECONDS", "5" if REDIS_URL else "30"))
# Presence is derived from live socket rows (games/matches/presence.py): each process beats
# its open sockets' rows this often, and a row not beaten for WS_SOCKET_EXPIRY_SECONDS belongs
# to a socket that died without cleaning up and no longer counts.
WS_HEARTBEAT_SECONDS = float(os.environ.get("WS_HEARTBEAT_SECONDS", "10"))
WS_SOCKET_EXPIRY_SECONDS = float(os.environ.get("WS_SOCKET_EXPIRY_SECONDS", "35"))
# Open sockets (match pages, spectators and lobbies alike) one session or one address may
# hold; one more is accepted only to be closed with a reason.
WS_MAX_SOCKETS_PER_SESSION = int(os.environ.get("WS_MAX_SOCKETS_PER_SESSION", "20"))
WS_MAX_SOCKETS_PER_IP = int(os.environ.get("WS_MAX_SOCKETS_PER_IP", "60"))
# A player of an online match whose every socket has been gone this long has abandoned it:
# the opponent may claim the win or call it a draw. A challenge whose creator has had no
# lobby or match page open this long leaves the lobby.
ABANDON_SECONDS = float(os.environ.get("ABANDON_SECONDS", "60"))
CHALLENGE_EXPIRY_SECONDS = float(os.environ.get("CHALLENGE_EXPIRY_SECONDS", "60"))
# Worker processes that render match boards beside daphne (games/live/render_workers.py); 0
# renders in daphne's threads. `manage.py play` sets it for the default set-up.
RENDER_PROCESSES = int(os.environ.get("RENDER_PROCESSES", "0"))
# The pause before each move of a bot (games/matches/bot_pacing.py), so a bot's turn reaches
# the board one move at a time instead of all at once. Tests run with 0 (tests/conftest.py).
BOT_STEP_SECONDS = float(os.environ.get("BOT_STEP_SECONDS", "0.6"))
# Processes in which daphne's searching bots (level 2) decide (games/live/bot_decisions.py),
# off the interpreter that serves the sockets; and each searching level's budget in seconds
# from asking to answer: a request that waited that long decides by level 1, and one
# unanswered after twice that is decided by level 1 in daphne (a stuck, dead or starting bot
# process). Level 1 decides in daphne: its rules of thumb cost about a render.
BOT_PROCESSES = int(os.environ.get("BOT_PROCESSES", "1"))
BOT_THINK_BUDGET_SECONDS = {2: float(os.environ.get("BOT_BUDGET_LEVEL_2_SECONDS", "2.0"))}
# Step clocks: the first step of a match starts this much later than its limit says (the
# players are still reaching the board), and a deployment may replace every timed step's limit
# with a few seconds (the browser tests of timeouts do; never a production setting).
CLOCK_START_GRACE_SECONDS = float(os.environ.get("CLOCK_START_GRACE_SECONDS", "10"))
STEP_SECONDS_OVERRIDE = float(os.environ.get("STEP_SECONDS_OVERRIDE", "0")) or None
# Mail (games/matches/mail.py): Django's e-mail framework. The console backend prints mail
# by default; EMAIL_HOST set means SMTP with the variables below; EMAIL_BACKEND overrides
# both (the browser tests write mail to files with Django's file backend).
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = os.environ.get("EMAIL_USE_TLS", "true").lower() in ("1", "true", "yes")
EMAIL_TIMEOUT = float(os.environ.get("EMAIL_TIMEOUT", "20"))
EMAIL_FILE_PATH = os.environ.get("EMAIL_FILE_PATH", "")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Duelhall <duelhall@localhost>")
# The address mail links point at (the board, the unsubscribe link): the public origin.
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
# How often the sweeper looks for correspondence moves to tell players about by mail.
MAIL_INTERVAL_SECONDS = float(os.environ.get("MAIL_INTERVAL_SECONDS", "30"))

# The clock that step deadlines are set and judged by (games/matches/hall_clock.py) may be run
# ahead by the number of seconds written in this file, re-read on every look: tests of
# correspondence deadlines move time by days across the server's processes this way. Unset
# (the default, and always in production) the clock is the real one.
HALL_CLOCK_SHIFT_FILE = os.environ.get("HALL_CLOCK_SHIFT_FILE", "")
# Longest a channel-layer call may take before it is given up (see games/matches/broadcast.py).
BROADCAST_TIMEOUT_SECONDS = float(os.environ.get("BROADCAST_TIMEOUT_SECONDS", "1"))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}

"""Django settings for Bottle Imp Companion.

Everything that differs between a laptop and a server comes from the
environment, read through the small helpers below. They refuse values they
do not understand instead of guessing, so a typo fails at start-up.

Environment variables:
    DEBUG                 "1"/"0" (also true/false, yes/no, on/off); default "1".
    SECRET_KEY            required when DEBUG is off.
    ALLOWED_HOSTS         comma-separated; required when DEBUG is off.
    CSRF_TRUSTED_ORIGINS  comma-separated origins, e.g. https://imp.example.org.
    DATABASE_URL          default sqlite:///<repo>/db.sqlite3; postgres://… for PostgreSQL.
    CONN_MAX_AGE          seconds a database connection is reused; default 60 when
                          DEBUG is off, else 0 (a new connection per request).
    SECURE_SSL_REDIRECT   redirect http:// to https://; default on when DEBUG is off.
    SECURE_HSTS_SECONDS   HSTS max-age; default 31536000 (a year) when DEBUG is off, else 0.
    SECURE_HSTS_PRELOAD   ask browsers to preload HSTS; default on when DEBUG is off.
    SECURE_PROXY_SSL_HEADER  "1" behind a proxy that sets X-Forwarded-Proto; default off.
    SECURE_COOKIES        session and CSRF cookies over HTTPS only; default on when DEBUG is off.
    STATIC_ROOT           where collectstatic writes (`make serve` runs it); default
                          <repo>/staticfiles.
    IMP_EVENTS_URL        where phones hear of changes as they happen (companion.events,
                          served beside the app: README, "Running in production"),
                          e.g. /events/; default none (phones follow by polling alone).
"""

import os
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
import django_stubs_ext
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

# Django's generic classes (ModelAdmin[Game], QuerySet[Round]) subscriptable at
# run time, as django-stubs types them (django-stubs-ext, documented there).
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def env_bool(name: str, default: bool) -> bool:
    """Read a boolean; anything but a known spelling is an error."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r}: expected one of 1/0, true/false, yes/no, on/off")


def env_str(name: str, default: str | None = None) -> str:
    """Read a non-empty string; without a default the variable is required."""
    value = os.environ.get(name, "").strip()
    if value:
        return value
    if default is None:
        raise ImproperlyConfigured(f"{name} must be set")
    return default


def env_int(name: str, default: int) -> int:
    """Read a whole number >= 0; anything else is an error."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    if not raw.isdigit():
        raise ImproperlyConfigured(f"{name}={raw!r}: expected a whole number of seconds")
    return int(raw)


def env_list(name: str, default: list[str] | None = None) -> list[str]:
    """Read a comma-separated list; empty items ("a,,b") are refused."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        if default is None:
            raise ImproperlyConfigured(f"{name} must be set (comma-separated)")
        return list(default)
    items = [item.strip() for item in raw.split(",")]
    if any(not item for item in items):
        raise ImproperlyConfigured(f"{name}={raw!r}: empty item in comma-separated list")
    return items


DEBUG = env_bool("DEBUG", default=True)

# Risky: a known or guessable key lets anyone forge sessions. The dev key is
# only ever used with DEBUG on; production must provide SECRET_KEY, and one
# that `manage.py check --deploy` calls weak (its security.W009: fewer than
# 50 characters, fewer than 5 different ones, or the "django-insecure-" of a
# key made by startproject) is refused at start-up, as is the dev key.
SECRET_KEY = env_str("SECRET_KEY", default="dev-insecure-not-for-production" if DEBUG else None)
if not DEBUG and (
    len(SECRET_KEY) < 50
    or len(set(SECRET_KEY)) < 5
    or SECRET_KEY.startswith(("django-insecure-", "dev-insecure"))
):
    raise ImproperlyConfigured(
        "SECRET_KEY is weak: it must be a random string of 50+ characters, 5+ of them"
        " different, not starting with 'django-insecure-' (python -c 'import secrets;"
        " print(secrets.token_urlsafe(50))')"
    )

# Risky: "*" would accept any Host header. Required when DEBUG is off.
ALLOWED_HOSTS = env_list(
    "ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"] if DEBUG else None
)
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "companion",
]

MIDDLEWARE = [
    # Permissions-Policy on every answer, static files and errors included:
    # only the wake lock and the clipboard's writing, for the app's own pages.
    "companion.permissions.PermissionsPolicy",
    "django.middleware.security.SecurityMiddleware",
    # WhiteNoise serves static files; it must come right after SecurityMiddleware.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and htmx partials gzipped (a card entry's partial ~22 KB -> ~4 KB);
    # static files come pre-compressed from WhiteNoise. Risky (BREACH): a
    # compressed page must not mix a secret with text an attacker chooses. The
    # CSRF token is masked per response and Django pads the gzip output; the
    # edit token is only on pages of the edit link, whose holder already has it.
    "django.middleware.gzip.GZipMiddleware",
    # Content-Security-Policy on every page (SECURE_CSP below).
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    # A database that is gone or cannot write (a lost connection, a full
    # disk, a read-only SQLite file) is a 503 with Retry-After (nothing was
    # saved; the idempotency key makes the retry safe), not a 500: in a view
    # and in every middleware below it, the session's save included. Its
    # answer still gets the security headers above.
    "companion.middleware.DatabaseUnavailable",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # Pages of an edit link (and the home page's list of them) are no-store;
    # every page tells the service worker which links this session holds.
    # After the session (its changes are saved), before anything that renders.
    "companion.offline.KeptPages",
    # The reader's language: the language cookie (the switch on every page),
    # else the browser's Accept-Language, else LANGUAGE_CODE. After the
    # session, before anything that renders text (CommonMiddleware's 404s).
    "django.middleware.locale.LocaleMiddleware",
    # A body larger than a record may be is refused by its declared length,
    # unread (413), in the reader's language; one of unknown length too (411).
    # Before anything that reads the body (CsrfViewMiddleware reads the form).
    "companion.uploads.BodyLimit",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "companion.urls"
WSGI_APPLICATION = "companion.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# Persistent connections: a connection is kept for CONN_MAX_AGE seconds and
# reused by the following requests of the same worker thread (opening one per
# request cost a 304 poll half its time); the health check replaces a
# connection the database closed. DEBUG (runserver, tests) opens one per request.
DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=env_int("CONN_MAX_AGE", default=0 if DEBUG else 60),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Django's own SQLite options (README: "SQLite or PostgreSQL").
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            # WAL lets readers and one writer work at the same time. In WAL,
            # synchronous=NORMAL syncs the log at checkpoints, not at every
            # commit: a crash of the app or of gunicorn loses nothing; only a
            # power cut of the serving machine can take back the last cards,
            # which the table would enter again. A commit then costs no
            # fsync, which under load was most of a card's slowest answers.
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            # Take the write lock at BEGIN, so a transaction that reads and
            # then writes (a card: the game's version, then its claim) waits
            # for the writer before it instead of failing "database is locked".
            "transaction_mode": "IMMEDIATE",
            # Seconds a writer waits for the one before it. A card holds the
            # lock a few milliseconds, so even every table of a busy night
            # entering cards at once waits well under a second; past 10 s the
            # server is overwhelmed, and the phone is answered 503 with
            # Retry-After (companion.middleware) rather than kept hanging.
            "timeout": 10,
        }
    )
    # The tests' database is a file, not Django's in-memory default: the
    # live server of the browser tests would share that one connection
    # between its request threads and the test itself, and two queries at
    # once on it read each other's rows (an IndexError in a page now and
    # then). With a file each thread has its own connection, as in serving.
    # One file for each test process, in the temporary folder (two runs at
    # once never share one; Django deletes it at the end of the run).
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"bottle-imp-test-{os.getpid()}.sqlite3")
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Django's cache (local memory of each worker): "default" keeps a game's
# replayed standings (for its page) and its live standings' HTML under its
# version, and the night's HTML under its figures; "figures" keeps what a group's page
# reads of each of its games (a few hundred bytes a game) and each group's
# figures drawn, so that a group of 500 games replays only the game that
# changed. Room for some 20 such groups in each worker (a few MB); a day,
# as versions never come back (companion.group_page). "rounds" keeps the
# round being played as the engine replayed it, under its game's version
# (about 3 KB each), and the parts of the round screen every phone shows
# alike at a version, drawn ({% cache %} in imp/round/play.html): every
# phone of a table asks for the round after a change, and one replay and
# one drawing answer them all (companion.replay.shown_round); and what
# counts of the game at a version (its standings and the night's figures),
# which a card that leaves its round unfinished carries forward to the next
# version (companion.views.game.replay_standings). Six entries a card: at
# 200 tables (50 cards a second) the oldest go after some 30 s.
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "figures": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "figures",
        "TIMEOUT": 24 * 3600,
        "OPTIONS": {"MAX_ENTRIES": 12_000},
    },
    "rounds": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "rounds",
        "TIMEOUT": 300,
        "OPTIONS": {"MAX_ENTRIES": 10_000},
    },
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Languages (issue 13): English, and German for the tables of Der
# Flaschenteufel. Each reader picks their own (nothing is stored on a game);
# the names are each language's own, as the switch shows them.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("de", "Deutsch")]
# The app's catalogue; the engine's texts (companion/locale) are found as
# companion is an installed app. Compiled (.mo) by `python -m companion.messages`.
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600  # the switch is remembered for a year
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# The served files of `make serve`. A server started by a test collects into
# a folder of its own: collectstatic rewriting <repo>/staticfiles while other
# test processes serve it would take files from under them.
STATIC_ROOT = Path(env_str("STATIC_ROOT", default=str(BASE_DIR / "staticfiles")))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Without DEBUG, hashed + compressed files from `collectstatic` (a missing
    # file is then an error at render time: run collectstatic on deploy).
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# Only the hashed names are kept and compressed (every page names its files
# by them, through {% static %}): collectstatic, which `make serve` runs at each
# start, took 6.9 s (12.6 s of CPU) with both names, 3.2 s (5.9 s) so.
WHITENOISE_KEEP_ONLY_HASHED_FILES = True

# Cookies only over HTTPS when not debugging. Risky: SECURE_COOKIES=0 sends
# the session and CSRF cookies over plain HTTP; only `make serve` sets it, for
# a table's server on its own wifi.
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", default=not DEBUG)
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE

# HTTPS in production (`manage.py check --deploy` is clean with DEBUG=0).
# Risky: HSTS tells browsers to refuse plain HTTP for the whole domain (and
# its subdomains) for a year; lower SECURE_HSTS_SECONDS while trying it out.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=not DEBUG)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", default=0 if DEBUG else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_SECONDS > 0
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=SECURE_HSTS_SECONDS > 0)
# Risky: trust X-Forwarded-Proto only behind a proxy (nginx, a PaaS router)
# that always sets it, or any client can claim to be on HTTPS.
if env_bool("SECURE_PROXY_SSL_HEADER", default=False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# Security headers (issue 6). The pages carry no inline script or style: every
# script and stylesheet is a file from our own origin, and htmx is told not to
# inject its indicator <style> (meta htmx-config in base.html). Risky: adding
# 'unsafe-inline' or a CDN here reopens the door to injected scripts.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
    "base-uri": [CSP.SELF],
}

# Changes pushed to the phones (companion.events): a path on this origin
# (the proxy sends it to the events server), or a whole URL of another origin,
# which the pages may then connect to.
IMP_EVENTS_URL = env_str("IMP_EVENTS_URL", default="")
if "://" in IMP_EVENTS_URL:
    _events = urlsplit(IMP_EVENTS_URL)
    SECURE_CSP["connect-src"] = [CSP.SELF, f"{_events.scheme}://{_events.netloc}"]
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"  # capability links must not leak to other sites
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Request limits: a body larger than this, or with more fields, is a 400
# before any view runs. Risky: raising them lets one client make the server
# hold large bodies in memory. A body larger than a record (1 MiB) and its
# form is refused unread by its declared length (companion.uploads.BodyLimit);
# an uploaded file is kept in memory and its upload stops past 1 MiB
# (companion.uploads.RecordUpload, the only upload handler): no upload is
# ever written to a temporary file.
DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024  # 1 MiB
DATA_UPLOAD_MAX_NUMBER_FIELDS = 400
FILE_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024  # 1 MiB
FILE_UPLOAD_HANDLERS = ["companion.uploads.RecordUpload"]

# Logging: everything worth knowing goes to stderr, with or without DEBUG
# (Django's default shows nothing there once DEBUG is off): every 500 with its
# traceback (django.request), the database going away (companion.database).
# Risky: a game's token in a path is the key to the game, so the filter hides
# it ("/g/…/") in every message, its arguments and its traceback.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "redact_tokens": {"()": "companion.redact.RedactTokens"},
        "answered_unavailable": {"()": "companion.middleware.AnsweredUnavailable"},
    },
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"},
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "filters": ["redact_tokens"],
            "formatter": "plain",
        },
    },
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    "loggers": {
        # Django's own handlers print only with DEBUG on: ours, always.
        "django": {"handlers": [], "level": "INFO", "propagate": True},
        # A 503 for a database that is gone says why in one line of its own
        # (companion.database): not again as Django's "Internal Server Error".
        "django.request": {"filters": ["answered_unavailable"], "propagate": True},
        # runserver's request lines (DEBUG only), tokens hidden as well.
        "django.server": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        "companion": {"level": "INFO"},
    },
}

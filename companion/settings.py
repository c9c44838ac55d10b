"""Django settings for Bottle Imp Companion.

Everything that differs between a laptop and a server comes from the
environment, read through the small helpers below. They refuse values they
do not understand instead of guessing, so a typo fails at start-up.

Environment variables:
    DEBUG                 "1"/"0" (also true/false, yes/no, on/off); default "1".
    SECRET_KEY            required when DEBUG is off.
    ALLOWED_HOSTS         comma-separated; required when DEBUG is off.
    CSRF_TRUSTED_ORIGINS  comma-separated origins, e.g. https://imp.example.org.
    DATABASE_URL          default sqlite:///<repo>/db.sqlite3.
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

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

# Risky: a known key lets anyone forge sessions. The dev key is only ever
# used with DEBUG on; production must provide SECRET_KEY.
SECRET_KEY = env_str("SECRET_KEY", default="dev-insecure-not-for-production" if DEBUG else None)
if not DEBUG and (SECRET_KEY.startswith("dev-insecure") or len(SECRET_KEY) < 32):
    raise ImproperlyConfigured("SECRET_KEY must be a random string of 32+ characters")

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
    "django.middleware.security.SecurityMiddleware",
    # WhiteNoise serves static files; it must come right after SecurityMiddleware.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
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
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=0,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            # WAL lets readers and one writer work at the same time.
            "init_command": "PRAGMA journal_mode=WAL;",
            # Take the write lock at BEGIN, so concurrent writers wait
            # (up to "timeout") instead of failing with "database is locked".
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
        }
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
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

# Cookies only over HTTPS when not debugging.
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG

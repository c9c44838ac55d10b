"""Production settings come from the environment: with DEBUG=0 and a proper
environment `manage.py check --deploy` reports nothing; bad values fail at
start-up. Each case runs Django in a subprocess with its own environment."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "x7Hq2-vN9pLw4sZk8bRt3mYc6fJd1gUe5aWo0iXn_QpVr2TyLs4Mk9",
    "ALLOWED_HOSTS": "imp.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://imp.example.org",
    "DATABASE_URL": "postgres://imp@127.0.0.1:5432/imp",
}
SHOW = """
import json, django
django.setup()
from django.conf import settings as s
print(json.dumps({name: getattr(s, name, None) for name in [
    "DEBUG", "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS", "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD", "SECURE_PROXY_SSL_HEADER", "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE"]} | {"ENGINE": s.DATABASES["default"]["ENGINE"]}))
"""


def run(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    base = {key: value for key, value in os.environ.items() if key not in PRODUCTION}
    base.pop("SECURE_PROXY_SSL_HEADER", None)
    # Set by tests/browser/conftest.py for Playwright; check --deploy flags it (async.E001).
    base.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    base["DJANGO_SETTINGS_MODULE"] = "companion.settings"
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=base | env, capture_output=True, text=True
    )


def settings_with(**env: str) -> dict:
    result = run(["-c", SHOW], **env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_check_deploy_reports_nothing_in_production():
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], **PRODUCTION)

    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "System check identified no issues (0 silenced)."
    assert "WARNINGS" not in result.stderr


def test_production_defaults_are_secure():
    values = settings_with(**PRODUCTION)

    assert values == {
        "DEBUG": False,
        "SECURE_SSL_REDIRECT": True,
        "SECURE_HSTS_SECONDS": 31_536_000,
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": True,
        "SECURE_HSTS_PRELOAD": True,
        "SECURE_PROXY_SSL_HEADER": None,
        "SESSION_COOKIE_SECURE": True,
        "CSRF_COOKIE_SECURE": True,
        "ENGINE": "django.db.backends.postgresql",
    }


def test_behind_a_proxy():
    values = settings_with(**PRODUCTION, SECURE_PROXY_SSL_HEADER="1", SECURE_SSL_REDIRECT="0")

    assert values["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert values["SECURE_SSL_REDIRECT"] is False


def test_development_defaults():
    values = settings_with()

    assert values["DEBUG"] is True
    assert values["SECURE_SSL_REDIRECT"] is False
    assert values["SECURE_HSTS_SECONDS"] == 0
    assert values["ENGINE"] == "django.db.backends.sqlite3"  # Django's own, no override


def test_bad_values_fail_at_start_up():
    no_key = run(["-c", SHOW], DEBUG="0", ALLOWED_HOSTS="imp.example.org")
    bad_hsts = run(["-c", SHOW], SECURE_HSTS_SECONDS="a year")
    bad_bool = run(["-c", SHOW], SECURE_SSL_REDIRECT="maybe")

    assert "SECRET_KEY must be set" in no_key.stderr
    assert "SECURE_HSTS_SECONDS='a year': expected a whole number of seconds" in bad_hsts.stderr
    assert "SECURE_SSL_REDIRECT='maybe'" in bad_bool.stderr


CONNECTIONS = """
import json, django
django.setup()
from django.conf import settings as s
db = s.DATABASES["default"]
print(json.dumps([db["CONN_MAX_AGE"], db["CONN_HEALTH_CHECKS"]]))
"""


def test_database_connections_persist_in_production():
    def connections(**env: str) -> list:
        result = run(["-c", CONNECTIONS], **env)
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout)

    assert connections(**PRODUCTION) == [60, True]
    assert connections(**PRODUCTION, CONN_MAX_AGE="0") == [0, True]
    assert connections() == [0, True]
    bad = run(["-c", CONNECTIONS], CONN_MAX_AGE="forever")
    assert "CONN_MAX_AGE='forever'" in bad.stderr

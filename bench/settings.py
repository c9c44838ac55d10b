"""The production settings plus two measuring aids, for the benchmark only.

Selected with ``DJANGO_SETTINGS_MODULE=bench.settings`` by the bench runner;
a deployment never uses this module, so ``bench/ok/`` and the query counter
exist only in a bench run.
"""

import os

from companion.settings import *  # noqa: F403
from companion.settings import MIDDLEWARE, env_bool

# Outermost, so it counts every query of the request (sessions, CSRF, view).
MIDDLEWARE = ["bench.endpoints.count_queries", *MIDDLEWARE]
ROOT_URLCONF = "bench.urls"

# collectstatic goes to the run's temporary folder, not the repo's.
STATIC_ROOT = os.environ.get("BENCH_STATIC_ROOT") or STATIC_ROOT  # noqa: F405

# Loopback is plain HTTP: a redirect to https would measure nothing.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=False)

# Server errors go to the server's log (bench/server.py keeps it in the run
# folder), and so does make serve's access log (companion.access_log, with
# tokens hidden as make serve does), so that `make load` pays for it too.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"redact_tokens": {"()": "companion.redact.RedactTokens"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler"},
        "access": {"class": "logging.StreamHandler", "filters": ["redact_tokens"]},
    },
    "loggers": {
        "django.request": {"handlers": ["console"], "level": "ERROR"},
        "companion.access": {"handlers": ["access"], "level": "INFO", "propagate": False},
    },
}

# Experiment knob: persistent database connections (the app's settings open
# one per request). BENCH_CONN_MAX_AGE=60 measures what that would change.
if os.environ.get("BENCH_CONN_MAX_AGE"):
    DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ["BENCH_CONN_MAX_AGE"])  # noqa: F405

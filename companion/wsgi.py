"""WSGI entry point (gunicorn companion.wsgi)."""

import gc
import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")

application = get_wsgi_application()

# What start-up loaded (Django, the app, the engine) lives as long as the
# worker: move it out of the garbage collector's generations, so that the
# collections a replay of a long game triggers do not walk it every time
# (they made the slowest standings pages three times the typical one).
get_resolver().url_patterns  # imports the views (and the engine) now  # noqa: B018
gc.collect()
gc.freeze()

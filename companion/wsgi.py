"""WSGI entry point (gunicorn companion.wsgi)."""

import gc
import os
from pathlib import Path

from django.core.wsgi import get_wsgi_application
from django.template.loader import get_template
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")

application = get_wsgi_application()

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"

# What start-up loaded (Django, the app, the engine, the app's templates,
# compiled now rather than by the first table's requests) lives as long as
# the worker: move it out of the garbage collector's generations, so that
# the collections a replay of a long game triggers do not walk it every time
# (they made the slowest standings pages three times the typical one).
get_resolver().url_patterns  # imports the views (and the engine) now  # noqa: B018
for path in sorted(TEMPLATES.rglob("*.html")):
    get_template(path.relative_to(TEMPLATES).as_posix())
gc.collect()
gc.freeze()
# A card leaves a few thousand objects alive until its answer is sent: with
# the default threshold (700) the collector ran during every card and
# promoted them, to be walked again by the older generations.
gc.set_threshold(10_000, 20, 20)

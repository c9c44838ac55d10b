"""The app's URLs plus ``bench/ok/`` (only under :mod:`bench.settings`)."""

from django.urls import path

from bench.endpoints import ok
from companion.urls import urlpatterns as app_urlpatterns

urlpatterns = [path("bench/ok/", ok, name="bench-ok"), *app_urlpatterns]

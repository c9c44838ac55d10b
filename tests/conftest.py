"""Shared pytest fixtures. The cast of users and factories will live here."""

import pytest
from django.utils import translation


def pytest_configure(config):
    """The message catalogues compiled before any test (as ``make`` does),
    so a test run straight from pytest reads the German of the .po files.
    With pytest-xdist (``-n``) only the controller compiles, before it
    starts the workers: two workers never write one .mo file at once."""
    if hasattr(config, "workerinput"):  # a pytest-xdist worker
        return
    from companion.messages import compile_stale

    compile_stale()


@pytest.fixture(autouse=True)
def _language_of_the_next_test():
    """Each test starts in the default language: a request in German
    activates German for the thread it runs in, and a test that draws a card
    or says an engine text outside a request would read it."""
    yield
    translation.deactivate()

"""Shared pytest fixtures. The cast of users and factories will live here."""


def pytest_configure(config):
    """The message catalogues compiled before any test (as ``make`` does),
    so a test run straight from pytest reads the German of the .po files."""
    from companion.messages import compile_stale

    compile_stale()

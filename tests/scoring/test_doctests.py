"""The engine's docstring examples run as tests."""

import doctest
import importlib
import pkgutil

import pytest

import scoring

MODULES = sorted(info.name for info in pkgutil.iter_modules(scoring.__path__, "scoring."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, _tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0


def test_scoring_never_imports_django():
    import subprocess
    import sys

    code = "import sys, scoring, scoring.__main__; sys.exit('django' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0

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


def test_the_engine_points_only_inside_the_repo():
    """Docstrings name docs/rules.md and docs/record-format.md, never the
    spec documents that lie beside the repository."""
    from pathlib import Path

    root = Path(scoring.__file__).parent
    outside = ("../shared", "shared/", "RULES.md", "GAME-RECORD")
    found = [
        f"{path.name}:{number}: {line.strip()}"
        for path in sorted(root.glob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if any(word in line for word in outside)
    ]
    assert found == []


@pytest.mark.parametrize("document", ["docs/rules.md", "docs/record-format.md"])
def test_the_documents_the_engine_names_exist(document):
    from pathlib import Path

    assert (Path(scoring.__file__).parents[1] / document).is_file()

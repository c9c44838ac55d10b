"""Every record in ../shared/conformance: valid ones give exactly the expected
output through ``python -m scoring score``; invalid ones are refused."""

import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

CONFORMANCE = Path(__file__).resolve().parents[3] / "shared" / "conformance"
VALID = sorted((CONFORMANCE / "valid").glob("[0-9][0-9][0-9].json"))
INVALID = sorted((CONFORMANCE / "invalid").glob("[0-9][0-9][0-9].json"))
ROOT = Path(__file__).resolve().parents[2]


def score(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scoring", "score", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def comparable(document: dict) -> dict:
    """The output with the comparisons of conformance/README.md applied."""
    rounds = []
    for item in document["rounds"]:
        item = dict(item)
        item["teams"] = sorted(sorted(pair) for pair in item["teams"])
        item["bottle_owners"] = sorted(item["bottle_owners"])
        if item["imps_trick"] is not None:
            item["imps_trick"] = sorted(Decimal(card) for card in item["imps_trick"])
        item["tricks"] = [
            {**trick, "price": None if trick["price"] is None else Decimal(trick["price"])}
            for trick in item["tricks"]
            if trick["winner"] is not None
        ]
        item["warnings"] = bool(item["warnings"])
        rounds.append(item)
    return {**document, "rounds": rounds}


@pytest.mark.skipif(not VALID, reason="../shared/conformance is not beside the project")
@pytest.mark.parametrize("path", VALID, ids=lambda path: path.stem)
def test_valid_record_gives_expected_output(path):
    result = score(path)
    assert result.returncode == 0, result.stderr
    expected = json.loads(path.with_name(f"{path.stem}.expected.json").read_text())
    assert comparable(json.loads(result.stdout)) == comparable(expected)


@pytest.mark.skipif(not INVALID, reason="../shared/conformance is not beside the project")
@pytest.mark.parametrize("path", INVALID, ids=lambda path: path.stem)
def test_invalid_record_is_refused_with_a_message(path):
    result = score(path)
    assert result.returncode == 1
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip()) > 20

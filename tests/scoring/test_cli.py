"""The command line: ``python -m scoring simulate|score|bench`` (GAME-RECORD.md)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "scoring", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def simulated(variant, players, rounds, seed, *extra):
    result = run(
        "simulate",
        "--variant", variant,
        "--players", str(players),
        "--rounds", str(rounds),
        "--seed", str(seed),
        *extra,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize(
    ("variant", "players", "extra"),
    [
        ("classic", 3, ()),
        ("classic", 4, ("--edition", "classic")),
        ("teams", 5, ()),
        ("teams", 6, ("--teams", "2-2-1-1")),
        ("second-bottle", 6, ()),
        ("lopaka", 2, ()),
        ("bright-house", 2, ()),
        ("devils-eye", 2, ("--edition", "matagot")),
    ],
)
def test_a_simulated_record_is_accepted_by_score(variant, players, extra):
    text = simulated(variant, players, 2, 5, *extra)
    record = json.loads(text)
    assert record["format"] == "bottle-imp/1"
    assert record["variant"] == variant
    assert len(record["rounds"]) == 2
    result = run("score", "-", stdin=text)
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert [item["complete"] for item in document["rounds"]] == [True, True]
    assert document["finished"] is True
    assert document["winners"]


def test_the_same_seed_gives_the_same_record():
    assert simulated("teams", 4, 3, 42) == simulated("teams", 4, 3, 42)


def test_another_seed_gives_another_record():
    assert simulated("classic", 4, 1, 1) != simulated("classic", 4, 1, 2)


def test_simulate_refuses_a_wrong_table():
    result = run("simulate", "--variant", "classic", "--players", "6", "--edition", "classic")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.strip()


def test_bench_prints_rounds_a_second_as_json():
    result = run("bench", "--json", "--seconds", "0.1")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert isinstance(figures["classic/4"], float | int)
    assert figures["classic/4"] > 0
    assert "teams/6/2-2-1-1" in figures
    assert all(value > 0 for value in figures.values())


def test_bench_records_names_the_worst_hostile_record():
    from scoring.bench import MIB, hostile_records

    sizes = {name: len(text) for name, text in hostile_records().items()}
    assert len(sizes) >= 20
    assert max(sizes.values()) <= MIB
    assert min(sizes.values()) > 1000

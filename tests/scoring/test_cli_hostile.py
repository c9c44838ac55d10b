"""``python -m scoring`` never dies with a traceback: hostile records,
bytes that are no text, an ASCII-only terminal, a closed pipe, bad options
(issue 9). Each case runs the command line in a subprocess."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.bench import hostile_records

ROOT = Path(__file__).resolve().parents[2]


def run(*args, stdin=b"", env=None):
    return subprocess.run(
        [sys.executable, "-m", "scoring", *args],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        check=False,
    )


def record(players=("Adam", "Betty", "Christian"), rounds=()):
    return {
        "format": "bottle-imp/1",
        "variant": "classic",
        "players": list(players),
        "first_dealer": 0,
        "goal": {},
        "rounds": list(rounds),
    }


def said(result):
    """Standard error, as text, checked to hold no traceback."""
    text = result.stderr.decode("utf-8", "replace")
    assert "Traceback" not in text
    return text


def test_names_beyond_ascii_are_written_on_an_ascii_terminal():
    text = json.dumps(record(players=("Zoë", "Ægir", "Łucja"))).encode()
    result = run("score", "-", stdin=text, env={"PYTHONIOENCODING": "ascii"})
    assert said(result) == ""
    assert result.returncode == 0
    assert json.loads(result.stdout)["players"] == ["Zoë", "Ægir", "Łucja"]


def test_a_name_with_a_lone_surrogate_is_refused_in_plain_words():
    text = b'{"format": "bottle-imp/1", "variant": "classic", "first_dealer": 0, "goal": {},'
    text += b' "rounds": [], "players": ["Zo\\ud800", "Betty", "Christian"]}'
    result = run("score", "-", stdin=text, env={"PYTHONIOENCODING": "ascii"})
    assert result.returncode == 1
    assert (
        said(result)
        == "the name 'Zo\\ud800' holds a lone surrogate (U+D800); write the name without it\n"
    )


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (b"\xff\xfe{}", "the record is not valid JSON"),
        (b"", "the record is not valid JSON"),
        (b"[" * 100_000, "the record is not valid JSON"),
        (b'{"format": "bottle-imp/1", "players": NaN}', "players must be a list of names"),
        (json.dumps(record(rounds=[{"tricks": [[1e999]]}])).encode(),
         "round 1, trick 1: Betty plays inf: inf is not a card"),
    ],
)  # fmt: skip
def test_bytes_that_are_no_record_are_refused_in_plain_words(text, words):
    result = run("score", "-", stdin=text)
    assert result.returncode == 1
    assert said(result).startswith(words)
    assert result.stdout == b""


@pytest.mark.parametrize(
    "name",
    ["nested 500k deep", "a card nested 900 deep", "a 4000-digit seat", "a 1 MiB card of spaces"],
)
def test_a_hostile_record_is_refused_on_one_short_line(name):
    result = run("score", "-", stdin=hostile_records()[name])
    assert result.returncode == 1
    lines = said(result).splitlines()
    assert len(lines) == 1
    assert len(lines[0]) < 300


def test_a_closed_pipe_ends_the_output_quietly():
    process = subprocess.Popen(
        [sys.executable, "-m", "scoring", "simulate", "--variant", "classic", "--players", "3",
         "--rounds", "300", "--seed", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )  # fmt: skip
    assert process.stdout.read(10) == b'{\n  "forma'
    process.stdout.close()
    assert process.wait(timeout=60) in (0, 1)
    assert process.stderr.read() == b""


@pytest.mark.parametrize("rounds", ["0", "-3", "100000"])
def test_simulate_refuses_a_number_of_rounds_out_of_range(rounds):
    result = run("simulate", "--variant", "classic", "--players", "3", "--rounds", rounds)
    assert result.returncode == 1
    assert said(result) == f"--rounds must be a whole number from 1 to 10000, not {rounds}\n"


def test_a_file_name_that_is_no_text_is_named_in_the_finding(tmp_path):
    result = subprocess.run(
        [sys.executable.encode(), b"-m", b"scoring", b"score", bytes(tmp_path) + b"/\xff.json"],
        capture_output=True,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 1
    assert said(result).startswith("cannot read ")
    assert "No such file or directory" in said(result)

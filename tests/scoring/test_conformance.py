"""Every record of the conformance suite (``tests/conformance``, described in
its README.md): valid ones give exactly the expected output through
``python -m scoring score``; invalid ones are refused for their stated
reason."""

import json
import re
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from scoring import findings
from scoring.record import load_record, replay

CONFORMANCE = Path(__file__).resolve().parents[1] / "conformance"
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


def test_every_conformance_record_is_here():
    assert len(VALID) >= 30
    assert len(INVALID) == len(REFUSALS)


@pytest.mark.parametrize("path", VALID, ids=lambda path: path.stem)
def test_valid_record_gives_expected_output(path):
    result = score(path)
    assert result.returncode == 0, result.stderr
    expected = json.loads(path.with_name(f"{path.stem}.expected.json").read_text())
    assert comparable(json.loads(result.stdout)) == comparable(expected)


@pytest.mark.parametrize("path", INVALID, ids=lambda path: path.stem)
def test_invalid_record_is_refused_with_a_message(path):
    result = score(path)
    assert result.returncode == 1
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip()) > 20


# Each invalid record's stated reason (NNN.reason.txt), the kind of finding it
# must be refused with, where (round, trick, player, card: None where the
# finding names no such place) and words the finding must say.
REFUSALS = {
    "000": ("a card played twice in one round (trick 4 repeats a card of trick 1)",
            findings.CardAlreadyPlayed, (1, 4, "Ole-Kristian", "10"), "already played in trick 1"),
    "004": ("unknown card 0", findings.UnknownCard, (1, 1, "Emil", "0"), "no card 0 in the deck"),
    "008": ("unknown half card 13.5 in a 54-card game (only even numbers have half cards)",
            findings.UnknownCard, (1, 3, "Christian", "13.5"), "only even numbers have half cards"),
    "012": ("12 tricks in a 3-player round (it has 11)",
            findings.TooManyTricks, (1, 12, None, None), "has 11 tricks, but 12 are entered"),
    "016": ("an Imp's Trick listing a card twice",
            findings.KnownHandError, (1, None, None, None), "the Imp's Trick lists 27 twice"),
    "020": ("Lopaka plays a card that is not in his face-up hand",
            findings.LopakaMisplay, (1, 11, "Lopaka", "2"), "2 is not in Lopaka's face-up hand"),
    "024": ("lopaka_hand in a Bright House game", findings.RecordError, (1, None, None, None),
            "a lopaka_hand is given, but the Bright House variant has no Lopaka"),
    "028": ("Bright House: an open hand of 7 cards (it has 8)", findings.KnownHandError,
            (1, None, None, None), "open hand holds 8 cards in Bright House, but 7 are entered"),
    "032": ("a round after the game ended (goal: 1 round)", findings.GameOver,
            (2, None, None, None), "the game ended after round 1"),
    "036": ("quick points plus the Imp's Trick make 126, not 127 (matagot 36-card deck)",
            findings.QuickRoundError, (1, None, None, None), "make 126, but the deck holds 127"),
    "040": ("a round with neither tricks nor quick", findings.RecordError, (1, None, None, None),
            "a round has either tricks or a quick entry"),
    "044": ("three bottle owners in a two-bottle game", findings.QuickRoundError,
            (1, None, None, None), "2 bottle owner(s) must be named, not 3"),
    "048": ("6 players (teams 2-2-2) with no edition: the default, classic, is for 2-4 players",
            findings.WrongDeck, (None, None, None, None), "6 players need the matagot edition"),
    "052": ("unknown edition 'deluxe'", findings.RecordError, (None, None, None, None),
            "the edition must be classic or matagot, not 'deluxe'"),
    "056": ("Lopaka's plays follow his rules with the classic colours, but the record says "
            "matagot, whose colours make one of them forbidden",
            findings.LopakaMisplay, (1, 8, "Lopaka", "27"), "Lopaka must play 11"),
    "060": ("duplicate player names", findings.RecordError, (None, None, None, None),
            "two players may not share a name"),
    "064": ("teams 2-2-1 with 6 players", findings.RecordError, (None, None, None, None),
            "teams 2-2-1 is for 5 players, not 6"),
    "068": ("unknown teams layout 3-3", findings.RecordError, (None, None, None, None),
            "unknown team layout '3-3'"),
    "072": ("first_dealer 4 with 4 players (seats 0-3)", findings.RecordError,
            (None, None, None, None), "first_dealer must be a seat from 0 to 3, not 4"),
}  # fmt: skip


@pytest.mark.parametrize("path", INVALID, ids=lambda path: path.stem)
def test_invalid_record_is_refused_for_its_stated_reason(path):
    reason, kind, where, words = REFUSALS[path.stem]
    assert path.with_name(f"{path.stem}.reason.txt").read_text().strip() == reason
    with pytest.raises(findings.RuleError) as refused:
        replay(load_record(path.read_bytes()))
    error = refused.value
    assert type(error) is kind, str(error)
    assert (error.round, error.trick, error.player, error.card) == where
    assert words in str(error)
    # A trick the reason names first is the trick the finding names.
    named = re.search(r"trick (\d+)", reason)
    if named:
        assert error.trick == int(named.group(1))

"""A fix keeps every card with its player (docs/rules.md, section 9).

The table enters each card as a player's, so when a fix changes who wins
an earlier trick, each later card stays with the player it was entered
for and the later tricks are played again from their new leaders;
Lopaka's cards, his hand known, are played again by his rules.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring.cards import card_code, card_text
from scoring.changes import describe_changes
from scoring.entries import RoundEntries
from scoring.findings import RuleError
from scoring.fixes import delete_trick, keep_players
from scoring.record import parse_record, replay
from scoring.rounds import replay_round
from scoring.simulate import simulate
from scoring.variants import Table
from tests.setups import EVERY_SETUP

THREE = ("Adam", "Betty", "Christian")
TWO = ("Ann", "Ben")
# Adam deals: Betty leads trick 1; Adam's 17 wins it, Christian's 16 trick
# 2, Christian's 13 trick 3 (he leads it: Christian 13, Adam 5, Betty 10).
PLAYED = ("24 15 17", "4 6 16", "13 5 10")
LOPAKA_HAND = "2 6 7 9 11 20 21 25 31 33 37"
# Ann deals: Ben leads; Lopaka plays by his rules from his face-up hand.
LOPAKA_PLAYED = ("29 37 16", "27 32 6", "33 35 23")


def cards(text: str) -> tuple[int, ...]:
    codes = tuple(card_code(card) for card in text.split())
    assert None not in codes
    return codes  # type: ignore[return-value]


def entries(tricks, **fields) -> RoundEntries:
    return RoundEntries(tricks=tuple(cards(trick) for trick in tricks), **fields)


def texts(round_entries: RoundEntries) -> list[str]:
    return [" ".join(card_text(card) for card in trick) for trick in round_entries.tricks]


def fixed(tricks, trick: int, position: int, card: str) -> tuple[str, ...]:
    """The tricks with one card changed in its place (as the screen writes it)."""
    changed = [trick_text.split() for trick_text in tricks]
    changed[trick - 1][position] = card
    return tuple(" ".join(cards_of) for cards_of in changed)


TABLES = {
    "classic": Table.create(THREE, "classic"),
    "lopaka": Table.create(TWO, "lopaka"),
    "bright-house": Table.create(TWO, "bright-house"),
    "devils-eye": Table.create(TWO, "devils-eye"),
}

SITUATIONS = [
    # (table, dealer, tricks before, (trick, place, new card), tricks after, Lopaka's hand)
    pytest.param(
        "classic",
        0,
        PLAYED,
        (2, 2, "32"),
        ("24 15 17", "4 6 32", "10 13 5"),
        None,
        id="trick 2 won by Betty now: trick 3 led by her, Christian keeps his 13",
    ),
    pytest.param(
        "classic",
        0,
        PLAYED,
        (1, 2, "30"),
        ("24 15 30", "16 4 6", "10 13 5"),
        None,
        id="trick 1 won by Christian now: trick 2 led by him, trick 3 by Betty",
    ),
    pytest.param(
        "classic",
        0,
        PLAYED,
        (1, 2, "18"),
        ("24 15 18", "4 6 16", "13 5 10"),
        None,
        id="same winner: nothing moves",
    ),
    pytest.param(
        "classic",
        0,
        PLAYED,
        (3, 1, "3"),
        ("24 15 17", "4 6 16", "13 3 10"),
        None,
        id="a fix in the last trick moves nothing",
    ),
    pytest.param(
        "classic",
        0,
        ("24 15 17", "4 6 16", "13"),
        (2, 2, "32"),
        ("24 15 17", "4 6 32"),
        None,
        id="trick being played: Christian's lead is taken back, Betty leads now",
    ),
    pytest.param(
        "classic",
        0,
        ("24 15 17", "4 6 16", "13 5"),
        (1, 0, "18"),
        ("18 15 17", "6 16 4", "13 5"),
        None,
        id="trick being played keeps its cards when its leader stays",
    ),
    pytest.param(
        "bright-house",
        0,
        ("24 17 12 30", "4 6 13 16"),
        (1, 1, "32"),
        ("24 32 12 30", "6 4 16 13"),
        None,
        id="Bright House: each player's open card first, hidden card second",
    ),
    pytest.param(
        "devils-eye",
        0,
        ("24 17 12 30", "4 6 13 16"),
        (1, 1, "32"),
        ("24 32 12 30", "6 4 16 13"),
        None,
        id="Devil's Eye: each player's two cards in the order they played them",
    ),
    pytest.param(
        "lopaka",
        0,
        LOPAKA_PLAYED,
        (1, 0, "17"),
        ("17 6 16", "32 20 27", "23 37 35", "33"),
        LOPAKA_HAND,
        id="Lopaka: his cards by his rules, the players' with the players",
    ),
    pytest.param(
        "lopaka",
        0,
        LOPAKA_PLAYED,
        (1, 0, "17"),
        ("17 37 16", "32 6 27", "33 35 23"),
        None,
        id="Lopaka's hand not entered: his cards stay his, like a player's",
    ),
]


@pytest.mark.parametrize(("table", "dealer", "before", "fix", "after", "hand"), SITUATIONS)
def test_a_fix_keeps_every_later_card_with_its_player(table, dealer, before, fix, after, hand):
    extra = {"lopaka_hand": cards(hand)} if hand else {}
    was = entries(before, **extra)

    result = keep_players(TABLES[table], dealer, 1, was, entries(fixed(before, *fix), **extra))

    assert texts(result.entries) == list(after)
    replay_round(TABLES[table], result.entries, 1, dealer)  # the engine accepts it


def test_by_position_christians_13_went_to_betty_and_won_the_trick():
    """What the fix did before this rule: the same fix, read by position."""
    table = TABLES["classic"]
    by_place = replay_round(table, entries(fixed(PLAYED, 2, 2, "32")), 1, 0).tricks[2]
    kept = replay_round(
        table,
        keep_players(table, 0, 1, entries(PLAYED), entries(fixed(PLAYED, 2, 2, "32"))).entries,
        1,
        0,
    ).tricks[2]

    thirteen = card_code("13")
    assert THREE[by_place.players[by_place.cards.index(thirteen)]] == "Betty"
    assert THREE[kept.players[kept.cards.index(thirteen)]] == "Christian"
    # by position Christian won it with Adam's 5; kept with his player, Adam's 5 wins
    assert (THREE[by_place.winner], THREE[kept.winner]) == ("Christian", "Adam")


def game(tricks, *, variant="classic", players=THREE, **fields):
    """A one-round game of these tricks, replayed."""
    return replay(
        parse_record(
            {
                "format": "bottle-imp/1",
                "variant": variant,
                "players": list(players),
                "first_dealer": 0,
                "goal": {},
                "rounds": [{"tricks": [trick.split() for trick in tricks], **fields}],
            }
        )
    )


def test_the_changed_winners_are_said_with_the_new_leader():
    after = keep_players(
        TABLES["classic"], 0, 1, entries(PLAYED), entries(fixed(PLAYED, 2, 2, "32"))
    )

    lines = [str(line) for line in describe_changes(game(PLAYED), game(texts(after.entries)))]

    assert lines[:2] == [
        "Round 1, trick 2: Betty wins it now (before: Christian); the price after it is 6, not 16.",
        "Round 1, trick 3 is now led by Betty: Adam wins it with 5 now (before: Christian);"
        " the price after it is 5, not 13.",
    ]


def test_a_lopaka_fix_refused_by_position_now_works_and_says_his_cards():
    table = TABLES["lopaka"]
    hand = {"lopaka_hand": cards(LOPAKA_HAND)}
    before = entries(LOPAKA_PLAYED, **hand)
    by_place = entries(fixed(LOPAKA_PLAYED, 1, 0, "17"), **hand)
    with pytest.raises(RuleError, match="Lopaka"):
        replay_round(table, by_place, 1, 0)

    after = keep_players(table, 0, 1, before, by_place)

    state = replay_round(table, after.entries, 1, 0)
    assert [str(note) for note in after.notes] == [
        "Round 1, trick 1: Lopaka now plays 6 (before: 37). Lopaka must follow blue and none"
        " of his cards can win the trick: he plays his lowest, 6.",
        "Round 1, trick 2: Lopaka now plays 20 (before: 6). Lopaka must follow blue and none"
        " of his cards can win the trick: he plays his lowest, 20.",
        "Round 1, trick 3: Lopaka now plays 37 (before: 33). Lopaka must follow red and 37 is"
        " the highest card that wins the trick.",
        "Round 1, trick 4: Lopaka now plays 33. Lopaka leads his highest card, 33.",
    ]
    players = {
        seat: sorted(
            card
            for play in state.tricks
            for s, card in zip(play.players, play.cards, strict=False)
            if s == seat
        )
        for seat in (0, 1)
    }
    assert players == {0: sorted(cards("16 27 35")), 1: sorted(cards("17 32 23"))}


def test_a_card_the_fix_gives_lopaka_is_judged_at_its_own_trick():
    table = TABLES["lopaka"]
    hand = {"lopaka_hand": cards(LOPAKA_HAND)}
    # Lopaka's 37 in trick 1 "fixed" to 36, a card not in his hand
    by_place = entries(fixed(LOPAKA_PLAYED, 1, 1, "36"), **hand)

    with pytest.raises(RuleError) as refused:
        keep_players(table, 0, 1, entries(LOPAKA_PLAYED, **hand), by_place)

    assert (refused.value.trick, refused.value.player, refused.value.card) == (1, "Lopaka", "36")


def test_a_lead_taken_back_is_said():
    before = ("24 15 17", "4 6 16", "13")

    after = keep_players(
        TABLES["classic"], 0, 1, entries(before), entries(fixed(before, 2, 2, "32"))
    )

    assert [str(note) for note in after.notes] == [
        "Round 1, trick 3: Betty leads it now, so Christian's 13 is taken back; enter it again"
        " at Christian's turn."
    ]


def test_a_deleted_trick_keeps_the_later_cards_with_their_players():
    after = delete_trick(TABLES["classic"], 0, 1, entries(PLAYED), 1)

    # Betty leads the first trick now: Betty 6, Christian 16, Adam 4; then
    # Christian (16 wins) leads Christian 13, Adam 5, Betty 10.
    assert texts(after.entries) == ["6 16 4", "13 5 10"]


def test_deleting_a_trick_not_yet_begun_moves_nothing():
    before = entries(("24 15 17", ""))

    after = delete_trick(TABLES["classic"], 0, 1, before, 2)

    assert texts(after.entries) == ["24 15 17"]
    assert after.notes == ()


# Properties, over random legal rounds of every variant.

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def fixes(draw):
    """A simulated round, and one card of it changed in its place: swapped
    with another card of the round, or with one of the Imp's Trick."""
    variant, players, teams, edition = draw(st.sampled_from(EVERY_SETUP))
    record = simulate(variant, players, 1, draw(st.integers(0, 2**32 - 1)), teams, edition)
    game_record = parse_record(record)
    before = game_record.rounds[0]
    tricks = [list(trick) for trick in before.tricks]
    trick = draw(st.integers(0, len(tricks) - 2))
    place = draw(st.integers(0, len(tricks[trick]) - 1))
    old = tricks[trick][place]
    imps = list(before.imps_trick or ())
    if draw(st.booleans()) and imps:
        new = draw(st.sampled_from(imps))
        imps[imps.index(new)] = old
    else:
        other = draw(st.integers(trick, len(tricks) - 1))
        other_place = draw(st.integers(0, len(tricks[other]) - 1))
        new = tricks[other][other_place]
        tricks[other][other_place] = old
    tricks[trick][place] = new
    after = dataclasses.replace(
        before, tricks=tuple(map(tuple, tricks)), imps_trick=tuple(imps) or None
    )
    return game_record.table, game_record.first_dealer, before, after, trick


def by_player(state, tricks, entered=None):
    """(trick, seat, its nth card in the trick, card) of each player's card
    of those tricks; with ``entered``, those cards placed as the replay
    ``state`` placed its own (the fix as the screen wrote it)."""
    return Counter(
        (trick, seat, play.players[:place].count(seat), card)
        for trick, play in enumerate(state.tricks)
        if trick in tricks
        for place, (seat, card) in enumerate(
            zip(play.players, (entered or {}).get(trick, play.cards), strict=True)
        )
        if seat != state.shape.lopaka
    )


@SETTINGS
@given(fixes())
def test_after_a_fix_each_later_card_is_its_players_and_each_trick_led_by_the_winner(fix):
    table, dealer, before, after, trick = fix
    was = replay_round(table, before, 1, dealer)
    try:
        result = keep_players(table, dealer, 1, before, after)
    except RuleError:
        assume(False)  # the fix itself cannot be what happened (a known hand's card)
    now = replay_round(table, result.entries, 1, dealer)

    later = set(range(trick, len(was.tricks)))
    assert by_player(now, later) == by_player(was, later, dict(enumerate(after.tricks)))
    assert now.tricks[0].leader == now.shape.first_leader
    for previous, play in zip(now.tricks, now.tricks[1:], strict=False):
        assert play.players[0] == play.leader == previous.winner
    assert result.entries.tricks[:trick] == before.tricks[:trick]


def test_lopakas_cards_are_said_with_their_tricks_before_their_rulings():
    table = TABLES["lopaka"]
    hand = {"lopaka_hand": cards(LOPAKA_HAND)}
    after = keep_players(
        table,
        0,
        1,
        entries(LOPAKA_PLAYED, **hand),
        entries(fixed(LOPAKA_PLAYED, 1, 0, "17"), **hand),
    )
    record = {"variant": "lopaka", "players": TWO, "lopaka_hand": LOPAKA_HAND.split()}

    lines = describe_changes(
        game(LOPAKA_PLAYED, **record), game(texts(after.entries), **record), after.notes
    )

    said = [(line.code, line.values.get("trick")) for line in lines]
    assert said[:4] == [
        ("fix.lopaka_instead", 1),
        ("changes.trick", 1),
        ("fix.lopaka_instead", 2),
        ("changes.trick_led", 2),
    ]
    assert said.index(("fix.lopaka_plays", 4)) < said.index(("changes.bottle_now", None))


def test_a_finding_in_a_trick_led_anew_names_that_trick_and_its_new_leader():
    # Bright House, open hands known. Ann led trick 2 with her open yellow 2
    # and Ben, with no yellow in his open hand, played his open blue 6. The
    # fix (Ben's hidden 30 in trick 1 was an 18) makes Ben win trick 1: he
    # leads trick 2 with his blue 6, and Ann's open hand holds blue 4.
    open_hands = ((0, cards("17 2 4 8 10 11 14 16")), (1, cards("24 6 20 27 21 23 26 29")))
    played = ("24 17 30 13", "2 6 12 15")
    table = TABLES["bright-house"]
    before = entries(played, open_hands=open_hands)
    replay_round(table, before, 1, 0)  # as entered, nothing is wrong

    with pytest.raises(RuleError) as refused:
        keep_players(table, 0, 1, before, entries(fixed(played, 1, 2, "18"), open_hands=open_hands))

    finding = refused.value
    assert (finding.round, finding.trick, finding.player, finding.card) == (1, 2, "Ann", "2")
    assert str(finding) == (
        "round 1, trick 2: Ann plays 2: the open hand holds blue, so it must follow blue"
        " (after the fix, Ben leads this trick)"
    )

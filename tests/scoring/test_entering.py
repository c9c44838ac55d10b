"""Entering a card and taking it back (scoring/entering.py; docs/rules.md,
sections 3, 4 and 6): where the card goes, who played it, Lopaka's own
cards, and a take-back that gives the round back as it was."""

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring.cards import START_PRICE, card_code, dearer
from scoring.entering import (
    NothingToTakeBack,
    Placed,
    cards_between,
    play,
    played_cards,
    take_back,
)
from scoring.entries import RoundEntries
from scoring.findings import RuleError
from scoring.prompt import asked_after, next_card, trick_follows, whose_turn
from scoring.record import parse_record
from scoring.rounds import replay_round
from scoring.simulate import simulate
from scoring.tricks import sell
from scoring.variants import Table
from tests.setups import EVERY_SETUP

THREE = ("Adam", "Betty", "Christian")


def codes(*texts):
    return tuple(card_code(text) for text in texts)


def entered(table, tricks, dealer=0, **more):
    entries = RoundEntries(tricks=tuple(codes(*trick) for trick in tricks), **more)
    return entries, replay_round(table, entries, 1, dealer)


@pytest.mark.parametrize(
    ("tricks", "card", "player", "trick", "after"),
    [
        # the round's first card: the leader (left of the dealer) starts trick 1
        ([], "24", "Betty", 1, [["24"]]),
        # the trick is open: the card joins it, played by the next in order
        ([["24", "15"]], "17", "Adam", 1, [["24", "15", "17"]]),
        # the trick is complete: the card starts the next, led by its winner
        ([["24", "15", "17"]], "32", "Adam", 2, [["24", "15", "17"], ["32"]]),
        ([["24", "15", "17"], ["32"]], "8", "Betty", 2, [["24", "15", "17"], ["32", "8"]]),
    ],
)
def test_a_card_goes_where_the_replay_says_the_next_card_goes(tricks, card, player, trick, after):
    table = Table.create(THREE, "classic")
    entries, state = entered(table, tricks)
    played = play(table, entries, state, card_code(card))
    assert played.card == Placed(THREE.index(player), card_code(card), trick)
    assert played.entries.tricks == tuple(codes(*cards) for cards in after)
    assert played.lopaka == () and played.reasons == ()


def test_taking_back_a_card_removes_the_last_card_and_an_emptied_trick():
    table = Table.create(THREE, "classic")
    entries, state = entered(table, [["24", "15", "17"], ["32"]])
    taken = take_back(table, entries, state)
    assert taken.entries.tricks == (codes("24", "15", "17"),)
    assert taken.cards == (Placed(THREE.index("Adam"), card_code("32"), 2),)


def test_nothing_to_take_back_in_a_round_without_cards():
    table = Table.create(THREE, "classic")
    entries, state = entered(table, [])
    with pytest.raises(NothingToTakeBack, match="round 1 holds no card"):
        take_back(table, entries, state)


LOPAKA_HAND = codes("1", "3", "5", "7", "9", "11", "13", "22", "26", "30", "34")


def test_lopaka_plays_his_own_card_after_the_table_s_and_is_taken_back_with_it():
    table = Table.create(("Adam", "Betty"), "lopaka")
    entries, state = entered(table, [], dealer=0, lopaka_hand=LOPAKA_HAND)
    turn = whose_turn(state)
    assert table.names[turn.player] != "Lopaka"
    played = play(table, entries, state, card_code("24"))
    assert [table.names[card.player] for card in played.lopaka] == ["Lopaka"]
    assert played.lopaka[0].card in LOPAKA_HAND
    assert len(played.reasons) == 1
    after = replay_round(table, played.entries, 1, 0)
    taken = take_back(table, played.entries, after)
    assert taken.entries == entries
    assert taken.cards == (played.card, *played.lopaka)


def test_a_card_that_breaks_a_rule_is_the_replay_s_finding():
    table = Table.create(("Adam", "Betty"), "lopaka")
    entries, state = entered(table, [], lopaka_hand=LOPAKA_HAND)
    with pytest.raises(RuleError, match="Lopaka"):
        play(table, entries, state, LOPAKA_HAND[0])  # his card, in the table's hand


@pytest.mark.parametrize(
    ("prices", "card", "bottle", "after", "next_price"),
    [
        (["19"], "17", 0, ["17"], "17"),
        (["15", "19"], "12", 1, ["15", "12"], "15"),
        (["19", "15"], "17", 0, ["17", "15"], "17"),
        (["15", "15"], "12", 0, ["12", "15"], "15"),  # a tie: the first bottle is sold
    ],
)
def test_the_dearer_bottle_is_sold_and_the_next_trick_is_played_at_the_dearer(
    prices, card, bottle, after, next_price
):
    assert dearer(codes(*prices)) == max(codes(*prices))
    assert sell(codes(*prices), card_code(card)) == (bottle, codes(*after), card_code(next_price))


def test_the_start_price_is_the_dearer_of_one_bottle():
    assert dearer([START_PRICE]) == START_PRICE


@st.composite
def rounds_part_played(draw):
    variant, players, teams, edition = draw(st.sampled_from(EVERY_SETUP))
    seed = draw(st.integers(0, 2**32 - 1))
    record = parse_record(simulate(variant, players, 1, seed, teams, edition))
    whole = record.rounds[0]
    cards = [card for trick in whole.tricks for card in trick]
    count = draw(st.integers(0, len(cards) - 1))
    return record, whole, cards, count


def _first(whole, count):
    """The round's entries with only its first ``count`` cards."""
    tricks, left = [], count
    for trick in whole.tricks:
        if left <= 0:
            break
        tricks.append(trick[:left])
        left -= len(trick)
    return whole.with_tricks(tuple(tricks))


def _dealt(part):
    """A part-played round's table, round, dealer, cards and how many are in."""
    record, whole, cards, count = part
    dealer = whole.dealer if whole.dealer is not None else record.first_dealer
    return record.table, whole, dealer, cards, count


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rounds_part_played())
def test_play_then_take_back_gives_the_same_entries(part):
    table, whole, dealer, cards, count = _dealt(part)
    entries = _first(whole, count)
    state = replay_round(table, entries, 1, dealer)
    ask = next_card(table, entries, state)
    assume(ask is not None and ask.forced is None)  # the table enters this card
    played = play(table, entries, state, cards[count])
    after = replay_round(table, played.entries, 1, dealer)
    assert played_cards(after)[count] == played.card
    assert played_cards(after)[count + 1 :] == played.lopaka
    both = (played.card, *played.lopaka)
    assert cards_between(state, after) == cards_between(after, state) == both
    taken = take_back(table, played.entries, after)
    assert taken.entries == entries
    assert taken.cards == (played.card, *played.lopaka)


def test_no_cards_between_two_rounds_that_part_before_their_ends():
    table = Table.create(THREE, "classic")
    _, state = entered(table, [["24", "15"]])
    _, other = entered(table, [["24", "17"]])
    _, longer = entered(table, [["24", "15", "17"]])
    assert cards_between(state, state) == ()
    assert cards_between(state, longer) == (Placed(0, card_code("17"), 1),)
    with pytest.raises(ValueError, match="neither"):
        cards_between(other, longer)


def _asked_then(table, whole, dealer, count):
    """Who is asked for the open trick's cards after the next one, found by
    entering the round's following cards one by one, Lopaka passed over."""
    trick = whose_turn(replay_round(table, _first(whole, count), 1, dealer)).trick
    total = sum(len(cards) for cards in whole.tricks)
    asked = []
    for later in range(count + 1, total):
        turn = whose_turn(replay_round(table, _first(whole, later), 1, dealer))
        if turn.trick != trick:
            break
        if turn.player != table.shape(dealer).lopaka:
            asked.append(turn.player)
    return tuple(asked)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rounds_part_played())
def test_who_is_asked_after_the_next_card_is_who_the_round_then_asks(part):
    table, whole, dealer, _cards, count = _dealt(part)
    state = replay_round(table, _first(whole, count), 1, dealer)
    assert asked_after(state) == _asked_then(table, whole, dealer, count)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rounds_part_played())
def test_a_trick_follows_while_a_later_card_of_the_round_opens_one(part):
    """Another trick follows the open one exactly when a later card of the
    round is entered in a later trick; none once the round is complete."""
    table, whole, dealer, _cards, count = _dealt(part)
    state = replay_round(table, _first(whole, count), 1, dealer)
    total = sum(len(cards) for cards in whole.tricks)
    trick = whose_turn(state).trick
    later = [
        whose_turn(replay_round(table, _first(whole, number), 1, dealer)).trick
        for number in range(count + 1, total)
    ]
    assert trick_follows(state) == any(number > trick for number in later)
    assert not trick_follows(replay_round(table, _first(whole, total), 1, dealer))

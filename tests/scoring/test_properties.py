"""Properties of every simulated game (RULES.md sections 3–5, GAME-RECORD.md).

The simulator deals and plays random legal rounds of every variant, team
layout and edition; whatever it deals, the replay must keep the rules' sums.
"""

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.cards import START_PRICE
from scoring.findings import RuleError
from scoring.record import output_document, parse_record, replay, write_record
from scoring.simulate import simulate
from tests.setups import EVERY_SETUP

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def records(draw, max_rounds=3):
    variant, players, teams, edition = draw(st.sampled_from(EVERY_SETUP))
    rounds = draw(st.integers(1, max_rounds))
    seed = draw(st.integers(0, 2**32 - 1))
    return simulate(variant, players, rounds, seed, teams, edition)


@SETTINGS
@given(records())
def test_all_coins_are_in_tricks_or_the_imps_trick(data):
    game = replay(parse_record(data))
    deck = game.table.deck
    for state in game.rounds:
        assert state.complete
        assert sum(state.trick_points) + state.penalty == deck.total
        assert len(state.imps_trick) == state.shape.imps_trick_size
        played = sorted(card for play in state.tricks for card in play.cards)
        assert sorted(played + list(state.imps_trick)) == sorted(deck.cards)


@SETTINGS
@given(records())
def test_prices_fall_and_the_trick_goes_to_the_right_card(data):
    game = replay(parse_record(data))
    bottles = game.table.variant.bottles
    for state in game.rounds:
        prices = [START_PRICE] * bottles
        leader = state.shape.first_leader
        for play in state.tricks:
            price = max(prices)
            assert play.old_price == price
            assert play.leader == leader
            below = [card for card in play.cards if card < price]
            winning = max(below) if below else max(play.cards)
            assert play.players[play.cards.index(winning)] == play.winner
            if below:
                # The dearer bottle is sold, at the winning card's number.
                prices[prices.index(price)] = winning
                assert winning < price
            assert play.price == max(prices) <= price
            if below and bottles == 1:
                assert play.price < price
            leader = play.winner
        assert tuple(prices) == state.prices


@SETTINGS
@given(records())
def test_partners_score_the_same_and_totals_are_sums(data):
    game = replay(parse_record(data))
    totals = [0] * len(game.table.players)
    for state in game.rounds:
        scores = state.outcome.scores
        for first, second in state.shape.teams:
            assert scores[first] == scores[second]
        for seat, score in enumerate(scores):
            totals[seat] += score
    assert list(game.totals) == totals
    document = output_document(game)
    assert document["totals"] == dict(zip(game.table.players, totals, strict=True))
    assert document["finished"] is True
    assert all("Lopaka" not in item["scores"] for item in document["rounds"])


@SETTINGS
@given(records())
def test_a_written_record_replays_to_the_same_output(data):
    record = parse_record(data)
    written = json.loads(json.dumps(write_record(record)))
    assert written == data
    again = parse_record(written)
    assert output_document(replay(again)) == output_document(replay(record))


def card_places(data):
    return [
        (r, t, c)
        for r, item in enumerate(data["rounds"])
        for t, trick in enumerate(item["tricks"])
        for c in range(len(trick))
    ]


@SETTINGS
@given(records(max_rounds=2), st.data())
def test_a_dropped_card_is_refused_or_leaves_the_game_unfinished(data, draw):
    r, t, c = draw.draw(st.sampled_from(card_places(data)))
    broken = copy.deepcopy(data)
    del broken["rounds"][r]["tricks"][t][c]
    is_last = r == len(data["rounds"]) - 1 and t == len(data["rounds"][r]["tricks"]) - 1
    if not is_last:
        with pytest.raises(RuleError):
            replay(parse_record(broken))
        return
    # From the game's last trick, the cards after the dropped one move to
    # other players: a known hand may refuse that; otherwise the last round
    # is simply unfinished.
    try:
        game = replay(parse_record(broken))
    except RuleError:
        return
    assert not game.rounds[-1].complete
    assert not game.finished


@SETTINGS
@given(records(max_rounds=2), st.data())
def test_a_duplicated_card_is_refused(data, draw):
    places = card_places(data)
    r, t, c = draw.draw(st.sampled_from(places))
    earlier = [(tt, cc) for rr, tt, cc in places if rr == r and (tt, cc) < (t, c)]
    if not earlier:
        # The first card of a round: duplicate it into the next place instead.
        (t, c), earlier = (0, 1), [(0, 0)]
    source_t, source_c = draw.draw(st.sampled_from(earlier))
    broken = copy.deepcopy(data)
    tricks = broken["rounds"][r]["tricks"]
    tricks[t][c] = tricks[source_t][source_c]
    with pytest.raises(RuleError):
        replay(parse_record(broken))


@SETTINGS
@given(records(max_rounds=1), st.data())
def test_an_added_card_is_refused(data, draw):
    r, t, c = draw.draw(st.sampled_from(card_places(data)))
    broken = copy.deepcopy(data)
    trick = broken["rounds"][r]["tricks"][t]
    trick.insert(c, trick[c])
    with pytest.raises(RuleError):
        replay(parse_record(broken))


@pytest.mark.parametrize(
    ("variant", "players", "teams", "edition"), EVERY_SETUP, ids=[s.id for s in EVERY_SETUP]
)
def test_the_simulator_is_deterministic(variant, players, teams, edition):
    first = simulate(variant, players, 2, 11, teams, edition)
    assert first == simulate(variant, players, 2, 11, teams, edition)
    assert replay(parse_record(first)).complete_rounds == 2

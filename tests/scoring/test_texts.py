"""What the engine says is a code and its values (scoring.texts).

Every code of the table is said by some path of the engine, and every text
the engine makes fills exactly the fields of its template: no value left
over, none missing. The English of a text is its template filled (the
other tests of tests/scoring hold that English word for word).
"""

import json
from string import Formatter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.cards import card_code, deck_for, why_not_a_card
from scoring.changes import describe_changes
from scoring.dispute import DisputeRuling, dispute_deck, rule_disputed_trick
from scoring.entries import RoundEntries
from scoring.findings import Finding, RuleError
from scoring.fixes import keep_players
from scoring.game import GameState
from scoring.lopaka import lopaka_play
from scoring.names import check_goal, check_group, check_players, clean_name
from scoring.prompt import next_card, your_turn
from scoring.record import load_record, parse_record, replay
from scoring.rounds import _Replay, check_trick_count, replay_round
from scoring.scores import ScoreLine, reason
from scoring.simulate import simulate
from scoring.state import TrickPlay
from scoring.story import round_story
from scoring.texts import TEMPLATES, Card, Cards, Text, joined
from scoring.tricks import explain, explain_play, rule_trick
from scoring.variants import VARIANTS, Table
from tests.setups import EVERY_SETUP


def cards(text):
    """Cards written as in the rulebook, space-separated."""
    return text.split()


THREE = ["Adam", "Betty", "Christian"]
SIX = ["Adam", "Betty", "Christian", "Doris", "Eve", "Frank"]
LOPAKA_HAND = cards("12 17 18 32 36 1 2 3 5 7 9")
BH_OPEN = {"Adam": cards("4 6 8 10 11 14 16 21"), "Betty": cards("1 2 3 5 7 9 12 15")}
TABLE_AND_SHAPE = (
    Table.create(tuple(THREE), "classic"),
    Table.create(tuple(THREE), "classic").shape(0),
)


def record(rounds=(), variant="classic", players=THREE, **fields):
    data = {
        "format": "bottle-imp/1",
        "variant": variant,
        "players": players,
        "first_dealer": 0,
        "goal": {},
        "rounds": list(rounds),
    }
    return {**data, **fields}


def tricks(*texts, **fields):
    return {"tricks": [text.split() for text in texts], **fields}


def quick(points, bottle, imps, **fields):
    return {"quick": {"points": points, "bottle": bottle, "imps_trick_points": imps}, **fields}


def two(variant, rounds, **fields):
    return record(rounds, variant=variant, players=["Adam", "Betty"], **fields)


def scored(data):
    """Replay a record (the warnings and stories are its texts)."""
    return replay(parse_record(data))


def game(*rounds, **fields):
    return scored(record(rounds, **fields))


def refixed(variant, before, fixed):
    """What a fix of round 1 says besides the changes of the replay."""
    players = ("Ann", "Ben") if variant == "lopaka" else tuple(THREE)
    table = Table.create(players, variant)
    hand = {"lopaka_hand": codes("2 6 7 9 11 20 21 25 31 33 37")} if variant == "lopaka" else {}

    def entries(tricks):
        return RoundEntries(tricks=tuple(codes(trick) for trick in tricks), **hand)

    return list(keep_players(table, 0, 1, entries(before), entries(fixed)).notes)


def codes(text):
    return tuple(card_code(card) for card in text.split())


BH_KNOWN = ((0, codes("17 2 4 8 10 11 14 16")), (1, codes("24 6 20 27 21 23 26 29")))


def dispute(cards, prices=("19",), edition="classic", half=False, names=(), owners=()):
    return rule_disputed_trick(
        edition, half, list(prices), cards.split(), list(names), owners=owners
    )


def lopaka(hand, trick, edition="classic"):
    codes = [card_code(card) for card in hand.split()]
    played = [card_code(card) for card in trick.split()]
    return lopaka_play(codes, played, card_code("19"), deck_for(edition, 2))[1]


def line(
    how, result=40, bottles=0, partner=None, partner_result=None, has_bottle=False, edition=None
):
    score = 2 * result if how == "alone" else result
    return reason(
        ScoreLine(0, result, bottles, partner, partner_result, has_bottle, how, score),
        ["Adam", "Betty"],
        None if bottles else result,
        13,
        edition or "classic",
    )


COMPLETE = simulate("classic", 3, rounds=1, seed=1)
"""A complete classic round of three players, by the simulator."""


def without_last_trick(data):
    shorter = json.loads(json.dumps(data))
    shorter["rounds"][0]["tricks"].pop()
    return shorter


def your_turn_with(variant: str, names: list[str], played: str, edition: str = "classic") -> Text:
    """What the phone of the player asked for says after ``played`` (cards)."""
    table = Table.create(tuple(names), variant, edition=edition)
    cards = tuple(card_code(card) or 0 for card in played.split())
    entries = RoundEntries(tricks=(cards,) if cards else ())
    state = replay_round(table, entries, 1, 0)
    ask = next_card(table, entries, state)
    assert ask is not None
    return your_turn(table, state, ask)


SAID = {
    "your turn, to follow": lambda: your_turn_with("classic", SIX[:3], "24"),
    "your turn, to lead": lambda: your_turn_with("classic", SIX[:3], ""),
    "your turn, to follow, two bottles": lambda: your_turn_with(
        "second-bottle", SIX, "24", edition="matagot"
    ),
    "your turn, to lead, two bottles": lambda: your_turn_with(
        "second-bottle", SIX, "", edition="matagot"
    ),
    # Findings of a replay: where, who, which card, why.
    "a card played twice": lambda: game(tricks("24 15 17", "20 24 21")),
    "a round that is no object": lambda: game(["24"]),
    "too many tricks, before the round is known": lambda: check_trick_count(
        Table.create(tuple(THREE), "classic").shape(0), 12
    ),
    "a finding naming a player only": lambda: RuleError(Text("goal.both"), player="Adam").said(),
    "no card 19": lambda: game(tricks("24 19 17")),
    "a half card in 36": lambda: game(tricks("24 2.5 17")),
    "an odd half card": lambda: scored(
        record([tricks("24 3.5 17")], "second-bottle", SIX, edition="matagot")
    ),
    "a card written wrong": lambda: game(tricks("24 15 17.0")),
    "a card written as a number": lambda: why_not_a_card(24),
    "no card at all": lambda: game(tricks("24 15 abc")),
    "the classic deck for six": lambda: deck_for("classic", 6),
    "an unknown edition": lambda: deck_for("bambus", 3),
    "a card in the Imp's Trick": lambda: game(tricks("24 15 1", imps_trick=["1", "2", "3"])),
    "a card in Lopaka's hand": lambda: scored(
        two("lopaka", [tricks("36", lopaka_hand=LOPAKA_HAND)])
    ),
    "a trick too big": lambda: game(tricks("24 15 17 32")),
    "a revoke": lambda: game(tricks("22 18 34", "28 9 12")),
    "a revoke from a hidden hand": lambda: scored(
        two("bright-house", [tricks("15 4 22 13", "12 6 28 25", open_hands=BH_OPEN)])
    ),
    "a revoke from an open hand": lambda: scored(two("bright-house", [tricks("15 4 22 18", "9")])),
    "an Imp's Trick too small": lambda: game(tricks("24 15 17", imps_trick=["1", "2"])),
    # The replay finds a played card in the Imp's Trick first; its last
    # check, on its own, still says what the Imp's Trick should hold.
    "an Imp's Trick that is not the rest": lambda: _Replay(
        *TABLE_AND_SHAPE, RoundEntries(imps_trick=(2, 4, 6)), 1
    ).imps_trick(),
    "the Imp's Trick holds no card": lambda: game(tricks(imps_trick=["1", "2", "x"])),
    "the Imp's Trick holds a card not of the deck": lambda: game(
        tricks(imps_trick=["1", "2", "19"])
    ),
    "Lopaka's hand lists a card twice": lambda: scored(
        two("lopaka", [tricks(lopaka_hand=["1"] + LOPAKA_HAND[1:])])
    ),
    "Lopaka's hand holds the Imp's Trick's": lambda: scored(
        two("lopaka", [tricks(lopaka_hand=LOPAKA_HAND, imps_trick=["1", "4", "6"])])
    ),
    "two open hands hold one card": lambda: scored(
        two(
            "bright-house",
            [tricks(open_hands={"Adam": BH_OPEN["Betty"], "Betty": BH_OPEN["Betty"]})],
        )
    ),
    "an open hand without the card": lambda: scored(
        two("bright-house", [tricks("22", open_hands=BH_OPEN)])
    ),
    "a hidden card that is in the open hand": lambda: scored(
        two("bright-house", [tricks("15 4 2", open_hands=BH_OPEN)])
    ),
    "a hidden hand played out": lambda: scored(
        two(
            "devils-eye",
            [
                tricks(
                    "24 15 17 13",
                    "32 30 20 27",
                    "34 36 8 37",
                    "10 35 6 33",
                    "4 11 14 16",
                    open_hands={"Adam": cards("1 2 3 5 7 9 12")},
                )
            ],
            first_dealer=1,
        )
    ),
    "an open hand that does not follow": lambda: scored(
        two(
            "bright-house",
            [tricks("15 11", open_hands={**BH_OPEN, "Adam": cards("4 6 8 10 11 14 16 18")})],
        )
    ),
    "an open hand of the wrong size": lambda: scored(
        two("bright-house", [tricks(open_hands={"Adam": ["1"]})])
    ),
    "open hands in the classic variant": lambda: game(tricks(open_hands={"Adam": ["1"]})),
    "Lopaka's hand in the classic variant": lambda: game(tricks(lopaka_hand=LOPAKA_HAND)),
    "Lopaka's hand of the wrong size": lambda: scored(two("lopaka", [tricks(lopaka_hand=["1"])])),
    "a card not in Lopaka's hand": lambda: scored(
        two("lopaka", [tricks("24 4", lopaka_hand=LOPAKA_HAND)])
    ),
    "a play Lopaka's rules forbid": lambda: scored(
        two("lopaka", [tricks("24 17", lopaka_hand=LOPAKA_HAND)])
    ),
    # Lopaka's reasons, in each colour of both editions.
    "Lopaka leads": lambda: lopaka("12 17 18 32 36", ""),
    "Lopaka follows and wins": lambda: lopaka("12 17 18 32 36", "24 20"),
    "Lopaka follows and loses": lambda: lopaka("4 10 13 32 1", "24 17"),
    "Lopaka cannot follow and loses": lambda: lopaka("1 3 24", "11 18"),
    "Lopaka cannot follow and wins": lambda: lopaka("1 2", "24 20"),
    "Lopaka cannot follow green": lambda: lopaka("1 2", "11 20", edition="matagot"),
    "Lopaka cannot follow red in matagot": lambda: lopaka("3 6", "1 20", edition="matagot"),
    # Names, players, groups and goals.
    "a name that is no text": lambda: check_players([1, "Betty"]),
    "an empty name": lambda: clean_name(" "),
    "a long name": lambda: clean_name("x" * 31),
    "a control character": lambda: clean_name("A\x01"),
    "a formatting character": lambda: clean_name("A\u200b"),
    "a lone surrogate": lambda: clean_name("A\ud800"),
    "a line separator": lambda: clean_name("A\u2028B"),
    "a paragraph separator": lambda: clean_name("A\u2029B"),
    "no list of players": lambda: check_players("Adam"),
    "one player": lambda: check_players(["Adam"]),
    "a name twice": lambda: check_players(["Adam", "Adam"]),
    "a name twice ignoring case": lambda: check_players(["Adam", "ADAM"]),
    "a group without a name": lambda: check_group("", ["Adam"]),
    "a group without players": lambda: check_group("Thursdays", "Adam"),
    "a group too big": lambda: check_group("Thursdays", [f"P{n}" for n in range(25)]),
    "rounds and a target": lambda: check_goal(rounds=2, target=300),
    "no rounds": lambda: check_goal(rounds=0),
    "a target too high": lambda: check_goal(target=100_000),
    # Variants and team layouts.
    "each variant's title and description": lambda: [
        (variant.title_text, variant.description_text) for variant in VARIANTS.values()
    ],
    "an unknown variant": lambda: Table.create(tuple(THREE), "whist"),
    "a variant for other players": lambda: Table.create(tuple(THREE), "lopaka"),
    "a variant for 3 or 4": lambda: Table.create(("Adam", "Betty"), "classic"),
    "a player called Lopaka": lambda: Table.create(("Lopaka", "Betty"), "lopaka"),
    "teams in the classic variant": lambda: Table.create(tuple(THREE), "classic", "2-1-1"),
    "teams without a layout": lambda: Table.create(tuple(SIX[:4]), "teams"),
    "an unknown layout": lambda: Table.create(tuple(SIX[:4]), "teams", "2-2"),
    "a layout for other players": lambda: Table.create(tuple(THREE), "teams", "2-1-1"),
    # The record's fields.
    "no JSON": lambda: load_record("{"),
    "no object": lambda: load_record("[]"),
    "another format": lambda: load_record('{"format": "bottle-imp/2"}'),
    "an edition that is no text": lambda: parse_record(record(edition=5)),
    "a variant that is no name": lambda: parse_record(record(variant=5)),
    "a team layout that is no text": lambda: parse_record(record(teams=5)),
    "no list of rounds": lambda: parse_record({**record(), "rounds": None}),
    "a first dealer out of range": lambda: parse_record(record(first_dealer=3)),
    "a round's dealer out of range": lambda: parse_record(record([{"tricks": [], "dealer": 5}])),
    "a goal of another shape": lambda: parse_record(record(goal=300)),
    "too many texts that are no cards": lambda: parse_record(
        record([{"tricks": [], "imps_trick": [f"x{n}" for n in range(101)]}])
    ),
    "an Imp's Trick that is no list": lambda: parse_record(record([tricks(imps_trick="1")])),
    "a trick that is no list": lambda: parse_record(record([{"tricks": [["24"], "15"]}])),
    "Lopaka's hand that is no list": lambda: parse_record(two("lopaka", [tricks(lopaka_hand="1")])),
    "an open hand that is no list": lambda: parse_record(
        two("bright-house", [tricks(open_hands={"Adam": "1"})])
    ),
    "tricks and a quick entry": lambda: parse_record(record([{}])),
    "tricks that are no list": lambda: parse_record(record([{"tricks": "24 15 17"}])),
    "open hands that are no map": lambda: parse_record(
        two("bright-house", [tricks(open_hands=[])])
    ),
    "open hands naming a player twice": lambda: parse_record(
        two("bright-house", [tricks(open_hands={"Adam": [], " Adam": []})])
    ),
    "open hands naming no player": lambda: parse_record(
        two("bright-house", [tricks(open_hands={"Eve": []})])
    ),
    "an unfinished round followed by another": lambda: game(tricks("24 15 17"), tricks("24")),
    "a round after the game's end": lambda: game(
        quick({"Adam": 60, "Betty": 60, "Christian": None}, ["Christian"], 6),
        tricks("24"),
        goal={"rounds": 1},
    ),
    # Quick rounds.
    "a quick entry that is no object": lambda: parse_record(record([{"quick": 5}])),
    "a quick entry without coins": lambda: parse_record(record([{"quick": {}}])),
    "a quick entry naming a player twice": lambda: parse_record(
        record([quick({"Adam": 1, " Adam": 1}, [], 6)])
    ),
    "a quick entry naming no player": lambda: parse_record(
        record([quick({"Adam": 1, "Betty": 1, "Christian": 1, "Eve": 1}, ["Adam"], 6)])
    ),
    "coins that are no whole number": lambda: parse_record(
        record([quick({"Adam": "1", "Betty": 1, "Christian": 1}, [], 6)])
    ),
    "a player without coins": lambda: parse_record(record([quick({"Adam": 1}, [], 6)])),
    "a bottle that is no list": lambda: parse_record(
        record([quick({"Adam": 1, "Betty": 1, "Christian": 1}, "Adam", 6)])
    ),
    "a bottle naming no player": lambda: parse_record(
        record([quick({"Adam": 1, "Betty": 1, "Christian": 1}, ["Eve"], 6)])
    ),
    "no coins for the Imp's Trick": lambda: parse_record(
        record([quick({"Adam": 1, "Betty": 1, "Christian": 1}, ["Adam"], None)])
    ),
    "the Imp's Trick's cards and coins differ": lambda: game(
        quick(
            {"Adam": 60, "Betty": 60, "Christian": None},
            ["Christian"],
            6,
            imps_trick=["1", "2", "3"],
        )
    ),
    "no bottle owner": lambda: game(quick({"Adam": 60, "Betty": 60, "Christian": None}, [], 6)),
    "one owner of two bottles": lambda: scored(
        record(
            [quick(dict.fromkeys(SIX[:5], 30), ["Adam"], 40)],
            "second-bottle",
            SIX[:5],
            edition="matagot",
        )
    ),
    "coins left out of a player without the bottle": lambda: game(
        quick({"Adam": None, "Betty": 60, "Christian": None}, ["Christian"], 6)
    ),
    "coins out of range": lambda: game(
        quick({"Adam": -1, "Betty": 60, "Christian": None}, ["Christian"], 6)
    ),
    "the Imp's Trick's coins out of range": lambda: game(
        quick({"Adam": 1, "Betty": 60, "Christian": None}, ["Christian"], 200)
    ),
    "a coin missing": lambda: game(
        quick({"Adam": 60, "Betty": 59, "Christian": 1}, ["Christian"], 5)
    ),
    "coins missing": lambda: game(
        quick({"Adam": 60, "Betty": 50, "Christian": 1}, ["Christian"], 5)
    ),
    "a coin too many": lambda: game(
        quick({"Adam": 60, "Betty": 61, "Christian": 1}, ["Christian"], 5)
    ),
    "coins too many": lambda: game(
        quick({"Adam": 60, "Betty": 70, "Christian": 1}, ["Christian"], 5)
    ),
    # A trick's ruling and a score's reason.
    "a bottle sold": lambda: explain(rule_trick([48, 30, 34], [38]), THREE),
    "no bottle sold": lambda: explain(rule_trick([48, 64, 40], [24]), THREE),
    "one of two bottles sold": lambda: explain_play(
        TrickPlay(0, (0, 1), (48, 30), 1, 36, 0, 38, 0), ["Adam", "Betty"]
    ),
    "two bottles: one sold, named": lambda: explain_play(
        TrickPlay(0, (0, 1), (48, 30), 1, 30, 1, 38, 0), ["Adam", "Betty"], bottles=2
    ),
    "two bottles: one sold, the other now dearer": lambda: explain_play(
        TrickPlay(0, (0, 1), (48, 30), 1, 36, 0, 38, 0), ["Adam", "Betty"], bottles=2
    ),
    "two bottles: neither sold": lambda: explain_play(
        TrickPlay(0, (0, 1), (48, 64), 1, 38, None, 38, 0), ["Adam", "Betty"], bottles=2
    ),
    "alone, doubled": lambda: line("alone"),
    "the bottle's owner": lambda: line("own", result=-13, bottles=1),
    "both bottles' owner": lambda: line("own", result=-26, bottles=2),
    "the bottle's owner, matagot": lambda: line("own", -13, 1, edition="matagot"),
    "both bottles' owner, matagot": lambda: line("own", -26, 2, edition="matagot"),
    "a team that owns the bottle": lambda: line("team", -13, 1, 1, -13, True),
    "a partner who owns the bottle": lambda: line("team", -13, 0, 1, -13, True),
    "a team": lambda: line("team", 40, 0, 1, 20),
    "the story's reasons": lambda: [s.reason for s in round_story(scored(COMPLETE), 1).scores],
    # What a correction changed.
    "a trick won by another, at another price": lambda: describe_changes(
        game(tricks("24 15 17")), game(tricks("24 18 17"))
    ),
    "a trick complete now": lambda: describe_changes(
        game(tricks("24 15")), game(tricks("24 15 17"))
    ),
    "a bottle bought now, and a trick fewer": lambda: describe_changes(
        game(tricks("24 32 20", "15 14 13")), game(tricks("24 15 20"))
    ),
    "a round fewer, other totals and winners": lambda: describe_changes(
        game(
            quick({"Adam": 70, "Betty": 50, "Christian": None}, ["Christian"], 6),
            quick({"Adam": 60, "Betty": 60, "Christian": None}, ["Christian"], 6),
        ),
        game(
            quick({"Adam": 60, "Betty": 60, "Christian": None}, ["Christian"], 6),
            goal={"rounds": 1},
        ),
    ),
    "another owner at the end": lambda: describe_changes(
        game(quick({"Adam": 60, "Betty": 60, "Christian": None}, ["Christian"], 6)),
        game(quick({"Adam": 60, "Betty": None, "Christian": 60}, ["Betty"], 6)),
    ),
    "a round no longer complete": lambda: describe_changes(
        scored(COMPLETE), scored(without_last_trick(COMPLETE))
    ),
    # A fix that keeps every card with its player (section 9).
    "a later trick led by another after a fix": lambda: describe_changes(
        game(tricks("24 15 17", "4 6 16", "13 5 10")),
        game(tricks("24 15 17", "4 6 32", "10 13 5")),
    ),
    "Lopaka's cards played again after a fix": lambda: refixed(
        "lopaka", ("29 37 16", "27 32 6", "33 35 23"), ("17 37 16", "27 32 6", "33 35 23")
    ),
    "a finding in a trick led anew after a fix": lambda: keep_players(
        Table.create(("Ann", "Ben"), "bright-house"),
        0,
        1,
        RoundEntries(tricks=(codes("24 17 30 13"), codes("2 6 12 15")), open_hands=BH_KNOWN),
        RoundEntries(tricks=(codes("24 17 18 13"), codes("2 6 12 15")), open_hands=BH_KNOWN),
    ),
    "a lead taken back after a fix": lambda: refixed(
        "classic", ("24 15 17", "4 6 16", "13"), ("24 15 17", "4 6 32", "13")
    ),
    # A disputed trick.
    "a blank name": lambda: dispute("24 15 17"),
    "one card": lambda: dispute("24"),
    "half cards in the classic edition": lambda: dispute("24 15", half=True),
    "an unknown edition typed": lambda: dispute_deck("bambus", False),
    "no price": lambda: dispute("24 15", prices=[""]),
    "three prices": lambda: dispute("24 15", prices=["19", "18", "17"]),
    "a second bottle in 36 cards": lambda: dispute("24 15", prices=["19", "18"]),
    "two bottles on one card": lambda: dispute("24 15", ["17", "17"], "matagot", True),
    "a price that is no card": lambda: dispute("24 15", ["19", "abc"], "matagot", True),
    "a price above 19": lambda: dispute("24 15", prices=["25"]),
    "the 19 played": lambda: dispute("24 19"),
    "a card not of the deck": lambda: dispute("24 2.5"),
    "a card not of the matagot deck": lambda: dispute("24 3.5", edition="matagot", half=True),
    "the price card played": lambda: dispute("24 17", prices=["17"]),
    "a card twice": lambda: dispute("24 24"),
    "two findings at once": lambda: dispute("19 19"),
    "a name refused": lambda: dispute("24 15 30", names=["A\x01"]),
    "an owner refused": lambda: dispute("24 15 30", owners=["A\x01"]),
    "no bottle sold, the owner keeps it": lambda: dispute(
        "24 32 30", prices=["17"], owners=["Adam"]
    ),
    "no bottle sold, owner unknown": lambda: dispute("24 32 30", prices=["17"]),
    "sold from its owner": lambda: dispute("24 15 30", ["17"], owners=["Ben"]),
    "stays with its owner": lambda: dispute("15 24 30", ["17"], owners=["Player 1"]),
    "the dearer of two sold": lambda: dispute("12 10 30 32 36", ["15", "19"], "matagot", True),
    "a trick shorter than the table's": lambda: rule_disputed_trick(
        "classic", False, ["19"], ["24", "15", "17"], [], players=4
    ),
}
"""Each path of the engine that says something, by what happens."""


def fields(code):
    return {name for _, name, _, _ in Formatter().parse(TEMPLATES[code]) if name}


def texts_in(value):
    """Every text in what the engine answered, nested texts included."""
    if isinstance(value, Text):
        yield value
        for item in value.values.values():
            yield from texts_in(item)
    elif isinstance(value, Finding):
        yield from texts_in(value.said())
        yield from texts_in(value.text)
        for finding in value.findings:
            if finding is not value:
                yield from texts_in(finding)
    elif isinstance(value, DisputeRuling):
        yield from texts_in([value.sentence, value.bottle_sentence, *value.names])
    elif isinstance(value, list | tuple):
        for item in value:
            yield from texts_in(item)
    elif isinstance(value, GameState):  # its revoke warnings
        for state in value.rounds:
            yield from texts_in(list(state.warnings))


def said(path):
    try:
        answer = SAID[path]()
    except Finding as finding:
        answer = finding
    return list(texts_in(answer))


@pytest.mark.parametrize("path", SAID)
def test_each_path_says_something_that_fills_its_template(path):
    texts = said(path)

    assert texts, f"{path}: no text"
    for text in texts:
        assert set(text.values) == fields(text.code), text


def test_every_code_is_said_by_some_path():
    codes = {text.code for path in SAID for text in said(path)}

    assert sorted(set(TEMPLATES) - codes) == []


def test_a_text_says_its_english():
    text = Text("imps.not_the_rest", listed=Cards([Card("1"), Card("2.5")]), actual=Cards())

    assert str(text) == "the Imp's Trick is entered as 1, 2.5, but the cards not played are "
    assert str(Text("record.goal")) == 'the goal must be {"rounds": N}, {"target": T} or {}'
    assert str(joined("list.and", ["Adam"])) == "Adam"
    assert text == Text("imps.not_the_rest", listed=Cards([Card("1"), Card("2.5")]), actual=Cards())
    assert text != Text("imps.not_the_rest", listed=Cards(), actual=Cards())


def test_a_text_is_a_value():
    text = Text("nobody")

    with pytest.raises(AttributeError):
        text.code = "colour.red"
    assert hash(text) == hash(Text("nobody"))


def test_a_finding_is_its_code_and_values():
    with pytest.raises(RuleError) as raised:
        game(tricks("24 15 17", "20 24 21"))

    finding = raised.value
    assert finding.code == "card.already_played"
    assert finding.values == {"card": "24", "earlier": 1}
    assert isinstance(finding.values["card"], Card)
    assert str(finding.said()) == str(finding)
    assert finding.said().code == "finding.at"


def mutations(data, draw):
    """The record with one thing changed, as a table might mistype it."""
    changed = json.loads(json.dumps(data))
    places = [
        (number, trick, index)
        for number, entries in enumerate(changed["rounds"])
        for trick, cards in enumerate(entries.get("tricks", ()))
        for index in range(len(cards))
    ]
    number, trick, index = draw(st.sampled_from(places))
    cards = changed["rounds"][number]["tricks"][trick]
    how = draw(st.sampled_from(["drop", "repeat", "other", "text", "trick", "imps", "field"]))
    if how == "drop":
        del cards[index]
    elif how == "repeat":
        played = [card for trick in changed["rounds"][number]["tricks"] for card in trick]
        cards[index] = draw(st.sampled_from(played))
    elif how == "other":
        cards[index] = draw(st.sampled_from(["19", "2.5", "3.5", "38", "99.5"]))
    elif how == "text":
        cards[index] = draw(st.one_of(st.text(max_size=5), st.integers(), st.floats(), st.none()))
    elif how == "trick":
        changed["rounds"][number]["tricks"].append(list(cards))
    elif how == "imps":
        changed["rounds"][number]["imps_trick"] = draw(
            st.lists(st.sampled_from(["1", "2", "24", "x"]), max_size=8)
        )
    else:
        key = draw(
            st.sampled_from(["players", "variant", "teams", "edition", "first_dealer", "goal"])
        )
        changed[key] = draw(
            st.one_of(st.none(), st.integers(-1, 9), st.text(max_size=3), st.just(["Adam"]))
        )
    return changed


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(EVERY_SETUP), st.integers(0, 2**16), st.data())
def test_whatever_a_mistyped_record_is_refused_for_fills_its_template(setup, seed, data):
    variant, players, teams, edition = setup
    record_data = mutations(simulate(variant, players, 1, seed, teams, edition), data.draw)
    try:
        answer = scored(record_data)
    except Finding as finding:
        answer = finding
    for text in texts_in(answer):
        assert set(text.values) == fields(text.code), text
        assert str(text)

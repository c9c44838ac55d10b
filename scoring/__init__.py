"""The rules engine of The Bottle Imp, as this project reads the books (docs/rules.md).

Pure Python, no Django. The app stores what a table enters; everything it
shows is derived here by replaying those entries.

Rulings where the books are silent (each applied in the module named):

- Lopaka, when none of the cards he may play can win, plays the lowest of
  the cards he may play (the led colour if he has it), not of his whole
  hand (:mod:`scoring.lopaka`).
- A quick round may leave a player's coins out (null) only for a bottle
  owner, a bottle owner's team partner (the team scores minus the penalty),
  or Lopaka (:mod:`scoring.quick`).
- A revoke is reported once for a player's hand and colour; it is reported
  again only after that hand fails to follow the colour once more
  (:mod:`scoring.rounds`).
- Devil's Eye: which hand a card came from is known only when the player's
  open hand is entered, so revokes are proven only then (:mod:`scoring.hands`).
- Bright House: a card of a player's known open hand cannot be played in
  that player's hidden-hand place (:mod:`scoring.hands`).
- An empty last trick (``[]``) is a trick not yet begun.
- Messages in a Matagot game name the colours red, blue and green, as the
  app paints them (docs/rules.md, section 1).
- The leader's second card in a two-hand trick (Bright House, Devil's Eye)
  follows its own lead: the colour to follow is that of the trick's first
  card, for the leader too (:mod:`scoring.hands`, :mod:`scoring.rounds`).
- A card Lopaka plays that is not in his face-up hand as entered is reported
  before any earlier play his rules forbid: his rules read that hand, so the
  hand (or that play) is wrong first (:mod:`scoring.hands`).
- Two names equal ignoring case (``casefold``) are the same name, so they
  cannot sit at one table (:mod:`scoring.names`).
- A goal asks for at most 999 rounds or a target of at most 99,999
  (:mod:`scoring.names`).
- A fix keeps every card with its player: the table enters each card as a
  player's, so when a fix (a card changed, two swapped, a trick deleted)
  changes who leads a later trick, that trick's cards stay with the players
  they were entered for and it is played again from its new leader;
  Lopaka's cards, his face-up hand known, are played again by his rules.
  In the trick being played, a card whose player now comes after someone
  who has not played yet is taken back, and said (:mod:`scoring.fixes`).
"""

from scoring.cards import Deck, card_code, card_text, deck_for
from scoring.entries import Goal, QuickEntry, RoundEntries
from scoring.findings import Finding, InvalidRecord, RecordError, Revoke, RuleError
from scoring.game import GameState, replay_game
from scoring.names import (
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_TARGET,
    MIN_PLAYERS,
    NAME_MAX,
    check_goal,
    check_players,
    clean_name,
)
from scoring.record import GameRecord, load_record, output_document, parse_record, write_record
from scoring.rounds import replay_round
from scoring.state import RoundState, TrickPlay
from scoring.variants import TEAM_LAYOUTS, VARIANTS, Table, variants_for

__all__ = [
    "MAX_PLAYERS",
    "MAX_ROUNDS",
    "MAX_TARGET",
    "MIN_PLAYERS",
    "NAME_MAX",
    "TEAM_LAYOUTS",
    "VARIANTS",
    "Deck",
    "Finding",
    "GameRecord",
    "GameState",
    "Goal",
    "InvalidRecord",
    "QuickEntry",
    "RecordError",
    "Revoke",
    "RoundEntries",
    "RoundState",
    "RuleError",
    "Table",
    "TrickPlay",
    "card_code",
    "card_text",
    "check_goal",
    "check_players",
    "clean_name",
    "deck_for",
    "load_record",
    "output_document",
    "parse_record",
    "replay_game",
    "replay_round",
    "variants_for",
    "write_record",
]

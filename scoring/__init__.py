"""The rules engine of The Bottle Imp, as ../shared/RULES.md reads the books.

Pure Python, no Django. The app stores what a table enters; everything it
shows is derived here by replaying those entries.
"""

from scoring.cards import Deck, card_code, card_text, deck_for
from scoring.entries import Goal, QuickEntry, RoundEntries
from scoring.findings import Finding, InvalidRecord, RecordError, Revoke, RuleError
from scoring.game import GameState, replay_game
from scoring.record import GameRecord, load_record, output_document, parse_record, write_record
from scoring.rounds import RoundState, TrickPlay, replay_round
from scoring.variants import TEAM_LAYOUTS, VARIANTS, Table, variants_for

__all__ = [
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
    "deck_for",
    "load_record",
    "output_document",
    "parse_record",
    "replay_game",
    "replay_round",
    "variants_for",
    "write_record",
]

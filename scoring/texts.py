"""What the engine says, as codes and values, never as finished sentences
(docs/rules.md, section 8: every finding says where and why).

Each sentence the engine gives a person — a finding, a trick's ruling, a
score's reason, what a correction changed, a variant's title — is a
:class:`Text`: a code from :data:`TEMPLATES` and its named values (players'
names, cards, numbers, and other texts). ``str()`` of a text is its English;
the app renders the same text in its reader's language (the English
template is the message id of its catalogue, so this table is the one list
of them), and the command line prints the English.

>>> text = Text("card.already_played", card=Card("17"), earlier=1)
>>> text.code, text.values["earlier"]
('card.already_played', 1)
>>> print(text)
17 was already played in trick 1
>>> print(Text("open.must_follow", colour=colour_text("blue")))
the open hand holds blue, so it must follow blue
>>> print(joined("list.and", ["Adam", "Betty", "Christian"]))
Adam, Betty and Christian
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

TEMPLATES: dict[str, str] = {
    # Where a finding happened, and how it frames its reason.
    "where.round": "round {round}",
    "where.trick": "trick {trick}",
    "where.round_trick": "round {round}, trick {trick}",
    "finding.at": "{where}: {text}",
    "finding.plays": "{player} plays {card}: {why}",
    "finding.player": "{player}: {why}",
    "findings.joined": "{first}; {second}",
    "findings.lines": "{first}\n{second}",
    # Lists.
    "list.and": "{first} and {second}",
    "list.or": "{first} or {second}",
    "list.comma": "{first}, {second}",
    "nobody": "nobody",
    # Colours, as each edition's players call them (section 1).
    "colour.yellow": "yellow",
    "colour.blue": "blue",
    "colour.red": "red",
    "colour.green": "green",
    # Editions and decks (section 1).
    "edition.classic": "classic",
    "edition.matagot": "matagot",
    "edition.unknown": "the edition must be classic or matagot, not {value}",
    "deck.wrong": (
        "{players} players need the matagot edition with its half cards; "
        "the classic deck is for 2 to 4 players"
    ),
    # Cards written wrongly, or not in the deck (sections 1 and 8).
    "card.write_as": '{value} is not how a card is written: write "{card}"',
    "card.write_as_text": (
        'the number {value} is not how a card is written: write "{card}", as text'
    ),
    "card.not_a_card": "{value} is not a card",
    "card.half_only_even": "only even numbers have half cards",
    "card.half_not_used": (
        "half cards are only used with 5 or 6 players; this game has {count} cards"
    ),
    "card.not_in_deck": "there is no card {card} in the deck",
    "card.in_imps_trick": "{card} is in the Imp's Trick",
    "card.already_played": "{card} was already played in trick {earlier}",
    "card.in_face_up_hand": "{card} is in {player}'s face-up hand",
    # Tricks of a round (section 3).
    "trick.too_many": "a round of {participants} has {tricks} tricks, but {count} are entered",
    "trick.wrong_size": "a trick has {size} cards, but {count} are entered",
    # A revoke (section 8), with the hand it came from where there are two.
    "revoke": (
        "{player} did not follow {colour} with {other}, but plays {card} ({colour}) "
        "in trick {trick}: a revoke (no card enters a hand during play, "
        "so {player} held a {colour} card then)"
    ),
    "revoke.open_hand": (
        "{player} did not follow {colour} with {other} from the open hand, but plays "
        "{card} ({colour}) from that hand in trick {trick}: a revoke (no card enters "
        "a hand during play, so {player} held a {colour} card then)"
    ),
    "revoke.hidden_hand": (
        "{player} did not follow {colour} with {other} from the hidden hand, but plays "
        "{card} ({colour}) from that hand in trick {trick}: a revoke (no card enters "
        "a hand during play, so {player} held a {colour} card then)"
    ),
    # The Imp's Trick and the hands the table can see (sections 6 and 8).
    "imps.wrong_size": (
        "the Imp's Trick of this round holds {size} cards, but {count} are entered"
    ),
    "imps.not_the_rest": (
        "the Imp's Trick is entered as {listed}, but the cards not played are {actual}"
    ),
    "hand.imps_trick": "the Imp's Trick",
    "hand.lopaka": "Lopaka's hand",
    "hand.open": "{player}'s open hand",
    "hand.trick": "trick {trick}",
    "hand.holds_no_card": "{what} holds {value}: {why}",
    "hand.holds_not_in_deck": "{what} holds {card}, which is not a card of this deck",
    "hand.lists_twice": "{what} lists {card} twice",
    "hand.holds_imps": "{what} holds {card}, which is in the Imp's Trick",
    "hand.holds_other": "{what} holds {card}, which is in {player}'s hand",
    "open.not_in_open": "this card comes from {player}'s open hand, which does not hold it",
    "open.in_open": "this card comes from {player}'s hidden hand, but it is in the open hand",
    "open.hidden_all_played": (
        "{player}'s hidden hand held only {size} cards, all played; "
        "this card must come from the open hand"
    ),
    "open.must_follow": "the open hand holds {colour}, so it must follow {colour}",
    "open.wrong_size": (
        "{player}'s open hand holds {size} cards in {variant}, but {count} are entered"
    ),
    "open.not_in_variant": "open_hands are given, but the {variant} variant has none",
    # Lopaka (section 6).
    "lopaka.not_in_variant": "a lopaka_hand is given, but the {variant} variant has no Lopaka",
    "lopaka.wrong_size": "Lopaka's hand holds {size} cards, but {count} are entered",
    "lopaka.not_in_hand": "{card} is not in Lopaka's face-up hand",
    "lopaka.must_play": "Lopaka must play {card}. {reason}",
    "lopaka.leads": "Lopaka leads his highest card, {card}.",
    "lopaka.follows_wins": (
        "Lopaka must follow {colour} and {card} is the highest card that wins the trick."
    ),
    "lopaka.follows_loses": (
        "Lopaka must follow {colour} and none of his cards can win the trick: "
        "he plays his lowest, {card}."
    ),
    "lopaka.void_wins": (
        "Lopaka has no {colour} card, so {card} is the highest card that wins the trick."
    ),
    "lopaka.void_loses": (
        "Lopaka has no {colour} card, so none of his cards can win the trick: "
        "he plays his lowest, {card}."
    ),
    # Players' names, groups and the goal (sections 2 and 7).
    "name.not_text": "a player's name must be text, not {value}",
    "name.empty": "every player needs a name; {value} is not one",
    "name.too_long": "the name {value} is {length} characters long; a name has at most {most}",
    "name.invisible": "the name {value} holds {what} (U+{point}); write the name without it",
    "char.control": "a control character",
    "char.format": "an invisible formatting character",
    "char.surrogate": "a lone surrogate",
    "char.line": "a line separator",
    "char.paragraph": "a paragraph separator",
    "players.not_list": "players must be a list of names",
    "players.count": "a table has {least} to {most} players, not {count}",
    "players.twice": "two players may not share a name: {name} appears twice",
    "players.same": "two players may not share a name: {first} and {second} are the same name",
    "group.no_name": "a group needs a name",
    "group.not_list": "a group's players must be a list of names",
    "group.too_many": "a group lists at most {most} players, not {count}",
    "goal.both": "the goal is a number of rounds or a target, not both",
    "goal.rounds": "the goal's rounds must be a whole number from 1 to {most}, not {value}",
    "goal.target": "the goal's target must be a whole number from 1 to {most}, not {value}",
    # Variants and team layouts (sections 2, 3, 5 and 6).
    "variant.classic.title": "Classic",
    "variant.classic.description": "Everyone for themselves; one bottle.",
    "variant.teams.title": "Teams",
    "variant.teams.description": (
        "Partners sit opposite and add their coins; players alone score double."
    ),
    "variant.second-bottle.title": "Second bottle",
    "variant.second-bottle.description": (
        "Everyone for themselves with two bottles; the dearer one is sold."
    ),
    "variant.lopaka.title": "Lopaka",
    "variant.lopaka.description": (
        "Two players and Lopaka, a face-up dummy who plays by fixed rules."
    ),
    "variant.bright-house.title": "Bright House",
    "variant.bright-house.description": (
        "Two players, each with an open and a hidden hand; four cards a trick."
    ),
    "variant.devils-eye.title": "Devil's Eye",
    "variant.devils-eye.description": (
        "Two players, each with a face-up hand of 7 and a hidden hand of 9."
    ),
    "variant.unknown": "unknown variant {value}: it must be one of {names}",
    "variant.players": "the {variant} variant is for {allowed} players, not {count}",
    "variant.lopaka_name": "no player may be called Lopaka in the Lopaka variant",
    "variant.no_teams": "a team layout is given, but the {variant} variant has no teams",
    "teams.missing": "the teams variant needs a team layout: 2-1-1, 2-2-1, 2-2-2 or 2-2-1-1",
    "teams.unknown": "unknown team layout {value}: it must be 2-1-1, 2-2-1, 2-2-2 or 2-2-1-1",
    "teams.players": "teams {teams} is for {players} players, not {count}",
    # The record (docs/record-format.md).
    "record.not_json": "the record is not valid JSON: {error}",
    "record.not_object": "the record must be a JSON object",
    "record.format": "the record's format must be {expected}, not {value}",
    "record.variant_not_name": "the variant must be a name, not {value}",
    "record.teams_written": 'the team layout must be written like "2-1-1", not {value}',
    "record.no_rounds": "the record needs a list of rounds",
    "record.seat": "{field} must be a seat from 0 to {last}, not {value}",
    "record.first_dealer": "first_dealer",
    "record.round_dealer": "round {round}'s dealer",
    "record.goal": 'the goal must be {{"rounds": N}}, {{"target": T}} or {{}}',
    "record.too_many_no_cards": "more than {most} entries of a round are no cards",
    "record.not_card_list": "{what} must be a list of cards",
    "record.round_not_object": "a round must be a JSON object",
    "record.tricks_or_quick": "a round has either tricks or a quick entry, and not both",
    "record.tricks_not_list": "tricks must be a list of tricks",
    "record.open_hands_map": "open_hands must map players' names to cards",
    "record.open_hands_twice": "open_hands names {player} twice",
    "record.open_hands": "open_hands",
    "record.not_a_player": "{what} names {value}, who is not a player",
    # Quick rounds (section 5).
    "quick.entry": "the quick entry",
    "quick.bottle": "the quick entry's bottle",
    "quick.not_object": "a quick entry must be a JSON object",
    "quick.no_points": "a quick entry needs the coins of each player",
    "quick.names_twice": "the quick entry names {player} twice",
    "quick.coins_not_whole": "{player}'s coins must be a whole number, not {value}",
    "quick.no_coins_for": "the quick entry has no coins for {player}",
    "quick.bottle_not_list": "the quick entry's bottle must list the owners' names",
    "quick.no_imps": "the quick entry needs the Imp's Trick's coins",
    "quick.imps_cards_coins": (
        "the Imp's Trick's cards {listed} hold {coins} coins, "
        "but its coins are entered as {entered}"
    ),
    "quick.owners_one": (
        "this game has one bottle, so {bottles} bottle owner(s) must be named, not {count}"
    ),
    "quick.owners": (
        "this game has {bottles} bottles, so {bottles} bottle owner(s) must be named, not {count}"
    ),
    "quick.coins_missing": "{player}'s coins are missing, and {player} owns no bottle",
    "quick.coins_range": "{player}'s coins must be between 0 and {most}, not {coins}",
    "quick.imps_range": "the Imp's Trick's coins must be between 0 and {most}, not {coins}",
    "quick.coins_of": "{player} {coins}",
    "quick.listed": "{players} and the Imp's Trick {imps}",
    "quick.not_adding_up": (
        "the coins entered ({listed}) make {total}, but the deck holds {deck}: {gap}"
    ),
    "quick.coin_missing": "{gap} coin missing",
    "quick.coins_missing_many": "{gap} coins missing",
    "quick.coin_too_many": "{gap} coin too many",
    "quick.coins_too_many": "{gap} coins too many",
    # The game (section 7).
    "game.over": "the game ended after round {round}, so no round may follow it",
    "game.unfinished": "round {round} is unfinished, but another round follows it",
    # A trick's ruling (section 4).
    "ruling.not_sold": (
        "No card is below the price {price}, so the highest card, {card}, wins: "
        "{winner} wins the trick; the bottle does not move."
    ),
    "ruling.sold": (
        "{card} is the highest card below the price {price}: {winner} wins the trick "
        "and the bottle; the price is now {card}."
    ),
    "ruling.sold_other_dearer": (
        "{card} is the highest card below the price {price}: {winner} wins the trick "
        "and the bottle; the price is now {card} (the other bottle's {other} is now "
        "the dearer price)."
    ),
    "ruling.not_sold_bottles": (
        "No card is below the dearer price {price}, so the highest card, {card}, wins: "
        "{winner} wins the trick; neither bottle moves."
    ),
    "ruling.sold_bottle": (
        "{card} is the highest card below the dearer price {price}: {winner} wins the "
        "trick and bottle {bottle}, which was at {price}; its price is now {card}."
    ),
    "ruling.sold_bottle_other_dearer": (
        "{card} is the highest card below the dearer price {price}: {winner} wins the "
        "trick and bottle {bottle}, which was at {price}; its price is now {card}, and bottle "
        "{other_bottle}'s {other} is now the dearer price."
    ),
    # Why a player scores what they score (sections 5 and 6).
    "reason.coins": "{coins} coins in tricks",
    "reason.owns_bottle": "owns the bottle: minus the Imp's Trick's {penalty} coins = {result}",
    "reason.owns_both": (
        "owns both bottles: minus the Imp's Trick's {penalty} coins twice = {result}"
    ),
    "reason.owns_bottle.matagot": (
        "owns the bottle: minus the Devil's Trick's {penalty} coins = {result}"
    ),
    "reason.owns_both.matagot": (
        "owns both bottles: minus the Devil's Trick's {penalty} coins twice = {result}"
    ),
    "reason.alone": "{own}; plays alone, so doubled: 2 × {result} = {score}",
    "reason.team_owner": "{own}; team with {partner}, who scores the same",
    "reason.team_partner_owns": (
        "team with {partner}, who owns the bottle: the team scores minus {penalty}"
    ),
    "reason.team": "{own}; team with {partner}: {result} + {partner_result} = {score}",
    # What a correction changed (sections 4, 5 and 7).
    "changes.rounds": "The game now has {count} rounds, not {before}.",
    "changes.total": "{player}'s total is now {total} (before: {before}).",
    "changes.winners": "The game is now won by {players}.",
    "changes.trick": "Round {round}, trick {trick}: {player} wins it{winner}{price}.",
    # Whose turn it is, said on the phone of the player asked for (section 3).
    "turn.follow": "Your card — follow {colour}, the bottle is at {price}",
    "turn.lead": "Your card — you lead, the bottle is at {price}",
    "turn.follow_bottles": "Your card — follow {colour}, the bottles are at {prices}",
    "turn.lead_bottles": "Your card — you lead, the bottles are at {prices}",
    "changes.winner_before": " now (before: {player})",
    "changes.price": "; the price after it is {price}",
    "changes.price_before": "; the price after it is {price}, not {before}",
    "changes.tricks": "Round {round} now has {count} tricks, not {before}.",
    "changes.bottle_now": "Round {round}: the bottle is now with {owners} (before: {before}).",
    "changes.bottle_ends": "Round {round}: the bottle ends with {owners} (before: {before}).",
    "changes.incomplete": "Round {round} is no longer complete.",
    "changes.score": "Round {round}: {player} scores {score} (before: {before}).",
    "changes.trick_led": (
        "Round {round}, trick {trick} is now led by {leader}: {player} wins it with {card}"
        "{winner}{price}."
    ),
    # A fix keeps every card with its player (section 9).
    "fix.taken_back": (
        "Round {round}, trick {trick}: {leader} leads it now, so {player}'s {card} is taken"
        " back; enter it again at {player}'s turn."
    ),
    "fix.led_anew": "{why} (after the fix, {leader} leads this trick)",
    "fix.lopaka_plays": "Round {round}, trick {trick}: Lopaka now plays {card}. {reason}",
    "fix.lopaka_instead": (
        "Round {round}, trick {trick}: Lopaka now plays {card} (before: {before}). {reason}"
    ),
    # A disputed trick typed in (sections 1, 2, 4 and 5).
    "dispute.player": "Player {number}",
    "dispute.half_cards": "the half cards exist only in the matagot edition (5–6 players)",
    "dispute.no_price": "the price of the bottle is missing (19 at the start of a round)",
    "dispute.too_many_bottles": "there are at most 2 bottles, not {count}",
    "dispute.second_bottle": (
        "the second bottle is played only with 5–6 players, with the 54 cards"
    ),
    "dispute.same_price": "both bottles cannot lie on the {card}: there is one such card",
    "dispute.the_price": "the price",
    "dispute.the_second_price": "the second price",
    "dispute.deck": "the {count}-card {edition} deck",
    "dispute.price_no_card": "{what} {typed} is not a card number of {deck} nor the 19",
    "dispute.price_above": (
        "{what} {card} is impossible: the price starts at 19 and only goes down"
    ),
    "dispute.card": "card {number}",
    "dispute.start_card": "{place}: the 19 is the start price card, not a playing card",
    "dispute.not_a_card": "{place}: {typed} is not a card of {deck}",
    "dispute.under_bottle": (
        "{place}: the {card} lies under the bottle as its price; it cannot be played"
    ),
    "dispute.card_twice": "{place}: the {card} is already card {first}; each card exists once",
    "dispute.name": "name {number}: {why}",
    "dispute.owner": "owner {number}: {why}",
    "dispute.not_sold": "No bottle is sold: no card is below the price.",
    "dispute.not_sold_keeps": "No bottle is sold: no card is below the price. {owner} keeps it.",
    "dispute.the_bottle": "The bottle",
    "dispute.dearer_bottle": "Bottle {number} (the dearer)",
    "dispute.prices": "the price goes from {old} to {new}",
    "dispute.stays": "{which} stays with {owner}: {prices}.",
    "dispute.sold": "{which} is sold to {winner}: {prices}.",
    "dispute.sold_from": "{which} is sold to {winner}, from {owner}: {prices}.",
    "dispute.sold_dearer": (
        "{card} is the highest card below the price {price}: {winner} wins the trick and "
        "bottle {number}, the dearer; the next trick is played at {next}, the dearer of the "
        "bottles now ({prices})."
    ),
    "dispute.trick_size": (
        "a trick with {deck} has {sizes} cards, one a player, in the order they were played; "
        "{count} entered"
    ),
    "dispute.trick_players": (
        "at this table a trick has {players} cards, one a player, in the order they were "
        "played; {count} entered"
    ),
}
"""Every sentence and phrase the engine says: a code and its English
template, with the values named in braces."""


class Card(str):
    """A card's number as the engine writes it ("17", "2.5"): never
    translated, only written as the reader writes numbers."""

    __slots__ = ()


class Cards(tuple[Card, ...]):
    """Cards listed in order, written "12, 15, 17"."""

    __slots__ = ()

    def __str__(self) -> str:
        return ", ".join(self)


class Text:
    """A sentence of the engine: a code of :data:`TEMPLATES` and its named
    values. Two texts are equal when their code and values are; ``str()`` is
    the English."""

    __slots__ = ("code", "values")

    code: str
    values: Mapping[str, Value]

    def __init__(self, code: str, /, **values: Value) -> None:
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "values", values)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Text is a value: its {name} cannot change")

    def __str__(self) -> str:
        return TEMPLATES[self.code].format_map(self.values)

    def __repr__(self) -> str:
        values = "".join(f", {key}={value!r}" for key, value in self.values.items())
        return f"Text({self.code!r}{values})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Text):
            return NotImplemented
        return self.code == other.code and self.values == other.values

    def __hash__(self) -> int:
        return hash((self.code, tuple(self.values)))

    def __reduce__(self) -> tuple[object, tuple[str, dict[str, Value]]]:
        """Pickled as its code and values (a cache keeps replayed games).

        >>> import pickle
        >>> text = Text("dispute.prices", old=Card("17"), new=Card("15"))
        >>> pickle.loads(pickle.dumps(text)) == text
        True
        """
        return (_text, (self.code, dict(self.values)))


def _text(code: str, values: dict[str, Value]) -> Text:
    """A :class:`Text` again, from what :meth:`Text.__reduce__` pickled."""
    return Text(code, **values)


Value = str | int | Text | Card | Cards
"""What a text may hold: a name or a quoted input (str, never translated),
a card, cards, a number, or another text (translated in its turn)."""


def colour_text(name: str) -> Text:
    """A colour's name ("blue") as a text: the reader's word for it."""
    return Text(f"colour.{name}")


def joined(code: str, items: Iterable[Value]) -> Value:
    """Items joined as people write a list: with ``code`` ("list.and",
    "list.or") before the last and commas before the others ("A, B and C");
    any other code joins every pair with itself ("findings.joined": "A; B;
    C"). One item is itself. ValueError for none."""
    found = list(items)
    if not found:
        raise ValueError("nothing to join")
    between = "list.comma" if code in SERIES else code
    text = found[0]
    for item in found[1:-1]:
        text = Text(between, first=text, second=item)
    if len(found) > 1:
        text = Text(code, first=text, second=found[-1])
    return text


SERIES = frozenset({"list.and", "list.or"})
"""The codes that join only the last two items of a list; the others are
joined with commas ("list.comma")."""

"""What changed between two replays of a game, in plain words.

When the table corrects or deletes an earlier trick the whole game is
replayed; these sentences tell the table what the correction did: who wins
a trick now, where the bottle ends, which scores and totals moved
(docs/rules.md, sections 4, 5 and 7).

>>> from scoring.record import parse_record, replay
>>> def game(*tricks):
...     return replay(parse_record({"format": "bottle-imp/1", "variant": "classic",
...         "players": ["Adam", "Betty", "Christian"], "first_dealer": 0, "goal": {},
...         "rounds": [{"tricks": [list(trick) for trick in tricks]}]}))
>>> for line in describe_changes(game(["24", "15", "17"]), game(["24", "18", "17"])):
...     print(line)
Round 1, trick 1: Christian wins it now (before: Adam); the price after it is 18, not 17.
Round 1: the bottle is now with Christian (before: Adam).
"""

from __future__ import annotations

from scoring.cards import card_of
from scoring.game import GameState
from scoring.state import RoundState, TrickPlay
from scoring.texts import Text, Value, joined
from scoring.tricks import winning_place


def describe_changes(
    before: GameState, after: GameState, notes: tuple[Text, ...] = ()
) -> tuple[Text, ...]:
    """Sentences naming what differs between two replays of the same game.

    ``notes`` are what a fix said besides (:class:`scoring.fixes.Refixed`),
    each naming its round and trick: each is placed with its trick, before
    that trick's ruling, so the table reads a trick's story in one place.
    """
    lines: list[Text] = []
    for old, new in zip(before.rounds, after.rounds, strict=False):
        lines += _with_notes(_round_changes(old, new), new.number, notes)
    if len(after.rounds) < len(before.rounds):
        lines.append(Text("changes.rounds", count=len(after.rounds), before=len(before.rounds)))
    players = after.table.players
    for seat, (old_total, new_total) in enumerate(zip(before.totals, after.totals, strict=True)):
        if old_total != new_total:
            lines.append(
                Text("changes.total", player=players[seat], total=new_total, before=old_total)
            )
    if before.winners != after.winners and after.finished:
        names = joined("list.and", [players[seat] for seat in after.winners])
        lines.append(Text("changes.winners", players=names))
    return tuple(lines)


def _with_notes(lines: list[Text], round_number: int, notes: tuple[Text, ...]) -> list[Text]:
    """A round's lines with the notes of its tricks, in trick order: a note
    before the lines of its trick and of every later one."""
    mine = [note for note in notes if note.values.get("round") == round_number]
    if not mine:
        return lines
    merged: list[Text] = []
    for line in lines:
        trick = line.values.get("trick")
        while mine and (trick is None or _trick_of(mine[0]) <= _trick_of(line)):
            merged.append(mine.pop(0))
        merged.append(line)
    return merged + mine


def _trick_of(text: Text) -> int:
    trick = text.values.get("trick")
    return trick if isinstance(trick, int) else 0


def _owners(names: tuple[str, ...], seats: tuple[int, ...]) -> Value:
    """Who owns the bottles: "Adam", "Adam and Betty", or nobody."""
    if not seats:
        return Text("nobody")
    return joined("list.and", [names[seat] for seat in seats])


def _winning_card(play: TrickPlay) -> int:
    """The card that wins a complete trick."""
    at, _sold = winning_place(play.cards, play.old_price)
    return play.cards[at]


def _round_changes(old: RoundState, new: RoundState) -> list[Text]:
    names = new.shape.names
    where = new.number
    lines: list[Text] = []
    for number, (was, now) in enumerate(zip(old.tricks, new.tricks, strict=False), 1):
        if was.winner == now.winner and was.price == now.price:
            continue
        if now.winner is None:
            continue
        winner: Value = ""
        if was.winner is not None and was.winner != now.winner:
            winner = Text("changes.winner_before", player=names[was.winner])
        price: Value = ""
        if was.price != now.price and now.price is not None:
            if was.price is not None:
                price = Text(
                    "changes.price_before", price=card_of(now.price), before=card_of(was.price)
                )
            else:
                price = Text("changes.price", price=card_of(now.price))
        said: dict[str, Value] = {"round": where, "trick": number, "player": names[now.winner]}
        if was.leader != now.leader:
            # a fix re-played it from its new leader, each card with its player
            said.update(leader=names[now.leader], card=card_of(_winning_card(now)))
            lines.append(Text("changes.trick_led", **said, winner=winner, price=price))
        else:
            lines.append(Text("changes.trick", **said, winner=winner, price=price))
    if len(new.tricks) < len(old.tricks):
        lines.append(
            Text("changes.tricks", round=where, count=len(new.tricks), before=len(old.tricks))
        )
    if old.bottle_owners != new.bottle_owners:
        code = "changes.bottle_ends" if new.complete else "changes.bottle_now"
        owners = _owners(names, new.bottle_owners)
        lines.append(
            Text(code, round=where, owners=owners, before=_owners(names, old.bottle_owners))
        )
    if old.complete and not new.complete:
        lines.append(Text("changes.incomplete", round=where))
    if old.outcome is not None and new.outcome is not None:
        for seat, (was_score, score) in enumerate(
            zip(old.outcome.scores, new.outcome.scores, strict=True)
        ):
            if was_score != score:
                lines.append(
                    Text(
                        "changes.score",
                        round=where,
                        player=names[seat],
                        score=score,
                        before=was_score,
                    )
                )
    return lines

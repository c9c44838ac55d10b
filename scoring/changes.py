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

from scoring.cards import card_text
from scoring.game import GameState
from scoring.state import RoundState


def describe_changes(before: GameState, after: GameState) -> tuple[str, ...]:
    """Sentences naming what differs between two replays of the same game."""
    lines: list[str] = []
    for old, new in zip(before.rounds, after.rounds, strict=False):
        lines += _round_changes(old, new)
    if len(after.rounds) < len(before.rounds):
        lines.append(f"The game now has {len(after.rounds)} rounds, not {len(before.rounds)}.")
    players = after.table.players
    for seat, (old_total, new_total) in enumerate(zip(before.totals, after.totals, strict=True)):
        if old_total != new_total:
            lines.append(f"{players[seat]}'s total is now {new_total} (before: {old_total}).")
    if before.winners != after.winners and after.finished:
        names = " and ".join(players[seat] for seat in after.winners)
        lines.append(f"The game is now won by {names}.")
    return tuple(lines)


def _round_changes(old: RoundState, new: RoundState) -> list[str]:
    names = new.shape.names
    where = f"Round {new.number}"
    lines: list[str] = []
    for number, (was, now) in enumerate(zip(old.tricks, new.tricks, strict=False), 1):
        if was.winner == now.winner and was.price == now.price:
            continue
        if now.winner is None:
            continue
        text = f"{where}, trick {number}: {names[now.winner]} wins it"
        if was.winner is not None and was.winner != now.winner:
            text += f" now (before: {names[was.winner]})"
        if was.price != now.price and now.price is not None:
            text += f"; the price after it is {card_text(now.price)}"
            if was.price is not None:
                text += f", not {card_text(was.price)}"
        lines.append(text + ".")
    if len(new.tricks) < len(old.tricks):
        lines.append(f"{where} now has {len(new.tricks)} tricks, not {len(old.tricks)}.")
    if old.bottle_owners != new.bottle_owners:
        owners = " and ".join(names[seat] for seat in new.bottle_owners) or "nobody"
        before = " and ".join(names[seat] for seat in old.bottle_owners) or "nobody"
        verb = "ends with" if new.complete else "is now with"
        lines.append(f"{where}: the bottle {verb} {owners} (before: {before}).")
    if old.complete and not new.complete:
        lines.append(f"{where} is no longer complete.")
    if old.outcome is not None and new.outcome is not None:
        for seat, (was_score, score) in enumerate(
            zip(old.outcome.scores, new.outcome.scores, strict=True)
        ):
            if was_score != score:
                lines.append(f"{where}: {names[seat]} scores {score} (before: {was_score}).")
    return lines

"""What the app stores: a game's set-up and what the table entered, nothing
derived. Every result is computed by replaying the entries through
``scoring`` (see :mod:`companion.replay`).
"""

from __future__ import annotations

import secrets

from django.db import models

from companion.texts import ChangeText, say_change
from scoring.entries import Goal
from scoring.variants import Table


def new_token() -> str:
    """An unguessable capability token: 192 bits from ``secrets``."""
    return secrets.token_urlsafe(24)


SEAT_TOKEN_BYTES = 27
SEAT_TOKEN_LENGTH = 36
"""A seat link's token is longer than a game's (216 bits, 36 characters
against 32): the length alone says which table holds it, so a seat link's
page and its poll find their game in one query, as the edit and view links do."""


def new_seat_token() -> str:
    """An unguessable seat token: 216 bits from ``secrets``, 36 characters."""
    return secrets.token_urlsafe(SEAT_TOKEN_BYTES)


class Group(models.Model):
    """A table that keeps its games together: a name, the players by name,
    and the games started from it. It has capability links, as a game has:
    the edit link starts games in it, the view link only watches. Everything
    else (winners, the players' figures) is read from its games' entries."""

    created = models.DateTimeField(auto_now_add=True)
    name = models.CharField(max_length=60)
    players = models.JSONField(help_text="The group's players, by name.")
    edit_token = models.CharField(max_length=64, unique=True, default=new_token)
    view_token = models.CharField(max_length=64, unique=True, default=new_token)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name

    @property
    def edition(self) -> str:
        """The deck the group's table owns: its last game's ("" before its
        first game), offered for its next one."""
        last = self.games.order_by("-created", "-pk").values_list("edition", flat=True)
        return last.first() or ""


class Game(models.Model):
    """A game's set-up: players in clockwise seat order, variant, deck, goal.

    ``edit_token`` and ``view_token`` are the capability links (no accounts).
    ``version`` grows by one with every change, for conditional GETs.
    """

    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    edit_token = models.CharField(max_length=64, unique=True, default=new_token)
    view_token = models.CharField(max_length=64, unique=True, default=new_token)
    players = models.JSONField(help_text="Names in clockwise seat order.")
    variant = models.CharField(max_length=20)
    teams = models.CharField(max_length=10, blank=True, default="")
    edition = models.CharField(max_length=10, default="classic")
    first_dealer = models.PositiveSmallIntegerField(default=0)
    dealer_was_random = models.BooleanField(default=False)
    goal_rounds = models.PositiveIntegerField(null=True, blank=True)
    goal_target = models.PositiveIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    has_undone = models.BooleanField(
        default=False, help_text="Whether some change was undone and can be redone."
    )
    follows = models.OneToOneField(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="rematch",
        help_text="The finished game this one is the rematch of (a game has one rematch).",
    )
    group = models.ForeignKey(
        Group, null=True, blank=True, on_delete=models.SET_NULL, related_name="games"
    )
    agree_required = models.BooleanField(
        default=False,
        help_text="Whether every seat must agree to a round before the edit link confirms it.",
    )

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{', '.join(self.players)} ({self.variant})"

    @property
    def table(self) -> Table:
        """The engine's table of this game: players, variant, team layout,
        deck (RecordError if the engine refuses the combination)."""
        return Table.create(tuple(self.players), self.variant, self.teams or None, self.edition)

    @property
    def goal(self) -> Goal:
        """How the game ends, as the engine sees it."""
        return Goal(rounds=self.goal_rounds, target=self.goal_target)

    def last_confirmed(self) -> int | None:
        """The number of the game's last confirmed round, if any."""
        confirmed = self.rounds.filter(confirmed=True).order_by("-number")
        return confirmed.values_list("number", flat=True).first()


class Round(models.Model):
    """One round's entries, in the shape of a `bottle-imp/1` round.

    ``tricks`` is a list of tricks, each a list of card texts in play order;
    the last may be incomplete. A quick round has ``quick`` instead.
    ``confirmed`` is set when the table accepts the round's result;
    ``settled_revokes`` lists the revokes the table let stand (each one, so
    any other revoke of the round is still shown).
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    dealer = models.PositiveSmallIntegerField(null=True, blank=True)
    tricks = models.JSONField(default=list, blank=True)
    imps_trick = models.JSONField(null=True, blank=True)
    lopaka_hand = models.JSONField(null=True, blank=True)
    open_hands = models.JSONField(null=True, blank=True)
    quick = models.JSONField(null=True, blank=True)
    confirmed = models.BooleanField(default=False)
    settled_revokes = models.JSONField(
        default=list,
        blank=True,
        help_text="The revokes the table let stand: each its player, and its two cards with"
        " their tricks (companion.revokes.settled_entry).",
    )
    agreed = models.JSONField(
        default=list,
        blank=True,
        help_text="The seats that agreed to the round's result: each its player and the"
        " round's tricks as they saw them (companion.seats).",
    )
    flags = models.JSONField(
        default=list,
        blank=True,
        help_text="The tricks a seat flagged: each its player, the trick, a short note and"
        " the round's tricks as they saw them (companion.seats).",
    )
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_round_per_number"),
        ]

    def __str__(self) -> str:
        return f"Round {self.number} of game {self.game_id}"


class Seat(models.Model):
    """A player's own link to a game (a seat link): it sees the whole game
    live and enters only its player's cards, takes back its own last card,
    agrees to a round and flags a trick. ``seat`` is the player's place in
    the game's clockwise order. The token is replaceable, as the game's
    links are; two phones may hold one seat."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=64, unique=True, default=new_seat_token)

    class Meta:
        ordering = ["game", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_link_per_seat"),
        ]

    def __str__(self) -> str:
        return f"Seat {self.seat} of game {self.game_id}"


class Submission(models.Model):
    """An idempotency key of a change already applied: a retried POST is not
    applied twice, and the same key sent with another change is refused.
    Kept a day (``manage.py prune_submissions``)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="submissions")
    key = models.CharField(max_length=64)
    digest = models.CharField(
        max_length=100,
        blank=True,
        default="",
        help_text="The change the key was sent with: its verb and a SHA-256 of its values.",
    )
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "key"], name="one_submission_per_key"),
        ]


class Change(models.Model):
    """One change the table made to a game, kept so it can be taken back.

    ``code`` and ``values`` say what it was, as the engine says its texts
    (:class:`companion.texts.ChangeText`: "card.played" with the player,
    card and trick), each reader reading it in their language ("Betty's 17
    in trick 3", "17 von Betty in Stich 3"). ``rounds`` holds each affected round's entries
    before and after the change: ``[{"number": n, "before": {...} | None,
    "after": {...} | None}]`` (None before: the change made the round; None
    after: it removed it). ``round`` is the round the screen shows after the
    change. An undone change can be redone until a new change is made; the
    changes one undo took back together (``undone_with``) are redone together.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="changes")
    number = models.PositiveIntegerField(help_text="Order of the change within its game.")
    code = models.CharField(max_length=40, help_text="The kind of change (companion.texts).")
    values = models.JSONField(default=dict, help_text="The change's names, cards and numbers.")
    round = models.PositiveIntegerField()
    rounds = models.JSONField()
    undone = models.BooleanField(default=False)
    undone_with = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="While undone: the number of the earliest change one undo took back with"
        " it (a single undo: its own number). One redo makes them all again.",
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_change_per_number"),
        ]

    def __str__(self) -> str:
        return f"Change {self.number} of game {self.game_id}: {say_change(self.text)}"

    @property
    def text(self) -> ChangeText:
        """What the change did, to be said in the reader's language."""
        return ChangeText(self.code, self.values)


class Creation(models.Model):
    """A game or group made by a form or an API call that carried an
    idempotency key: the same send again (a double tap, a retried request)
    opens what the first made instead of making another
    (:func:`companion.actions.creating.create_once`). ``sent`` is a SHA-256
    of the key with what was sent, so the same key with other values makes
    something new. Honoured for an hour; pruned with the changes' keys
    (``manage.py prune_submissions``)."""

    sent = models.CharField(max_length=64, unique=True)
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    group = models.ForeignKey(
        Group, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True, db_index=True)

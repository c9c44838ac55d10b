"""``manage.py prune_submissions``: idempotency keys older than a day (or
``--older-than-hours``) are deleted; newer ones stay, so a retry within the
day is still recognised."""

from __future__ import annotations

import io
import uuid
from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from companion.models import Submission
from tests.factories import GameFactory

pytestmark = pytest.mark.django_db


def submission(game, hours_old: float) -> Submission:
    item = Submission.objects.create(game=game, key=uuid.uuid4().hex)
    Submission.objects.filter(pk=item.pk).update(
        created=timezone.now() - timedelta(hours=hours_old)
    )
    return item


def prune(*args: str) -> str:
    out = io.StringIO()
    call_command("prune_submissions", *args, stdout=out)
    return out.getvalue()


def test_keys_older_than_a_day_are_deleted():
    game = GameFactory()
    old = [submission(game, 25), submission(game, 24 * 30)]
    fresh = [submission(game, 0), submission(game, 23)]

    said = prune()

    assert sorted(Submission.objects.values_list("pk", flat=True)) == sorted(
        item.pk for item in fresh
    )
    assert said == f"Deleted {len(old)} idempotency keys older than 24 hours.\n"


def test_the_age_can_be_given_in_hours():
    game = GameFactory()
    submission(game, 3)
    kept = submission(game, 1)

    said = prune("--older-than-hours", "2")

    assert list(Submission.objects.values_list("pk", flat=True)) == [kept.pk]
    assert said == "Deleted 1 idempotency keys older than 2 hours.\n"


def test_a_retry_within_the_day_still_counts_after_pruning(editor):
    key = uuid.uuid4().hex
    first = editor.client.post(editor.url("play_card"), {"version": 0, "key": key, "card": "24"})
    prune()

    again = editor.client.post(editor.url("play_card"), {"version": 0, "key": key, "card": "24"})

    assert (first.status_code, again.status_code) == (302, 302)
    assert editor.game.rounds.get().tricks == [["24"]]


@pytest.mark.parametrize("hours", ["0", "-1", "x"])
def test_a_bad_age_is_refused(hours):
    with pytest.raises(CommandError):
        call_command("prune_submissions", "--older-than-hours", hours)

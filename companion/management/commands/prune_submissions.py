"""``manage.py prune_submissions [--older-than-hours 24]``: delete the
idempotency keys of old changes, and of old new games, groups and imports.
A key only has to outlive the retries of its form (seconds to minutes); a
day is plenty. Run it daily from cron."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from companion.models import Creation, Submission


def positive_hours(text: str) -> int:
    try:
        hours = int(text)
    except ValueError:
        raise CommandError(f"--older-than-hours must be a whole number, not {text!r}") from None
    if hours < 1:
        raise CommandError(f"--older-than-hours must be at least 1, not {hours}")
    return hours


class Command(BaseCommand):
    help = "Delete idempotency keys (Submission rows) older than a day."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--older-than-hours",
            type=positive_hours,
            default=24,
            help="Delete keys older than this many hours (default 24).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        hours = options["older_than_hours"]
        cutoff = timezone.now() - timedelta(hours=hours)
        deleted, _ = Submission.objects.filter(created__lt=cutoff).delete()
        made, _ = Creation.objects.filter(created__lt=cutoff).delete()
        deleted += made
        self.stdout.write(f"Deleted {deleted} idempotency keys older than {hours} hours.")

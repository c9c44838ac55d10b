"""*Let it stand* settles one revoke, stored as such: a round's count of
dismissed warnings becomes the list of the revokes it settled.

The count hid the round's first N warnings, whatever they were; the
engine's replay of the game says which revokes those were then, so the
first N findings of each round become its settled revokes. The history of
changes keeps each round's entries before and after a change: its counts
become lists the same way, so that an undo puts back what was settled.
A round the engine cannot replay keeps no settled revoke (its warnings are
shown again, for the table to look at)."""

from typing import Any

from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

from scoring.findings import Finding
from scoring.record import parse_record, replay


def round_data(entries: dict[str, Any]) -> dict[str, Any]:
    """A round's stored entries (a row's fields or a change's snapshot) as a
    `bottle-imp/1` round."""
    data: dict[str, Any] = {}
    if entries.get("dealer") is not None:
        data["dealer"] = entries["dealer"]
    if entries.get("quick") is not None:
        data["quick"] = entries["quick"]
        return data
    data["tricks"] = entries.get("tricks") or []
    for name in ("imps_trick", "lopaka_hand"):
        if entries.get(name) is not None:
            data[name] = entries[name]
    if entries.get("open_hands"):
        data["open_hands"] = entries["open_hands"]
    return data


def record_data(game: Any, rounds: list[dict[str, Any]]) -> dict[str, Any]:
    goal: dict[str, int] = {}
    if game.goal_rounds:
        goal = {"rounds": game.goal_rounds}
    elif game.goal_target:
        goal = {"target": game.goal_target}
    data: dict[str, Any] = {"format": "bottle-imp/1", "variant": game.variant}
    if game.edition != "classic":
        data["edition"] = game.edition
    if game.teams:
        data["teams"] = game.teams
    data.update(
        players=list(game.players),
        first_dealer=game.first_dealer,
        goal=goal,
        rounds=rounds,
    )
    return data


def settled(game: Any, rounds: list[dict[str, Any]], count: int) -> list[dict[str, Any]]:
    """The first ``count`` revokes of the last of ``rounds`` (round data),
    as settled revokes; none when the engine refuses the entries."""
    if not count:
        return []
    try:
        state = replay(parse_record(record_data(game, rounds)))
    except (Finding, ValueError, TypeError, KeyError):
        return []
    if len(state.rounds) < len(rounds):
        return []
    warnings = state.rounds[len(rounds) - 1].warnings[:count]
    return [
        {
            "player": warning.player,
            "trick": warning.failed.trick,
            "card": warning.failed.card,
            "later_trick": warning.later.trick,
            "later_card": warning.later.card,
        }
        for warning in warnings
    ]


def entries_of(row: Any) -> dict[str, Any]:
    names = ("dealer", "tricks", "imps_trick", "lopaka_hand", "open_hands", "quick")
    return {name: getattr(row, name) for name in names}


def count_to_settled(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Game = apps.get_model("companion", "Game")
    for game in Game.objects.all():
        rows = list(game.rounds.order_by("number"))
        data = [round_data(entries_of(row)) for row in rows]
        for index, row in enumerate(rows):
            if row.dismissed_warnings:
                row.settled_revokes = settled(game, data[: index + 1], row.dismissed_warnings)
                row.save(update_fields=["settled_revokes"])
        for change in game.changes.all():
            for item in change.rounds:
                earlier = data[: item["number"] - 1]
                for side in ("before", "after"):
                    entries = item.get(side)
                    if entries is None or "dismissed_warnings" not in entries:
                        continue
                    count = entries.pop("dismissed_warnings")
                    rounds = [*earlier, round_data(entries)]
                    entries["settled_revokes"] = settled(game, rounds, count)
            change.save(update_fields=["rounds"])


def settled_to_count(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Round = apps.get_model("companion", "Round")
    for row in Round.objects.exclude(settled_revokes=[]):
        row.dismissed_warnings = len(row.settled_revokes)
        row.save(update_fields=["dismissed_warnings"])
    Change = apps.get_model("companion", "Change")
    for change in Change.objects.all():
        for item in change.rounds:
            for side in ("before", "after"):
                entries = item.get(side)
                if entries is not None and "settled_revokes" in entries:
                    entries["dismissed_warnings"] = len(entries.pop("settled_revokes"))
        change.save(update_fields=["rounds"])


class Migration(migrations.Migration):
    dependencies = [
        ("companion", "0005_groups"),
    ]

    operations = [
        migrations.AddField(
            model_name="round",
            name="settled_revokes",
            field=models.JSONField(
                blank=True,
                default=list,
                help_text="The revokes the table let stand: each its player, and its two cards"
                " with their tricks (companion.revokes.settled_entry).",
            ),
        ),
        migrations.RunPython(count_to_settled, settled_to_count),
        migrations.RemoveField(model_name="round", name="dismissed_warnings"),
    ]

"""The Django admin: games, their rounds, and the idempotency keys applied.

A game or a round changed here by hand claims the game's next version, as
every change the app makes does: what is kept under a version (the round
being played, the standings) is never shown for the changed game, and a
phone's form from before the change is refused as stale."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import F, QuerySet
from django.forms import ModelForm
from django.http import HttpRequest

from companion.models import Game, Round, Submission


def changed_by_hand(*game_ids: int) -> None:
    """The games' next versions, claimed."""
    Game.objects.filter(pk__in=game_ids).update(version=F("version") + 1)


def save_changed(obj: Game | Round, form: ModelForm[Any], change: bool) -> None:
    """A new row whole; a changed one, only the fields changed by hand (not
    the versions, nor what the app changed meanwhile)."""
    if change:
        obj.save(update_fields=form.changed_data)
    else:
        obj.save()


class RoundInline(admin.TabularInline[Round, Game]):
    model = Round
    extra = 0
    fields = ("number", "dealer", "confirmed", "trick_count", "version")
    readonly_fields = ("trick_count",)
    show_change_link = True

    @admin.display(description="tricks")
    def trick_count(self, item: Round) -> int:
        return len(item.tricks or [])


@admin.register(Game)
class GameAdmin(admin.ModelAdmin[Game]):
    list_display = ("id", "player_names", "variant", "teams", "edition", "created", "version")
    list_filter = ("variant", "edition", "created")
    search_fields = ("players",)
    date_hierarchy = "created"
    readonly_fields = ("created", "updated", "version")
    inlines = [RoundInline]

    def save_model(
        self, request: HttpRequest, obj: Game, form: ModelForm[Game], change: bool
    ) -> None:
        save_changed(obj, form, change)

    def save_related(self, request: HttpRequest, form: ModelForm[Game], *args: Any) -> None:
        super().save_related(request, form, *args)  # the game's rounds, after the game
        changed_by_hand(form.instance.pk)

    @admin.display(description="players")
    def player_names(self, game: Game) -> str:
        return ", ".join(game.players)


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin[Round]):
    list_display = ("id", "game", "number", "confirmed", "trick_count", "version")
    list_filter = ("confirmed", "game__variant")
    list_select_related = ("game",)
    readonly_fields = ("version",)

    def save_model(
        self, request: HttpRequest, obj: Round, form: ModelForm[Round], change: bool
    ) -> None:
        save_changed(obj, form, change)
        changed_by_hand(obj.game_id)

    def delete_model(self, request: HttpRequest, obj: Round) -> None:
        super().delete_model(request, obj)
        changed_by_hand(obj.game_id)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        games = set(queryset.values_list("game_id", flat=True))
        super().delete_queryset(request, queryset)
        changed_by_hand(*games)

    @admin.display(description="tricks")
    def trick_count(self, item: Round) -> int:
        return len(item.tricks or [])


@admin.register(Submission)
class SubmissionAdmin(admin.ModelAdmin[Submission]):
    list_display = ("key", "game", "created")
    list_select_related = ("game",)
    search_fields = ("key",)
    readonly_fields = ("game", "key", "created")


__all__ = ["GameAdmin", "RoundAdmin", "SubmissionAdmin"]

"""The Django admin: games, their rounds, and the idempotency keys applied."""

from __future__ import annotations

from django.contrib import admin

from companion.models import Game, Round, Submission


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

    @admin.display(description="players")
    def player_names(self, game: Game) -> str:
        return ", ".join(game.players)


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin[Round]):
    list_display = ("id", "game", "number", "confirmed", "trick_count", "version")
    list_filter = ("confirmed", "game__variant")
    list_select_related = ("game",)
    readonly_fields = ("version",)

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

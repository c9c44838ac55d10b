"""Every URL of the app, namespaced "imp" (included from companion/urls.py)."""

from django.urls import path

from companion import api, dispute, game_page, play, sharing, start

app_name = "imp"

urlpatterns = [
    path("dispute/", dispute.dispute, name="dispute"),
    # Shared tables (issue 5): home, import, links, live standings, exports, API.
    path("", sharing.home, name="home"),
    path("import/", sharing.import_game, name="import"),
    path("g/<str:token>/share/", sharing.share, name="share"),
    path("g/<str:token>/share/regenerate/", sharing.regenerate, name="regenerate"),
    path("g/<str:token>/delete/", sharing.delete, name="delete"),
    path("g/<str:token>/live/", sharing.live, name="live"),
    path("g/<str:token>/record.json", api.record_json, name="record_json"),
    path("g/<str:token>/standings.json", api.standings_json, name="standings_json"),
    path("g/<str:token>/scores.csv", api.scores_csv_view, name="scores_csv"),
    path("api/games", api.create_game, name="api_games"),
    # Playing a game (issue 4): set-up, the round screen and its changes, standings.
    path("new/", start.new_game, name="new_game"),
    path("g/<str:token>/", game_page.game, name="game"),
    path("g/<str:token>/round/", play.round_page, name="round"),
    path("g/<str:token>/round/card/", play.play_card, name="play_card"),
    path("g/<str:token>/round/tricks/", play.round_tricks, name="round_tricks"),
    path("g/<str:token>/round/undo/", play.undo_card, name="undo_card"),
    path("g/<str:token>/round/hands/", play.known_hand, name="known_hand"),
    path("g/<str:token>/round/quick/", play.quick_round, name="quick_round"),
    path("g/<str:token>/round/dealer/", play.set_dealer, name="set_dealer"),
    path("g/<str:token>/round/confirm/", play.confirm_round, name="confirm_round"),
    path("g/<str:token>/round/dismiss/", play.dismiss_warnings, name="dismiss_warnings"),
    path("g/<str:token>/rounds/<int:number>/", game_page.round_detail, name="round_detail"),
    path(
        "g/<str:token>/rounds/<int:number>/tricks/<int:trick>/edit/",
        play.edit_trick,
        name="edit_trick",
    ),
    path(
        "g/<str:token>/rounds/<int:number>/tricks/<int:trick>/delete/",
        play.delete_trick,
        name="delete_trick",
    ),
]

"""Every URL of the site: the admin, and the app's pages in the "imp" namespace.

The app's paths are grouped by what they serve; a game's paths all start with
its token (the edit link's or the view link's), ``g/<token>/``.
"""

from django.contrib import admin
from django.urls import include, path

from companion.views import (
    app,
    dispute,
    exports,
    fixes,
    game,
    group,
    history,
    language,
    seats,
    setup,
    sharing,
)
from companion.views import round as round_screen

app_name = "imp"

app_patterns = [
    # The start page: the games this browser has opened, a new game, an import.
    path("", sharing.home, name="home"),
    path("new/", setup.new_game, name="new_game"),
    path("import/", sharing.import_game, name="import"),
    # A group: a table's games kept together, with its own edit and view links.
    path("groups/new/", group.new_group, name="new_group"),
    path("groups/<str:token>/", group.group, name="group"),
    path("groups/<str:token>/share/", group.group_share, name="group_share"),
    path("groups/<str:token>/games.json", group.group_export, name="group_export"),
    path("groups/<str:token>/new-links/", group.group_new_links, name="group_new_links"),
    # Who wins this trick? The engine rules on one trick, with no game.
    path("dispute/", dispute.dispute, name="dispute"),
    # A game's standings, a past round, and the live standings every screen polls.
    path("g/<str:token>/", game.game, name="game"),
    path("g/<str:token>/live/", game.live, name="live"),
    # Who wins this trick? started from the game's deck, bottles and players.
    path("g/<str:token>/dispute/", dispute.game_dispute, name="game_dispute"),
    path("g/<str:token>/rounds/<int:number>/", game.round_detail, name="round_detail"),
    # A finished game's rematch: the same table, a new game.
    path("g/<str:token>/again/", game.play_again, name="play_again"),
    # The round screen and each change the table makes to the round being played.
    path("g/<str:token>/round/", round_screen.round_page, name="round"),
    path("g/<str:token>/round/card/", round_screen.play_card, name="play_card"),
    path("g/<str:token>/round/tricks/", round_screen.round_tricks, name="round_tricks"),
    path("g/<str:token>/round/live/", round_screen.round_live, name="round_live"),
    path("g/<str:token>/round/undo/", round_screen.undo_card, name="undo_card"),
    path("g/<str:token>/round/hands/", round_screen.known_hand, name="known_hand"),
    path("g/<str:token>/round/quick/", round_screen.quick_round, name="quick_round"),
    path("g/<str:token>/round/dealer/", round_screen.set_dealer, name="set_dealer"),
    path("g/<str:token>/round/confirm/", round_screen.confirm_round, name="confirm_round"),
    path("g/<str:token>/round/dismiss/", round_screen.dismiss_warnings, name="dismiss_warnings"),
    # Every player on their own phone: which seat is yours, a seat's Agree
    # and Flag a trick, and the edit link's settings of the seats.
    path("g/<str:token>/seats/", seats.seats, name="seats"),
    path("g/<str:token>/round/agree/", seats.agree, name="agree"),
    path("g/<str:token>/round/flag/", seats.flag, name="flag"),
    path("g/<str:token>/share/agreement/", seats.agreement, name="agreement"),
    path("g/<str:token>/share/seats/<int:seat>/new/", seats.new_seat_link, name="new_seat_link"),
    # Taking changes back: undo, redo, and the round's history of changes.
    path("g/<str:token>/history/", history.round_history, name="history"),
    path("g/<str:token>/history/undo/", history.undo, name="undo"),
    path("g/<str:token>/history/undo/<int:number>/", history.undo_to, name="undo_to"),
    path("g/<str:token>/history/redo/", history.redo, name="redo"),
    # Corrections to a trick of any round, the game replayed after each:
    # in place on the round screen.
    path(
        "g/<str:token>/rounds/<int:number>/tricks/<int:trick>/fix/",
        fixes.fix_trick,
        name="fix_trick",
    ),
    path(
        "g/<str:token>/rounds/<int:number>/tricks/<int:trick>/delete/",
        round_screen.delete_trick,
        name="delete_trick",
    ),
    # Sharing a game: its links as QR codes, a new link, deleting it.
    path("g/<str:token>/share/", sharing.share, name="share"),
    path("g/<str:token>/share/regenerate/", sharing.regenerate, name="regenerate"),
    path("g/<str:token>/share/regenerate-view/", sharing.regenerate_view, name="regenerate_view"),
    path("g/<str:token>/delete/", sharing.delete, name="delete"),
    # Exports of a game, and the API that makes a game of a record.
    path("g/<str:token>/record.json", exports.record_json, name="record_json"),
    path("g/<str:token>/standings.json", exports.standings_json, name="standings_json"),
    path("g/<str:token>/scores.csv", exports.scores_csv_view, name="scores_csv"),
    path("api/games", exports.create_game, name="api_games"),
]

# A request the app cannot read: its own page, which does not read the form
# again (Django's default 400 view does, through its CSRF check).
handler400 = "companion.views.errors.bad_request"
# A change a link may not make: a seat link is told what it may do.
handler403 = "companion.views.errors.permission_denied"

urlpatterns = [
    path("admin/", admin.site.urls),
    # The app as a phone installs it: at the root, so the worker covers every page.
    path("manifest.webmanifest", app.manifest, name="manifest"),
    path("sw.js", app.service_worker, name="service_worker"),
    # What the worker shows offline for a page this phone never opened.
    path("offline/", app.offline_page, name="offline"),
    # The language switch on every page (templates/language.html).
    path("language/<str:code>/", language.switch_language, name="language"),
    path("", include((app_patterns, app_name))),
]

"""The browser tests' live server and the test itself query the database at
the same time: each thread must have a connection of its own. (Django's
in-memory SQLite test database shares one connection between them, and two
queries at once read each other's rows: a 500 now and then in CI.)"""

from __future__ import annotations

import threading
import urllib.request

import pytest

from companion.models import Game
from tests.companion.app_routes import make_game
from tests.companion.crawl import play


@pytest.mark.django_db(transaction=True)
def test_pages_and_the_test_query_the_database_at_once(live_server):
    game = play(make_game(), "24", "15", "17")
    url = f"{live_server.url}/g/{game.view_token}/"
    statuses: list[int] = []
    errors: list[Exception] = []

    def look(times: int) -> None:
        for _ in range(times):
            try:
                with urllib.request.urlopen(url, timeout=30) as reply:
                    statuses.append(reply.status)
            except Exception as error:  # a 500, a dropped connection
                errors.append(error)

    lookers = [threading.Thread(target=look, args=(25,)) for _ in range(4)]
    for looker in lookers:
        looker.start()
    names = set()
    while any(looker.is_alive() for looker in lookers):
        names.add(Game.objects.get(pk=game.pk).players[0])
    for looker in lookers:
        looker.join()

    assert errors == []
    assert statuses == [200] * 100
    assert names == {"Adam"}

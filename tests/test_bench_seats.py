"""The load's seat phone (bench.seat_tables) takes what the events server
pushes as static/js/follow.js does."""

from __future__ import annotations

from bench.seat_tables import SeatPhone, heard

SCREEN = (
    '<section id="round">'
    '<div id="play-stamp" hidden data-version="{v}" data-etag="g1v{v}-en"></div></section>'
)


def pushed_round(version: int) -> bytes:
    """A whole round screen pushed (``event: round``), showing ``version``."""
    return f"event: round\ndata: {version}\ndata: {SCREEN.format(v=version)}".encode()


def test_a_seat_phone_takes_a_whole_round_screen_newer_than_its_own():
    phone = SeatPhone(1, "/g/seat/round/", "http://127.0.0.1:1")
    phone.etag = '"g1v5-en"'

    assert heard(phone, pushed_round(6))
    assert (phone.version, phone.heard) == (6, 6)
    assert not heard(phone, pushed_round(6))  # shown already: nothing to take
    assert not heard(phone, pushed_round(4))  # older than the screen
    assert phone.version == 6


def test_a_seat_phone_sending_its_card_takes_no_round_screen_and_asks():
    phone = SeatPhone(1, "/g/seat/round/", "http://127.0.0.1:1")
    phone.etag = '"g1v5-en"'
    phone.sending = True

    assert not heard(phone, pushed_round(6))
    assert (phone.version, phone.heard) == (5, 6)  # told: it asks once its card is answered
    assert phone.told.is_set()

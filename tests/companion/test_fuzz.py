"""Property-based fuzzing of every endpoint that takes input (issue 6).

The forms are not listed here: they are found by crawling every page of
companion/urls.py (plain pages, and a game's pages through its edit link)
and reading their <form>s, so a form added later is fuzzed too. Each form is
then sent with random and hostile values, extra and duplicated fields, the
edit, view, a wrong or a deleted game's token, with and without CSRF, and
replayed. The JSON API and the import upload get random and mutated records.

Every answer must be below 500 (a 4xx must say something), and every stored
game must still replay through the engine.
"""

from __future__ import annotations

import json
import secrets

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.models import Game, Group
from companion.replay import game_state, record_data
from scoring.cards import card_code, deck_for
from scoring.tricks import rule_trick
from scoring.variants import trick_sizes
from tests.companion.app_routes import game_routes, make_game
from tests.companion.crawl import STAGES, FormSpec, every_form, mutating_routes

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=False,
)

HOSTILE = [
    "",
    " ",
    "0",
    "-1",
    "19",
    "19.0",
    "2.5",
    "17",
    "24",
    "38",
    "99.5",
    "100",
    "1e3",
    "NaN",
    "inf",
    "-0",
    "0x11",
    "１７",
    "١٧",
    "17 ",
    " 17",
    "17,5",
    "17.25",
    "true",
    "null",
    "[]",
    "{}",
    "None",
    "\x00",
    "\t",
    "\u202e17",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "../../etc/passwd",
    "%00",
    "🂡",
    "名前",
    "9" * 300,
    "a" * 5000,
    "2147483648",
    "-9223372036854775809",
    "1" * 40,
]
hostile_text = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(max_size=40),
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.decimals(allow_nan=True, allow_infinity=True).map(str),
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=12), children, max_size=5)
    ),
    max_leaves=25,
)


# --- the forms of the app, read from games at every stage -------------------


@pytest.fixture(scope="module")
def forms(django_db_setup, django_db_blocker):
    """The app's forms, read once from games at every stage (then thrown away)."""
    with django_db_blocker.unblock():
        found = every_form()
        Game.objects.all().delete()
        Group.objects.all().delete()  # the crawl's stage "in a group"
    assert found, "no form found on any page"
    return found


def test_the_crawl_finds_a_form_for_every_mutating_route(forms):
    """A form added to any page is fuzzed; a route that takes a POST with no
    form on any page is a form the crawl cannot see (the API has its own
    fuzz test below)."""
    found = {form.route for form in forms}

    # a seat's Agree and Flag a trick are on its seat link's pages, which the
    # crawl (through the edit link) does not open: tests/companion/test_seats.py
    assert mutating_routes() - found == {"api_games", "agree", "flag"}
    assert {"set_dealer", "quick_round", "known_hand", "confirm_round", "dismiss_warnings"} <= found


def test_every_form_as_the_page_wrote_it_is_answered(forms):
    """Each form sent once with the values its page gave it, to a game at
    the stage it was read from: no 500."""
    client = Client(raise_request_exception=False)
    for form in forms:
        game = STAGES[form.stage]()
        action = form.action.replace(form.tokens[0], game.edit_token)
        values: dict[str, list[str]] = {}
        for name, value in form.fields:
            values.setdefault(name, []).append(value.replace(form.tokens[0], game.edit_token))
        for name, options in form.choices.items():
            values.setdefault(name, []).append(options[-1])
        send = client.post if form.method == "post" else client.get
        if "multipart" in form.enctype:
            values["record"] = [SimpleUploadedFile("r.json", json.dumps(_valid_record()).encode())]
        response = send(action, values)
        assert response.status_code < 500, (form.stage, form.action, response.content[:300])


def check_answer(response) -> None:
    """Below 500; a refusal says something."""
    assert response.status_code < 500, response.content[:500]
    if 400 <= response.status_code < 500 and response.status_code != 405:
        assert response.content.strip(), f"empty {response.status_code}"


def assert_games_replay() -> None:
    for game in Game.objects.all():
        game_state(game)


# --- every form, hostile values ---------------------------------------------------


@st.composite
def form_data(draw, form: FormSpec):
    data: dict[str, list[str]] = {}
    for name, value in form.fields:
        choice = draw(st.sampled_from(["keep", "keep", "hostile", "drop", "twice"]))
        if choice == "drop":
            continue
        if choice == "hostile":
            value = draw(hostile_text)
        data.setdefault(name, []).append(value)
        if choice == "twice":
            data[name].append(draw(hostile_text))
    for name, options in form.choices.items():
        if draw(st.booleans()):
            data.setdefault(name, []).append(draw(st.sampled_from(options) | hostile_text))
    extra = draw(st.dictionaries(st.text(min_size=1, max_size=12), hostile_text, max_size=3))
    for name, value in extra.items():
        data.setdefault(name, []).append(value)
    return data


@FUZZ
@given(st.data())
def test_every_form_survives_hostile_input(forms, data):
    form = data.draw(st.sampled_from(forms), label="form")
    template_edit, template_view = form.tokens
    game = STAGES[form.stage]()
    deleted = make_game(("Dee", "Eli", "Fay"))
    deleted_token = deleted.edit_token
    deleted.delete()
    token = data.draw(
        st.sampled_from(
            [
                game.edit_token,
                game.edit_token,
                game.view_token,
                deleted_token,
                secrets.token_urlsafe(24),
                "x" * 65,
            ]
        ),
        label="token",
    )
    action = form.action.replace(template_edit, token).replace(template_view, token)
    values = data.draw(form_data(form), label="values")
    for name, items in values.items():
        values[name] = [v.replace(template_edit, token) for v in items]
    csrf = data.draw(st.sampled_from(["off", "with token", "without token"]), label="csrf")
    client = Client(enforce_csrf_checks=csrf != "off", raise_request_exception=False)
    headers = {"HX-Request": "true"} if data.draw(st.booleans(), label="htmx") else {}
    if csrf == "with token":
        client.get(form.page.replace(template_edit, game.edit_token))
        cookie = client.cookies.get("csrftoken")
        if cookie is not None:
            values["csrfmiddlewaretoken"] = [cookie.value]
    repeat = data.draw(st.integers(min_value=1, max_value=2), label="sent")

    for _ in range(repeat):  # the second time replays the idempotency key
        if form.method == "post":
            if "multipart" in form.enctype:
                payload = {k: v[-1] for k, v in values.items()}
                upload = data.draw(
                    st.binary(max_size=200) | json_values.map(lambda v: json.dumps(v).encode()),
                    label="upload",
                )
                payload["record"] = SimpleUploadedFile("record.json", upload)
                response = client.post(action, payload, headers=headers)
            else:
                response = client.post(action, values, headers=headers)
        else:
            response = client.get(action, values, headers=headers)
        check_answer(response)
    assert_games_replay()


# --- every route under g/<token>/, with made-up fields ------------------------------

FIELD_NAMES = [
    "card",
    "cards",
    "version",
    "key",
    "seat",
    "trick",
    "number",
    "hand",
    "points_0",
    "points_1",
    "points_2",
    "bottle_0",
    "imps_trick_points",
    "confirm",
    "dealer",
    "csrfmiddlewaretoken",
]


@FUZZ
@given(data=st.data())
def test_every_game_route_survives_made_up_posts(data):
    routes = game_routes()
    route = data.draw(st.sampled_from(routes), label="route")
    stage = data.draw(st.sampled_from(sorted(STAGES)), label="stage")
    game = STAGES[stage]()
    token = data.draw(
        st.sampled_from([game.edit_token, game.view_token, secrets.token_urlsafe(24)]),
        label="token",
    )
    number = data.draw(st.integers(min_value=0, max_value=3) | st.just(2**40), label="number")
    url = route.url(token, number=number, trick=number)
    if url is None:
        return
    fields = data.draw(
        st.dictionaries(
            st.sampled_from(FIELD_NAMES) | st.text(max_size=10),
            st.lists(
                hostile_text | st.sampled_from([str(game.version), "24", "15", "17"]),
                min_size=1,
                max_size=2,
            ),
            max_size=6,
        ),
        label="fields",
    )
    client = Client(raise_request_exception=False)
    headers = {"HX-Request": "true"} if data.draw(st.booleans(), label="htmx") else {}
    for _ in range(data.draw(st.integers(min_value=1, max_value=2), label="sent")):
        check_answer(client.post(url, fields, headers=headers))
    check_answer(client.get(url, headers=headers))
    assert_games_replay()


# --- the dispute page agrees with the engine -----------------------------------------


@FUZZ
@given(
    edition=st.sampled_from(["classic", "matagot", "matagot54"]),
    data=st.data(),
)
def test_dispute_answers_what_the_engine_says(edition, data):
    deck = deck_for("matagot" if edition == "matagot54" else edition, 6 if "54" in edition else 4)
    below = [c for c in deck.cards if c < card_code("19")]
    price = data.draw(st.sampled_from([card_code("19"), *below]), label="price")
    cards = data.draw(
        st.lists(
            st.sampled_from([c for c in deck.cards if c != price]),
            min_size=trick_sizes(deck)[0],
            max_size=trick_sizes(deck)[-1],
            unique=True,
        ),
        label="cards",
    )
    query = {"edition": "matagot" if "matagot" in edition else "classic", "price": f"{price / 2:g}"}
    if "54" in edition:
        query["half_cards"] = "on"
    for index, code in enumerate(cards, 1):
        query[f"card_{index}"] = f"{code / 2:g}"
    response = Client().get("/dispute/", query, headers={"HX-Request": "true"})

    assert response.status_code == 200, response.text
    ruling = rule_trick(cards, [price])
    winner = f"{ruling.winning_card / 2:g}"
    assert f"Player {ruling.winner_index + 1} wins with the {winner}<" in response.text


# --- the JSON API and the import upload --------------------------------------------


def _valid_record() -> dict:
    game = make_game()
    record = record_data(game)
    game.delete()
    return record


@st.composite
def mutated_records(draw):
    record = _valid_record()
    for _ in range(draw(st.integers(min_value=0, max_value=3))):
        key = draw(st.sampled_from([*record, "extra", "rounds", "players"]))
        action = draw(st.sampled_from(["set", "drop", "rounds"]))
        if action == "drop":
            record.pop(key, None)
        elif action == "rounds":
            tricks = draw(st.lists(st.lists(hostile_text | st.integers(), max_size=5), max_size=4))
            record["rounds"] = [{"tricks": tricks}]
        else:
            record[key] = draw(json_values)
    return record


@FUZZ
@given(
    body=st.one_of(
        mutated_records().map(lambda r: json.dumps(r).encode()),
        json_values.map(lambda v: json.dumps(v).encode()),
        st.binary(max_size=300),
        st.sampled_from([b"", b"{", b"\xff\xfe", b"[]" * 1000, b'{"format": "bottle-imp/1"}']),
    ),
    content_type=st.sampled_from(
        ["application/json", "text/plain", "application/x-www-form-urlencoded"]
    ),
)
def test_api_games_never_fails(body, content_type):
    client = Client(raise_request_exception=False)
    response = client.post("/api/games", body, content_type=content_type)

    check_answer(response)
    if response.status_code == 201:
        assert response.json()["edit_url"]
    elif response.status_code >= 400:
        assert response.json()["errors"]
    assert_games_replay()


@FUZZ
@given(record=mutated_records())
def test_import_upload_never_fails(record):
    client = Client(raise_request_exception=False)
    upload = SimpleUploadedFile("game.json", json.dumps(record).encode())

    response = client.post("/import/", {"record": upload})

    check_answer(response)
    assert_games_replay()


def test_every_stored_game_replays_at_the_end():
    make_game()
    assert_games_replay()

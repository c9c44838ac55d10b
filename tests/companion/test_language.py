"""The reader's language: it follows the browser (Accept-Language), a switch
on every page changes it and is remembered (a cookie), and each reader of a
game reads their own (nothing is stored on the game). The compiled
catalogues are made by ``companion.messages`` (polib, no GNU gettext)."""

from __future__ import annotations

import os
import re
from urllib.parse import quote

import polib
import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from companion import messages

pytestmark = pytest.mark.django_db

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}


def html_lang(response) -> str:
    return re.search(r'<html lang="([^"]+)">', response.text).group(1)


def switch_buttons(response) -> list[tuple[str, str]]:
    """The language switch's links: (language, text)."""
    nav = re.search(r'<nav class="language".*?</nav>', response.text, re.S).group(0)
    return re.findall(r'href="/language/(\w+)/\?next=[^"]*"[^>]*>([^<]+)</a>', nav)


def switch(client, code: str, page: str):
    return client.get(reverse("language", args=[code]), {"next": page})


def test_the_page_is_english_without_a_preference(client):
    response = client.get(reverse("imp:home"))

    assert html_lang(response) == "en"
    assert switch_buttons(response) == [("de", "Deutsch")]
    assert "Accept-Language" in response["Vary"]


def test_the_page_follows_the_browsers_language(client):
    response = client.get(reverse("imp:home"), headers=GERMAN)

    assert html_lang(response) == "de"
    assert switch_buttons(response) == [("en", "English")]


def test_a_language_the_app_does_not_speak_falls_back_to_english(client):
    response = client.get(reverse("imp:home"), headers={"Accept-Language": "fr-FR,fr"})

    assert html_lang(response) == "en"


def test_the_switch_is_on_every_page_with_this_pages_address(client, game):
    for path in (
        reverse("imp:home"),
        reverse("imp:new_game"),
        reverse("imp:game", args=[game.view_token]),
        reverse("imp:round", args=[game.edit_token]),
        reverse("imp:dispute"),
    ):
        response = client.get(path)

        assert response.status_code == 200, path
        assert f'href="/language/de/?next={quote(path)}"' in response.text, path
        assert switch_buttons(response) == [("de", "Deutsch")], path


def test_switching_goes_back_to_the_page_and_is_remembered(client, game):
    page = reverse("imp:game", args=[game.view_token])

    response = switch(client, "de", page)

    assert response.status_code == 302
    assert response["Location"] == page
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "de"
    assert cookie["samesite"] == "Lax"
    assert cookie["max-age"] == 365 * 24 * 3600
    # Remembered over the browser's own language.
    assert html_lang(client.get(page, headers={"Accept-Language": "en"})) == "de"
    switch(client, "en", page)
    assert html_lang(client.get(page, headers=GERMAN)) == "en"


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/", "", "x\x00"])
def test_the_switch_does_not_leave_the_site(client, target):
    response = switch(client, "de", target)

    assert response.status_code == 302
    assert response["Location"] == "/"


def test_a_language_the_app_does_not_speak_is_a_404(client):
    assert client.get(reverse("language", args=["fr"]), {"next": "/"}).status_code == 404
    assert client.post(reverse("language", args=["de"]), {"next": "/"}).status_code == 405


def test_each_reader_of_a_game_reads_their_own_language(client, game):
    page = reverse("imp:game", args=[game.view_token])
    other = Client()
    switch(other, "de", page)

    assert html_lang(client.get(page)) == "en"
    assert html_lang(other.get(page)) == "de"
    assert html_lang(client.get(page)) == "en"


def test_a_304_is_never_the_other_languages_copy(client, game):
    live = reverse("imp:live", args=[game.view_token])
    english = client.get(live)["ETag"]

    assert english == f'"g{game.pk}v{game.version}-en"'
    assert client.get(live, headers={"if-none-match": english}).status_code == 304
    response = client.get(live, headers={"if-none-match": english, **GERMAN})
    assert response.status_code == 200
    assert response["ETag"] == f'"g{game.pk}v{game.version}-de"'


def test_a_viewers_polling_screen_sends_its_own_languages_version(client, game):
    page = client.get(reverse("imp:round", args=[game.view_token]), headers=GERMAN).text

    assert f'"If-None-Match": "\\"g{game.pk}v{game.version}-de\\""' in page


def write_po(path, entries, *, fuzzy: str = "") -> None:
    po = polib.POFile()
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8", "Language": "de"}
    for msgid, msgstr in entries.items():
        po.append(polib.POEntry(msgid=msgid, msgstr=msgstr))
    if fuzzy:
        po.append(polib.POEntry(msgid=fuzzy, msgstr="Unsicher", flags=["fuzzy"]))
    path.parent.mkdir(parents=True, exist_ok=True)
    po.save(str(path))


def test_the_compiler_writes_what_gettext_reads_without_fuzzy_entries(tmp_path):
    po = tmp_path / "de" / "LC_MESSAGES" / "django.po"
    write_po(po, {"Round": "Runde", "Undo": "Rückgängig"}, fuzzy="Redo")

    mo = messages.compile_catalogue(po)

    compiled = {entry.msgid: entry.msgstr for entry in polib.mofile(str(mo))}
    assert compiled == {"Round": "Runde", "Undo": "Rückgängig"}


def test_a_catalogue_is_compiled_again_only_when_it_is_newer(tmp_path):
    po = tmp_path / "django.po"
    write_po(po, {"Round": "Runde"})

    assert messages.is_stale(po)
    messages.compile_catalogue(po)
    assert not messages.is_stale(po)
    write_po(po, {"Round": "Die Runde"})
    later = po.stat().st_mtime + 1
    os.utime(po, (later, later))
    assert messages.is_stale(po)


def test_a_broken_catalogue_is_one_line_and_exit_1(tmp_path, capsys):
    po = tmp_path / "django.po"
    po.write_text('msgid "Round"\nmsgstr\n', encoding="utf-8")

    assert messages.main([str(po)]) == 1
    assert capsys.readouterr().err.startswith("error: ")


def test_every_catalogue_of_the_project_is_found_and_compiled():
    found = messages.catalogues()

    assert settings.BASE_DIR / "locale" / "de" / "LC_MESSAGES" / "django.po" in found
    for po in found:
        assert not messages.is_stale(po), po

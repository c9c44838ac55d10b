"""The app as a phone installs it: the web app manifest, its icons, and the
service worker, served from the site's root."""

from __future__ import annotations

import json
import struct

import pytest
from django.contrib.staticfiles import finders

from companion.views.app import SHELL

pytestmark = pytest.mark.django_db


def png_size(path: str) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    with open(path, "rb") as handle:
        head = handle.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR"
    return struct.unpack(">II", head[16:24])


def test_the_manifest_names_the_app_and_how_it_opens(client):
    response = client.get("/manifest.webmanifest")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Bottle Imp Companion"
    assert manifest["short_name"] == "Bottle Imp"
    opens = (manifest["start_url"], manifest["scope"], manifest["display"])
    assert opens == ("/?launch=app", "/", "standalone")
    sizes = {(icon["sizes"], icon.get("purpose", "any")) for icon in manifest["icons"]}
    assert sizes == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}


def test_each_icon_is_a_png_of_its_stated_size(client):
    manifest = json.loads(client.get("/manifest.webmanifest").content)

    for icon in manifest["icons"]:
        name = icon["src"].removeprefix("/static/")
        path = finders.find(name)
        assert path, name
        width, height = png_size(path)
        assert f"{width}x{height}" == icon["sizes"]


def test_every_page_links_the_manifest(client):
    page = client.get("/").content.decode()

    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert "js/offline.js" in page


def test_the_service_worker_is_served_from_the_root_with_the_shell(client):
    response = client.get("/sw.js")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert "no-cache" in response["Cache-Control"]
    body = response.content.decode()
    for name in SHELL:
        assert f'"/static/{name}"' in body
    assert 'if (request.method !== "GET") return;' in body  # changes are never cached


def test_every_file_of_the_shell_exists():
    for name in SHELL:
        assert finders.find(name), name


def test_the_worker_and_manifest_are_read_only(client):
    assert client.post("/sw.js").status_code == 405
    assert client.post("/manifest.webmanifest").status_code == 405

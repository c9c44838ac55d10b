"""An upload larger than a record may be is refused before it is read (by
its declared length) or while it is read (past 1 MiB), never after: a 413
with a clear message, at once, and nothing written to the temporary folder.
Over real HTTP (the live server) with a 50 MB body, and a chunked one."""

from __future__ import annotations

import json
import os
import select
import socket
import threading
import time
from contextlib import suppress
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from companion.models import Game, Group
from companion.transfer import MAX_RECORD_BYTES
from tests.companion.conftest import text

pytestmark = pytest.mark.django_db

RECORD = {
    "format": "bottle-imp/1",
    "variant": "classic",
    "players": ["Adam", "Betty", "Christian"],
    "first_dealer": 0,
    "goal": {},
    "rounds": [],
}
BOUNDARY = "----imp-upload-test"
FIFTY_MB = 50 * 1024 * 1024
PIECE = 64 * 1024


@pytest.fixture
def temp_folder(settings, tmp_path) -> Path:
    """The folder Django writes an upload's temporary file to."""
    settings.FILE_UPLOAD_TEMP_DIR = str(tmp_path)
    return tmp_path


class Watch:
    """The most bytes a folder's files held at once, polled while a request runs."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.most = 0
        self.running = True
        self.thread = threading.Thread(target=self.poll, daemon=True)

    def poll(self) -> None:
        while self.running:
            held = 0
            for entry in os.scandir(self.folder):
                with suppress(FileNotFoundError):  # deleted meanwhile
                    held += entry.stat().st_size
            self.most = max(self.most, held)
            time.sleep(0.002)

    def __enter__(self) -> Watch:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.running = False
        self.thread.join()


def browser() -> tuple[Client, str]:
    client = Client(enforce_csrf_checks=True)
    client.get("/")
    return client, client.cookies["csrftoken"].value


def upload(client: Client, token: str, content: bytes, language: str = "en"):
    return client.post(
        "/import/",
        {"csrfmiddlewaretoken": token, "record": SimpleUploadedFile("game.json", content)},
        HTTP_ACCEPT_LANGUAGE=language,
    )


def test_a_record_is_still_imported():
    client, token = browser()

    response = upload(client, token, json.dumps(RECORD).encode())

    assert response.status_code == 302
    assert Game.objects.count() == 1


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "the file is larger than 1024 KiB"), ("de", "die Datei ist größer als 1024 KiB")],
)
def test_a_body_declared_too_large_is_refused_unread(language, words, temp_folder):
    client, token = browser()
    content = b" " * (2 * MAX_RECORD_BYTES)

    with Watch(temp_folder) as watch:
        response = upload(client, token, content, language)

    assert response.status_code == 413
    assert words in text(response)
    assert watch.most == 0
    assert Game.objects.count() == Group.objects.count() == 0


def test_a_file_just_past_the_limit_stops_while_read(temp_folder):
    """The body is within the limit for a record and its form, the file is
    not: the upload stops at the limit, in memory, and the page says why."""
    client, token = browser()
    content = json.dumps(RECORD).encode() + b" " * MAX_RECORD_BYTES

    with Watch(temp_folder) as watch:
        response = upload(client, token, content)

    assert response.status_code == 413
    assert "the file is larger than 1024 KiB" in text(response)
    assert "Import a game" in text(response)  # the home page, with its import form
    assert watch.most == 0
    assert Game.objects.count() == 0


def test_the_api_refuses_a_large_body_by_its_length():
    response = Client().post(
        "/api/games", b"{" + b" " * (2 * MAX_RECORD_BYTES) + b"}", content_type="application/json"
    )

    assert response.status_code == 413
    assert response.json() == {"errors": ["the record must be at most 1024 KiB"]}


# --- over real HTTP -------------------------------------------------------------


def csrf_of(base: str) -> str:
    host, port = urlsplit(base).hostname, urlsplit(base).port
    with socket.create_connection((host, port), timeout=30) as sock:
        sock.sendall(f"GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head = answer.split(b"\r\n\r\n")[0].decode()
    return head.split("csrftoken=")[1].split(";")[0]


def multipart_head(token: str) -> bytes:
    return (
        f"--{BOUNDARY}\r\n"
        'Content-Disposition: form-data; name="csrfmiddlewaretoken"\r\n\r\n'
        f"{token}\r\n"
        f"--{BOUNDARY}\r\n"
        'Content-Disposition: form-data; name="record"; filename="game.json"\r\n'
        "Content-Type: application/json\r\n\r\n"
    ).encode()


def send_until_answered(base: str, head: bytes, pieces, limit_seconds: float = 60):
    """Send the request piece by piece as a browser does, reading the answer
    as soon as it comes: (status, answer, bytes of body sent, seconds)."""
    host, port = urlsplit(base).hostname, urlsplit(base).port
    sock = socket.create_connection((host, port), timeout=30)
    sock.setblocking(False)
    start = time.monotonic()
    outgoing = head
    sent = -len(head)
    answer = b""
    pieces = iter(pieces)
    try:
        while time.monotonic() - start < limit_seconds:
            if not outgoing:
                outgoing = next(pieces, b"")
            readable, writable, _ = select.select([sock], [sock] if outgoing else [], [], 1)
            if readable:
                chunk = sock.recv(65536)
                answer += chunk
                if not chunk or b"</html>" in answer or answer.endswith(b"}"):
                    break
            elif writable:
                try:
                    done = sock.send(outgoing)
                except (BrokenPipeError, ConnectionResetError):
                    outgoing = b""
                    continue
                sent += done
                outgoing = outgoing[done:]
    finally:
        seconds = time.monotonic() - start
        sock.close()
    status = int(answer.split(b" ", 2)[1]) if answer else 0
    return status, answer.decode(errors="replace"), max(sent, 0), seconds


@pytest.mark.django_db(transaction=True)
def test_a_50_mb_upload_over_http_is_refused_before_it_is_sent(live_server, temp_folder):
    base = live_server.url
    token = csrf_of(base)
    form = multipart_head(token)
    tail = f"\r\n--{BOUNDARY}--\r\n".encode()
    length = len(form) + FIFTY_MB + len(tail)
    head = (
        f"POST /import/ HTTP/1.1\r\nHost: {urlsplit(base).netloc}\r\n"
        f"Content-Type: multipart/form-data; boundary={BOUNDARY}\r\n"
        f"Content-Length: {length}\r\nCookie: csrftoken={token}\r\n"
        f"Referer: {base}/\r\nAccept-Language: de\r\n\r\n"
    ).encode() + form
    body = [*(b" " * PIECE for _ in range(FIFTY_MB // PIECE)), tail]

    with Watch(temp_folder) as watch:
        status, answer, sent, seconds = send_until_answered(base, head, body)

    print(f"50 MB upload: {status} after {seconds:.3f} s, {sent} bytes sent, {watch.most} on disk")
    assert status == 413
    assert "die Datei ist größer als 1024 KiB" in answer
    assert sent < FIFTY_MB // 2  # answered long before the body was sent
    assert seconds < 10
    assert watch.most == 0
    assert Game.objects.count() == 0


@pytest.mark.django_db(transaction=True)
def test_a_chunked_upload_over_http_is_refused_unread(live_server, temp_folder):
    base = live_server.url
    token = csrf_of(base)
    head = (
        f"POST /import/ HTTP/1.1\r\nHost: {urlsplit(base).netloc}\r\n"
        f"Content-Type: multipart/form-data; boundary={BOUNDARY}\r\n"
        f"Transfer-Encoding: chunked\r\nCookie: csrftoken={token}\r\n"
        f"Referer: {base}/\r\n\r\n"
    ).encode()
    piece = b"%x\r\n" % PIECE + b" " * PIECE + b"\r\n"
    body = [b"%x\r\n" % len(multipart_head(token)) + multipart_head(token) + b"\r\n"]
    body += [piece] * (FIFTY_MB // PIECE) + [b"0\r\n\r\n"]

    with Watch(temp_folder) as watch:
        status, answer, sent, seconds = send_until_answered(base, head, body)

    print(
        f"chunked upload: {status} after {seconds:.3f} s, {sent} bytes sent, {watch.most} on disk"
    )
    assert status == 411
    assert "did not say its size" in answer
    assert sent < FIFTY_MB // 2
    assert watch.most == 0
    assert Game.objects.count() == 0

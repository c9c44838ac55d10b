"""``make serve``: a table's server on the local network.

The server runs as ``make serve`` runs it (waitress, DEBUG off, SQLite) and is
reached from another host: a network namespace of the test's own, joined to
this one by a veth pair, stands for a phone on the same wifi. It opens the
printed address, starts a game with the form (so the CSRF cookie works over
plain HTTP) and sees its round screen.
"""

from __future__ import annotations

import os
import random
import shutil
import socket
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

import pytest
import zxingcpp

from companion.serve import allowed_hosts, qr_text, secret_key

ROOT = Path(__file__).resolve().parents[2]

PHONE = r"""
import http.cookiejar, re, sys, urllib.parse, urllib.request
url = sys.argv[1]
opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
home = opener.open(url, timeout=5).read().decode()
assert "Bottle Imp Companion" in home, home[:200]
form = opener.open(url + "new/", timeout=5).read().decode()
token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1)
data = {"csrfmiddlewaretoken": token, "name_0": "Ann", "name_1": "Ben", "name_2": "Cat",
        "variant": "classic", "edition": "classic", "dealer": "Ann", "goal": "rounds"}
request = urllib.request.Request(url + "new/", urllib.parse.urlencode(data).encode(),
                                 headers={"Referer": url + "new/"})
page = opener.open(request, timeout=5)
print(page.status, page.url)
print(page.read().decode())
"""


def test_the_secret_key_is_made_once_and_kept_private(tmp_path):
    path = tmp_path / "key"

    first = secret_key(path)

    assert len(first) >= 50
    assert path.stat().st_mode & 0o777 == 0o600
    assert secret_key(path) == first


@pytest.mark.parametrize("kept", ["too-short", "k" * 40 + "-a-long-enough-key-kept-as-it-is"])
def test_a_key_file_that_was_there_is_made_private(tmp_path, kept):
    path = tmp_path / "key"
    path.write_text(kept + "\n")
    path.chmod(0o644)

    key = secret_key(path)

    assert path.stat().st_mode & 0o777 == 0o600
    assert path.read_text() == key + "\n"
    assert (key == kept) == (len(kept) >= 50)
    assert len(key) >= 50


def test_the_phones_may_use_the_address_and_this_machines_names():
    hosts = allowed_hosts("10.1.2.3")

    assert hosts[0] == "10.1.2.3"
    assert socket.gethostname() in hosts
    assert {"localhost", "127.0.0.1"} <= set(hosts)


# What a terminal shows for each character of the printed code: the
# foreground colour (dark) in the upper half, the lower half, both or neither.
BLACK_ON_WHITE = "\x1b[30;107m"
RESET = "\x1b[0m"
HALVES = {"\u2588": (1, 1), "\u2580": (1, 0), "\u2584": (0, 1), " ": (0, 0)}
PIXELS = 4  # a module drawn 4 x 4 pixels


def decode_printed_qr(printed: str) -> str:
    """The text of the QR code in a terminal's output, read by zxing-cpp from
    a picture of it as the terminal draws it (black on white, no inverting)."""
    rows: list[list[int]] = []
    for line in printed.splitlines():
        if not line.startswith(BLACK_ON_WHITE):
            continue
        assert line.endswith(RESET), repr(line)
        cells = line[len(BLACK_ON_WHITE) : -len(RESET)]
        pairs = [HALVES[cell] for cell in cells]
        rows.append([top for top, _ in pairs])
        rows.append([bottom for _, bottom in pairs])
    assert rows, "no QR code printed"
    width, height = len(rows[0]) * PIXELS, len(rows) * PIXELS
    image = bytes(
        0 if dark else 255
        for row in rows
        for _ in range(PIXELS)
        for dark in row
        for _ in range(PIXELS)
    )
    view = zxingcpp.ImageView(image, width, height, zxingcpp.ImageFormat.Lum)
    found = zxingcpp.read_barcode(view, try_invert=False, formats=zxingcpp.BarcodeFormat.QRCode)
    assert found is not None, "the printed code does not scan"
    return str(found.text)


@pytest.mark.parametrize(
    "url", ["http://192.168.1.20:8000/", "http://10.1.2.3:8080/", "http://imp-laptop.local:8000/"]
)
def test_the_qr_code_printed_scans_as_the_address(url):
    assert decode_printed_qr(qr_text(url)) == url


def test_the_qr_code_is_black_on_white_with_a_quiet_zone():
    lines = qr_text("http://10.1.2.3:8000/").splitlines()

    assert all(line.startswith(BLACK_ON_WHITE) and line.endswith(RESET) for line in lines)
    blank = BLACK_ON_WHITE + " " * (len(lines[0]) - len(BLACK_ON_WHITE + RESET)) + RESET
    assert lines[:2] == [blank, blank]  # four light modules above the code
    assert all(line[len(BLACK_ON_WHITE) :].startswith("    ") for line in lines)


def _root_with_ip() -> bool:
    return os.geteuid() == 0 and shutil.which("ip") is not None


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True)


@pytest.fixture
def other_host():
    """A network namespace joined to this one by a veth pair: (namespace,
    this host's address on the link)."""
    if not _root_with_ip():
        pytest.skip("needs root and iproute2 to make a test host")
    n = random.randrange(1, 250)
    name, here, there = f"imp-phone-{os.getpid()}", f"impa{n}", f"impb{n}"
    _ip("netns", "add", name)
    try:
        _ip("link", "add", here, "type", "veth", "peer", "name", there)
        _ip("link", "set", there, "netns", name)
        _ip("addr", "add", f"10.213.{n}.1/30", "dev", here)
        _ip("link", "set", here, "up")
        _ip("netns", "exec", name, "ip", "addr", "add", f"10.213.{n}.2/30", "dev", there)
        _ip("netns", "exec", name, "ip", "link", "set", there, "up")
        yield name, f"10.213.{n}.1"
    finally:
        subprocess.run(["ip", "link", "del", here], capture_output=True)
        subprocess.run(["ip", "netns", "del", name], capture_output=True)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("0.0.0.0", 0))
        return int(probe.getsockname()[1])


def _read_until(server: subprocess.Popen, marker: str, seconds: float) -> str:
    seen = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        line = server.stdout.readline()
        if not line:
            break
        seen.append(line)
        if marker in line:
            break
    return "".join(seen)


def test_a_phone_on_the_local_network_starts_a_game(other_host, tmp_path):
    namespace, address = other_host
    port = _free_port()
    env = dict(os.environ)
    env.update(
        DATABASE_URL=f"sqlite:///{tmp_path / 'table.sqlite3'}",
        SECRET_KEY_FILE=str(tmp_path / "secret"),
        STATIC_ROOT=str(tmp_path / "static"),
        PYTHONUNBUFFERED="1",
    )
    command = [sys.executable, "-m", "companion.serve", "--port", str(port), "--address", address]
    server = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        printed = _read_until(server, "Ctrl-C", 60)
        url = f"http://{address}:{port}/"
        assert f"served at {url}" in printed
        assert decode_printed_qr(printed) == url
        answer = None
        for _ in range(50):
            answer = subprocess.run(
                ["ip", "netns", "exec", namespace, sys.executable, "-c", PHONE, url],
                capture_output=True,
                text=True,
            )
            if answer.returncode == 0:
                break
            time.sleep(0.2)
        assert answer is not None and answer.returncode == 0, answer.stderr[-2000:]
        status, _, rest = answer.stdout.partition("\n")
        assert status.startswith("200 ") and status.endswith("/round/")
        assert "Ann" in rest and "Ben" in rest
        assert (tmp_path / "secret").exists()
        game_path = urllib.parse.urlsplit(status.split()[-1]).path
    finally:
        server.terminate()
        server.wait(timeout=20)
    logged = server.stdout.read()
    token = game_path.split("/")[2]
    assert '"GET /g/…/round/ HTTP/1.1" 200' in logged
    assert token not in logged

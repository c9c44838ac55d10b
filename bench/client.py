"""A small keep-alive HTTP client for loopback, with a cookie jar, timing and
the ``X-Queries`` count, and helpers to read forms out of HTML."""

from __future__ import annotations

import gzip
import http.client
import time
import uuid
import zlib
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urlencode, urljoin, urlsplit

from bench.server import HOST


@dataclass
class Reply:
    """One answer: status, headers, the body as sent and decoded, timing."""

    status: int
    headers: dict[str, str]
    raw: bytes
    """The body as it came over the wire (maybe compressed)."""
    text: str
    ms: float
    queries: int | None

    @property
    def wire_bytes(self) -> int:
        """Bytes of the body on the wire."""
        return len(self.raw)


class Client:
    """One browser: one keep-alive connection and its cookies."""

    def __init__(self, port: int, timeout: float = 30.0) -> None:
        self.port = port
        self.timeout = timeout
        self.cookies: dict[str, str] = {}
        self.conn: http.client.HTTPConnection | None = None

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def request(
        self,
        method: str,
        path: str,
        data: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
        *,
        body: bytes | None = None,
    ) -> Reply:
        """Send a request (retrying once on a dropped keep-alive connection):
        ``data`` as a form, or a ``body`` of its own (``headers`` say its type)."""
        sent = {"Host": f"{HOST}:{self.port}", **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if data is not None:
            body = urlencode(data).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        for attempt in range(2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(HOST, self.port, timeout=self.timeout)
            start = time.perf_counter()
            try:
                self.conn.request(method, path, body=body, headers=sent)
                response = self.conn.getresponse()
                raw = response.read()
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                # A keep-alive connection the server closed: retry once on a new
                # one (nothing was processed, the request never arrived).
                self.close()
                if attempt:
                    raise
                continue
            ms = (time.perf_counter() - start) * 1000
            break
        hdrs = {k.lower(): v for k, v in response.getheaders()}
        for value in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        if response.will_close:
            self.close()
        queries = hdrs.get("x-queries")
        return Reply(
            response.status, hdrs, raw, decode(raw, hdrs), ms, int(queries) if queries else None
        )

    def get(self, path: str, headers: dict[str, str] | None = None) -> Reply:
        return self.request("GET", path, headers=headers)

    def post(self, path: str, data: dict[str, str], headers: dict[str, str] | None = None) -> Reply:
        return self.request("POST", path, data=data, headers=headers)

    def post_file(
        self, path: str, fields: dict[str, str], name: str, content: bytes, headers: dict[str, str]
    ) -> Reply:
        """POST a form with one file (``multipart/form-data``), as a browser uploads it."""
        boundary = uuid.uuid4().hex
        parts = [
            f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n'
            for key, value in fields.items()
        ]
        head = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
            f'filename="{name}.json"\r\nContent-Type: application/json\r\n\r\n'
        )
        body = (
            "".join(parts).encode() + head.encode() + content + f"\r\n--{boundary}--\r\n".encode()
        )
        sent = {**headers, "Content-Type": f"multipart/form-data; boundary={boundary}"}
        return self.request("POST", path, headers=sent, body=body)


def decode(raw: bytes, headers: dict[str, str]) -> str:
    """The body as text, whatever the content encoding."""
    encoding = headers.get("content-encoding", "")
    if encoding == "gzip":
        raw = gzip.decompress(raw)
    elif encoding == "deflate":
        raw = zlib.decompress(raw)
    elif encoding == "br":
        try:
            import brotli  # type: ignore[import-not-found]
        except ImportError:
            return ""
        raw = brotli.decompress(raw)
    return raw.decode("utf-8", errors="replace")


@dataclass
class Form:
    """A ``<form>`` as a browser (or htmx) would submit it."""

    action: str
    method: str
    attrs: dict[str, str]
    fields: dict[str, str] = field(default_factory=dict)
    buttons: list[tuple[str, str]] = field(default_factory=list)
    """(name, value) of each submit button with a name."""
    selects: dict[str, list[str]] = field(default_factory=dict)


class _FormParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self.assets: list[str] = []
        self.csrf_header: str | None = None
        self._select: str | None = None
        self._textarea: str | None = None
        self._current: Form | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: (v or "") for k, v in attrs}
        if tag == "body" and "hx-headers" in a:
            self.csrf_header = a["hx-headers"]
        if tag == "link" and "stylesheet" in a.get("rel", "") and a.get("href"):
            self.assets.append(a["href"])
        if tag == "script" and a.get("src"):
            self.assets.append(a["src"])
        if tag == "form":
            action = a.get("action") or a.get("hx-post") or ""
            self._current = Form(action, (a.get("method") or "get").lower(), a)
            self.forms.append(self._current)
            return
        form = self._current
        if form is None or "name" not in a:
            return
        name = a["name"]
        if tag == "input":
            kind = a.get("type", "text").lower()
            if kind in ("submit", "button", "image"):
                form.buttons.append((name, a.get("value", "")))
            elif kind in ("checkbox", "radio"):
                if "checked" in a:
                    form.fields[name] = a.get("value", "on")
            else:
                form.fields[name] = a.get("value", "")
        elif tag == "button" and a.get("type", "submit").lower() == "submit":
            form.buttons.append((name, a.get("value", "")))
        elif tag == "select":
            self._select = name
            form.selects[name] = []
        elif tag == "option" and self._select is not None:
            form.selects[self._select].append(a.get("value", ""))
            if "selected" in a:
                form.fields[self._select] = a.get("value", "")
        elif tag == "textarea":
            self._textarea = name
            form.fields[name] = ""

    def handle_data(self, data: str) -> None:
        if self._textarea is not None and self._current is not None:
            self._current.fields[self._textarea] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._current = None
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None


@dataclass
class Page:
    """What the bench needs from a page: its forms, assets and CSRF header."""

    forms: list[Form]
    assets: list[str]
    csrf_header: str | None


def read_page(html: str) -> Page:
    parser = _FormParser()
    parser.feed(html)
    parser.close()
    return Page(parser.forms, parser.assets, parser.csrf_header)


def resolve(base: str, link: str) -> str:
    """A link of a page as a path on this server."""
    parts = urlsplit(urljoin(base, link))
    return parts.path + (f"?{parts.query}" if parts.query else "")

"""An asyncio HTTP/1.1 client for loopback: one keep-alive connection per
browser, its cookies, and the time of each answer. Enough HTTP for the
app's servers (Content-Length or chunked bodies, gzip), so that one core drives
hundreds of tables (``make load``) without a thread per browser."""

from __future__ import annotations

import asyncio
import contextlib
import time
from urllib.parse import urlencode

from bench.client import Reply, decode
from bench.server import HOST

ACCEPT_ENCODING = "gzip"


class HttpError(Exception):
    """The server's answer could not be read (closed, malformed, too slow)."""


class AsyncClient:
    """One browser: one keep-alive connection and its cookies."""

    def __init__(self, port: int, timeout: float = 10.0) -> None:
        self.port = port
        self.timeout = timeout
        self.cookies: dict[str, str] = {}
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.answering = False
        """Whether the server began answering the request on its way."""

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(OSError):
                await self.writer.wait_closed()
        self.reader = self.writer = None

    async def get(self, path: str, headers: dict[str, str] | None = None) -> Reply:
        return await self.request("GET", path, None, headers)

    async def post(self, path: str, data: dict[str, str], headers: dict[str, str]) -> Reply:
        return await self.request("POST", path, data, headers)

    async def request(
        self,
        method: str,
        path: str,
        data: dict[str, str] | None,
        headers: dict[str, str] | None,
    ) -> Reply:
        """Send one request and read its answer, timed from the first byte
        sent to the last byte read. A request on a keep-alive connection
        that the server closed meanwhile (idle for its keep-alive time:
        nothing of an answer read) is sent again on a new one, as a browser
        does, a POST too: each change the app takes carries its idempotency
        key, so one that did reach the server is entered once. A GET that
        failed later is sent again as well; a POST is not."""
        body = urlencode(data).encode() if data is not None else b""
        lines = [f"{method} {path} HTTP/1.1", f"Host: {HOST}:{self.port}"]
        for name, value in (headers or {}).items():
            lines.append(f"{name}: {value}")
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if data is not None:
            lines.append("Content-Type: application/x-www-form-urlencoded")
            lines.append(f"Content-Length: {len(body)}")
        message = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body
        for attempt in range(2):
            fresh = self.writer is None
            if fresh:
                self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
            start = time.perf_counter()
            self.answering = False
            try:
                return await asyncio.wait_for(self._exchange(message, start), self.timeout)
            except (ConnectionError, asyncio.IncompleteReadError) as error:
                await self.close()
                if fresh or attempt or (method != "GET" and self.answering):
                    raise HttpError(f"{method} {path}: {error!r}") from error
            except TimeoutError as error:
                await self.close()
                raise HttpError(f"{method} {path}: no answer in {self.timeout} s") from error
        raise HttpError(f"{method} {path}: no answer")  # not reached

    async def _exchange(self, message: bytes, start: float) -> Reply:
        assert self.reader is not None and self.writer is not None
        self.writer.write(message)
        await self.writer.drain()
        first = await self.reader.readexactly(1)
        self.answering = True  # from here on the server has answered something
        head = first + await self.reader.readuntil(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        status = int(status_line.split(" ", 2)[1])
        headers: dict[str, str] = {}
        for line in header_lines:
            if not line:
                continue
            name, _, value = line.partition(":")
            name, value = name.strip().lower(), value.strip()
            if name == "set-cookie":
                cookie, _, rest = value.partition("=")
                self.cookies[cookie.strip()] = rest.split(";", 1)[0]
            headers[name] = value
        if headers.get("transfer-encoding", "").lower() == "chunked":
            raw = await self._chunks()
        else:
            raw = await self.reader.readexactly(int(headers.get("content-length", "0")))
        ms = (time.perf_counter() - start) * 1000
        if headers.get("connection", "").lower() == "close":
            await self.close()
        queries = headers.get("x-queries")
        count = int(queries) if queries else None
        return Reply(status, headers, raw, decode(raw, headers), ms, count)

    async def _chunks(self) -> bytes:
        assert self.reader is not None
        parts = []
        while True:
            size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
            if size == 0:
                await self.reader.readuntil(b"\r\n")
                return b"".join(parts)
            parts.append(await self.reader.readexactly(size))
            await self.reader.readexactly(2)

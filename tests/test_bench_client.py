"""The load's HTTP client (:mod:`bench.aclient`) against a server that
closes a kept-alive connection: as a browser, it sends the request again on
a new connection when nothing of an answer came (a POST too: the app's
changes carry idempotency keys), and never sends a POST twice once the
server began answering it."""

from __future__ import annotations

import asyncio

from bench.aclient import AsyncClient, HttpError
from bench.server import HOST

ANSWER = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"


class ClosingServer:
    """Answers one request a connection, then closes it: wholly (``cut``
    False), or after the first bytes of its answer (``cut`` True)."""

    def __init__(self, cut: bool = False) -> None:
        self.cut = cut
        self.connections = 0
        self.requests: list[bytes] = []

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        head = await reader.readuntil(b"\r\n\r\n")
        length = [
            int(line.split(b":")[1])
            for line in head.split(b"\r\n")
            if line.lower().startswith(b"content-length")
        ]
        body = await reader.readexactly(length[0]) if length else b""
        self.requests.append(head.split(b"\r\n")[0] + b" " + body)
        writer.write(ANSWER[:12] if self.cut and len(self.requests) > 1 else ANSWER)
        await writer.drain()
        writer.close()


async def exchange(server: ClosingServer) -> list[int | str]:
    """A GET, then a POST on the connection the server closed meanwhile."""
    listening = await asyncio.start_server(server.handle, HOST, 0)
    port = listening.sockets[0].getsockname()[1]
    client = AsyncClient(port, timeout=5.0)
    seen: list[int | str] = []
    try:
        seen.append((await client.get("/")).status)
        await asyncio.sleep(0.1)  # the server has closed the connection
        try:
            seen.append((await client.post("/card/", {"key": "k1", "card": "19"}, {})).status)
        except HttpError as error:
            seen.append(str(error))
    finally:
        await client.close()
        listening.close()
        await listening.wait_closed()
    return seen


def test_a_post_on_a_connection_the_server_closed_is_sent_again_on_a_new_one() -> None:
    server = ClosingServer()
    assert asyncio.run(exchange(server)) == [200, 200]
    assert server.connections == 2
    assert server.requests == [b"GET / HTTP/1.1 ", b"POST /card/ HTTP/1.1 key=k1&card=19"]


def test_a_post_the_server_began_answering_is_never_sent_twice() -> None:
    server = ClosingServer(cut=True)
    first, failed = asyncio.run(exchange(server))
    assert first == 200
    assert isinstance(failed, str) and failed.startswith("POST /card/: IncompleteReadError")
    assert server.requests == [b"GET / HTTP/1.1 ", b"POST /card/ HTTP/1.1 key=k1&card=19"]


def test_a_get_on_a_connection_the_server_closed_is_sent_again_on_a_new_one() -> None:
    server = ClosingServer()

    async def two_gets() -> list[int]:
        listening = await asyncio.start_server(server.handle, HOST, 0)
        client = AsyncClient(listening.sockets[0].getsockname()[1], timeout=5.0)
        try:
            statuses = [(await client.get("/")).status]
            await asyncio.sleep(0.1)
            return statuses + [(await client.get("/again/")).status]
        finally:
            await client.close()
            listening.close()
            await listening.wait_closed()

    assert asyncio.run(two_gets()) == [200, 200]
    assert server.connections == 2
    assert [request.split(b" ")[1] for request in server.requests] == [b"/", b"/again/"]

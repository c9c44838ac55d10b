"""Profile card entry and the standings in-process (cProfile), for a game
with N rounds of history: ``python -m bench.profile --rounds 100``.

Same settings and seeding as ``make bench``, but through Django's test
client, so the figures are the server's CPU time alone (no HTTP).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import re
import sys
import time


def stamp(text: str) -> tuple[str, str]:
    version = re.search(r'name="version" value="(\d+)"', text)
    key = re.search(r'name="key" value="(\w+)"', text)
    if version is None or key is None:
        raise SystemExit("no stamp in the round page")
    return version.group(1), key.group(1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench.profile", description=__doc__)
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--cards", type=int, default=24)
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args(argv)

    from bench.server import configure

    setup = configure()
    try:
        from django.test import Client

        from bench.flows import round_path, standings_path
        from bench.seed import seed_game

        game = seed_game(args.rounds, 4242)
        client = Client(HTTP_HOST="127.0.0.1", raise_request_exception=True)
        path = round_path(game.edit_token)
        version, key = stamp(client.get(path).text)
        profile = cProfile.Profile()
        cpu = []
        for card, _completes in game.cards[: args.cards]:
            start = time.process_time()
            profile.enable()
            data = {"version": version, "key": key, "card": card}
            reply = client.post(path + "card/", data, HTTP_HX_REQUEST="true")
            profile.disable()
            cpu.append((time.process_time() - start) * 1000)
            version, key = stamp(reply.text)
        print(f"card entry CPU ms (profiled): {sorted(cpu)[len(cpu) // 2]:.1f} median")
        pstats.Stats(profile).sort_stats("cumulative").print_stats(args.top)
        profile = cProfile.Profile()
        page = standings_path(game.view_token)
        profile.enable()
        for _ in range(20):
            client.get(page)
        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative").print_stats(args.top)
    finally:
        setup.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmarks of the running app over real HTTP on loopback (issue 6).

``make bench`` runs :mod:`bench.run` and ``make load`` runs :mod:`bench.load`.
Both start the app on 127.0.0.1 (``make bench`` under gunicorn, as
production runs it; ``make load`` with ``make serve``'s command, waitress),
with production settings plus :mod:`bench.settings` (a bare "ok" view and
an ``X-Queries`` header), seed games from the engine's simulator straight
into the same database, and talk to the server like the phone does.
Nothing here is imported by the app.
"""

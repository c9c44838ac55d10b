"""Models of the companion app (games, players, entries) — none yet."""

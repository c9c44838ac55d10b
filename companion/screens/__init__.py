"""What the app's screens show, as values for their templates, taken from
the engine's replay of a game: the round screen (:mod:`.round`), the round
being played (:mod:`.play`), a complete round's result (:mod:`.result`),
fixing a trick in place (:mod:`.fixing`), revoke warnings
(:mod:`.revokes`) and the standings (:mod:`.standings`). The round
screen's values are frozen dataclasses the templates read by attribute.
Nothing here decides a rule."""

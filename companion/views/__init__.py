"""The views of the app, one module a screen: each finds the game, parses
the form, calls one verb of :mod:`companion.actions`, and renders."""

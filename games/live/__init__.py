"""Live: the websocket side of a match and the HTML each viewer is sent.

Owns the Channels consumers (lobby, match, echo), per-viewer rendering and the frame diffing
that sends only changed parts, the watchers a move re-renders, the render-worker processes,
the bot process where daphne's bots decide and their pacing, daphne's writer thread, the
SQLite writer queue and the channel layers.

May import: ``games.engines``, ``games.models``, ``games.matches``, ``games.boards``.
Must not import: ``games.pages``. A move is written only through ``games.matches.services``.
"""

"""Matches: what a match is between two requests, with no sockets and no HTML.

Owns the services that create, join, move, time out, finish and replay a match (one
transaction per change, the hash-chained action log, the clocks), who a player is (account or
guest), the lobby's list of challenges, the committed-state cache and the one-line
announcement sent to a match's group after a commit.

May import: ``games.engines``, ``games.models``, Django and Channels' layer API.
Must not import: ``games.live`` or ``games.pages`` (they build on this layer, never the
other way round).
"""

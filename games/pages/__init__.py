"""Pages: the plain HTTP side of the hall (views, deck builders, the Card Battle simulator,
replay charts and static-file storage).

May import: ``games.engines``, ``games.models``, ``games.matches`` (to create, join or end a
match through its services) and ``games.live.rendering`` (to draw a board the way a socket
would).
Must not write a ``Match`` or ``MatchAction`` itself: every change goes through
``games.matches.services``.
"""

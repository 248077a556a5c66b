"""Arenas: timed events of one game where free players are paired at once.

``schedule`` says what phase an arena is in; ``entry`` joins players and records whether a
page of theirs is open; ``pairing`` pairs free players under the arena row's lock;
``scoring`` scores a finished arena match once, inside the transaction that finishes it;
``standings`` reads the table. Every write that touches a player's score or current match
holds the arena row's lock (``SELECT ... FOR UPDATE`` on PostgreSQL; SQLite's IMMEDIATE
transactions are one at a time anyway), so two workers pairing or scoring take turns.
"""

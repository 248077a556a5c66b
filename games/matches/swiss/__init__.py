"""Swiss tournaments for the deck games: ``entry`` registers a player with a saved deck,
``table`` scores and ranks from the match rows (with Buchholz and Sonneborn-Berger),
``pairing`` pairs a round by score with no repeat, ``rounds`` moves an event on under its
row's lock (the sweeper calls it every pass)."""

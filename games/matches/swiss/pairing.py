"""Pairing one Swiss round: by score, nobody meeting the same opponent twice, and (with an
odd number of players) a bye for the lowest-placed player who has not had one."""

from __future__ import annotations


def bye_for(ranked: list[int], had_bye: set[int]) -> int | None:
    if len(ranked) % 2 == 0:
        return None
    for player in reversed(ranked):
        if player not in had_bye:
            return player
    return ranked[-1]  # everyone has had one: the last placed takes another


def pair(ranked: list[int], met: set[frozenset[int]]) -> list[tuple[int, int]] | None:
    """Pairs from players in rank order: each, from the top, meets the best-placed player
    left whom they have not met; backtracking when that leaves someone without a partner.
    None when no pairing without a repeat exists."""
    if not ranked:
        return []
    first, rest = ranked[0], ranked[1:]
    for i, other in enumerate(rest):
        if frozenset((first, other)) in met:
            continue
        tail = pair(rest[:i] + rest[i + 1 :], met)
        if tail is not None:
            return [(first, other), *tail]
    return None


def round_pairs(
    ranked: list[int], met: set[frozenset[int]], had_bye: set[int]
) -> tuple[list[tuple[int, int]], int | None]:
    """The round's boards and its bye. The bye moves up the table if the players left
    cannot all be paired without a repeat; if nobody's bye allows it, repeats are allowed
    (an event with more rounds than its players can fill)."""
    if len(ranked) % 2 == 0:
        candidates = [None]
    else:
        first_choice = bye_for(ranked, had_bye)
        others = [p for p in reversed(ranked) if p != first_choice and p not in had_bye]
        candidates = [first_choice, *others]
    for bye in candidates:
        playing = [p for p in ranked if p != bye]
        pairs = pair(playing, met)
        if pairs is not None:
            return pairs, bye
    bye = candidates[0]
    playing = [p for p in ranked if p != bye]
    return [(playing[i], playing[i + 1]) for i in range(0, len(playing) - 1, 2)], bye

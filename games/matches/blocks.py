"""Who keeps whom away. A block works both ways: neither account sees the other's chat lines,
their challenges and "Play now" skip each other, and neither may follow the other. Blocks are between accounts; a guest has
nothing lasting to block."""

from __future__ import annotations

from django.db.models import Q

from games.models import Block, Follow


def between(a: int | None, b: int | None) -> bool:
    """Has either of the two accounts blocked the other?"""
    if a is None or b is None or a == b:
        return False
    return Block.objects.filter(
        Q(blocker_id=a, blocked_id=b) | Q(blocker_id=b, blocked_id=a)
    ).exists()


def kept_away_from(user_id: int | None) -> set[int]:
    """Every account that blocked ``user_id`` or that it blocked."""
    if user_id is None:
        return set()
    made = Block.objects.filter(blocker_id=user_id).values_list("blocked_id", flat=True)
    received = Block.objects.filter(blocked_id=user_id).values_list("blocker_id", flat=True)
    return set(made) | set(received)


def has_blocked(blocker_id: int, blocked_id: int) -> bool:
    return Block.objects.filter(blocker_id=blocker_id, blocked_id=blocked_id).exists()


def block(blocker_id: int, blocked_id: int) -> bool:
    """Returns False when there is nothing to do (oneself, or already blocked)."""
    if blocker_id == blocked_id:
        return False
    _, created = Block.objects.get_or_create(blocker_id=blocker_id, blocked_id=blocked_id)
    # A block ends following, both ways: neither may follow the other while it stands.
    Follow.objects.filter(
        Q(follower_id=blocker_id, followed_id=blocked_id)
        | Q(follower_id=blocked_id, followed_id=blocker_id)
    ).delete()
    return created


def unblock(blocker_id: int, blocked_id: int) -> None:
    Block.objects.filter(blocker_id=blocker_id, blocked_id=blocked_id).delete()

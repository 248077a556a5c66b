"""Small template helpers shared by the match page and every board (loaded as a builtin)."""

from django import template

register = template.Library()


@register.filter
def get_item(mapping, key):
    """``mapping|get_item:key`` for dict lookups with a variable key (str or int)."""
    if mapping is None:
        return None
    try:
        return mapping[key]
    except (KeyError, IndexError, TypeError):
        pass
    try:
        return mapping[str(key)]
    except (KeyError, TypeError):
        pass
    try:
        return mapping[int(key)]
    except (KeyError, ValueError, TypeError, IndexError):
        return None

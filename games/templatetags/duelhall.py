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


@register.filter
def humanize_code(code) -> str:
    """``"lp_depleted"`` -> ``"Lp depleted"``: a readable fallback for a machine reason."""
    text = str(code or "").replace("_", " ").strip()
    return text[:1].upper() + text[1:]

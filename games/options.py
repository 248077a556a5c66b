"""Match options from the lobby's create form.

An engine may declare ``match_options``: a list of ``{"key", "label", "choices":
[[value, label], ...], "default"}``. Only declared keys reach the config, and the engine's
``validate_config`` still has the last word.
"""

from __future__ import annotations


def declared_options(engine) -> list[dict]:
    return list(getattr(engine, "match_options", []) or [])


def match_options_from_post(engine, post) -> tuple[dict, bool]:
    config: dict = {}
    for option in declared_options(engine):
        raw = post.get(option["key"])
        if raw is None:
            continue
        allowed = {str(value): value for value, _label in option["choices"]}
        if raw not in allowed:
            from .services import Rejected

            raise Rejected("BAD_OPTION", f"{option['label']}: {raw!r} is not one of the choices.")
        config[option["key"]] = allowed[raw]
    timed = post.get("timed", "on") in ("on", "1", "true", "yes")
    return config, timed

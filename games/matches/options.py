"""Match options from the lobby's create form.

An engine may declare ``match_options``: a list of ``{"key", "label", "choices":
[[value, label], ...], "default"}``. Only declared keys reach the config, and the engine's
``validate_config`` still has the last word.
"""

from __future__ import annotations


def declared_options(engine) -> list[dict]:
    return list(getattr(engine, "match_options", []) or [])


def match_options_from_post(engine, post, mode: str = "online") -> tuple[dict, bool]:
    """The config for a new match from the create form. An option may name the ``modes`` it
    applies to (e.g. the bot's deck only against the bot); an engine may turn the chosen
    options into its config with ``config_from_options``."""
    config: dict = {}
    for option in declared_options(engine):
        if "modes" in option and mode not in option["modes"]:
            continue
        raw = post.get(option["key"])
        if raw is None:
            continue
        allowed = {str(value): value for value, _label in option["choices"]}
        if not isinstance(raw, str) or raw not in allowed:
            from games.matches.services import Rejected

            # The sent value is not repeated: it is the client's, and refusals never echo.
            raise Rejected("BAD_OPTION", f"{option['label']}: that is not one of the choices.")
        config[option["key"]] = allowed[raw]
    if hasattr(engine, "config_from_options"):
        config = engine.config_from_options(config)
    timed = post.get("timed", "on") in ("on", "1", "true", "yes")
    return config, timed


UNTIMED_HOTSEAT = "hotseat-untimed"  # the lobby's choice where only hot-seat may be untimed


def mode_and_timing(engine, post) -> tuple[str, bool]:
    """The mode and whether the match is timed, from the create form. Where the rules allow
    an untimed match only in hot-seat (ECR-13), the form offers "hot-seat without timers" as a
    mode of its own instead of the "Timed" box, and an untimed online or bot match is refused
    however the request was made."""
    from games.matches.services import Rejected

    mode = post.get("mode", "online")
    timed = post.get("timed", "on") in ("on", "1", "true", "yes")
    if mode == UNTIMED_HOTSEAT:
        mode, timed = "hotseat", False
    if not timed and mode != "hotseat" and getattr(engine, "untimed_only_hot_seat", False):
        raise Rejected(
            "TIMED_ONLY",
            f"{engine.name} is untimed only in hot-seat; online and against the bot the "
            "rules' timers apply.",
        )
    return mode, timed


def options_in_words(engine, config: dict) -> list[str]:
    """A challenge's options as the lobby's create form named them ("Damage mode: Per turn
    (cards heal each turn)"), never the config's keys and values. Only options that differ
    from their default are worth saying; keys no option declares (a pre-chosen deck) are
    not for the lobby."""
    words = []
    for option in declared_options(engine):
        if option["key"] not in config or config[option["key"]] == option.get("default"):
            continue
        label = next(
            (text for value, text in option["choices"] if value == config[option["key"]]), None
        )
        if label is not None:
            words.append(f"{option['label']}: {label}")
    return words

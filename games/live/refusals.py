"""What a refusal may say to the socket that caused it.

Engine and service messages sometimes quote what the client sent ("Unknown action 'x'").
A client's string is never sent back as it came: characters that cannot travel as UTF-8
(a lone surrogate made the send itself fail and killed the socket, issue 22 finding 1) and
control characters are dropped, and the message is cut to a sentence's length. Templates
escape what is left.
"""

from __future__ import annotations

import unicodedata

MAX_MESSAGE_CHARS = 200

# Refusals whose engine message quotes the client's own input (an unknown action type, an
# unexpected field): said in fixed words instead, so nothing the client wrote comes back.
QUOTING_CODES = {
    "UNKNOWN_ACTION": "That move is not one this game knows.",
    "MALFORMED": "That move is not understood.",
    "INVALID_ACTION": "That move is not understood.",
}


def public_message(message: object, code: str | None = None) -> str:
    if code in QUOTING_CODES:
        return QUOTING_CODES[code]
    text = message if isinstance(message, str) else "That request was refused."
    kept = "".join(
        ch
        for ch in text
        if not (0xD800 <= ord(ch) <= 0xDFFF) and unicodedata.category(ch) not in ("Cc", "Cs")
    )
    if len(kept) > MAX_MESSAGE_CHARS:
        kept = kept[: MAX_MESSAGE_CHARS - 1] + "…"
    return kept or "That request was refused."

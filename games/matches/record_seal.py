"""The site's seal on a match record: an HMAC (Django's ``salted_hmac``, SHA-256, keyed by
``SECRET_KEY``) over each header field and each log entry, each bound to the match code.

The hash chain proves that the entries rebuild the game from its config and seed, but
anyone can compute a chain: it cannot say which site's match a file is, who sat where, or
that a resignation's seat (which changes no state) is the one recorded. The seal does, to
whoever holds the key: the site itself (``manage.py verify_record`` run on its server). A
MAC per field and per entry lets the check name what differs instead of only "forged".
"""

from __future__ import annotations

import hmac

from django.utils.crypto import salted_hmac

from games.engines.core import canonical_json

SALT = "duelhall.record-seal"
# The header fields the seal covers, in the order a check reports them; "code" first, as
# every other MAC is bound to it.
SEALED_FIELDS = (
    "code",
    "game",
    "mode",
    "status",
    "config",
    "seed",
    "seats",
    "outcome",
    "final_hash",
)


def key_id() -> str:
    """A public name of the key in use, so a check can tell "another site's (or an old)
    key" from "changed": it reveals nothing of the key."""
    return salted_hmac(f"{SALT}/key-id", "", algorithm="sha256").hexdigest()[:16]


def _mac(code: object, part: str, value: object) -> str:
    message = canonical_json({"code": code, "part": part, "value": value})
    return salted_hmac(SALT, message, algorithm="sha256").hexdigest()


def seal(record: dict) -> dict:
    code = record["code"]
    return {
        "key": key_id(),
        "fields": {name: _mac(code, name, record.get(name)) for name in SEALED_FIELDS},
        "entries": [_mac(code, f"entry {n}", e) for n, e in enumerate(record["entries"], 1)],
    }


def _same(mac: object, expected: str) -> bool:
    return isinstance(mac, str) and hmac.compare_digest(mac, expected)


def seal_problem(record: dict) -> str | None:
    """What differs from what this site sealed, or None when every part matches. Call only
    when the record's seal names this site's key (``key_id()``)."""
    sealed = record.get("seal")
    fields = sealed.get("fields") if isinstance(sealed, dict) else None
    entries = record.get("entries")
    if not isinstance(fields, dict) or not isinstance(sealed.get("entries"), list):
        return "the seal is incomplete"
    code = record.get("code")
    # The code first (every MAC is bound to it), then the log entry by entry, then the rest
    # of the header: a changed entry is named more precisely than the outcome it changes.
    if not _same(fields.get("code"), _mac(code, "code", code)):
        return "code differs from what the site sealed"
    if not isinstance(entries, list):
        return "the record's entries are not a list"
    macs = sealed["entries"]
    for number, entry in enumerate(entries, 1):
        if number > len(macs):
            return f"entry {number}: extra entry, the site sealed {len(macs)}"
        if not _same(macs[number - 1], _mac(code, f"entry {number}", entry)):
            return f"entry {number}: differs from what the site sealed"
    if len(macs) > len(entries):
        return f"entry {len(entries) + 1}: is missing, the site sealed {len(macs)} entries"
    for name in SEALED_FIELDS:
        if not _same(fields.get(name), _mac(code, name, record.get(name))):
            return f"{name} differs from what the site sealed"
    return None

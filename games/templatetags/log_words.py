"""``text|singulars``: "1 lines" read as "1 line" in an engine's log.

ShapeShips' log writes counts with a plural noun whatever the count ("gains 1 lines"). The
log is part of the match's state, hashed into its record, so it is worded on the page."""

from __future__ import annotations

import re

from django import template

register = template.Library()

ONE_PLURAL = re.compile(r"\b1 (line|ship|charge|joining line)s\b")


@register.filter
def singulars(text) -> str:
    return ONE_PLURAL.sub(r"1 \1", str(text or ""))

"""Static file URLs that name their file's contents, worked out once per name.

A stylesheet or script is cached by the browser under its URL: nginx serves /static/ with a
week's cache (deploy/nginx.conf), WhiteNoise for a minute. With plain names, a player who
came back after a deploy ran last week's board script against this week's HTML. Each URL
therefore carries its file's version, the first 12 hex digits of its SHA-256 (``?v=...``):
new contents, new URL, and a cached copy is only ever used for the file it was fetched as.
Query strings, not hashed file names (Django's manifest storage), so the files keep their
names: ``make run`` serves them straight from the source folders without `collectstatic`,
and nginx and WhiteNoise serve a file whatever query its URL carries.

Boards name their stylesheet with ``{% static %}`` and every board update is a render, so
the storage's ``url()`` (path quoting, a URL join, now a file's hash) must not run on every
move for every viewer: a name's URL is worked out once per process. A file changed while a
process runs keeps the URL it had; a deploy restarts the processes.
"""

import hashlib

from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import StaticFilesStorage

VERSION_DIGITS = 12


def version_of(name: str) -> str | None:
    """The version of the static file ``name`` (found where `collectstatic` would find it),
    or None if there is no such file."""
    path = finders.find(name)
    if path is None:
        return None
    with open(path, "rb") as source:
        return hashlib.file_digest(source, "sha256").hexdigest()[:VERSION_DIGITS]


class VersionedStaticFilesStorage(StaticFilesStorage):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._urls: dict[str, str] = {}

    def url(self, name: str | None) -> str:
        if name is None:
            return super().url(name)  # raises as the storage always has
        found = self._urls.get(name)
        if found is None:
            found = super().url(name)
            version = version_of(name)
            if version is not None:
                found += f"?v={version}"
            # Races only compute the same string twice: no lock needed.
            self._urls[name] = found
        return found

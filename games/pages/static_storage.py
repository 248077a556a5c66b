"""Static file URLs, worked out once per name.

Boards name their stylesheet with ``{% static %}`` and every board update is a render, so
the storage's ``url()`` (path quoting and a URL join, about 25 us) ran on every move for
every viewer. With plain (unhashed) static files the URL of a name never changes while the
process runs, so it is remembered.
"""

from django.contrib.staticfiles.storage import StaticFilesStorage


class RememberingStaticFilesStorage(StaticFilesStorage):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._urls: dict[str, str] = {}

    def url(self, name: str | None) -> str:
        if name is None:
            return super().url(name)  # raises as the storage always has
        found = self._urls.get(name)
        if found is None:
            # Races only compute the same string twice: no lock needed.
            found = self._urls[name] = super().url(name)
        return found

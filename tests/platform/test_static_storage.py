"""Static URLs are remembered per name, and are the URLs Django's own storage gives."""

from django.contrib.staticfiles.storage import StaticFilesStorage
from django.core.files.storage import storages
from django.templatetags.static import static

from games.pages.static_storage import RememberingStaticFilesStorage

NAMES = ["css/elemental-clash.css", "js/duelhall.js", "odd name/é?.css"]


def test_the_site_uses_the_remembering_storage():
    assert isinstance(storages["staticfiles"], RememberingStaticFilesStorage)
    assert (
        static(NAMES[0]) == StaticFilesStorage().url(NAMES[0]) == "/static/css/elemental-clash.css"
    )


def test_urls_are_django_s_own_and_worked_out_once(monkeypatch):
    storage, plain = RememberingStaticFilesStorage(), StaticFilesStorage()
    calls = []
    real = StaticFilesStorage.url
    monkeypatch.setattr(
        StaticFilesStorage, "url", lambda self, name: calls.append(name) or real(self, name)
    )
    for _ in range(3):
        assert [storage.url(n) for n in NAMES] == [real(plain, n) for n in NAMES]
    assert calls == NAMES, "each name reached the storage's own url() once"

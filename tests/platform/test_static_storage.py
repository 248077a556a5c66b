"""Static URLs name their file's contents (?v= and the start of its SHA-256), so a browser's
cached copy is never used for other contents, and may be kept a week; each name's URL is
worked out once."""

import hashlib
import re

import pytest
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import StaticFilesStorage
from django.core.files.storage import storages
from django.templatetags.static import static

from games.pages.static_storage import VersionedStaticFilesStorage

NAMES = ["css/elemental-clash.css", "js/duelhall.js", "django_htmx/htmx-2.min.js"]


def sha256_start(name: str) -> str:
    with open(finders.find(name), "rb") as source:
        return hashlib.sha256(source.read()).hexdigest()[:12]


def test_the_site_s_static_urls_carry_their_file_s_version():
    assert isinstance(storages["staticfiles"], VersionedStaticFilesStorage)
    for name in NAMES:
        assert static(name) == f"{StaticFilesStorage().url(name)}?v={sha256_start(name)}"


@pytest.mark.django_db
def test_every_stylesheet_and_script_of_a_page_is_versioned_and_served(client):
    html = client.get("/").content.decode()
    urls = re.findall(r'(?:href|src)="(/static/[^"]+)"', html)
    assert any(".css" in u for u in urls) and any(".js" in u for u in urls)
    for url in urls:
        path, _, version = url.partition("?v=")
        assert re.fullmatch(r"[0-9a-f]{12}", version), url
        served = client.get(url)
        assert served.status_code == 200, url
        # Kept a week without asking again, as nginx serves them: the URL names the version.
        assert "max-age=604800" in served["Cache-Control"], url
        body = b"".join(served.streaming_content)
        assert hashlib.sha256(body).hexdigest()[:12] == version, url


def test_new_contents_get_a_new_url(tmp_path, settings):
    (tmp_path / "board.js").write_text("first")
    settings.STATICFILES_DIRS = [tmp_path]
    finders.get_finder.cache_clear()
    try:
        first = VersionedStaticFilesStorage().url("board.js")
        (tmp_path / "board.js").write_text("second")
        second = VersionedStaticFilesStorage().url("board.js")  # a restarted process
    finally:
        finders.get_finder.cache_clear()
    assert first.startswith("/static/board.js?v=") and second.startswith("/static/board.js?v=")
    assert first != second


def test_a_name_with_no_file_gets_django_s_own_url():
    name = "odd name/é?.css"
    assert VersionedStaticFilesStorage().url(name) == StaticFilesStorage().url(name)


def test_each_name_s_url_is_worked_out_once(monkeypatch):
    storage = VersionedStaticFilesStorage()
    first = [storage.url(n) for n in NAMES]
    calls = []
    real = StaticFilesStorage.url
    monkeypatch.setattr(
        StaticFilesStorage, "url", lambda self, name: calls.append(name) or real(self, name)
    )
    fresh = VersionedStaticFilesStorage()
    for _ in range(3):
        assert [fresh.url(n) for n in NAMES] == first
    assert calls == NAMES, "each name reached the storage's own url() once"

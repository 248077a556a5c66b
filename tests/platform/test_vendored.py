"""htmx and its websocket extension come from django-htmx's static files, never a CDN."""

import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

pytestmark = pytest.mark.django_db


def test_the_pages_load_htmx_and_the_ws_extension_from_our_static_files(client):
    html = client.get("/").content.decode()
    # Without the version each URL carries (games/pages/static_storage.py).
    scripts = [src.partition("?v=")[0] for src in re.findall(r'<script src="([^"]+)"', html)]
    assert "/static/django_htmx/htmx-2.min.js" in scripts
    assert "/static/django_htmx/ext/hx-ws-2.min.js" in scripts
    assert not [s for s in scripts if s.startswith(("http:", "https:", "//"))], "no CDN"


def test_the_vendored_htmx_is_version_2_and_the_ws_extension_is_present():
    htmx = Path(finders.find("django_htmx/htmx-2.js")).read_text(encoding="utf-8")
    assert re.search(r"version: '2\.\d+\.\d+'", htmx)
    assert "defineExtension('ws'" in Path(finders.find("django_htmx/ext/hx-ws-2.js")).read_text(
        encoding="utf-8"
    )


def test_static_files_are_served_by_the_site_itself(client):
    assert client.get("/static/django_htmx/htmx-2.min.js").status_code == 200

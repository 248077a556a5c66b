"""docs/deploy.md's nginx steps, run as written on a copy of Debian's /etc/nginx.

The guide's commands for nginx's main file and the hall's site (steps 6 and 7) run in a
shell from the checkout, as the guide runs them from /srv/duelhall, with /etc/nginx moved to
the copy. Only what cannot be run here is changed: the certificate (self-signed, step 5 is
certbot), the system's pid and log files, and the reload (`nginx -t` is run on the copy, the
service is never touched)."""

import os
import re
import shutil
import subprocess

import pytest

from tests.nginx_front import NGINX, ROOT, self_signed_certificate

GUIDE = ROOT / "docs" / "deploy.md"
RELOAD = "nginx -t && systemctl reload nginx"


def steps(first: int, last: int) -> list[str]:
    """The indented command lines of the guide's steps ``first`` to ``last``."""
    text = GUIDE.read_text()
    start = text.index(f"## {first}. ")
    end = text.index(f"## {last + 1}. ")
    return [line[4:] for line in text[start:end].splitlines() if line.startswith("    ")]


def run(command: str) -> None:
    done = subprocess.run(["bash", "-c", command], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, f"{command}\n{done.stderr}"


@pytest.fixture
def etc_nginx(tmp_path):
    if not os.path.exists(NGINX):
        pytest.fail("Debian's nginx is missing: `make test` installs it (apt-get install nginx)")
    copy = tmp_path / "etc" / "nginx"
    shutil.copytree("/etc/nginx", copy, symlinks=True)
    # The copy's own paths, and the system's pid and log kept out of it.
    main = copy / "nginx.conf"
    text = main.read_text().replace("/etc/nginx", str(copy))
    text = text.replace("/run/nginx.pid", str(tmp_path / "nginx.pid"))
    text = text.replace("/var/log/nginx/", f"{tmp_path}/")
    main.write_text(text)
    return copy


def test_the_guides_nginx_steps_give_a_config_nginx_accepts(etc_nginx, tmp_path):
    commands = steps(6, 7)
    assert RELOAD in commands, "step 7 ends with a check and a reload"
    for command in commands:
        if command == RELOAD:
            continue
        run(command.replace("/etc/nginx", str(etc_nginx)))
    run(steps(6, 6)[0].replace("/etc/nginx", str(etc_nginx)))  # twice changes nothing

    main = (etc_nginx / "nginx.conf").read_text()
    assert re.search(r"^\s*worker_connections 4096;", main, re.M)
    assert main.count("worker_rlimit_nofile 8192;") == 1
    enabled = etc_nginx / "sites-enabled"
    assert sorted(p.name for p in enabled.iterdir()) == ["duelhall"]
    site = etc_nginx / "sites-available" / "duelhall"
    cert, key = self_signed_certificate(tmp_path)
    text = site.read_text()
    text = text.replace("/etc/letsencrypt/live/duelhall.example/fullchain.pem", str(cert))
    site.write_text(text.replace("/etc/letsencrypt/live/duelhall.example/privkey.pem", str(key)))

    checked = subprocess.run(
        [NGINX, "-t", "-e", str(tmp_path / "error.log"), "-c", str(etc_nginx / "nginx.conf")],
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stderr
    assert "test is successful" in checked.stderr

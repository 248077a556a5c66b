"""Debian's nginx in front of test workers, from `deploy/nginx.conf` itself.

The site file is the one a deployment installs; only what differs between a machine and a
test is filled in: the listening ports, the workers' ports, the certificate (self-signed, made
here with openssl) and the static files' folder. Each replacement must find its text in the
shipped file, so a changed file fails loudly instead of being tested half-filled. The main
file is Debian's own `/etc/nginx/nginx.conf` with deploy/nginx-main.sed's edits (as a
deployment makes them), its paths moved into a private folder and only this site included: nginx runs as a child of the test (never the system service, never
ports 80 or 443) and stops with it.
"""

from __future__ import annotations

import getpass
import re
import signal
import subprocess
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "deploy" / "nginx.conf"
MAIN_EDITS = ROOT / "deploy" / "nginx-main.sed"
DEBIAN_MAIN = Path("/etc/nginx/nginx.conf")
NGINX = "/usr/sbin/nginx"
WORKER_LINE = re.compile(r"^(\s*)server 127\.0\.0\.1:800([1-4]);\n", re.MULTILINE)


def _replace(text: str, old: str, new: str) -> str:
    if old not in text:
        raise ValueError(f"{old!r} is not in the file any more: update tests/nginx_front.py")
    return text.replace(old, new)


def site_config(
    https_port: int, http_port: int, workers: list[int], cert: Path, key: Path, static: Path
) -> str:
    """deploy/nginx.conf with this machine's ports, certificate and static folder."""
    text = SHIPPED.read_text()
    text = _replace(text, "listen 80;", f"listen 127.0.0.1:{http_port};")
    # Also on [::1]: a browser there is a client address other than nginx's own 127.0.0.1
    # towards the workers, so a test can tell which one the hall counts.
    text = _replace(
        text,
        "listen 443 ssl http2;",
        f"listen 127.0.0.1:{https_port} ssl http2;\n    listen [::1]:{https_port} ssl http2;",
    )
    text = _replace(text, "/etc/letsencrypt/live/duelhall.example/fullchain.pem", str(cert))
    text = _replace(text, "/etc/letsencrypt/live/duelhall.example/privkey.pem", str(key))
    text = _replace(text, "/srv/duelhall/.staticfiles/", f"{static}/")

    # Each upstream lists the workers 8001..8004; this machine's workers take their place
    # (ports 8001 and up are other people's on a shared machine).
    def workers_here(found: re.Match) -> str:
        if found.group(2) != "1":
            return ""
        return "".join(f"{found.group(1)}server 127.0.0.1:{port};\n" for port in workers)

    text, count = WORKER_LINE.subn(workers_here, text)
    if count != 8:
        raise ValueError(f"expected two upstreams of four workers, found {count} lines")
    return text


def main_config(folder: Path, site: Path) -> str:
    """Debian's main nginx.conf with the edits deploy/nginx-main.sed makes to it, its pid,
    logs and temp files in ``folder``, running as whoever runs the test, and only ``site``
    included."""
    text = subprocess.run(
        ["sed", "-f", str(MAIN_EDITS), str(DEBIAN_MAIN)], capture_output=True, text=True, check=True
    ).stdout
    text = _replace(text, "user www-data;", f"user {getpass.getuser()};")
    text = _replace(text, "pid /run/nginx.pid;", f"pid {folder}/nginx.pid;")
    text = _replace(text, "error_log /var/log/nginx/error.log;", f"error_log {folder}/error.log;")
    text = _replace(
        text, "access_log /var/log/nginx/access.log;", f"access_log {folder}/access.log;"
    )
    text = _replace(text, "include /etc/nginx/modules-enabled/*.conf;", "")
    text = _replace(text, "include /etc/nginx/conf.d/*.conf;", "")
    temp = "".join(
        f"\t{kind}_temp_path {folder}/{kind};\n"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return _replace(text, "include /etc/nginx/sites-enabled/*;", f"{temp}\tinclude {site};")


def self_signed_certificate(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "fullchain.pem", folder / "privkey.pem"
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
            "-keyout", str(key), "-out", str(cert),
        ],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return cert, key


@dataclass
class NginxFront:
    """nginx on ``https_port`` (and ``http_port``, which only redirects) for ``workers``."""

    folder: Path
    https_port: int
    http_port: int
    workers: list[int]
    static: Path
    proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"https://127.0.0.1:{self.https_port}"

    @property
    def url_v6(self) -> str:
        return f"https://[::1]:{self.https_port}"

    @property
    def main(self) -> Path:
        return self.folder / "nginx.conf"

    def write(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        cert, key = self_signed_certificate(self.folder)
        site = self.folder / "duelhall.conf"
        site.write_text(
            site_config(self.https_port, self.http_port, self.workers, cert, key, self.static)
        )
        self.main.write_text(main_config(self.folder, site))

    def command(self, *extra: str) -> list[str]:
        # -e: nginx opens its error log before reading the file; keep it away from /var/log.
        return [NGINX, "-p", str(self.folder), "-e", str(self.folder / "error.log"),
                "-c", str(self.main), *extra]  # fmt: skip

    def check(self) -> subprocess.CompletedProcess:
        """`nginx -t` on the written files."""
        return subprocess.run(self.command("-t"), capture_output=True, text=True)

    def start(self) -> None:
        from tests.live import wait_for_port

        self.proc = subprocess.Popen(
            self.command("-g", "daemon off;"),
            stdout=subprocess.DEVNULL,
            stderr=open(self.folder / "stderr.log", "w"),  # noqa: SIM115 - nginx's lifetime
        )
        wait_for_port(self.https_port)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)  # graceful: finish open requests, then exit
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=15)

    def log(self, name: str = "error.log") -> str:
        path = self.folder / name
        return path.read_text() if path.exists() else ""

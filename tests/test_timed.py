"""`tools/timed`, the wrapper around each part of `make test`: its line, its summary entry,
the command's exit status kept, and the machine's CPU it reports."""

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

TIMED = Path(__file__).resolve().parent.parent / "tools" / "timed"
LINE = re.compile(
    r"^(?P<name>\S+) +(?P<seconds>[\d.]+) s +(?P<cpu>\d+) core-s, cores +(?P<busy>\d+)% busy"
    r"  (?P<outcome>.+)$"
)
# About 1.5 s of CPU on every core, in one child process per core.
BURN = "import time\nend = time.process_time() + 1.5\nwhile time.process_time() < end: pass"
CORES = os.cpu_count() or 1
ON_EVERY_CORE = " ".join(
    [f"{shlex.quote(sys.executable)} -c {shlex.quote(BURN)} &"] * CORES + ["wait"]
)


def timed(tmp_path: Path, *command: str) -> tuple[int, str, str]:
    times = tmp_path / "times"
    done = subprocess.run(
        [str(TIMED), "a-part", *command],
        env={"PATH": "/usr/bin:/bin", "TIMES": str(times)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done.returncode, done.stdout, times.read_text()


def test_a_passing_part_says_its_time_and_cpu_and_is_listed_for_the_summary(tmp_path):
    status, out, listed = timed(tmp_path, "sh", "-c", ON_EVERY_CORE)
    assert status == 0
    said = out.strip().splitlines()[-1]
    assert said.startswith("== ")
    found = LINE.match(said[3:])
    assert found, said
    assert found["name"] == "a-part" and found["outcome"] == "passed"
    # The machine's busy time includes the children's own 1.5 s on each core (rounded to
    # whole core-seconds): the cores were busy, not idle, for most of the part.
    assert int(found["cpu"]) >= CORES
    assert 50 <= int(found["busy"]) <= 100
    assert float(found["seconds"]) >= 1.4
    assert listed == said[3:] + "\n"


def test_a_failing_part_keeps_its_exit_status_and_says_so(tmp_path):
    status, out, listed = timed(tmp_path, "sh", "-c", "exit 3")
    assert status == 3
    assert out.strip().endswith("FAILED (exit 3)")
    assert LINE.match(listed.strip())["outcome"] == "FAILED (exit 3)"

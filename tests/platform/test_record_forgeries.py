"""Nine wrong records that used to verify (issue 38, E10), each now refused naming what
differs: the header is sealed by the site (games/matches/record_seal.py) and checked against
the log offline (games/matches/record_check.py)."""

import json
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from games.engines import get_engine
from games.engines.core import state_hash
from games.matches import services
from games.matches.record import match_record
from games.models import Match

from .conftest import persona

pytestmark = pytest.mark.django_db
ALICE, BOB = persona("alice"), persona("bob")


def verify(tmp_path, record, *flags) -> str:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    with pytest.raises(CommandError) as failure:
        call_command("verify_record", str(path), *flags)
    return str(failure.value)


def copy(record: dict) -> dict:
    return json.loads(json.dumps(record))


def play(match: Match, moves: int) -> Match:
    """``moves`` moves of the online match, each side playing its bot's choice."""
    engine = get_engine(match.game)
    for _ in range(moves):
        match.refresh_from_db()
        seat = min(engine.prompts(match.state).waiting)
        player = ALICE if seat == 0 else BOB
        services.submit(match.pk, player, seat, engine.bot_action(match.state, seat), match.step)
    match.refresh_from_db()
    return match


@pytest.fixture
def resigned() -> dict:
    """A Phalanx match between alice and bob that bob resigned after six moves."""
    match = services.create_match("phalanx", ALICE, timed=False)
    services.join_match(match.pk, BOB)
    play(match, 6)
    services.resign(match.pk, BOB)
    return match_record(Match.objects.get(pk=match.pk))


@pytest.fixture
def timed_out() -> dict:
    """An Elemental Clash match whose draft round ran out once, then alice resigned."""
    match = services.create_match("elemental-clash", ALICE)
    services.join_match(match.pk, BOB)
    Match.objects.filter(pk=match.pk).update(deadline_at=timezone.now() - timedelta(seconds=1))
    assert services.fire_timeout(match.pk)
    services.resign(match.pk, ALICE)
    record = match_record(Match.objects.get(pk=match.pk))
    assert record["entries"][0]["kind"] == "timeout"
    return record


def made_up_offline(code: str) -> dict:
    """A whole Phalanx record computed without the site: bot against bot, its own seed."""
    engine = get_engine("phalanx")
    state, entries = engine.setup({}, "forger's seed"), []
    while engine.outcome(state) is None:
        seat = min(engine.prompts(state).waiting)
        action = engine.bot_action(state, seat)
        step = engine.prompts(state).step
        after, events = engine.apply(state, seat, action)
        entries.append(
            {
                "seq": len(entries) + 1,
                "seat": seat,
                "kind": "action",
                "action": action,
                "events": events,
                "step": step,
                "hash_before": state_hash(state),
                "hash_after": state_hash(after),
            }
        )
        state = after
    return {
        "code": code,
        "game": "phalanx",
        "seed": "forger's seed",
        "config": {},
        "outcome": engine.outcome(state).to_json(),
        "final_hash": state_hash(state),
        "entries": entries,
    }


def test_each_of_the_nine_wrong_records_fails_naming_what_differs(resigned, timed_out, tmp_path):
    resign_entry = len(resigned["entries"])
    cases = {}

    swapped = copy(resigned)
    swapped["seats"] = [
        {"index": s["index"], "name": {"alice": "bob", "bob": "alice"}[s["name"]]}
        for s in swapped["seats"]
    ]
    cases["seat names swapped"] = (swapped, "seats differs")

    moved = copy(resigned)
    moved["entries"][-1]["seat"] = 1 - moved["entries"][-1]["seat"]
    moved["outcome"]["winner"] = 1 - moved["outcome"]["winner"]
    cases["resignation moved"] = (moved, f"entry {resign_entry}: differs")

    aborted = copy(resigned)
    aborted["status"] = "aborted"
    aborted["outcome"] = {"result": "aborted", "winner": None, "reason": "expired", "message": ""}
    cases["status aborted"] = (aborted, "status differs: an aborted match has no moves")

    cut = copy(resigned)
    cut["entries"] = cut["entries"][:3]
    cut["status"] = "active"
    cut["final_hash"] = cut["entries"][-1]["hash_after"]
    cases["cut short, active"] = (cut, "status 'active' differs")

    bare = copy(resigned)
    for entry in bare["entries"]:
        del entry["events"], entry["step"]
    cases["events and steps removed"] = (bare, "entry 1: events are missing")

    recoded = copy(resigned)
    recoded["code"] = "ZZZZZZ"
    cases["code changed"] = (recoded, "code differs")

    seated_timeout = copy(timed_out)
    seated_timeout["entries"][0]["seat"] = 1
    cases["timeout given a seat"] = (seated_timeout, "entry 1: seat differs: a timeout")

    padded = copy(resigned)
    padded["entries"][2]["action"]["note"] = "x"
    cases["extra action field"] = (padded, "entry 3: the engine refuses this action")

    forged = {**copy(resigned), **made_up_offline(resigned["code"])}
    cases["made up offline under a real code"] = (forged, "entry 1: differs")

    assert len(cases) == 9
    for name, (record, expected) in cases.items():
        message = verify(tmp_path, record)
        assert expected in message, (name, message)


def test_the_genuine_records_verify_and_say_they_are_sealed(resigned, timed_out, tmp_path, capsys):
    for record in (resigned, timed_out):
        path = tmp_path / "record.json"
        path.write_text(json.dumps(record))
        call_command("verify_record", str(path))
        assert "sealed by this site" in capsys.readouterr().out


def test_a_record_without_this_sites_seal_needs_chain_only_and_says_what_it_proves(
    resigned, tmp_path, capsys
):
    unsealed = copy(resigned)
    unsealed["seal"]["key"] = "another-site"
    assert "carries no seal of this site" in verify(tmp_path, unsealed)
    del unsealed["seal"]
    assert "carries no seal of this site" in verify(tmp_path, unsealed)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(unsealed))
    call_command("verify_record", str(path), "--chain-only")
    out = capsys.readouterr().out
    assert "entries verified" in out and "nothing proves which site's match" in out


def test_a_file_nested_a_hundred_thousand_deep_is_refused_without_a_traceback(tmp_path):
    path = tmp_path / "record.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(CommandError, match="nested too deep"):
        call_command("verify_record", str(path))

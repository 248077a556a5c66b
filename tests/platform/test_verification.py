"""Verification names the first broken link, whatever was tampered with, through all three
entry points (the admin action, ``verify_matches`` and ``verify_record`` on a downloaded
file), and never crashes: each exits non-zero / reports an error with "entry N: ..."."""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games.engines import get_engine
from games.engines.core import step
from games.matches import services
from games.matches.identity import Player
from games.matches.record import match_record
from games.matches.replay import verify
from games.models import Match, MatchAction

pytestmark = pytest.mark.django_db
ALICE = Player(user_id=None, guest_id="guest-alice", name="alice")
N = 3  # the entry every tampering hits


@pytest.fixture
def finished() -> Match:
    match = services.create_match(
        "phalanx", ALICE, mode=Match.Mode.BOT, timed=False, seed="verify-seed"
    )
    engine = get_engine("phalanx")
    for _ in range(3000):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        services.submit(match.pk, ALICE, 0, engine.bot_action(match.state, 0), match.step)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.actions.count() > N + 2
    return match


def _state_before(match: Match, seq: int):
    engine = get_engine(match.game)
    state = engine.setup(match.config, match.seed)
    for e in match.actions.filter(seq__lt=seq).order_by("seq"):
        state, _ = step(engine, state, e.seat, e.kind, e.action)
    return engine, state


def _other_legal_action(match: Match, seq: int) -> dict:
    entry = match.actions.get(seq=seq)
    engine, state = _state_before(match, seq)
    others = [a for a in engine.legal_actions(state, entry.seat) if a != entry.action]
    assert others, "the tampered entry had a choice"
    return others[0]


def tamper_action(match):
    MatchAction.objects.filter(match=match, seq=N).update(action=_other_legal_action(match, N))


def tamper_garbage_action(match):
    MatchAction.objects.filter(match=match, seq=N).update(action={"type": ["not", "a", "type"]})


def tamper_seat(match):
    entry = match.actions.get(seq=N)
    MatchAction.objects.filter(pk=entry.pk).update(seat=1 - entry.seat)


def tamper_hash(match):
    MatchAction.objects.filter(match=match, seq=N).update(hash_after="f" * 64)


def tamper_details(match):
    MatchAction.objects.filter(match=match, seq=N).update(events=[{"type": "made_up"}])


def tamper_step(match):
    MatchAction.objects.filter(match=match, seq=N).update(step="turn-99-nowhere")


def tamper_order(match):
    # Swap entries N and N+1 (through a spare seq: (match, seq) is unique).
    MatchAction.objects.filter(match=match, seq=N).update(seq=10_000)
    MatchAction.objects.filter(match=match, seq=N + 1).update(seq=N)
    MatchAction.objects.filter(match=match, seq=10_000).update(seq=N + 1)


def tamper_missing(match):
    MatchAction.objects.filter(match=match, seq=N).delete()


def tamper_extra(match):
    last = match.actions.order_by("seq").last()
    MatchAction.objects.create(
        match=match,
        seq=last.seq + 1,
        seat=0,
        kind="action",
        action={"type": "pass"},
        events=[],
        hash_before=last.hash_after,
        hash_after=last.hash_after,
    )


TAMPERINGS = {
    "action": (tamper_action, f"entry {N}: ", "differs"),
    "malformed action": (tamper_garbage_action, f"entry {N}: ", "refuses"),
    "seat": (tamper_seat, f"entry {N}: ", ""),
    "hash": (tamper_hash, f"entry {N}: hash after differs", ""),
    "details": (tamper_details, f"entry {N}: details differ", ""),
    "turn/phase": (tamper_step, f"entry {N}: turn/phase differs", ""),
    "order": (tamper_order, f"entry {N}: order changed", ""),
    "missing": (tamper_missing, f"entry {N}: is missing", ""),
    "extra": (tamper_extra, ": extra entry", ""),
}


@pytest.mark.parametrize("kind", TAMPERINGS)
def test_verify_matches_names_the_first_broken_entry_and_exits_non_zero(finished, kind, capsys):
    call_command("verify_matches")  # clean: no error
    tamper, expected, word = TAMPERINGS[kind]
    tamper(finished)
    with pytest.raises(CommandError):
        call_command("verify_matches")
    err = capsys.readouterr().err
    assert finished.code in err and expected in err and word in err, err


@pytest.mark.parametrize("kind", TAMPERINGS)
def test_the_admin_action_names_the_first_broken_entry(admin_client, finished, kind):
    tamper, expected, word = TAMPERINGS[kind]
    tamper(finished)
    html = admin_client.post(
        "/admin/games/match/",
        {"action": "replay_and_verify", "_selected_action": [finished.pk]},
        follow=True,
    ).content.decode()
    assert "Verified 0 of 1" in html
    # The admin capitalises the first letter of a message, hence lower().
    assert f"{finished.code}: first broken link: " in html.lower() and expected in html, html


def _check_file(tmp_path, record) -> str:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    with pytest.raises(CommandError) as failure:
        call_command("verify_record", str(path))
    return str(failure.value)


def test_a_clean_record_verifies_offline(finished, tmp_path, capsys):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(match_record(finished)))
    call_command("verify_record", str(path))
    assert "entries verified" in capsys.readouterr().out


@pytest.mark.parametrize("kind", TAMPERINGS)
def test_verify_record_names_the_first_broken_entry_of_a_tampered_database(
    finished, kind, tmp_path
):
    tamper, expected, word = TAMPERINGS[kind]
    tamper(finished)
    message = _check_file(tmp_path, match_record(Match.objects.get(pk=finished.pk)))
    assert expected in message and word in message, message


def test_verify_record_names_each_kind_of_change_made_to_the_file(finished, tmp_path):
    clean = match_record(finished)
    entries = clean["entries"]
    other = _other_legal_action(finished, N)

    def changed(**fields) -> dict:
        record = json.loads(json.dumps(clean))
        record["entries"][N - 1].update(fields)
        return record

    seat = entries[N - 1]["seat"]
    cases = {
        "action": (changed(action=other), f"entry {N}: "),
        "seat": (changed(seat=1 - seat), f"entry {N}: "),
        "hash": (changed(hash_before="0" * 64), f"entry {N}: hash before differs"),
        "details": (changed(events=[]), f"entry {N}: details differ"),
        "turn/phase": (changed(step="nonsense-7"), f"entry {N}: turn/phase differs"),
        "seq": (changed(seq="3"), f"entry {N}: seq is '3'"),
    }
    swapped = json.loads(json.dumps(clean))
    swapped["entries"][N - 1], swapped["entries"][N] = (
        swapped["entries"][N],
        swapped["entries"][N - 1],
    )
    swapped["entries"][N - 1]["seq"], swapped["entries"][N]["seq"] = N, N + 1
    cases["order"] = (swapped, f"entry {N}: order changed")
    missing = json.loads(json.dumps(clean))
    del missing["entries"][N - 1]
    cases["missing"] = (missing, f"entry {N}: is missing")
    duplicate = json.loads(json.dumps(clean))
    duplicate["entries"].insert(N, dict(duplicate["entries"][N - 1]))
    cases["extra"] = (duplicate, f"entry {N + 1}: extra entry")
    no_seed = dict(clean, seed=None)
    cases["seed"] = (no_seed, "no seed")
    for name, (record, expected) in cases.items():
        message = _check_file(tmp_path, record)
        assert expected in message, (name, message)
    assert "not a Duelhall match record" in _check_file(tmp_path, [1, 2])


def test_verify_never_raises_on_an_entry_the_engine_chokes_on(finished):
    MatchAction.objects.filter(match=finished, seq=N).update(action={"type": {"deep": [1]}})
    problem = verify(Match.objects.get(pk=finished.pk))
    assert problem is not None and problem.seq == N


ODD_VALUES = [None, "x", "", [], {}, 1.5, True, -1, 10**30, [[[]]], {"type": None}]


def test_a_record_with_any_field_of_an_odd_type_is_reported_never_raised(finished):
    from games.management.commands.verify_record import problem_in

    clean = match_record(finished)
    assert problem_in(clean) is None
    for key in ("game", "config", "seed", "entries", "final_hash", "outcome", "status"):
        for odd in ODD_VALUES:
            record = json.loads(json.dumps(clean))
            record[key] = odd
            problem_in(record)  # must return, whatever it says
    for key in ("seq", "seat", "kind", "action", "events", "step", "hash_before", "hash_after"):
        for odd in ODD_VALUES:
            record = json.loads(json.dumps(clean))
            record["entries"][N - 1][key] = odd
            problem = problem_in(record)
            assert problem is not None and problem.startswith(f"entry {N}"), (key, odd, problem)

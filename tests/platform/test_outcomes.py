"""Outcomes in words from the viewer's side (games/matches/outcomes.py): players read "You
won" or "You lost", spectators read names, and no reason code reaches a page."""

from games.matches.outcomes import WHY, describe

NAMES = {"0": "Ada", "1": "Bo"}


def win(winner, reason, message=""):
    return {"result": "win", "winner": winner, "reason": reason, "message": message}


def test_each_side_reads_its_own_result_and_a_spectator_reads_names():
    phalanx = win(1, "lp_depleted", "Player 2 wins on turn 13: Player 1's LP fell to 0.")
    assert describe(phalanx, NAMES, 1, "finished").sentence == (
        "You won: Ada's LP fell to 0 on turn 13"
    )
    assert describe(phalanx, NAMES, 0, "finished").sentence == (
        "You lost: Ada's LP fell to 0 on turn 13"
    )
    spectator = describe(phalanx, NAMES, None, "finished")
    assert spectator.sentence == "Bo won: Ada's LP fell to 0 on turn 13"
    assert "You" not in spectator.sentence


def test_shapeships_never_tells_the_loser_victory():
    sunk = win(0, "victory", "Victory: the opponent's health fell to -4.")
    loser = describe(sunk, NAMES, 1, "finished")
    assert loser.word == "Lost" and loser.sentence == "You lost: Bo's fleet fell to -4 health"
    assert "Victory" not in loser.sentence and "opponent" not in loser.sentence


def test_time_and_abandonment_say_so():
    late = win(0, "abandoned", "Player 2 ran out of time 3 steps in a row and abandoned.")
    assert describe(late, NAMES, None, "finished").headline == "Ada won on time"
    assert describe(late, NAMES, 1, "finished").sentence == (
        "You lost on time: Bo ran out of time three times in a row"
    )


def test_codes_and_seat_labels_never_show():
    cases = [
        win(0, "BATTLE_DAMAGE", "Seat 1 wins: Seat 2 took battle damage with no shields."),
        win(1, "hp_zero", "Player 2 wins on turn 7: Player 1 fell."),
        win(0, "Bo resigned"),
        {"result": "draw", "winner": None, "reason": "treaty", "message": "Treaty: 3 HP."},
        {"result": "aborted", "winner": None, "reason": "aborted before the first move"},
    ]
    for outcome in cases:
        for seat in (0, 1, None):
            status = "aborted" if outcome["result"] == "aborted" else "finished"
            text = describe(outcome, NAMES, seat, status).sentence
            assert not any(code in text for code in WHY if "_" in code or code.isupper())
            assert "Seat" not in text and "Player" not in text, text
    assert describe(cases[1], NAMES, 0, "finished").sentence == (
        "You lost: Ada's HP fell to 0 on turn 7"
    )
    assert describe(cases[2], NAMES, 1, "finished").sentence == "You lost: Bo resigned"
    assert describe(cases[4], NAMES, 0, "aborted").sentence == (
        "Aborted: called off before the first move"
    )
    assert describe(None, NAMES, 0, "active").word == "In play"


def test_the_shapeships_banner_filter_says_the_result_with_names():
    from django.template import Context, Template

    banner = Template("{{ r|why_in_words:names|capfirst }}.").render(
        Context(
            {"r": win(0, "victory", "Victory: the opponent's health fell to -4."), "names": NAMES}
        )
    )
    assert banner == "Bo&#x27;s fleet fell to -4 health."

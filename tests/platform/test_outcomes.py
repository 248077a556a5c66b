"""Outcomes in words from the viewer's side (games/matches/outcomes.py): players read "You
won" or "You lost" and their own part as "you" and "your", spectators read names, and no
reason code reaches a page."""

from games.matches.outcomes import WHY, describe, opening

NAMES = {"0": "Ada", "1": "Bo"}


def win(winner, reason, message=""):
    return {"result": "win", "winner": winner, "reason": reason, "message": message}


def test_each_side_reads_its_own_result_and_a_spectator_reads_names():
    phalanx = win(1, "lp_depleted", "Player 2 wins on turn 13: Player 1's LP fell to 0.")
    assert describe(phalanx, NAMES, 1, "finished").sentence == (
        "You won: Ada's LP fell to 0 on turn 13"
    )
    assert describe(phalanx, NAMES, 0, "finished").sentence == (
        "You lost: your LP fell to 0 on turn 13"
    )
    spectator = describe(phalanx, NAMES, None, "finished")
    assert spectator.sentence == "Bo won: Ada's LP fell to 0 on turn 13"
    assert "You" not in spectator.sentence


def test_shapeships_never_tells_the_loser_victory():
    sunk = win(0, "victory", "Victory: the opponent's health fell to -4.")
    loser = describe(sunk, NAMES, 1, "finished")
    assert loser.word == "Lost" and loser.sentence == "You lost: your fleet fell to -4 health"
    assert "Victory" not in loser.sentence and "opponent" not in loser.sentence


def test_time_and_abandonment_say_so():
    late = win(0, "abandoned", "Player 2 ran out of time 3 steps in a row and abandoned.")
    assert describe(late, NAMES, None, "finished").headline == "Ada won on time"
    assert describe(late, NAMES, 1, "finished").sentence == (
        "You lost on time: you ran out of time three times in a row"
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
        "You lost: your HP fell to 0 on turn 7"
    )
    assert describe(cases[2], NAMES, 1, "finished").sentence == "You lost: you resigned"
    assert describe(cases[2], NAMES, 0, "finished").sentence == "You won: Bo resigned"
    assert describe(cases[4], NAMES, 0, "aborted").sentence == (
        "Aborted: called off before the first move"
    )
    assert describe(None, NAMES, 0, "active").word == "In play"


def test_the_boards_banner_tag_says_the_result_to_each_viewer():
    from django.template import Context, Template

    banner = Template("{% outcome_why r names mode seat %}.")
    sunk = win(0, "victory", "Victory: the opponent's health fell to -4.")

    def said(seat, mode="online"):
        return banner.render(Context({"r": sunk, "names": NAMES, "mode": mode, "seat": seat}))

    assert said(None) == "Bo&#x27;s fleet fell to -4 health."
    assert said(1) == "Your fleet fell to -4 health."
    assert said(0) == "Bo&#x27;s fleet fell to -4 health."
    assert said(1, mode="hotseat") == "Bo&#x27;s fleet fell to -4 health."


def test_the_reader_reads_you_where_its_own_name_would_stand():
    narrow = win(0, "narrow_victory", "Both fleets fell; the winner kept more health.")
    assert describe(narrow, NAMES, 0, "finished").sentence == (
        "You won: both fleets fell, and yours kept more health"
    )
    assert describe(narrow, NAMES, 1, "finished").sentence == (
        "You lost: both fleets fell, and Ada's kept more health"
    )
    decks = win(1, "exhaustion", "Player 2 wins: both hands empty, more base HP.")
    assert describe(decks, NAMES, 1, "finished").why == (
        "the decks ran out and your base had more HP"
    )
    left = win(0, "abandonment", "Bo left the match and Ada claimed the win.")
    assert describe(left, NAMES, 1, "finished").sentence == (
        "You lost: you left the match and Ada claimed the win"
    )
    assert describe(left, NAMES, 0, "finished").sentence == (
        "You won: Bo left the match and you claimed the win"
    )
    assert (
        describe(left, NAMES, None, "finished").why == "Bo left the match and Ada claimed the win"
    )
    # One device for both: "you" would be either, so the names stay (games/templatetags).
    assert describe(narrow, NAMES, None, "finished").why == (
        "both fleets fell, and Ada's kept more health"
    )


def test_a_sentence_opens_with_a_capital_but_a_name_as_written():
    names = {"0": "ada_9", "1": "Bo"}
    assert opening("your LP fell to 0", names) == "Your LP fell to 0"
    assert opening("ada_9 resigned", names) == "ada_9 resigned"
    assert describe(win(1, "ada_9 resigned"), names, None, "finished").why_opening == (
        "ada_9 resigned"
    )
    assert describe(win(1, "lp_depleted"), names, 0, "finished").why_opening == (
        "Your LP fell to 0"
    )


def test_a_phalanx_draw_by_quiet_turns_says_how_many():
    """PXR-11: 40 turns in a row with no card destroyed and no LP lost draw the match."""
    quiet = {
        "result": "draw",
        "winner": None,
        "reason": "no_progress",
        "message": "Draw: 40 turns in a row without a destroyed card or lost LP.",
    }
    assert describe(quiet, NAMES, 0, "finished").sentence == (
        "Draw: 40 turns in a row went by without a destroyed card or lost LP"
    )


def test_a_gundam_deck_out_says_the_deck_ran_out_either_way():
    """GDR-4: a player whose deck is 0 after a draw, or who must draw from an empty deck,
    loses. Both of the engine's sentences read as the deck running out."""
    for message in (
        "Seat 1 drew the last card of the deck. Seat 2 wins.",
        "Seat 1 had to draw from an empty deck. Seat 2 wins.",
    ):
        ran_out = win(1, "DECK_OUT", message)
        assert describe(ran_out, NAMES, 0, "finished").sentence == "You lost: your deck ran out"
        assert describe(ran_out, NAMES, None, "finished").sentence == "Bo won: Ada's deck ran out"

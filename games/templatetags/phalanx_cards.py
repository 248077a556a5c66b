"""Phalanx buttons whose move is a card from the hand (deploy, reinforce): the button shows
the card as a player names it ("5♦", in its suit's colour) and its accessible name says the
whole move ("Reinforce column 1 with 5♦"), so a row of them fits a phone's action bar."""

from django import template

from games.engines.phalanx.cards import RED_SUITS, short_name, suit_of

register = template.Library()


@register.filter
def card_name(card_id: str) -> str:
    """``PX0-5D`` → ``5♦``."""
    return short_name(card_id)


@register.filter
def card_choice_class(card_id: str) -> str:
    """The classes of a card-choice button: its suit's colour."""
    return "phx-card-choice is-red" if suit_of(card_id) in RED_SUITS else "phx-card-choice"

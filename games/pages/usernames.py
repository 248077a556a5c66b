"""What a username may be. Names are shown beside seats, on leaderboards and player pages,
so one must not pass for another: ``bоss`` (with a Cyrillic о) beside ``boss`` is refused as
a mix of scripts with look-alike letters (the ``confusable-homoglyphs`` package, Unicode's
confusables data), and a name needs a letter or a digit (``.`` and ``..`` read as paths).
Django already NFKC-normalises names (full-width ``ｂｏｓｓ`` is ``boss``) and refuses one
that differs from a taken name only in case."""

from __future__ import annotations

from confusable_homoglyphs import confusables
from django.contrib.auth.forms import UserCreationForm
from django.core.exceptions import ValidationError


def username_problem(name: str) -> str | None:
    if not any(ch.isalnum() for ch in name):
        return "A username needs at least one letter or digit."
    if confusables.is_dangerous(name):
        return (
            "That username mixes alphabets with letters that look alike (say a Cyrillic "
            "о among Latin letters): use one alphabet."
        )
    return None


class SignUpForm(UserCreationForm):
    def clean_username(self):
        name = super().clean_username()
        if not isinstance(name, str):
            return name  # already refused (a taken name)
        problem = username_problem(name)
        if problem:
            raise ValidationError(problem, code="username_lookalike")
        return name

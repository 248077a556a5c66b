"""A Jinja2 port of the whole Elemental Clash board: a measurement fixture, not used by the site.

``bench/template_engines.py`` renders the live page's fragments (templates/match/_fragments.html:
flash, status bar, board, game-over panel) with Django's engine and with this port, checks that
both give the same HTML for the same context, and only then times them. The site renders with
Django; nothing outside bench/ imports this package.

What the port keeps and what it cannot (see ``environment.py``): every tag and filter of the
original is the same Python function (``icon``, ``action_form``, ``get_item``, ``with_names``...),
called from Jinja; ``{% part %}`` and ``{% memo %}`` are a Jinja2 extension (``parts.py``) in two
builds: plain (a part only wraps its body as the original does in a whole page, a memo is its
body: the whole board from nothing, the comparison that is fair to both engines) and digested
(inputs found at compile time, HTML reused, frames built by games/live/frames.py). Macros
called inside a memo stand for ``memo_include``. The hot-seat pass screen
(``match/_pass_device.html``) is ported, but no board the bench checks shows it.
"""

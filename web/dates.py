"""Dates on the pages: when a session started and ended, in the page's language and the laptop's own clock.

Template filter ``when``: a time (seconds since the epoch, as the store keeps it) → "Dec 2, 2026 9:04 PM" in
English, "2 de dez. de 2026 21:04" in Portuguese; an unknown time → "".
"""

from __future__ import annotations

from datetime import datetime

from babel.dates import format_date, format_time
from flask import Flask
from flask_babel import get_locale


def when(at: float | None) -> str:
    """The laptop's local date and time of ``at``, in the request's language."""
    if at is None:
        return ""
    try:
        moment = datetime.fromtimestamp(at).replace(microsecond=0)  # the laptop's clock, as the table saw it
    except (OverflowError, OSError, ValueError):
        return ""
    locale = get_locale() or "en"
    return f"{format_date(moment, 'medium', locale=locale)} {format_time(moment, 'short', tzinfo=None, locale=locale)}"


def init_app(app: Flask) -> None:
    app.add_template_filter(when, "when")

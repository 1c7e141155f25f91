"""The Flask application: the factory wires the service, the error answers, languages and blueprints."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask
from flask.json.provider import DefaultJSONProvider
from flask_babel import Babel

from .paths import ROOT
from .site import LANG_COOKIE, LANGUAGE_NAMES, LANGUAGES, select_locale

__all__ = ["LANGUAGES", "LANGUAGE_NAMES", "LANG_COOKIE", "ROOT", "create_app", "select_locale"]


class ContractOrderJSON(DefaultJSONProvider):
    sort_keys = False  # STATE reads in contract order, not alphabetically


def create_app(config: dict[str, Any] | None = None) -> Flask:
    app = Flask(
        __name__,
        instance_path=str(ROOT / "instance"),
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    app.config.from_mapping(
        DATABASE=str(Path(app.instance_path) / "dealer.sqlite3"),
        PUBLIC_URL=None,
        MAX_CONTENT_LENGTH=64 * 1024,  # no legitimate request comes near this
        BABEL_TRANSLATION_DIRECTORIES=str(ROOT / "translations"),
        SEND_FILE_MAX_AGE_DEFAULT=3600,
    )
    if config:
        app.config.update(config)
    if app.config["DATABASE"] != ":memory:":
        os.makedirs(Path(app.config["DATABASE"]).parent, exist_ok=True)

    Babel(app, locale_selector=select_locale)
    app.json = ContractOrderJSON(app)

    @app.context_processor
    def shell_context() -> dict[str, Any]:
        return {"current_locale": select_locale, "language_names": LANGUAGE_NAMES}

    from . import (
        api,
        card_display,
        citations,
        console,
        dates,
        errors,
        guard,
        limits,
        player,
        reference,
        replayer,
        report,
        service,
        sessions,
        site,
        start,
        tablet,
        tv,
    )

    service.init_app(app)
    errors.init_app(app)
    guard.init_app(app)
    limits.init_app(app)
    citations.init_app(app)
    dates.init_app(app)
    app.add_template_global(card_display.card_views, "card_views")
    # The start screen (web/start.py) and the console (web/console.py) are routes of the dealer's one blueprint.
    assert start.bp is console.bp is tablet.bp
    for module in (site, api, tablet, player, tv, reference, report, sessions, replayer):
        app.register_blueprint(module.bp)
    return app

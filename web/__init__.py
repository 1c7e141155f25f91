"""The Flask application: factory, languages, blueprints."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask, request
from flask_babel import Babel

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "pt", "es")
LANGUAGE_NAMES = {"en": "English", "pt": "Português", "es": "Español"}
LANG_COOKIE = "lang"


def select_locale() -> str:
    """The language switch (a cookie per device) wins; otherwise the browser's Accept-Language."""
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES) or "en"


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
    app.json.sort_keys = False  # STATE reads in contract order

    @app.context_processor
    def shell_context() -> dict[str, Any]:
        return {"current_locale": select_locale, "language_names": LANGUAGE_NAMES}

    from . import api, console, player, reference, site, store

    store.init_app(app)
    for module in (site, api, console, player, reference):
        app.register_blueprint(module.bp)
    site.register_error_pages(app)
    return app

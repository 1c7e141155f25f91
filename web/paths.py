"""Where the project's folders are: templates, static files, translations, seeds and the instance folder."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

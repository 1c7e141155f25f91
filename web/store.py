"""Placeholder: SQLite store (engine issue)."""

from flask import Flask


def init_app(app: Flask) -> None:
    return None

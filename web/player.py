"""Placeholder blueprint: filled in by its issue."""

from flask import Blueprint

bp = Blueprint("player", __name__)

"""Placeholder blueprint: filled in by its issue."""

from flask import Blueprint

bp = Blueprint("console", __name__)

"""Placeholder blueprint: filled in by its issue."""

from flask import Blueprint

bp = Blueprint("reference", __name__)

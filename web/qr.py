"""QR codes for phones: inline SVG for pages (the ``qrcode`` package, no Pillow) and text for the terminal.

Templates call ``qr_svg(url)`` (a Jinja global registered by the player blueprint); Python code calls
:func:`svg`. Both give markup safe to put straight into a page: the URL only ever appears as the QR's data
and in an escaped ``aria-label``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import lru_cache

import qrcode
import qrcode.constants
from markupsafe import Markup
from qrcode.image.svg import SvgPathFillImage

# Medium error correction: survives a glare spot or a thumb on a tablet screen, still a small code for a URL.
ERROR_CORRECTION = qrcode.constants.ERROR_CORRECT_M
QUIET_ZONE = 4  # modules of white around the code, as the QR standard asks (the page around it is dark)
TERMINAL_QUIET_ZONE = 2  # enough for phone cameras, and keeps the code short in a terminal

# Half-block characters: each text row shows two module rows (upper half, lower half).
_BLOCKS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}
_ANSI_WHITE_ON_BLACK = "\x1b[38;5;255;48;5;232m"
_ANSI_RESET = "\x1b[0m"


def _code(data: str, border: int) -> qrcode.QRCode:
    code = qrcode.QRCode(error_correction=ERROR_CORRECTION, border=border, box_size=10)
    code.add_data(data)
    code.make(fit=True)
    return code


@lru_cache(maxsize=64)
def _svg_text(url: str, label: str, css_class: str) -> str:
    image = _code(url, QUIET_ZONE).make_image(image_factory=SvgPathFillImage)
    root = image.get_image()
    # Size comes from CSS (the SVG scales to its box); physical millimetres mean nothing on a screen.
    for attribute in ("width", "height", "version"):
        root.attrib.pop(attribute, None)
    root.set("width", "100%")  # fills its box; the height follows the square viewBox
    root.set("class", css_class)
    root.set("role", "img")
    root.set("aria-label", label)
    root.set("shape-rendering", "crispEdges")  # sharp module edges at any zoom
    root.set("data-qr", "")
    # Class and role first, so the markup reads <svg class="qr" role="img" …> like any other icon of the page.
    ordered = {"class": root.attrib.pop("class"), "role": root.attrib.pop("role"), **root.attrib}
    root.attrib.clear()
    root.attrib.update(ordered)
    for path in root.iter("path"):
        path.attrib.pop("id", None)  # several codes may share a page: no duplicate ids
    return ET.tostring(root, encoding="unicode", short_empty_elements=True)


def svg(url: str, label: str | None = None, css_class: str = "qr") -> Markup:
    """Inline ``<svg>`` of a QR code encoding ``url``: black modules on white, with its quiet zone.

    ``label`` is the accessible name (default: the URL itself). The SVG has no fixed size: give its box a
    width in CSS (``.qr { width: 16rem }``) and it scales without blurring.
    """
    # ElementTree escapes attribute values itself: names and URLs pass through as plain text.
    return Markup(_svg_text(url, label if label is not None else url, css_class))


def matrix(data: str, border: int = TERMINAL_QUIET_ZONE) -> list[list[bool]]:
    """The QR modules (True = dark) including the quiet zone."""
    code = _code(data, border)
    return [list(row) for row in code.get_matrix()]


def terminal(url: str, ansi: bool = True) -> str:
    """The QR code as text for a terminal, two module rows per line.

    With ``ansi`` (a real terminal) the colours are set explicitly (white light modules on a black
    background), so the code reads the right way round on dark and light terminal themes alike. Without
    (output redirected to a file) light modules are drawn as blocks, which suits the usual dark terminal.
    """
    rows = matrix(url)
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))  # an extra light row below: part of the quiet zone
    lines = []
    for top, bottom in zip(rows[0::2], rows[1::2], strict=True):
        # Light modules are the drawn ones (foreground); dark modules are the background showing through.
        line = "".join(_BLOCKS[(not upper, not lower)] for upper, lower in zip(top, bottom, strict=True))
        lines.append(f"{_ANSI_WHITE_ON_BLACK}{line}{_ANSI_RESET}" if ansi else line)
    return "\n".join(lines)

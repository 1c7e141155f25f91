"""The ledger and the settlement in the snapshot (R27): every display reads them from here."""

from __future__ import annotations

from typing import Any

from ..rules.settlement import ledger, settlement
from ..rules.table_state import TableState


def night_fields(table: TableState) -> dict[str, Any]:
    """The snapshot's format, ledger and settlement ("if the night ended now" until it is over)."""
    settings = table.settings
    return {"format": settings.format, "chip_value": settings.chip_value, "currency": settings.currency,
            "max_buy_in": settings.max_buy_in, "ledger": ledger(table), "settlement": settlement(table)}

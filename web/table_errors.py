"""What a request for a table can be refused with before anything is read: no such table or hand (404), or not the
table's dealer (401 on the API, 403 on a page). web/errors.py turns each into its answer."""

from __future__ import annotations


class TableNotFound(LookupError):
    """No table of that id on this server (HTTP 404)."""

    def __init__(self, table_id: str) -> None:
        super().__init__(table_id)
        self.table_id = table_id


class Unauthorized(PermissionError):
    """The change needs the table's dealer token (HTTP 401 on the API, 403 on a page)."""

    def __init__(self, table_id: str) -> None:
        super().__init__(table_id)
        self.table_id = table_id


class HandNotFound(LookupError):
    """No such hand (yet) at this table (HTTP 404)."""

    def __init__(self, table_id: str, number: str) -> None:
        super().__init__(table_id, number)
        self.table_id, self.number = table_id, number

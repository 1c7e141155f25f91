"""The real server answers the health check and keeps one table per creation."""

from conftest import Api


def test_health_and_create(api: Api) -> None:
    status, _ = api.request("GET", "/api/health")
    assert status == 200
    table, _, state = api.create(["Ana", "Bia", "Caio"], button="Ana")
    assert state["phase"] == "deal" and state["hand"] == 0 and state["seq"] == 0
    assert api.state(table)["table"] == table

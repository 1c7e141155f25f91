"""A replacement card exposed while serving (§05; R14 with R13): the draw is served again from that player on."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer.errors import NotAllowed
from engine_driver import Table
from test_engine_draws import SIX, deck_total


def draw_one(table: Table, counts: dict[str, int]) -> Table:
    """Everyone announces, in the table's order."""
    while table.state["phase"] == "draw" and table.to_act in counts:
        name = table.to_act
        table.do(f"{name} draw {counts[name]}")
    return table


def worked_example() -> Table:
    """The issue's table: 6 players with 100 each, all limp; A-D draw 5, E draws 1, F stands pat."""
    table = Table(SIX, button="Fabi").do("deal").limps()
    return draw_one(table, {"Ana": 5, "Bia": 5, "Caio": 5, "Dani": 5, "Edu": 1, "Fabi": 0})


def test_r13_r14_exposed_card_at_an_exactly_empty_stub_reshuffles_the_served_discards_only() -> None:
    table = worked_example()
    assert [step["step"] for step in table.state["deal_plan"]] == ["burn"] + ["serve"] * 5  # no reshuffle planned
    assert table.state["deck"] == {"stub": 0, "burned": 1, "discards": 21, "folded": 0}
    table.do("exposed Edu")
    state = table.state
    assert state["deal_plan"] == [
        {"step": "exposed", "player": "Edu"},
        {"step": "reshuffle", "cards": 20, "player": "Edu", "stub": 0, "earlier_discards": 0, "folded": 0,
         "served": {"Ana": 5, "Bia": 5, "Caio": 5, "Dani": 5}, "keep_apart": {"Edu": 1}, "burned": 2},
        {"step": "serve", "player": "Edu", "cards": 1},
    ]
    assert state["deck"] == {"stub": 19, "burned": 2, "discards": 1, "folded": 0}
    assert deck_total(table) == 52
    texts = [line["text"] for line in state["log"]]
    assert any(text.startswith("Card exposed while serving Edu") for text in texts)
    assert "Stub short for Edu: reshuffle into a new stub of 20 cards" in texts


def test_r14_exposed_card_without_a_reshuffle_serves_the_rest_in_order() -> None:
    table = Table(["Ana", "Bia", "Caio"], button="Ana").do("deal").limps()
    draw_one(table, {"Bia": 2, "Caio": 0, "Ana": 1})
    assert table.legal["exposed"] == {"action": "exposed", "players": ["Bia", "Ana"]}
    before = table.state["deck"]
    table.do("exposed Bia")
    state = table.state
    assert state["deck"] == dict(before, stub=before["stub"] - 1, burned=before["burned"] + 1)
    assert state["deal_plan"] == [{"step": "exposed", "player": "Bia"}, {"step": "serve", "player": "Bia", "cards": 2},
                                  {"step": "serve", "player": "Ana", "cards": 1}]
    assert table.legal["exposed"] == {"action": "exposed", "players": ["Bia", "Ana"]}  # open until the next input
    table.do("Bia check")
    assert "exposed" not in table.legal
    assert deck_total(table) == 52


def test_r13_r14_an_exposed_card_moves_the_reshuffle_earlier() -> None:
    table = Table(SIX, button="Ana").do("deal").limps()
    draw_one(table, {"Bia": 5, "Caio": 5, "Dani": 5, "Edu": 5, "Fabi": 1, "Ana": 5})
    planned = [step for step in table.state["deal_plan"] if step["step"] == "reshuffle"]
    assert planned == [{"step": "reshuffle", "cards": 21, "player": "Ana", "stub": 0, "earlier_discards": 0,
                        "folded": 0, "served": {"Bia": 5, "Caio": 5, "Dani": 5, "Edu": 5, "Fabi": 1},
                        "keep_apart": {"Ana": 5}, "burned": 1}]
    table.do("exposed Fabi")
    state = table.state
    # Fabi is being served when the stub runs out: Fabi's own discard and Ana's stay apart.
    assert state["deal_plan"] == [
        {"step": "exposed", "player": "Fabi"},
        {"step": "reshuffle", "cards": 20, "player": "Fabi", "stub": 0, "earlier_discards": 0, "folded": 0,
         "served": {"Bia": 5, "Caio": 5, "Dani": 5, "Edu": 5}, "keep_apart": {"Fabi": 1, "Ana": 5}, "burned": 2},
        {"step": "serve", "player": "Fabi", "cards": 1},
        {"step": "serve", "player": "Ana", "cards": 5},
    ]
    assert state["deck"] == {"stub": 14, "burned": 2, "discards": 6, "folded": 0}
    assert deck_total(table) == 52


def test_r13_r14_two_exposed_cards_in_one_draw_add_up() -> None:
    table = Table(SIX, button="Ana").do("deal").limps()
    draw_one(table, {"Bia": 5, "Caio": 5, "Dani": 5, "Edu": 5, "Fabi": 5, "Ana": 5})
    table.do("exposed Caio")
    assert table.legal["exposed"]["players"] == ["Caio", "Dani", "Edu", "Fabi", "Ana"]
    table.do("exposed Edu")
    state = table.state
    # Stub 21 after the burn; Bia 5 (16); Caio's card exposed (15), Caio 5 (10); Dani 5 (5); Edu's card exposed
    # (4): Edu needs 5, so the stub's 4 and the served discards of Bia, Caio and Dani are shuffled (19).
    assert state["deal_plan"] == [
        {"step": "exposed", "player": "Edu"},
        {"step": "reshuffle", "cards": 19, "player": "Edu", "stub": 4, "earlier_discards": 0, "folded": 0,
         "served": {"Bia": 5, "Caio": 5, "Dani": 5}, "keep_apart": {"Edu": 5, "Fabi": 5, "Ana": 5}, "burned": 3},
        {"step": "serve", "player": "Edu", "cards": 5},
        {"step": "serve", "player": "Fabi", "cards": 5},
        {"step": "serve", "player": "Ana", "cards": 5},
    ]
    assert state["deck"] == {"stub": 4, "burned": 3, "discards": 15, "folded": 0}
    assert deck_total(table) == 52


def test_r14_the_same_player_can_have_two_cards_exposed() -> None:
    table = Table(["Ana", "Bia", "Caio"], button="Ana").do("deal").limps()
    draw_one(table, {"Bia": 3, "Caio": 0, "Ana": 0})
    stub = table.state["deck"]["stub"]
    table.do("exposed Bia", "exposed Bia")
    assert table.state["deck"]["stub"] == stub - 2 and table.state["deck"]["burned"] == 3
    served = [step for step in table.state["deal_plan"] if step["step"] == "serve"]
    assert served == [{"step": "serve", "player": "Bia", "cards": 3}]


def test_r14_players_served_before_the_exposed_card_cannot_have_one_exposed_afterwards() -> None:
    table = Table(SIX, button="Ana").do("deal").limps()
    draw_one(table, {"Bia": 1, "Caio": 1, "Dani": 1, "Edu": 1, "Fabi": 1, "Ana": 1})
    table.do("exposed Dani")
    refusal = table.refuse("exposed Bia")
    assert refusal.ruling == "R14"
    assert refusal.message.render(lambda text: text) == (
        "Bia was served before the card exposed while serving Dani: serving goes on in order.")


def test_r14_exposed_after_a_draw_in_which_nobody_was_served() -> None:
    table = Table(["Ana", "Bia", "Caio"], button="Ana").do("deal").limps()
    draw_one(table, {"Bia": 0, "Caio": 0, "Ana": 0})
    refusal = table.refuse("exposed Bia")
    assert refusal.ruling == "R14"
    assert refusal.message.render(lambda text: text) == (
        "Nobody was served a card in draw 1: there is no replacement card to expose.")


def test_r14_exposed_before_any_draw_says_no_replacement_card_was_served() -> None:
    table = Table(["Ana", "Bia", "Caio"], button="Ana").do("deal", "Ana call")
    refusal = table.refuse("exposed Bia")
    assert refusal.message.render(lambda text: text) == "No replacement card has been served in this hand yet."


def test_r14_the_plan_after_an_exposed_card_is_on_the_console(client: Any) -> None:
    created = client.post("/api/tables", json={"players": SIX, "button": "Fabi"}).get_json()
    table_id, token = created["table"], created["dealer_token"]
    headers = {"Authorization": f"Bearer {token}"}
    state = created["state"]

    def act(payload: dict[str, object]) -> dict[str, object]:
        answer = client.post(f"/api/tables/{table_id}/actions", json=dict(payload, seq=state["seq"]), headers=headers)
        assert answer.status_code == 200, answer.get_json()
        return dict(answer.get_json())

    state = act({"action": "deal"})
    while state["phase"] == "bet":
        legal = {option["action"] for option in state["legal"]}
        state = act({"action": "call" if "call" in legal else "check", "player": state["to_act"]})
    counts = {"Ana": 5, "Bia": 5, "Caio": 5, "Dani": 5, "Edu": 1, "Fabi": 0}
    while state["phase"] == "draw":
        state = act({"action": "draw", "player": state["to_act"], "count": counts[str(state["to_act"])]})
    state = act({"action": "exposed", "player": "Edu"})
    assert state["deck"] == {"stub": 19, "burned": 2, "discards": 1, "folded": 0}
    client.get(f"/t/{table_id}/join?token={token}")
    page = client.get(f"/t/{table_id}/dealer").get_data(as_text=True)
    page = page[page.index('data-testid="deal-plan"'):]
    page = page[:page.index("</section>")]
    assert "Put the card exposed while serving Edu with the burned cards" in page
    assert "this draw&#39;s discards of the players already served: Ana 5, Bia 5, Caio 5, Dani 5 (20 cards)" in page
    assert "Serve Ana 5 cards" not in page  # the steps done before the exposure are not shown again


class Reference:
    """The piles of one draw served in order, each exposed card an extra card burned at its player's turn (R13)."""

    def __init__(self, deck: dict[str, int], current: dict[str, int]) -> None:
        self.stub, self.burned, self.folded = deck["stub"], deck["burned"], deck["folded"]
        self.earlier = deck["discards"] - sum(current.values())
        self.current = dict(current)
        self.served: list[str] = []
        self.steps: list[dict[str, Any]] = []

    def reshuffle(self, before: str | None, waiting: list[str]) -> None:
        gathered = {name: self.current[name] for name in self.served if self.current[name]}
        cards = self.stub + self.earlier + self.folded + sum(gathered.values())
        self.steps.append({"step": "reshuffle", "cards": cards, "player": before, "stub": self.stub,
                           "earlier_discards": self.earlier, "folded": self.folded, "served": gathered,
                           "keep_apart": {name: self.current[name] for name in waiting if self.current[name]},
                           "burned": self.burned})
        self.stub, self.earlier, self.folded = cards, 0, 0
        for name in gathered:
            self.current[name] = 0

    def burn(self, before: str | None, waiting: list[str]) -> None:
        if self.stub == 0:
            self.reshuffle(before, waiting)
        self.stub -= 1
        self.burned += 1

    def serve(self, order: list[str], exposed: list[str]) -> dict[str, int]:
        self.burn(None, order)
        self.steps.append({"step": "burn"})
        for position, name in enumerate(order):
            count = self.current[name]
            if count:
                if self.stub < count:
                    self.reshuffle(name, order[position:])
                for _ in range(exposed.count(name)):
                    self.burn(name, order[position:])
                    self.steps.append({"step": "exposed", "player": name})
                if self.stub < count:
                    self.reshuffle(name, order[position:])
                self.stub -= count
                self.steps.append({"step": "serve", "player": name, "cards": count})
            self.served.append(name)
        return {"stub": self.stub, "burned": self.burned, "discards": self.earlier + sum(self.current.values()),
                "folded": self.folded}


def draw_order(state: dict[str, Any]) -> list[str]:
    """Live players from the first left of the button (R12)."""
    names = [seat["name"] for seat in state["players"]]
    start = names.index(state["button"]) + 1
    return [name for name in names[start:] + names[:start]
            if next(seat for seat in state["players"] if seat["name"] == name)["status"] in ("active", "all_in")]


def announce_all(table: Table, data: st.DataObject) -> tuple[dict[str, int], dict[str, int], list[str]]:
    """Random announcements (a fold now and then); the piles and this draw's discards before serving, the order."""
    number = table.state["round"]
    while True:
        name = table.to_act
        state = table.state
        deck = dict(state["deck"])
        current = {seat["name"]: seat["draws"][-1] for seat in state["players"]
                   if len(seat["draws"]) == number and seat["status"] != "folded"}
        live = sum(1 for seat in state["players"] if seat["status"] in ("active", "all_in"))
        if live > 2 and data.draw(st.integers(0, 9)) == 0:
            table.do(f"{name} fold")
            deck["folded"] += 5  # a player who has not announced holds five cards
        else:
            current[name] = data.draw(st.sampled_from([0, 1, 2, 3, 4, 5, 5, 5]))
            deck["discards"] += current[name]
            table.do(f"{name} draw {current[name]}")
        after = table.state
        if not (after["phase"] == "draw" and after["round"] == number):
            return deck, current, draw_order(after)


def play_to_a_draw(table: Table, data: st.DataObject) -> bool:
    """Limp (a fold now and then) until the next draw; False when the hand ended first."""
    while table.state["phase"] == "bet":
        live = sum(1 for seat in table.state["players"] if seat["status"] in ("active", "all_in"))
        if live > 2 and data.draw(st.integers(0, 14)) == 0:
            table.do(f"{table.to_act} fold")
        else:
            table.do(f"{table.to_act} {'call' if 'call' in table.legal else 'check'}")
    return table.state["phase"] == "draw"


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_r13_r14_property_exposed_cards_are_extra_burns_at_the_players_turn(data: st.DataObject) -> None:
    names = SIX[:data.draw(st.sampled_from([2, 3, 4, 5, 6, 6, 6]))]  # big tables run the stub short
    table = Table(names, button=data.draw(st.sampled_from(names))).do("deal")
    while play_to_a_draw(table, data):
        deck, current, order = announce_all(table, data)
        exposed: list[str] = []
        for _ in range(data.draw(st.integers(0, 3))):
            if "exposed" not in table.legal:
                break
            name = data.draw(st.sampled_from(table.legal["exposed"]["players"]))
            try:
                table.do(f"exposed {name}")
            except NotAllowed as refusal:
                assert refusal.ruling == "R14"  # the cards would run out: nothing changed
                break
            exposed.append(name)
            reference = Reference(deck, {name: current.get(name, 0) for name in order})
            expected_deck = reference.serve(order, exposed)
            latest = max(index for index, step in enumerate(reference.steps) if step["step"] == "exposed")
            state = table.state
            assert state["deck"] == expected_deck
            assert state["deal_plan"] == reference.steps[latest:]
            assert deck_total(table) == 52

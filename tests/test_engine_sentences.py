"""Every sentence the table reads is true in the state where it appears (refusals, notes, log lines, results)."""

from __future__ import annotations

from typing import Any

from dealer.errors import DealerError
from dealer.rules.game_compare import compare_hands
from engine_driver import Table


def text(refusal: DealerError) -> str:
    return refusal.message.render()


def texts(table: Table, field: str) -> list[str]:
    return [line["text"] for line in table.state[field]]


def check_down(table: Table) -> Table:
    """Everybody stands pat and checks (or calls) until the showdown."""
    while table.state["phase"] in ("bet", "draw"):
        name, legal = table.to_act, table.legal
        if table.state["phase"] == "draw":
            table.do(f"{name} draw 0")
        else:
            table.do(f"{name} {'check' if 'check' in legal else 'call'}")
    return table


def test_s08_r18_a_draw_during_the_showdown_is_refused_with_a_showdown_sentence() -> None:
    table = check_down(Table(["Ana", "Bia"], button="Ana").do("deal"))
    assert table.state["phase"] == "showdown"
    refusal = table.refuse(f"{table.to_act} draw 2")
    assert text(refusal) == "This is the showdown: the three draws are over; show or muck."
    assert refusal.ruling == "R18"
    assert "betting round" not in text(table.refuse(f"{table.to_act} check"))


def test_r10_muck_outside_the_showdown_points_the_dealer_to_fold() -> None:
    table = Table(["Ana", "Bia", "Caio"], button="Ana").do("deal")
    for moment in ("bet", "draw"):
        refusal = table.refuse(f"{table.to_act} muck")
        assert text(refusal) == "Before the showdown a player gives up the hand by folding: record a fold."
        assert (refusal.message.rule, refusal.ruling) == ("04", "R10")
        if moment == "bet":
            table.do("Ana call", "Bia call", "Caio check")
    assert "shown only at the showdown" in text(table.refuse(f"{table.to_act} show 7h 5c 4d 3s 2c"))


def test_s02_a_straight_beats_a_flush_by_the_order_of_hands() -> None:
    order = ("the order of hands, best first, is no pair, one pair, two pair, three of a kind, straight, flush, "
             "full house, four of a kind, straight flush")
    for better, worse in (("8c 7d 6h 5s 4c", "9h 7h 5h 4h 2h"), ("9h 7h 5h 4h 2h", "3c 3d 3h 2s 2c")):
        sentence = compare_hands([worse, better]).explanation.render()
        assert order in sentence and "count against you" not in sentence, sentence
    # Where a straight or flush loses to a lower category, that is what counts against it.
    assert "count against you" in compare_hands(["8c 7d 6h 5s 4c", "Kd Qc Jh 9d 8h"]).explanation.render()


def test_s02_r18_the_showdown_reason_for_a_straight_over_a_flush_cites_the_order_of_hands() -> None:
    table = check_down(Table(["Ana", "Bia"], button="Ana").do("deal"))
    first = table.to_act
    second = "Bia" if first == "Ana" else "Ana"
    table.do(f"{first} show 9h 7h 5h 4h 2h", f"{second} show 8c 7d 6h 5s 4c")
    result = table.game.snapshot().result
    assert result is not None
    how = result.awards[0].how.render()
    assert how.startswith("8-7-6-5-4 (straight) beats 9-7-5-4-2 (flush): the order of hands"), how


def test_r18_a_winner_who_showed_is_never_said_to_be_paid_without_showing() -> None:
    table = check_down(Table(["Ana", "Bia", "Caio"], button="Ana").do("deal"))
    first = table.to_act
    table.do(f"{first} show 7h 5c 4d 3s 2c")
    while table.state["phase"] == "showdown":
        table.do(f"{table.to_act} muck")
    result = table.game.snapshot().result
    assert result is not None
    how = result.awards[0].how.render()
    assert "paid without showing" not in how
    assert how == f"{first} showed, and every other player claiming this pot mucked: no comparison was needed."


def test_r18_the_last_claimant_who_never_showed_is_paid_without_showing() -> None:
    table = check_down(Table(["Ana", "Bia"], button="Ana").do("deal"))
    table.do(f"{table.to_act} muck")
    result = table.game.snapshot().result
    assert result is not None
    assert result.awards[0].how.render() == "Only one player still claimed this pot: paid without showing."


def short_all_in_opening_bet() -> Table:
    """Round 3 (big bet 4): Bia checks, Caio bets his last chip (less than half a bet), Dani to act."""
    table = Table(["Ana", "Bia", {"name": "Caio", "stack": 3}, "Dani"], button="Ana")
    table.do("deal", "Dani call", "Ana call", "Bia call", "Caio check")
    for _ in range(2):
        table.do("Bia draw 0", "Caio draw 0", "Dani draw 0", "Ana draw 0")
        if table.state["round"] == 2:
            table.do("Bia check", "Caio check", "Dani check", "Ana check")
    return table.do("Bia check", "Caio bet")


def test_r7_r8_after_a_short_all_in_opening_bet_no_note_says_no_bet_yet_or_acted_at_0() -> None:
    table = short_all_in_opening_bet()
    for name in ("Dani", "Ana", "Bia"):
        assert table.to_act == name
        notes = texts(table, "notes")
        assert not any("no bet yet" in note or "acted at 0" in note for note in notes), notes
        assert "short all-in bet: completing it to 4 is the bet, then 3 raises allowed" in notes
        assert ("A short all-in bet of 1 is not a full bet: players who already checked may only call or fold; the "
                "others may call or complete it to 4.") in notes
        if name != "Bia":
            table.do(f"{name} call")
    assert ("Raise not offered: Bia already checked and the short all-in bet did not reopen the betting; call or "
            "fold.") in texts(table, "notes")
    assert not any("acted at 0" in line for line in texts(table, "log"))


def test_r6_a_blind_that_puts_its_player_all_in_is_said_in_the_log() -> None:
    exactly = Table(["Ana", "Bia", {"name": "Caio", "stack": 2}], button="Ana").do("deal")
    assert "Caio posts 2, the whole stack, and is all-in" in texts(exactly, "log")
    short = Table(["Ana", {"name": "Bia", "stack": 1}, {"name": "Caio", "stack": 1}], button="Ana").do("deal")
    log = texts(short, "log")
    assert "Caio is short: posts 1 and is all-in" in log
    assert "Bia posts 1, the whole stack, and is all-in" in log
    untouched = Table(["Ana", "Bia", "Caio"], button="Ana").do("deal")
    assert not any("all-in" in line for line in texts(untouched, "log"))


def test_r20_chips_now_are_the_stacks_at_this_moment_during_a_hand(client: Any) -> None:
    created = client.post("/api/tables", json={"players": ["Ana", "Bia", "Caio"], "button": "Ana"}).get_json()
    table_id, token = created["table"], created["dealer_token"]
    headers = {"Authorization": f"Bearer {token}"}
    for payload in ({"action": "deal"}, {"action": "raise", "player": "Ana"}):
        assert client.post(f"/api/tables/{table_id}/actions", json=payload, headers=headers).status_code == 200
    state = client.get(f"/api/tables/{table_id}").get_json()
    assert {row["name"]: row["stack"] for row in state["standings"]} == {"Ana": 100, "Bia": 100, "Caio": 100}
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    standings = page[page.index('data-testid="standings"'):]
    standings = standings[:standings.index("</section>")]
    assert "Chips now" in standings
    rows = {name: standings.split(f'data-testid="standing-{name}"')[1].split("</li>")[0] for name in ("Ana", "Bia",
                                                                                                      "Caio")}
    assert '<span class="num">96</span>' in rows["Ana"]  # raised to 4
    assert '<span class="num">99</span>' in rows["Bia"] and '<span class="num">98</span>' in rows["Caio"]


def test_r18_a_player_who_mucks_after_winning_a_side_pot_keeps_it_and_is_not_said_to_give_it_up() -> None:
    # Ana is all-in for the main pot; Bia and Caio also play a side pot. Bia bets in round 4, is asked first and
    # mucks: Caio alone claims the side pot and is paid it; he then mucks rather than show against Ana.
    table = Table([{"name": "Ana", "stack": 2}, "Bia", "Caio"], button="Caio").do("deal")
    while table.state["phase"] in ("bet", "draw"):
        name, legal = table.to_act, table.legal
        if table.state["phase"] == "draw":
            table.do(f"{name} draw 0")
        elif table.state["round"] == 4 and "bet" in legal and name == "Bia":
            table.do(f"{name} bet")
        else:
            table.do(f"{name} {'call' if 'call' in legal else 'check'}")
    assert table.to_act == "Bia"
    table.do("Bia muck")
    assert texts(table, "log")[-2:] == ["Bia mucks and gives up every pot", "Caio wins the side pot of 8"]
    assert table.to_act == "Caio"
    table.do("Caio muck")
    assert texts(table, "log")[-2:] == ["Caio mucks and gives up the pots still to be decided",
                                        "Ana wins the main pot of 6"]

"""Draws and the short deck (§05; R12-R14): order, burn, serving, reshuffles and exposed cards."""

from __future__ import annotations

from engine_driver import Table

SIX = ["Ana", "Bia", "Caio", "Dani", "Edu", "Fabi"]


def brief(plan: list[dict[str, object]]) -> list[dict[str, object]]:
    """The plan's steps without the reshuffle's piles (pinned where they matter)."""
    return [{"step": "reshuffle", "cards": step["cards"]} if step["step"] == "reshuffle" else step for step in plan]


def deck_total(table: Table) -> int:
    """Live hands plus every pile: always the 52 cards during a hand."""
    state = table.state
    live_cards = sum(seat.cards_held for seat in table.game.state.seats if seat.live)
    return live_cards + sum(state["deck"].values())


def second_draw_after_six_draw_five() -> Table:
    """Six players limp, each draws 5 in the first draw (the stub runs short for the sixth), all limp again: the
    second draw starts with a stub of 11."""
    table = Table(SIX, button="Ana").do("deal").limps()
    table.do(*(f"{name} draw 5" for name in ["Bia", "Caio", "Dani", "Edu", "Fabi", "Ana"]))
    return table.limps()


def test_r12_draw_order_starts_left_of_the_button_and_includes_all_in_players() -> None:
    table = Table(["Ana", "Bia", {"name": "Caio", "stack": 2}, "Dani"], button="Ana").do("deal")
    table.limps()
    state = table.state
    assert state["phase"] == "draw" and state["round"] == 1
    order = []
    while table.state["phase"] == "draw":
        order.append(table.to_act)
        table.do(f"{table.to_act} draw 0")
    assert order == ["Bia", "Caio", "Dani", "Ana"]  # Caio is all-in and still draws


def test_r12_burn_even_when_everyone_stands_pat_then_serve_in_order() -> None:
    table = Table(["Ana", "Bia", "Caio"], button="Ana").do("deal").limps()
    table.do("Bia draw 0", "Caio draw 0", "Ana draw 0")
    state = table.state
    assert brief(state["deal_plan"]) == [{"step": "burn"}]
    assert state["deck"] == {"stub": 36, "burned": 1, "discards": 0, "folded": 0}
    assert [p["draws"] for p in state["players"]] == [[0], [0], [0]]


def test_r12_discards_count_at_once_and_players_are_served_after_the_last_announcement() -> None:
    table = Table(["Ana", "Bia", "Caio"], button="Ana").do("deal").limps()
    table.do("Bia draw 3")
    state = table.state
    assert state["deck"] == {"stub": 37, "burned": 0, "discards": 3, "folded": 0}
    assert state["deal_plan"] == [] and deck_total(table) == 52
    table.do("Caio draw 1", "Ana draw 0")
    state = table.state
    assert brief(state["deal_plan"]) == [{"step": "burn"}, {"step": "serve", "player": "Bia", "cards": 3},
                                  {"step": "serve", "player": "Caio", "cards": 1}]
    assert state["deck"] == {"stub": 32, "burned": 1, "discards": 4, "folded": 0}
    assert deck_total(table) == 52


def test_r13_six_players_drawing_five_reshuffle_before_the_fifth_with_served_discards() -> None:
    table = Table(SIX, button="Ana").do("deal").limps()
    order = ["Bia", "Caio", "Dani", "Edu", "Fabi", "Ana"]
    for name in order:
        assert table.to_act == name
        table.do(f"{name} draw 5")
    state = table.state
    assert brief(state["deal_plan"]) == [
        {"step": "burn"},
        {"step": "serve", "player": "Bia", "cards": 5},
        {"step": "serve", "player": "Caio", "cards": 5},
        {"step": "serve", "player": "Dani", "cards": 5},
        {"step": "serve", "player": "Edu", "cards": 5},
        {"step": "reshuffle", "cards": 21},  # the stub's 1 card + the four served players' 20 discards
        {"step": "serve", "player": "Fabi", "cards": 5},
        {"step": "serve", "player": "Ana", "cards": 5},
    ]
    detail = table.game.state.hand.plan[5].reshuffle
    assert detail.before == "Fabi" and detail.stub == 1 and detail.earlier_discards == 0 and detail.folded == 0
    assert [(pile.player, pile.cards) for pile in detail.served] == [("Bia", 5), ("Caio", 5), ("Dani", 5), ("Edu", 5)]
    assert [(pile.player, pile.cards) for pile in detail.keep_apart] == [("Fabi", 5), ("Ana", 5)]
    assert detail.burned == 1
    assert state["deck"] == {"stub": 11, "burned": 1, "discards": 10, "folded": 0}
    assert deck_total(table) == 52


def test_r13_folded_hands_and_earlier_discards_go_in_live_hands_and_burned_cards_stay_out() -> None:
    table = second_draw_after_six_draw_five()
    # Second draw: Bia folds (5 cards to the folded pile); Caio and Dani take 5 each from a stub of 10 (after
    # the burn); Edu needs 5 more from an empty stub: reshuffle earlier discards (10 from draw 1), the folded
    # hand (5), the served discards of Caio and Dani (10): 25 cards. Edu's own discards stay apart.
    table.do("Bia fold", "Caio draw 5", "Dani draw 5", "Edu draw 5", "Fabi draw 0", "Ana draw 0")
    plan = table.state["deal_plan"]
    assert brief(plan) == [
        {"step": "burn"},
        {"step": "serve", "player": "Caio", "cards": 5},
        {"step": "serve", "player": "Dani", "cards": 5},
        {"step": "reshuffle", "cards": 25},
        {"step": "serve", "player": "Edu", "cards": 5},
    ]
    detail = table.game.state.hand.plan[3].reshuffle
    assert (detail.stub, detail.earlier_discards, detail.folded, detail.burned) == (0, 10, 5, 2)
    assert [(pile.player, pile.cards) for pile in detail.keep_apart] == [("Edu", 5)]
    assert deck_total(table) == 52


def test_r13_empty_stub_at_the_burn_reshuffles_first() -> None:
    table = second_draw_after_six_draw_five()
    assert table.state["deck"]["stub"] == 11
    table.do("Bia draw 5", "Caio draw 5", "Dani draw 0", "Edu draw 0", "Fabi draw 0", "Ana draw 0")
    assert table.state["deck"]["stub"] == 0
    table.limps()
    table.do("Bia draw 1", "Caio draw 0", "Dani draw 0", "Edu draw 0", "Fabi draw 0", "Ana draw 0")
    plan = brief(table.state["deal_plan"])
    assert plan[0] == {"step": "reshuffle", "cards": 20} and plan[1] == {"step": "burn"}
    detail = table.game.state.hand.plan[0].reshuffle
    assert detail.before is None and [(p.player, p.cards) for p in detail.keep_apart] == [("Bia", 1)]
    assert deck_total(table) == 52


def test_r14_exposed_replacement_goes_to_the_burned_cards() -> None:
    table = Table(["Ana", "Bia", "Caio"], button="Ana").do("deal").limps()
    table.do("Bia draw 2", "Caio draw 0", "Ana draw 1")
    assert table.legal["exposed"] == {"action": "exposed", "players": ["Bia", "Ana"]}
    before = table.state["deck"]
    table.do("exposed Bia")
    after = table.state["deck"]
    assert after["burned"] == before["burned"] + 1 and after["stub"] == before["stub"] - 1
    assert "exposed" in table.legal  # open until the next other input
    table.do("Bia check")
    assert "exposed" not in table.legal
    assert deck_total(table) == 52


def test_r14_exposed_only_for_a_player_served_in_the_latest_draw() -> None:
    table = Table(["Ana", "Bia", "Caio"], button="Ana").do("deal").limps()
    table.do("Bia draw 2", "Caio draw 0", "Ana draw 1")
    refusal = table.refuse("exposed Caio")
    assert refusal.ruling == "R14"


def test_faq_standing_pat_does_not_stop_later_draws() -> None:
    table = Table(["Ana", "Bia"], button="Ana").do("deal").limps()
    table.do("Bia draw 0", "Ana draw 0")
    table.limps()
    assert table.state["phase"] == "draw" and table.legal["draw"] == {"action": "draw", "min": 0, "max": 5}
    table.do("Bia draw 2", "Ana draw 0")
    assert table.player("Bia")["draws"] == [0, 2]


def test_faq_all_in_does_not_end_the_draws() -> None:
    table = Table(["Ana", {"name": "Bia", "stack": 2}], button="Ana").do("deal", "Ana call")
    assert table.player("Bia")["status"] == "all_in"
    draws_seen = 0
    while table.state["phase"] == "draw":
        draws_seen += 1
        table.do("Bia draw 1", "Ana draw 1")
    assert draws_seen == 3 and table.state["phase"] == "showdown"
    assert table.player("Bia")["draws"] == [1, 1, 1]


def test_r12_the_snapshot_says_who_is_in_the_draw_and_what_each_announced() -> None:
    """The room display prints this list: every live player in the order they announce, from the first left of the
    button (the all-in one too, the folded one not), with the cards announced so far; nothing outside the
    announcements."""
    table = Table(["Ana", "Bia", {"name": "Caio", "stack": 2}, "Dani"], button="Ana").do("deal")
    table.do("Dani fold")
    table.limps()
    table.do("Bia draw 2")
    calls = table.game.snapshot().announcements
    assert [(call.name, call.cards, call.to_act) for call in calls] == [
        ("Bia", 2, False), ("Caio", None, True), ("Ana", None, False)]
    table.do("Caio draw 0", "Ana draw 5")
    assert table.state["phase"] == "bet" and table.game.snapshot().announcements == ()  # served: betting again


def test_draw_buttons_are_the_engines_counts_pat_to_five() -> None:
    table = Table(["Ana", "Bia"], button="Ana").do("deal").limps()
    draw = next(option.legal for option in table.game.snapshot().options if option.legal.action == "draw")
    assert draw.counts == (0, 1, 2, 3, 4, 5)
    assert draw.to_json() == {"action": "draw", "min": 0, "max": 5}

"""Digests of everything the engine shows, to check that a speed change changed nothing a reader sees.

Random sessions of five kinds (fixed limit, big-bet, several games, open games with comings and goings, tournaments),
undos and redos included; after every request: the STATE (English and Portuguese, cached and not), the snapshot with
its lazy parts; at the end: the logs, the hands' records, the session record and a rebuild's STATE. One line per
session. Run it on two checkouts and compare:

    PYTHONHASHSEED=0 .venv/bin/python benchmarks/output_digests.py 150 > before.txt   # on the old commit
    PYTHONHASHSEED=0 .venv/bin/python benchmarks/output_digests.py 150 | diff - before.txt  # on the new: no output
"""

from __future__ import annotations

import gettext
import hashlib
import json
import os
import random
import sys
from pathlib import Path

ROOT = Path(os.environ.get("ROOT", Path(__file__).resolve().parent.parent))
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
from dealer import Game  # noqa: E402
from dealer.errors import DealerError  # noqa: E402
from dealer.rules.entries import parse_create, parse_input  # noqa: E402
from dealer.view.snapshot_json import state_json  # noqa: E402
from session_driver import NAMES, fresh_hand, random_big_bet_create, random_create  # noqa: E402

PT = gettext.translation("messages", str(ROOT / "translations"), languages=["pt"]).gettext
LAZY = ("options", "speech", "chip_check", "chips_now", "chips_ok", "announcements", "player_options", "turn_words",
        "game_label", "title_game", "over", "pot_total", "stacks_sum", "open_game", "between_hands_open")
START = 1_000_000.0


def creates(rng: random.Random, kind: int) -> dict:
    if kind == 0:
        return random_create(rng)
    if kind == 1:
        return random_big_bet_create(rng, tuple(rng.sample(["nl-2-7-single-draw", "pl-2-7-triple-draw",
                                                              "nl-badugi", "pl-a-5-triple-draw"], 2)))
    if kind == 2:
        create = random_create(rng)
        create.update(games=["2-7-triple-draw", "badugi", "a-5-triple-draw", "2-7-single-draw"],
                      choice=rng.choice(["rotation", "dealer"]))
        return create
    if kind == 3:
        create = random_create(rng)
        create.pop("hands")
        create.update(format="open", max_buy_in=200, chip_value=rng.choice([None, "0.25"]))
        if create["chip_value"] is None:
            create.pop("chip_value")
        return create
    count = rng.randint(2, 5)
    levels = [{"blinds": [1, 2], "minutes": 0.5}, {"blinds": [2, 4], "minutes": 0.5},
              {"blinds": [5, 10], "minutes": 0.5}]
    return {"players": [{"name": NAMES[i], "stack": rng.randint(3, 30)} for i in range(count)],
            "format": "tournament", "button": "Ana", "levels": levels, "buy_in": "10",
            "rebuy": {"chips": 10, "price": "2.5", "through_level": 2},
            "breaks": [{"after_level": 1, "minutes": 0.2}], "add_on": {"chips": 15, "price": "1", "at_break": 1},
            "games": [rng.choice(["nl-2-7-single-draw", "2-7-triple-draw"])]}


def request_for(game: Game, state: dict, rng: random.Random, serial: list[int]) -> dict:
    legal = {option["action"]: option for option in state["legal"]}
    player = state["to_act"]
    for name in ("misdeal", "exposed", "pause", "resume", "rebuy", "out", "add_on", "sit_out", "sit_in", "leave",
                 "add_chips", "join", "end"):
        if name in legal and rng.random() < (0.03 if name == "end" else 0.08):
            option = legal[name]
            request = {"action": name}
            if option.get("players"):
                request["player"] = rng.choice(option["players"])
            if name == "add_chips":
                request["amount"] = rng.randint(option["min"], max(option["min"], option["max"][request["player"]]))
            if name == "join":
                serial[0] += 1
                request.update(player=f"New{serial[0]}", stack=rng.randint(option["min"], option["max"]))
                if option["after"]:
                    request["after"] = rng.choice(option["after"])
            return request
    if "deal" in legal:
        games = legal["deal"].get("games")
        return {"action": "deal", **({"game": rng.choice(games)} if games else {})}
    if "draw" in legal:
        if rng.random() < 0.03:
            return {"action": "fold", "player": player}
        return {"action": "draw", "player": player, "count": rng.randint(legal["draw"]["min"], legal["draw"]["max"])}
    if "show" in legal:
        if rng.random() < 0.2:
            return {"action": "muck", "player": player}
        return {"action": "show", "player": player, "cards": fresh_hand(game, rng)}
    choices = [a for a in ("check", "call") if a in legal] * 4 + [a for a in ("bet", "raise") if a in legal] * 3
    choices += ["fold"] if "check" not in legal else []
    if not choices:
        return {"action": rng.choice(list(legal))}
    chosen = rng.choice(choices)
    request = {"action": chosen, "player": player}
    option = legal.get(chosen, {})
    if "min" in option and "max" in option and chosen in ("bet", "raise"):
        request["to"] = rng.choice([option["min"], option["max"], rng.randint(option["min"], option["max"])])
    return request


def digest_snapshot(snap) -> str:
    fields = {name: value for name, value in snap._asdict().items() if name != "lazy"}
    lazy = {name: getattr(snap, name) for name in LAZY}
    return repr(fields) + repr(lazy)


def session(seed: int) -> str:
    rng = random.Random(seed)
    kind = seed % 5
    game = Game(parse_create(creates(rng, kind)))
    now = [START]
    game.clock = lambda: now[0]
    h = hashlib.sha256()
    serial = [0]
    for _ in range(rng.randint(30, 260)):
        now[0] += rng.choice([0.5, 3.0, 13.0])
        state = state_json(game, "t", now=now[0])
        h.update(json.dumps(state, sort_keys=True, default=str).encode())
        h.update(json.dumps(state_json(game, "t", PT, "pt", now=now[0]), sort_keys=True, default=str).encode())
        if rng.random() < 0.2:
            h.update(json.dumps(state_json(game, "t", PT, None, now=now[0]), sort_keys=True, default=str).encode())
        h.update(digest_snapshot(game.snapshot()).encode())
        if not state["legal"]:
            break
        roll = rng.random()
        try:
            if game.inputs and roll < 0.06:
                for _ in range(rng.choice((1, 1, 2, 5))):
                    if game.inputs:
                        game.undo(at=now[0])
            elif game.redoable and roll < 0.1:
                game.redo(at=now[0])
            else:
                game.push(parse_input(request_for(game, state, rng, serial)), now=now[0])
            h.update(b"ok")
        except DealerError as refusal:
            h.update(repr(refusal).encode())
    h.update(repr(game.session_log()).encode())
    for number in range(game.hand_number + 1):
        h.update(repr(game.hand_log(number)).encode())
    h.update(repr(game.hands()).encode())
    h.update(repr(game.session_record()).encode())
    again = Game.rebuild(game.entries)
    again.clock = game.clock
    h.update(json.dumps(state_json(again, "t", now=now[0]), sort_keys=True, default=str).encode())
    h.update(digest_snapshot(again.snapshot()).encode())
    return f"{seed} kind{kind} seq{game.seq} hand{game.hand_number} {h.hexdigest()[:16]}"


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    for seed in range(count):
        print(session(seed), flush=True)

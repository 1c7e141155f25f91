"""Tap to phone: how long a dealer's tap takes to reach 30 phones, and how much the phones slow the dealer.

Starts the real server (``python app.py --host 127.0.0.1 --port P --db <temp file> --threads T``), creates a
six-player table and taps ``--taps`` inputs through ``POST /api/tables/<id>/actions`` (the dealer, one keep-alive
connection), a random ``--pace`` apart. The taps come in blocks of ``--block``: in one block no phone is connected
("alone"), in the next ``--phones`` phones follow the table ("followed"), and so on, so both figures come from the
same run on the same (shared) machine, and a change of load during the run touches both alike.

The phones follow the table as the player page does (``--mode``):

- ``poll`` (what the page does): each phone loads ``/t/<id>``, reads the live part's polling URL (``hx-get``,
  ``/t/<id>/live?seq=N``) and interval (``hx-trigger="every 400ms"``, web/player.py POLL_INTERVAL) from the page
  itself, and polls on the element's own timer, as htmx 4 does: a 204 (nothing changed) leaves the element and its
  timer alone; a 200 is swapped in, and the new element (with the new seq in its URL) starts a new timer from that
  moment. A tick that comes while the last poll is still out is skipped.
- ``sse``: each phone holds one Server-Sent Events stream open (``GET /t/<id>/events?seq=N``, one live fragment per
  event), as htmx's SSE extension would. Needs a server that has that route (see docs/PERFORMANCE.md).

Phones join at random moments of the first second of their block, so they poll out of step, as real phones do;
between blocks they hang up. Reported, in milliseconds: the delay from the dealer sending a tap to each phone
receiving a fragment at the tap's seq or later (median, p90, p95, max; pairs that never arrived are counted), and
the dealer's own tap (request sent to answer read) alone and followed. Goals: delay p95 <= 500 ms, nothing missed,
and the followed tap p95 <= 1.5x the alone tap p95. The exit status is 0 when all are met.

Run: ``.venv/bin/python benchmarks/phone_delay.py [--mode poll] [--phones 30] [--taps 80] [--block 10]
[--pace 0.6 1.2] [--seed 7]``. Only 127.0.0.1 is contacted; the run lasts about taps x mean pace seconds.
"""

from __future__ import annotations

import argparse
import html
import json
import random
import re
import select
import socket
import threading
import time
from typing import Any

from serving import Client, figures, machine, percentile, served

DELAY_GOAL_MS = 500.0
TAP_RATIO_GOAL = 1.5
PLAYERS = ["Ana", "Bia", "Caio", "Duda", "Enzo", "Fabi"]
LIVE = re.compile(rb'<section id="live"[^>]*>')
ATTRIBUTE = {name: re.compile(rb'\b' + name.encode() + rb'="([^"]*)"') for name in ("hx-get", "hx-trigger",
                                                                                     "data-seq")}
EVERY = re.compile(r"\bevery\s+(\d+(?:\.\d+)?)(ms|s)\b")


def live_element(body: bytes) -> dict[str, str]:
    """The attributes of the live part (``<section id="live" …>``) of a page or fragment that htmx reads."""
    found = LIVE.search(body)
    if found is None:
        raise SystemExit("no live part (#live) in the player page: has the template changed?")
    tag = found.group()
    values = {}
    for name, pattern in ATTRIBUTE.items():
        match = pattern.search(tag)
        if match is None:
            raise SystemExit(f"the live part has no {name}: has the template changed?")
        values[name] = html.unescape(match.group(1).decode())
    return values


def interval_of(trigger: str) -> float:
    """Seconds between polls, from ``hx-trigger="every 400ms, …"``."""
    found = EVERY.search(trigger)
    if found is None:
        raise SystemExit(f"the live part does not poll on a timer: hx-trigger={trigger!r}")
    return float(found.group(1)) / (1000 if found.group(2) == "ms" else 1)


class Dealer:
    """Taps legal inputs (mostly calls and checks, draws, shows), noting when each seq was sent and how long."""

    def __init__(self, port: int, rng: random.Random) -> None:
        self.client = Client(port)
        self.rng = rng
        self.table, self.token, self.state = self.client.create_table(PLAYERS)
        self.sent: dict[int, float] = {}  # seq -> perf_counter when its tap was sent
        self.taps: dict[bool, list[float]] = {False: [], True: []}  # followed? -> tap durations in ms

    def tap(self, followed: bool) -> int:
        payload = self.choose()
        seq = self.state["seq"] + 1
        self.sent[seq] = time.perf_counter()
        status, body, elapsed = self.client.request("POST", f"/api/tables/{self.table}/actions", payload,
                                                    headers={"Authorization": f"Bearer {self.token}"})
        assert status == 200, (payload, body)
        self.taps[followed].append(elapsed)
        self.state = json.loads(body)
        assert self.state["seq"] == seq, (seq, self.state["seq"])
        return seq

    def choose(self) -> dict[str, Any]:
        state, rng = self.state, self.rng
        legal = {option["action"] for option in state["legal"]}
        player = state["to_act"]
        if state["phase"] in ("deal", "over"):
            return {"action": "deal"}
        if state["phase"] == "draw":
            return {"action": "draw", "player": player, "count": rng.choice((0, 1, 2, 3))}
        if state["phase"] == "showdown":
            if "show" in legal and not state["showdown"]["shown"]:
                deck = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
                return {"action": "show", "player": player, "cards": " ".join(rng.sample(deck, 5))}
            return {"action": "muck", "player": player}
        if "raise" in legal and rng.random() < 0.15:
            return {"action": "raise", "player": player}
        return {"action": "call" if "call" in legal else "check", "player": player}


class Phone(threading.Thread):
    """One phone on the player view: joins when ``following`` is set, hangs up when it is cleared."""

    def __init__(self, port: int, table: str, following: threading.Event, stop: threading.Event,
                 rng: random.Random) -> None:
        super().__init__(daemon=True)
        self.port, self.table, self.following, self.stop = port, table, following, stop
        self.join_after = [rng.random() for _ in range(1000)]
        self.received: dict[int, float] = {}  # seq -> perf_counter when a fragment at that seq first arrived
        self.requests = 0
        self.interval = 0.0
        self.joined = threading.Event()  # set while connected and holding the current seq

    def run(self) -> None:
        blocks = 0
        while not self.stop.is_set():
            if not self.following.wait(0.05):
                continue
            self.stop.wait(self.join_after[blocks % len(self.join_after)])
            blocks += 1
            client = Client(self.port)
            status, body, _ = client.request("GET", f"/t/{self.table}")
            assert status == 200, status
            element = live_element(body)
            self.note(int(element["data-seq"]), time.perf_counter())
            self.interval = interval_of(element["hx-trigger"])
            self.joined.set()
            try:
                self.follow(client, element)
            finally:
                self.joined.clear()
                client.connection.close()

    def following_now(self) -> bool:
        return self.following.is_set() and not self.stop.is_set()

    def note(self, seq: int, moment: float) -> None:
        self.received.setdefault(seq, moment)

    def follow(self, client: Client, element: dict[str, str]) -> None:
        raise NotImplementedError

    def delay(self, seq: int, sent: float) -> float | None:
        """Seconds from the tap of ``seq`` to this phone holding that seq or a later one (None: never)."""
        arrivals = [moment for shown, moment in self.received.items() if shown >= seq]
        return min(arrivals) - sent if arrivals else None


class PollingPhone(Phone):
    """Polls the live part on its element's timer (see the module's docstring)."""

    def follow(self, client: Client, element: dict[str, str]) -> None:
        url = element["hx-get"]
        next_tick = time.perf_counter() + self.interval  # the element's setInterval starts when it is processed
        headers = {"HX-Request": "true"}
        while self.following_now():
            self.stop.wait(max(0.0, next_tick - time.perf_counter()))
            if not self.following_now():
                return
            status, body, _ = client.request("GET", url, headers=headers)
            arrived = time.perf_counter()
            self.requests += 1
            if status == 200:  # swapped in: a new element with its own URL and its own timer
                element = live_element(body)
                url = element["hx-get"]
                self.note(int(element["data-seq"]), arrived)
                next_tick = arrived + self.interval
            else:
                assert status == 204, status
                next_tick += self.interval
                while next_tick <= arrived:  # ticks that came while the poll was out: skipped
                    next_tick += self.interval


class StreamingPhone(Phone):
    """Holds a Server-Sent Events stream open and reads one live fragment per event."""

    def follow(self, client: Client, element: dict[str, str]) -> None:
        stream = socket.create_connection(("127.0.0.1", self.port), timeout=10)
        try:
            stream.sendall(f"GET /t/{self.table}/events?seq={element['data-seq']} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                           "Accept: text/event-stream\r\nAccept-Language: en\r\n\r\n".encode())
            self.requests += 1
            buffer = b""
            while self.following_now():
                if not select.select([stream], [], [], 0.25)[0]:
                    continue  # nothing pushed yet: check whether this phone should hang up, then wait on
                chunk = stream.recv(65536)
                if not chunk:
                    return
                buffer += chunk
                while b"\n\n" in buffer:
                    event, buffer = buffer.split(b"\n\n", 1)
                    if b"data-seq=" in event:
                        self.note(int(live_element(event)["data-seq"]), time.perf_counter())
        finally:
            stream.close()


def play(args: argparse.Namespace, port: int, rng: random.Random) -> tuple[Dealer, list[Phone], float]:
    dealer = Dealer(port, rng)
    following, stop = threading.Event(), threading.Event()
    kind = PollingPhone if args.mode == "poll" else StreamingPhone
    phones: list[Phone] = [kind(port, dealer.table, following, stop, rng) for _ in range(args.phones)]
    for phone in phones:
        phone.start()
    began = time.perf_counter()
    tapped = 0
    followed = False
    while tapped < args.taps:
        if followed:
            following.set()
            deadline = time.monotonic() + 30
            while not all(phone.joined.is_set() for phone in phones) and time.monotonic() < deadline:
                time.sleep(0.02)  # every phone has joined and holds the current seq
            if time.monotonic() >= deadline:
                raise SystemExit("the phones did not join")
        stop.wait(0.5)
        for _ in range(min(args.block, args.taps - tapped)):
            dealer.tap(followed)
            tapped += 1
            stop.wait(rng.uniform(*args.pace))
        if followed:
            stop.wait(1.5)  # the block's last tap reaches every phone before they hang up
            following.clear()
            while any(phone.joined.is_set() for phone in phones):
                time.sleep(0.02)
        followed = not followed
    duration = time.perf_counter() - began
    stop.set()
    for phone in phones:
        phone.join(timeout=10)
    return dealer, phones, duration


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=("poll", "sse"), default="poll", help="how the phones follow the table")
    parser.add_argument("--phones", type=int, default=30, help="phones following the player view")
    parser.add_argument("--taps", type=int, default=80, help="dealer inputs, one at a time")
    parser.add_argument("--block", type=int, default=10, help="taps per block (alone, then followed, ...)")
    parser.add_argument("--pace", type=float, nargs=2, default=(0.6, 1.2), metavar=("MIN", "MAX"),
                        help="seconds between two taps, drawn uniformly")
    parser.add_argument("--threads", type=int, default=16, help="server threads (app.py --threads)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    if not (1 <= args.phones <= 100 and 2 <= args.taps <= 500 and 1 <= args.block <= args.taps
            and 0 < args.pace[0] <= args.pace[1] <= 30):
        parser.error("keep it bounded: 1-100 phones, 2-500 taps, a pace of at most 30 s")

    rng = random.Random(args.seed)
    with served(args.threads) as port:
        dealer, phones, duration = play(args, port, rng)
    return report(args, dealer, phones, duration)


def report(args: argparse.Namespace, dealer: Dealer, phones: list[Phone], duration: float) -> int:
    delays: list[float] = []
    missed = 0
    for seq in followed_taps(args, dealer):
        for phone in phones:
            delay = phone.delay(seq, dealer.sent[seq])
            if delay is None:
                missed += 1
            else:
                delays.append(delay * 1000)
    requests = sum(phone.requests for phone in phones)
    interval = max(phone.interval for phone in phones)
    how = f"polling the live fragment every {interval * 1000:g} ms" if args.mode == "poll" else "on SSE streams"
    print(f"Phone delay benchmark ({args.mode}): {len(dealer.sent)} taps in {duration:.0f} s "
          f"({args.pace[0]:g}-{args.pace[1]:g} s apart, blocks of {args.block} alone / followed), "
          f"{args.phones} phones {how}, {requests} phone requests, server --threads {args.threads}")
    print(machine())
    if delays:
        print(f"  tap -> phone       (n={len(delays):4}):  {figures(delays, 0, 7)}")
    print(f"  never reached a phone: {missed}")
    alone, followed = dealer.taps[False], dealer.taps[True]
    print(f"  dealer tap alone    (n={len(alone):4}):  {figures(alone, 1, 7)}")
    print(f"  dealer tap followed (n={len(followed):4}):  {figures(followed, 1, 7)}")
    ratio = percentile(followed, 0.95) / percentile(alone, 0.95)
    delay_met = bool(delays) and missed == 0 and percentile(delays, 0.95) <= DELAY_GOAL_MS
    print(f"  goal tap -> phone p95 <= {DELAY_GOAL_MS:.0f} ms, nothing missed: {'met' if delay_met else 'NOT MET'}")
    print(f"  goal dealer tap p95 followed / alone <= {TAP_RATIO_GOAL:g}: {ratio:.2f} "
          f"{'met' if ratio <= TAP_RATIO_GOAL else 'NOT MET'}")
    return 0 if delay_met and ratio <= TAP_RATIO_GOAL else 1


def followed_taps(args: argparse.Namespace, dealer: Dealer) -> list[int]:
    """The seqs tapped while the phones followed: every other block, starting with the second."""
    seqs = sorted(dealer.sent)
    return [seq for index, seq in enumerate(seqs) if (index // args.block) % 2 == 1]


if __name__ == "__main__":
    raise SystemExit(main())

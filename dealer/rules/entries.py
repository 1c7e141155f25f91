"""The table log: frozen records of every accepted input. The log is the truth; state = rebuild(log)."""

from __future__ import annotations

import random
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from ..errors import BadInput
from ..messages import N_, msg
from . import names
from .cards import Card, format_cards, parse_cards
from .entries_shapes import check_entry
from .game_choice import DEFAULT_GAMES, ROTATION, parse_game, parse_schedule, schedule_json
from .legal import PLAYER_ACTIONS, SEAT_ACTIONS, TOURNAMENT_ACTIONS, WAGERS, Action
from .names import clean_name
from .settings import SESSION, OpenSettings, given, parse_settings
from .stakes import MAX_CHIPS, MAX_DISCARD, MAX_PLAYERS, MIN_PLAYERS, Stakes, positive_int
from .stakes_change import StakesChange, parse_stakes_change
from .tournament_settings import TournamentSettings, parse_tournament, tournament_stakes

ACTIONS = tuple(action.value for action in Action)


@dataclass(frozen=True)
class PlayerSpec:
    name: str
    stack: int


@dataclass(frozen=True)
class Create:
    """The table as created: seats clockwise, stakes, and the first button (named, or drawn by lot: R4)."""

    players: tuple[PlayerSpec, ...]
    stakes: Stakes
    button: str
    drawn: bool
    games: tuple[str, ...] = DEFAULT_GAMES  # the table's games (R25), in rotation order
    choice: str = ROTATION  # "rotation" | "dealer" (dealer's choice)
    hands_per_game: int = 0  # rotation: hands of each game before the next (0: as many as the players)
    open: OpenSettings = SESSION  # the format (R1 session, or an open game: R26, R27, or a tournament)
    tournament: TournamentSettings | None = None  # a tournament's levels, breaks and money (R35-R37)

    def to_json(self) -> dict[str, Any]:
        data = {
            "kind": "create",
            "players": [{"name": spec.name, "stack": spec.stack} for spec in self.players],
            "stakes": self.stakes.to_json(),
            "button": self.button,
            "drawn": self.drawn,
        }
        data.update(self.open.to_json())  # nothing for a plain session: its log reads as before
        if self.tournament is not None:
            data.update(self.tournament.to_json())
        return data | schedule_json(self.games, self.choice, self.hands_per_game)


@dataclass(frozen=True)
class Input:
    """One accepted input of the dealer: an action, with its player, draw count or shown cards."""

    action: Action
    player: str | None = None
    count: int | None = None
    cards: tuple[Card, ...] | None = None
    game: str | None = None  # deal: the game named (dealer's choice, R25)
    amount: int | None = None  # join: the chips bought; add_chips: the chips added (R26)
    after: str | None = None  # join: the player the newcomer sits after, clockwise
    to: int | None = None  # bet, raise: the player's declared total for the round (required in big-bet play, R29)
    stakes: StakesChange | None = None  # stakes: the blinds, limits, raises or ante from the next hand (R34)
    amounts: tuple[tuple[str, str], ...] | None = None  # chop: each remaining player's agreed money (R37)
    # A tournament's inputs: when it was recorded (seconds since the epoch); its rules read the clock at this time,
    # so a replay never reads the wall clock (R36). Sessions and open games leave it out.
    at: float | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, Any]:
        return given(kind="input", action=self.action.value, game=self.game, player=self.player, count=self.count,
                     cards=format_cards(self.cards) if self.cards is not None else None, amount=self.amount,
                     after=self.after, to=self.to,
                     stakes=self.stakes.to_json() if self.stakes is not None else None,
                     amounts=dict(self.amounts) if self.amounts is not None else None, at=self.at)


@dataclass(frozen=True)
class Undo:
    """Undo the last effective input (undo is itself recorded; seq still increases).

    ``at`` is when the service recorded it (seconds since the epoch): the log shows an undone line with its time."""

    at: float | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, Any]:
        return given(kind="undo", at=self.at)


@dataclass(frozen=True)
class Redo:
    """Re-apply the input undone last, while nothing new has been entered since (recorded like undo)."""

    at: float | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, Any]:
        return given(kind="redo", at=self.at)


Entry = Create | Input | Undo | Redo


def entry_from_json(data: dict[str, Any]) -> Entry:
    check_entry(data)  # what the API's parser checks of a request, checked of every stored entry (a file's too)
    kind = data.get("kind")
    if kind == "create":
        stakes = data["stakes"]
        settings = OpenSettings.from_log(data)
        return Create(
            players=tuple(PlayerSpec(item["name"], item["stack"]) for item in data["players"]),
            stakes=Stakes(stakes["blinds"][0], stakes["blinds"][1], stakes["limits"][0], stakes["limits"][1],
                          stakes["raises"], stakes["hands"], stakes["stack"], stakes.get("ante", 0),
                          stakes.get("ante_by", "each")),
            button=data["button"],
            drawn=data["drawn"],
            games=tuple(data.get("games", DEFAULT_GAMES)),
            choice=data.get("choice", ROTATION),
            hands_per_game=data.get("hands_per_game", 0),
            open=settings,
            tournament=parse_tournament(data, len(data["players"])) if settings.is_tournament else None,
        )
    if kind == "input":
        cards = parse_cards(data["cards"]) if "cards" in data else None
        return Input(Action(data["action"]), data.get("player"), data.get("count"), cards, game=data.get("game"),
                     amount=data.get("amount"), after=data.get("after"), to=data.get("to"),
                     stakes=StakesChange.from_json(data["stakes"]) if "stakes" in data else None,
                     amounts=parse_amounts(data["amounts"]) if "amounts" in data else None, at=_time(data))
    if kind == "undo":
        return Undo(_time(data))
    if kind == "redo":
        return Redo(_time(data))
    raise ValueError(f"unknown log entry {kind!r}")


def _time(data: dict[str, Any]) -> float | None:
    at = data.get("at")
    return float(at) if isinstance(at, (int, float)) and not isinstance(at, bool) else None


def parse_create(data: Any, rng: random.Random | None = None) -> Create:
    """Validate a table-creation request; without a named button, draw it by lot and record the result (R4)."""
    if not isinstance(data, dict):
        raise BadInput(N_("The request body must be a JSON object."))
    settings = parse_settings(data)
    players = data.get("players")
    tournament = None
    if settings.is_tournament:
        entrants = len(players) if isinstance(players, list) else 0
        tournament = parse_tournament(data, entrants)
        stakes = tournament_stakes(data, tournament)
    else:
        stakes = Stakes.from_json(data)
    if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise BadInput(N_("A table has 2 to 6 players."), rule="01")
    specs = tuple(_player_spec(item, stakes.stack) for item in players)
    for index, spec in enumerate(specs):
        if spec.name.casefold() in {earlier.name.casefold() for earlier in specs[:index]}:
            raise BadInput(N_("Two players are called “{name}”: names must be unique at a table."), rule="01",
                           name=spec.name)
        names.refuse_look_alike(spec.name, (earlier.name for earlier in specs[:index]))
    with_chips = [spec.name for spec in specs if spec.stack > 0]
    if len(with_chips) < 2:
        raise BadInput(N_("At least two players need chips to play."), rule="01", ruling="R2")
    if tournament is not None and len(with_chips) < len(specs):
        raise BadInput(N_("In a tournament every player starts with chips."), rule="01", ruling="R35")
    games, choice, per_game = parse_schedule(data)
    ceiling = settings.max_buy_in
    over = next((spec for spec in specs if ceiling is not None and spec.stack > ceiling), None)
    if over is not None:
        raise BadInput(N_("The most a player may buy in is {maximum}: {player} starts with {stack}."), rule="01",
                       ruling="R26", maximum=ceiling or 0, player=over.name, stack=over.stack)
    button = data.get("button")
    if button is None:
        chooser = rng or random.SystemRandom()
        return Create(specs, stakes, chooser.choice(with_chips), True, games, choice, per_game, open=settings,
                      tournament=tournament)
    seats = {names.name_key(spec.name): spec for spec in specs}
    named = seats.get(names.name_key(clean_name(button)))
    if named is None:
        raise BadInput(N_("The button must be one of the players: “{name}” is not."), rule="03", ruling="R4",
                       name=str(button)[:40])
    if named.stack == 0:
        raise BadInput(N_("{name} has no chips and cannot hold the button."), rule="03", ruling="R2", name=named.name)
    return Create(specs, stakes, named.name, False, games, choice, per_game, open=settings, tournament=tournament)


def _player_spec(item: Any, default_stack: int) -> PlayerSpec:
    if isinstance(item, dict):
        stack = item.get("stack", default_stack)
        chips = positive_int(stack, "stack", allow_zero=True, maximum=MAX_CHIPS)
        return PlayerSpec(clean_name(item.get("name")), chips)
    return PlayerSpec(clean_name(item), default_stack)


BUTTON_BY_LOT = msg(N_("First button drawn by lot (the app draws it)"), rule="03", ruling="R4")


def empty_button_seat() -> BadInput:
    """The start form named an empty seat as the first button."""
    return BadInput(N_("The seat chosen for the button has no player."), rule="03", ruling="R4")


def parse_input(data: Any) -> Input:
    """Validate the shape of an action request (400 on anything malformed); legality is checked by the game."""
    if not isinstance(data, dict):
        raise BadInput(N_("The request body must be a JSON object."))
    action = data.get("action")
    if not isinstance(action, str) or action.strip().lower() not in ACTIONS:
        raise BadInput(N_("Unknown action “{action}”: use one of {actions}."), action=str(action)[:30],
                       actions=", ".join(ACTIONS))
    action = Action(action.strip().lower())
    player = data.get("player")
    if action is Action.STAKES:
        return Input(action, stakes=parse_stakes_change(data))
    if action in TOURNAMENT_ACTIONS:
        return parse_tournament_input(action, data)
    if action in SEAT_ACTIONS or action is Action.END:
        return parse_table_input(action, data)
    if action in PLAYER_ACTIONS or (action is Action.EXPOSED and player is not None):
        if player is None:
            raise BadInput(N_("“player” is required for {action}."), action=action)
        if not isinstance(player, str):
            raise BadInput(N_("“player” must be a name."))
        player = unicodedata.normalize("NFC", " ".join(player.split()))  # as the names were made (clean_name)
    else:
        player = None
    count = None
    if action is Action.DRAW:
        count = data.get("count")
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_DISCARD:
            raise BadInput(N_("A draw discards 0 to 5 cards."), rule="05", ruling="R12")
    cards = None
    if action is Action.SHOW:
        shown = data.get("cards")
        cards = parse_shown(shown) if shown is not None else None
        if cards is None:
            raise BadInput(N_("Showing needs the 5 cards, such as 7h 5c 4d 3s 2c."), rule="08")
    game = parse_game(data.get("game")) if action is Action.DEAL else None
    to = parse_to(data.get("to")) if action in WAGERS else None
    return Input(action, player, count, cards, game, to=to)


def parse_to(value: Any) -> int | None:
    """A declared total (TDA 43-B): a whole number of chips; whether it is needed and allowed is the game's to say
    (R29: required in big-bet play; in fixed limit it may repeat the one amount)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > MAX_CHIPS:
        raise BadInput(N_("“to” is the player's total for the round, a whole number of chips."), rule="04",
                       ruling="R29")
    return value


def parse_shown(text: Any) -> tuple[Card, ...]:
    """A shown hand: five distinct cards, or four (Badugi); the game checks the count for its hand size."""
    cards = parse_cards(text)
    if len(cards) not in (4, 5):
        raise BadInput(N_("A hand has exactly 5 cards; {count} given."), rule="01", count=len(cards))
    if len(set(cards)) != len(cards):
        raise BadInput(N_("The same card appears twice in one hand."), rule="01")
    return cards


def parse_table_input(action: Action, data: dict[str, Any]) -> Input:
    """The shape of an open game's input between hands (R26): whether the table allows it is the game's to say."""
    if action is Action.END:
        return Input(action)
    player = clean_name(data.get("player"))
    amount = after = None
    if action is Action.JOIN:
        amount = positive_int(data.get("stack"), "stack", maximum=MAX_CHIPS)
        named = data.get("after")
        after = clean_name(named) if named is not None else None
    elif action is Action.ADD_CHIPS:
        amount = positive_int(data.get("amount"), "amount", maximum=MAX_CHIPS)
    return Input(action, player, amount=amount, after=after)


def parse_tournament_input(action: Action, data: dict[str, Any]) -> Input:
    """The shape of a tournament's input (R35-R37): whether the table allows it now is the tournament's to say."""
    if action is Action.CHOP:
        return Input(action, amounts=parse_amounts(data.get("amounts")))
    if action in (Action.PAUSE, Action.RESUME):
        return Input(action)
    return Input(action, clean_name(data.get("player")))


def parse_amounts(value: Any) -> tuple[tuple[str, str], ...]:
    """A chop's ``amounts``: ``{name: money}``; each amount is checked against the unpaid prizes when applied."""
    if not isinstance(value, dict) or not value or len(value) > MAX_PLAYERS:
        raise BadInput(N_("“amounts” gives each remaining player's share of money, by name."),
                       ruling="R37")
    found = []
    for name, amount in value.items():
        if isinstance(amount, bool) or not isinstance(amount, (int, str)):
            raise BadInput(N_("“amounts” gives each remaining player's share of money, by name."),
                           ruling="R37")
        found.append((clean_name(name), str(amount).strip()[:20]))
    return tuple(found)

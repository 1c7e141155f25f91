"""The 2-7 Triple Draw rules engine: plain Python, no web framework.

This package's names are the engine's public face: the web layer imports ``from dealer import …`` and nothing
deeper (tests/test_architecture.py checks it). Inside the engine, modules import each other by module, relatively
(``from ..rules.cards import Card``), never through this package, so importing it creates no cycle.
"""

from types import ModuleType

from .errors import BadInput, DealerError, NotAllowed, NothingToRedo, NothingToUndo, StaleSeq
from .formats.night_report import BigPot, NightReport, PlayerNight, night_report
from .formats.pokerstars import hand_text as pokerstars_hand_text
from .formats.pokerstars import join_hands as pokerstars_join_hands
from .formats.session_file import CheckedSession, Imported, check_document, export_document, import_document
from .messages import N_, Msg, Translate, msg
from .record.hand_record import Correction, HandRecord, SessionRecord
from .record.history import LogLine
from .reference.rule_questions import GLOSSARY, QUESTIONS, Question, Term
from .reference.rule_search import SearchHit, search_rules
from .reference.rulebook import (
    CARD_EXAMPLE_HANDS,
    HAND_EXAMPLES,
    RULINGS_INTRO,
    SECTION_NUMBERS,
    SECTIONS,
    Cards,
    HandExample,
    Section,
    seed_description,
)
from .reference.rulings import RULINGS, Ruling, ruling, rulings_for_section
from .reference.search_words import SEARCH_WORDS
from .rules.cards import (
    FULL_DECK,
    HAND_SIZE,
    RANK_CHARS,
    SUIT_CHARS,
    Card,
    format_cards,
    high_first,
    parse_cards,
    parse_hand,
    shared_cards,
)
from .rules.entries import (
    BUTTON_BY_LOT,
    Create,
    Entry,
    Input,
    Redo,
    Undo,
    empty_button_seat,
    entry_from_json,
    parse_create,
    parse_input,
)
from .rules.game_compare import Comparator, GameComparison, comparator, compare_game, compare_hands, game_hand, game_of
from .rules.games import (
    ALL_GAMES,
    DEFAULT_GAME,
    FIXED_LIMIT,
    GAMES,
    NO_LIMIT,
    POT_LIMIT,
    PREFIXES,
    GameRules,
    find_game,
    game_rules,
)
from .rules.legal import DEALER_ACTIONS, PLAYER_ACTIONS, TABLE_ACTIONS, Action, Legal, LegalAction
from .rules.ranking import (
    RANK_LABELS,
    Category,
    Comparison,
    Placed,
    RankedHand,
    hands_to_compare,
    rank_hand,
)
from .rules.stakes import MAX_CHIPS, MAX_DISCARD, MAX_NAME_LENGTH, MAX_PLAYERS, MIN_PLAYERS, Stakes
from .rules.table_state import Phase, Status
from .rules.tournament import Clock as TournamentClock
from .rules.tournament import Place as TournamentPlace
from .rules.tournament_clock import clock_text
from .view.button_labels import deal_label, draw_label
from .view.game import Game
from .view.read_model import hand_log, session_log
from .view.snapshot import (
    Announcement,
    AwardView,
    Betting,
    DealPlan,
    HandLog,
    HandSummary,
    Option,
    PlanItem,
    PotView,
    ReshuffleBox,
    ResultView,
    Returned,
    SeatView,
    ShowdownView,
    ShownHand,
    ShowRow,
    ShowState,
    Snapshot,
    StandingRow,
    WagerPreset,
    WagerRange,
)
from .view.snapshot_json import RenderedLines, state_json
from .view.tape import HandTape, TapeStart, TapeStep, play_tape, steps_json, tape_start
from .view.tournament_view import TournamentView
from .view.wager_view import PushedReading, read_pushed

__all__ = [
    "ALL_GAMES",
    "BUTTON_BY_LOT",
    "CARD_EXAMPLE_HANDS",
    "DEALER_ACTIONS",
    "DEFAULT_GAME",
    "FIXED_LIMIT",
    "FULL_DECK",
    "GAMES",
    "GLOSSARY",
    "HAND_EXAMPLES",
    "HAND_SIZE",
    "MAX_CHIPS",
    "MAX_DISCARD",
    "MAX_NAME_LENGTH",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NO_LIMIT",
    "N_",
    "PLAYER_ACTIONS",
    "POT_LIMIT",
    "PREFIXES",
    "QUESTIONS",
    "RANK_CHARS",
    "RANK_LABELS",
    "RULINGS",
    "RULINGS_INTRO",
    "SEARCH_WORDS",
    "SECTIONS",
    "SECTION_NUMBERS",
    "SUIT_CHARS",
    "TABLE_ACTIONS",
    "Action",
    "Announcement",
    "AwardView",
    "BadInput",
    "Betting",
    "BigPot",
    "Card",
    "Cards",
    "Category",
    "CheckedSession",
    "Comparator",
    "Comparison",
    "Correction",
    "Create",
    "DealPlan",
    "DealerError",
    "Entry",
    "Game",
    "GameComparison",
    "GameRules",
    "HandExample",
    "HandLog",
    "HandRecord",
    "HandSummary",
    "HandTape",
    "Imported",
    "Input",
    "Legal",
    "LegalAction",
    "LogLine",
    "Msg",
    "NightReport",
    "NotAllowed",
    "NothingToRedo",
    "NothingToUndo",
    "Option",
    "Phase",
    "Placed",
    "PlanItem",
    "PlayerNight",
    "PotView",
    "PushedReading",
    "Question",
    "RankedHand",
    "Redo",
    "RenderedLines",
    "ReshuffleBox",
    "ResultView",
    "Returned",
    "Ruling",
    "SearchHit",
    "SeatView",
    "Section",
    "SessionRecord",
    "ShowRow",
    "ShowState",
    "ShowdownView",
    "ShownHand",
    "Snapshot",
    "Stakes",
    "StaleSeq",
    "StandingRow",
    "Status",
    "TapeStart",
    "TapeStep",
    "Term",
    "TournamentClock",
    "TournamentPlace",
    "TournamentView",
    "Translate",
    "Undo",
    "WagerPreset",
    "WagerRange",
    "check_document",
    "clock_text",
    "comparator",
    "compare_game",
    "compare_hands",
    "deal_label",
    "draw_label",
    "empty_button_seat",
    "entry_from_json",
    "export_document",
    "find_game",
    "format_cards",
    "game_hand",
    "game_of",
    "game_rules",
    "hand_log",
    "hands_to_compare",
    "high_first",
    "import_document",
    "msg",
    "night_report",
    "parse_cards",
    "parse_create",
    "parse_hand",
    "parse_input",
    "phh_writer",
    "play_tape",
    "pokerstars_hand_text",
    "pokerstars_join_hands",
    "rank_hand",
    "read_pushed",
    "ruling",
    "rulings_for_section",
    "search_rules",
    "seed_description",
    "session_log",
    "shared_cards",
    "state_json",
    "steps_json",
    "tape_start",
]


def phh_writer() -> ModuleType:
    """The PHH writer (``dealer.formats.phh``), imported on first use: PokerKit takes a second or more to import,
    and the server must be listening within two seconds of its start."""
    from .formats import phh

    return phh

"""The four federations' rules as data: every parameter's value and where it comes from.

One entry per ruleset (``naspa``, ``wespa``, ``fise``, ``catalan``): its aliases, a description,
and for each parameter of :class:`adjudicate.rules.Ruleset` a ``(value, source)`` pair. The
sources are the federations' rule documents (NASPA 2017, WESPA, FISE rev. 11 of 2001 and its
later revisions, the MàTaM rules) and, where they are silent or disagree, the decisions
docs/decisions.md records (cited by section). ``adjudicate rules`` prints them; docs/rules.md says the same.

This module is data and a name lookup only: the ``challenge`` fast path reads a ruleset's tile
set and default lexicon here without importing :mod:`adjudicate.rules` (and its dataclasses).
"""

from __future__ import annotations

_DECISIONS = "docs/decisions.md"  # (shipped with the project: the decisions, numbered)

# (value, source) per parameter. Every ruleset gives every parameter (tests/test_rules.py).
TYPE_CHECKING = False  # (typing is kept off the start-up path of `challenge`)
if TYPE_CHECKING:
    from typing import TypedDict

    class Federation(TypedDict):
        aliases: tuple[str, ...]
        description: str
        params: dict[str, tuple[object, str]]

    class Preset(TypedDict):
        description: str
        params: dict[str, tuple[object, str]]
NASPA: Federation = {
    "aliases": (),
    "description": "NASPA (North America): double challenge, finisher + 2 x opponent's tiles, "
    "six scoreless turns, 10 points per overtime minute, forfeit beyond 10 minutes",
    "params": {
        "language": ("en", "NASPA plays in English (NWL; CSW divisions)"),
        "alphabet": ("english", f"{_DECISIONS} §18: the English set, 100 tiles"),
        "default_lexicon": ("en-kjxqz", "the shipped English stand-in (no free NWL or CSW list)"),
        "players": (2, "NASPA rules (2017): games are one on one"),
        "min_players": (2, "NASPA rules (2017): games are one on one"),
        "max_players": (2, "NASPA rules (2017): games are one on one"),
        "rack_size": (7, f"{_DECISIONS} §18: a rack of 7"),
        "bingo_bonus": (50, f"{_DECISIONS} §13, Bingo: +50 for all 7 tiles"),
        "challenge_on_valid": ("lose_turn", "NASPA rules (2017): double challenge, the challenger "
                               "of a valid play loses the turn"),
        "challenge_bonus": (0, "NASPA: no bonus (double challenge)"),
        "challenge_bonus_per": ("word", "unused under a double challenge"),
        "outplay": ("double", "NASPA rules (2017): the player who goes out adds twice the "
                    "opponent's unplayed tiles"),
        "scoreless_turns_to_end": (6, "NASPA rules (2017): six consecutive scoreless turns"),
        "scoreless_end_optional": (True, "NASPA rules (2017): six scoreless turns may end the "
                                   "game: a record that plays on continues"),
        "passes_per_player_to_end": (0, "NASPA: passes end a game only as scoreless turns"),
        "wespa_passes_do_not_end": (False, "NASPA: no such rule (passes count as scoreless turns)"),
        "time_limit_ending": ("none", "NASPA: no game time limit (chess clocks, overtime penalties)"),
        "time_limit_ending_adjusts": (False, "unused without a game time limit"),
        "tie_break": ("none", "NASPA rules (2017): a tie is half a win each"),
        "exchange_min_bag": (7, "NASPA rules (2017): 7 tiles in the bag to exchange"),
        "senyors": (False, "a MàTaM rule only"),
        "overtime_points_per_minute": (10, "NASPA rules (2017): 10 points per minute or part of "
                                       "a minute over"),
        "overtime_max_minutes": (10, "NASPA rules (2017): beyond 10 minutes over, the game is lost"),
        "overtime_forfeit": ("naspa", "NASPA rules (2017): minus 100, the opponent raised to win "
                             "by one if behind, unplayed tiles disregarded"),
        "turn_time_limit_seconds": (None, "NASPA: chess clocks, no limit per turn"),
        "round_time_limit_minutes": (None, "NASPA: no round time limit"),
    },
}

WESPA: Federation = {
    "aliases": (),
    "description": "WESPA (international English): 5 points per word for an unsuccessful "
    "challenge, finisher + 2 x opponent's tiles, six scoreless turns, passes alone do not end "
    "the game",
    "params": {
        **NASPA["params"],
        "language": ("en", "WESPA plays in English (CSW)"),
        "players": (2, "WESPA rules: games are one on one"),
        "min_players": (2, "WESPA rules: games are one on one"),
        "max_players": (2, "WESPA rules: games are one on one"),
        "challenge_on_valid": ("bonus", "WESPA rules, option A.i, the preferred international "
                               "norm: points for each word challenged in vain"),
        "challenge_bonus": (5, "WESPA rules, option A.i: 5 points per word"),
        "challenge_bonus_per": ("word", "WESPA rules, option A.i: per unsuccessfully challenged word"),
        "outplay": ("double", f"{_DECISIONS} §1: twice the opponent's tiles, as every CSW record "
                    "and Woogles count it"),
        "scoreless_turns_to_end": (6, f"{_DECISIONS} §2: six scoreless turns (as Woogles and "
                                   "wolges)"),
        "scoreless_end_optional": (False, f"{_DECISIONS} §15: WESPA ends the game at the sixth"),
        "wespa_passes_do_not_end": (True, "WESPA rule 1.1(b)(ii): games do not end if both "
                                    "players pass twice in succession"),
        "tie_break": ("none", f"{_DECISIONS} §6: half a win each"),
        "exchange_min_bag": (7, "WESPA rules: 7 tiles in the bag to exchange"),
        "overtime_points_per_minute": (10, f"{_DECISIONS} §8: 10 per minute or part of a minute"),
        "overtime_max_minutes": (None, "WESPA: no forfeit beyond a maximum (none known)"),
        "overtime_forfeit": (None, "WESPA: no overtime forfeit"),
        "passes_per_player_to_end": (0, "WESPA rule 1.1(b)(ii): passes end a game only as "
                                     "scoreless turns"),
        "time_limit_ending": ("none", "WESPA: no game time limit (chess clocks)"),
        "turn_time_limit_seconds": (None, "WESPA: chess clocks, no limit per turn"),
        "round_time_limit_minutes": (None, "WESPA: no round time limit"),
    },
}

FISE: Federation = {
    "aliases": (),
    "description": "FISE (Spanish): challenger loses the turn, international out-play, game ends "
    "when both players pass twice in a row, exchange with 1 tile in the bag",
    "params": {
        "language": ("es", "FISE plays in Spanish"),
        "alphabet": ("spanish", f"{_DECISIONS} §18: the Spanish set, CH LL RR Ñ, 100 tiles"),
        "default_lexicon": ("es-aosw", "the shipped Spanish stand-in (no free FISE list)"),
        "players": (2, "FISE rules: games of two players"),
        "min_players": (2, "FISE rules: games of two players"),
        "max_players": (2, "FISE rules: games of two players"),
        "rack_size": (7, "FISE rules rev. 11 (2001), art. 3 and 15: always 7 tiles on the rack"),
        "bingo_bonus": (50, "FISE rules rev. 11 (2001), art. 29: +50 for all 7 tiles"),
        "challenge_on_valid": ("lose_turn", f"{_DECISIONS} §4: the Spanish-language "
                               "standard rules (the 2001 FISE text is silent)"),
        "challenge_bonus": (0, "FISE: no bonus"),
        "challenge_bonus_per": ("word", "unused without a bonus"),
        "outplay": ("international", "FISE rules rev. 11 (2001), art. 40.3: the opponent "
                    "subtracts their tiles, the finisher adds them"),
        "scoreless_turns_to_end": (0, "FISE rules rev. 11 (2001): no scoreless-turn rule (the "
                                   "later option of 12: --set scoreless_turns_to_end=12)"),
        "scoreless_end_optional": (False, "with --set scoreless_turns_to_end=12: they end the game"),
        "passes_per_player_to_end": (2, "FISE rules rev. 11 (2001), art. 40.2: both players pass "
                                     "twice in a row (exchanges are not passes)"),
        "wespa_passes_do_not_end": (False, "FISE: passes end the game"),
        "time_limit_ending": ("equalise_turns", "FISE rules rev. 11 (2001), art. 18 and 40: when "
                              "the game's time is over, the player owed a turn plays it"),
        "time_limit_ending_adjusts": (False, "FISE rules rev. 11 (2001), art. 40.4: the scores stand, "
                                      "no rack adjustment"),
        "tie_break": ("score_before_adjustments", f"{_DECISIONS} §6, Tie: the Spanish "
                      "standard rules: the higher score before the rack adjustments wins"),
        "exchange_min_bag": (1, f"{_DECISIONS} §9: an exchange with 1 tile in the bag (FISE rules "
                             "rev. 11 (2001), art. 16, set no minimum; as Macondo and wolges)"),
        "senyors": (False, "a MàTaM rule only"),
        "overtime_points_per_minute": (10, "FISE rules rev. 11 (2001), rule 21: 10 points per "
                                       "minute or fraction over"),
        "overtime_max_minutes": (None, "FISE: no maximum overtime"),
        "overtime_forfeit": (None, "FISE: no overtime forfeit"),
        "turn_time_limit_seconds": (None, "FISE: a chess clock, no limit per turn (art. 19.1 and "
                                    "20 also allow a timer of two minutes a turn: --rules fise:timer)"),
        "round_time_limit_minutes": (None, "FISE: the game's total time (time_limit_ending)"),
    },
}

CATALAN: Federation = {
    "aliases": ("matam",),
    "description": "Catalan / MàTaM (3 players): free challenge, international out-play, all "
    "pass twice or 3 scoreless rounds end the game, 2-minute turns, 60-minute rounds",
    "params": {
        "language": ("ca", "MàTaM plays in Catalan"),
        "alphabet": ("catalan", f"{_DECISIONS} §18: the Catalan set, L·L NY QU Ç, 100 tiles"),
        "default_lexicon": ("ca-disc", "MàTaM rules, art. 29: DISC, the tournament dictionary"),
        "players": (3, "MàTaM rules: tables of three"),
        "min_players": (2, "Catalan 1-vs-1 events are played too"),
        "max_players": (4, "four at a table at most (Quackle writes #player4)"),
        "rack_size": (7, "MàTaM rules, art. 15: a rack of 7"),
        "bingo_bonus": (50, "MàTaM rules, art. 15: +50 for all 7 tiles"),
        "challenge_on_valid": ("none", "MàTaM rules, art. 26: an unsuccessful challenge costs "
                               "nothing, play continues"),
        "challenge_bonus": (0, "MàTaM: no bonus"),
        "challenge_bonus_per": ("word", "unused without a bonus"),
        "outplay": ("international", "MàTaM rules, art. 24: each opponent subtracts their tiles, "
                    "the finisher adds the sum"),
        "scoreless_turns_to_end": (9, "MàTaM rules, art. 24.3: three scoreless rounds (9 turns at three)"),
        "scoreless_end_optional": (False, "MàTaM rules, art. 24.3: they end the game"),
        "passes_per_player_to_end": (2, "MàTaM rules, art. 24.2: all three pass two consecutive turns"),
        "wespa_passes_do_not_end": (False, "MàTaM: passes end the game"),
        "time_limit_ending": ("round_plus_one", "MàTaM rules, art. 31: when time is called, the "
                              "round is completed and one more played"),
        "time_limit_ending_adjusts": (False, "MàTaM rules, art. 31: no rack adjustment"),
        "tie_break": ("none", "MàTaM rules, art. 25: a tie (1 / 0.5 / 0 tournament points)"),
        "exchange_min_bag": (7, "MàTaM rules, art. 20: 7 tiles in the bag to exchange"),
        "senyors": (True, "MàTaM rules, art. 21: seven vowels or seven consonants and no blank "
                    "may all go back for seven new tiles, the turn kept"),
        "overtime_points_per_minute": (0, "MàTaM rules, art. 30: no points penalty (a turn not "
                                       "played in time is lost)"),
        "overtime_max_minutes": (None, "MàTaM: no chess clock"),
        "overtime_forfeit": (None, "MàTaM: no chess clock"),
        "turn_time_limit_seconds": (120, "MàTaM rules, art. 30: two minutes a turn; a turn not "
                                    "played in time is lost (0 points, no exchange)"),
        "round_time_limit_minutes": (60, "MàTaM rules, art. 31: one hour a round"),
    },
}

#: Every ruleset, in the order they are listed to users.
FEDERATIONS: dict[str, Federation] = {
    "naspa": NASPA, "wespa": WESPA, "fise": FISE, "catalan": CATALAN,
}
_NAMES = {alias: name for name, fed in FEDERATIONS.items() for alias in (name, *fed["aliases"])}

#: Named presets of a ruleset, ``--rules NAME:PRESET``: a way of play the federation's rules
#: provide for, as (value, source) pairs over the ruleset's own (``adjudicate rules NAME`` lists
#: them).
PRESETS: dict[str, dict[str, Preset]] = {
    "fise": {
        "timer": {
            "description": "FISE's electronic timer (art. 19.1 and 20): two minutes a turn, a turn "
            "not played in time lost, no points penalty",
            "params": {
                "turn_time_limit_seconds": (120, "FISE rules rev. 11 (2001), art. 19.1 and 20: the "
                                            "electronic timer, two minutes a turn"),
                "overtime_points_per_minute": (0, "FISE rules rev. 11 (2001), art. 20: with the "
                                               "timer, a turn not played in time is lost (no points "
                                               "penalty)"),
            },
        },
    },
}


def federation_name(text: str) -> str:
    """The ruleset ``text`` names (its name or an alias, any case, ``MàTaM`` too; a preset after
    a colon, ``fise:timer``, is checked and left out).

    >>> federation_name(" MàTaM "), federation_name("FISE:timer")
    ('catalan', 'fise')

    Raises :class:`~adjudicate.errors.RulesError` for any other name.
    """
    return _split(text)[0]


def preset(text: str) -> Preset | None:
    """The preset ``text`` names after its ruleset (``fise:timer``), or None (``fise``)."""
    name, chosen = _split(text)
    return None if chosen is None else PRESETS[name][chosen]


def _split(text: str) -> tuple[str, str | None]:
    """``text``'s ruleset and preset (None without one), checked."""
    base, colon, chosen = text.partition(":") if isinstance(text, str) else ("", "", "")
    found = _NAMES.get(base.strip().lower().replace("à", "a")) if isinstance(text, str) else None
    if found is None:
        from adjudicate.errors import RulesError

        raise RulesError(f"unknown ruleset {text!r} (known: {names_text()})")
    if not colon:
        return found, None
    chosen = chosen.strip().lower()
    if chosen not in PRESETS.get(found, {}):
        from adjudicate.errors import RulesError

        known = ", ".join(f"{found}:{key}" for key in PRESETS.get(found, {})) or "none"
        raise RulesError(f"unknown preset {text!r} (presets of {found}: {known})")
    return found, chosen


def names_text() -> str:
    """``naspa, wespa, fise, catalan (alias matam)``: for help texts and error messages."""
    return ", ".join(
        name + (f" (alias {', '.join(fed['aliases'])})" if fed["aliases"] else "")
        for name, fed in FEDERATIONS.items()
    )


def playing(tile_set: str) -> list[str]:
    """The rulesets (by name, in their order) whose own tile set is ``tile_set``: none for a set no
    federation plays (German, Polish...).

    >>> playing("english"), playing("german")
    (['naspa', 'wespa'], [])
    """
    return [name for name in FEDERATIONS if value(name, "alphabet") == tile_set]


def value(name: str, parameter: str) -> object:
    """A ruleset's value of one parameter (``value("fise", "alphabet") == "spanish"``)."""
    return FEDERATIONS[name]["params"][parameter][0]

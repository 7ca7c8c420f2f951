"""Federation rulesets as data: one :class:`Ruleset` record per federation, found by name or alias.

Every difference between NASPA, WESPA, FISE and Catalan (MàTaM) that ``adjudicate`` acts on is a
parameter here, with the row of ``RULES.md`` it comes from (see :class:`Ruleset`). A tournament
that differs overrides parameters (``--set KEY=VALUE`` on every command):

>>> r = apply_overrides(find_ruleset("naspa"), parse_overrides(["outplay=international"]))
>>> r.outplay, r.name
('international', 'naspa')
>>> r
find_ruleset('naspa').replace(outplay='international')
>>> find_ruleset("MATAM") is CATALAN
True

This module is on the start-up path of ``adjudicate challenge``: it imports nothing at module
level but :mod:`adjudicate.errors` (no dataclasses, enum, typing, re or json), hence the plain
class with ``__slots__`` and closed sets written as documented string constants.
"""

from __future__ import annotations

from adjudicate.errors import RulesError

TYPE_CHECKING = False  # (typing itself is not imported at run time: see the module docstring)
if TYPE_CHECKING:
    from adjudicate.gcg import GameRecord

# -- closed sets ------------------------------------------------------------------------------
#: An unsuccessful challenge (the play is valid): the challenger loses the next turn (NASPA
#: "double challenge"; FISE per the decisions table).
CHALLENGE_LOSE_TURN = "lose_turn"
#: An unsuccessful challenge gives the challenged player ``challenge_bonus`` points (WESPA).
CHALLENGE_BONUS = "bonus"
#: An unsuccessful challenge costs nothing; play continues (Catalan / MàTaM "free challenge").
CHALLENGE_NONE = "none"
CHALLENGE_ON_VALID = (CHALLENGE_LOSE_TURN, CHALLENGE_BONUS, CHALLENGE_NONE)

#: The challenge bonus is counted per challenged word (WESPA's "preferred international norm").
BONUS_PER_WORD = "word"
#: The challenge bonus is counted once per challenged play (Macondo/Woogles ``5pt``).
BONUS_PER_PLAY = "play"
BONUS_PER = (BONUS_PER_WORD, BONUS_PER_PLAY)

#: Out-play: the finisher adds twice the opponents' unplayed tiles; opponents unchanged (NASPA).
OUTPLAY_DOUBLE = "double"
#: Out-play: every other player subtracts their own tiles; the finisher adds the total (FISE,
#: MàTaM, the standard box rules).
OUTPLAY_INTERNATIONAL = "international"
OUTPLAYS = (OUTPLAY_DOUBLE, OUTPLAY_INTERNATIONAL)

#: NASPA forfeit beyond the maximum overtime: the player's score goes down by the full penalty
#: for the maximum (10 x 10 = 100), an opponent still behind is raised to win by one, and unplayed
#: tiles are disregarded.
FORFEIT_NASPA = "naspa"
FORFEITS = (FORFEIT_NASPA,)

ALPHABETS = ("english", "spanish", "catalan")
LANGUAGES = ("en", "es", "ca")


class Ruleset:
    """The parameters of one federation's rules. Immutable; compare with ``==``; see :meth:`replace`.

    Values per federation are in ``NASPA``, ``WESPA``, ``FISE``, ``CATALAN`` below. The source of each
    parameter in ``RULES.md`` (the decisions table first, then the matrix sections):

    Identity
        ``name``: the ruleset's id (``naspa``, ``wespa``, ``fise``, ``catalan``).
        ``aliases``: other names :func:`find_ruleset` accepts (``matam`` for Catalan).
        ``description``: one line for humans.
        ``language``: language of verdicts and messages, ``en`` / ``es`` / ``ca`` (§5 "Lexicon").
        ``alphabet``: the tile set, ``english`` / ``spanish`` / ``catalan`` (§4.1-§4.3).
        ``default_lexicon``: the lexicon id used when none is given (shipped: the English and Spanish
        stand-ins, the real DISC for Catalan).

    Table
        ``players``: players at a standard table: 2, but 3 in MàTaM (§2.1 column heads).
        ``min_players``, ``max_players``: what the table tools (``endgame``, ``clock``) accept. 2-2 for
        NASPA, WESPA ("games must be one on one", §5 "Who keeps score") and FISE (§2.1 "FISE
        (2 players)"); 2-4 for Catalan (MàTaM tables of 3, 1-vs-1 Catalan events, §3 "Time control").
        ``rack_size``: 7 (§4 "rack of 7").
        ``bingo_bonus``: 50 for playing all ``rack_size`` tiles (decisions "Bingo"; §5 "Bingo").

    Challenges (decisions "Unsuccessful challenge"; §1 "Valid play")
        ``challenge_on_valid``: what an unsuccessful challenge costs: ``lose_turn`` (NASPA double
        challenge; FISE), ``bonus`` (WESPA), ``none`` (Catalan free challenge).
        ``challenge_bonus``: points to the challenged player under ``bonus`` (WESPA 5); else unused.
        ``challenge_bonus_per``: ``word`` (WESPA's "per unsuccessfully challenged word") or ``play``.
        A successful challenge (tiles back, turn lost, 0 points) and the whole-play verdict are the
        same everywhere (decisions "Successful challenge", "Verdict"), so they are not parameters.

    End of game (decisions "Out-play adjustment", "Games ending on passes", "Game ended by the time
    limit"; §2.1, §2.3)
        ``outplay``: ``double`` (NASPA, WESPA: finisher + 2 x opponents' tiles) or ``international``
        (FISE, Catalan: each other player - own tiles, finisher + the total).
        ``scoreless_turns_to_end``: consecutive scoreless turns (passes, exchanges, lost challenges,
        withdrawn phonies) that end the game at a table of ``players``; 0 = no such rule. NASPA/WESPA
        6; Catalan 9 (3 scoreless rounds of 3); FISE 0 (the 2001 rules have none; the later FISE
        option is 12). Rescoring scales it to the table in whole rounds: Catalan 1-vs-1, 6 turns.
        ``passes_per_player_to_end``: the game ends when every player has passed this many times in a
        row (exchanges are not passes); 0 = no such rule. FISE 2 (4 passes), Catalan 2 (6 passes).
        ``wespa_passes_do_not_end``: True for WESPA rule 1.1(b)(ii), "games do not end if both players
        pass twice in succession": passes count only as scoreless turns. Requires
        ``passes_per_player_to_end == 0`` (so for NASPA, False, the effect is the same).
        ``time_limit_ending_adjusts``: whether a game stopped by the time limit (FISE total time,
        MàTaM round limit) gets a rack adjustment: False everywhere.

    Exchanges (decisions "Exchange"; §5 "Exchange")
        ``exchange_min_bag``: tiles that must be in the bag to exchange: 7; FISE 1.

    Clocks (decisions "Overtime"; §3, §3.1)
        ``overtime_points_per_minute``: 10 per started minute over, from whole displayed seconds.
        (MàTaM has no chess clock, a late turn is lost instead; 10 is the Catalan 1-vs-1 practice.)
        ``overtime_max_minutes``: the most overtime allowed: NASPA 10; None = no maximum. Without a
        forfeit rule it only caps the penalty.
        ``overtime_forfeit``: what happens beyond the maximum: ``naspa`` (minus the full penalty for
        the maximum, 100; an opponent still behind raised to win by one; unplayed tiles
        disregarded) or None.
        ``turn_time_limit_seconds``: MàTaM 120 (a turn not played in time is lost); else None.
        ``round_time_limit_minutes``: MàTaM 60 (finish the round plus one more, no rack adjustment);
        else None.
    """

    __slots__ = (
        "name",
        "aliases",
        "description",
        "language",
        "alphabet",
        "default_lexicon",
        "players",
        "min_players",
        "max_players",
        "rack_size",
        "bingo_bonus",
        "challenge_on_valid",
        "challenge_bonus",
        "challenge_bonus_per",
        "outplay",
        "scoreless_turns_to_end",
        "passes_per_player_to_end",
        "wespa_passes_do_not_end",
        "time_limit_ending_adjusts",
        "exchange_min_bag",
        "overtime_points_per_minute",
        "overtime_max_minutes",
        "overtime_forfeit",
        "turn_time_limit_seconds",
        "round_time_limit_minutes",
    )

    # Annotations for readers and type checkers (strings: nothing is evaluated at run time).
    name: str
    aliases: tuple[str, ...]
    description: str
    language: str
    alphabet: str
    default_lexicon: str
    players: int
    min_players: int
    max_players: int
    rack_size: int
    bingo_bonus: int
    challenge_on_valid: str
    challenge_bonus: int
    challenge_bonus_per: str
    outplay: str
    scoreless_turns_to_end: int
    passes_per_player_to_end: int
    wespa_passes_do_not_end: bool
    time_limit_ending_adjusts: bool
    exchange_min_bag: int
    overtime_points_per_minute: int
    overtime_max_minutes: int | None
    overtime_forfeit: str | None
    turn_time_limit_seconds: int | None
    round_time_limit_minutes: int | None

    def __init__(
        self,
        *,
        name: str,
        aliases: tuple[str, ...] = (),
        description: str = "",
        language: str,
        alphabet: str,
        default_lexicon: str,
        players: int = 2,
        min_players: int = 2,
        max_players: int = 2,
        rack_size: int = 7,
        bingo_bonus: int = 50,
        challenge_on_valid: str,
        challenge_bonus: int = 0,
        challenge_bonus_per: str = BONUS_PER_WORD,
        outplay: str,
        scoreless_turns_to_end: int = 0,
        passes_per_player_to_end: int = 0,
        wespa_passes_do_not_end: bool = False,
        time_limit_ending_adjusts: bool = False,
        exchange_min_bag: int = 7,
        overtime_points_per_minute: int = 10,
        overtime_max_minutes: int | None = None,
        overtime_forfeit: str | None = None,
        turn_time_limit_seconds: int | None = None,
        round_time_limit_minutes: int | None = None,
    ) -> None:
        values = dict(locals())
        del values["self"]
        values["aliases"] = tuple(aliases) if not isinstance(aliases, str) else aliases
        for field in self.__slots__:
            _check_value(field, values[field])
        _check_consistency(values)
        for field in self.__slots__:
            object.__setattr__(self, field, values[field])

    def __setattr__(self, field: str, value: object) -> None:
        raise AttributeError(f"Ruleset is immutable: use .replace({field}=...)")

    def __delattr__(self, field: str) -> None:
        raise AttributeError("Ruleset is immutable")

    def __reduce__(self) -> tuple[object, ...]:
        # pickle/copy (rescore --jobs sends rulesets to worker processes) rebuild through __init__.
        return (_rebuild, (self.to_dict(),))

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, field) for field in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Ruleset):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        base = _BY_NAME.get(self.name)
        if base is not None:
            changes = self.differences(base)
            if not changes:
                return f"find_ruleset({self.name!r})"
            args = ", ".join(f"{k}={v!r}" for k, v in changes.items())
            return f"find_ruleset({self.name!r}).replace({args})"
        args = ", ".join(f"{field}={getattr(self, field)!r}" for field in self.__slots__)
        return f"Ruleset({args})"

    def replace(self, **changes: object) -> Ruleset:
        """A copy with ``changes`` applied and validated (RulesError on an unknown key or bad value).

        >>> NASPA.replace(exchange_min_bag=1).exchange_min_bag
        1
        >>> NASPA.replace(outplay="triple")
        Traceback (most recent call last):
        ...
        adjudicate.errors.RulesError: outplay: 'triple' is not one of double, international
        """
        for field in changes:
            if field not in self.__slots__:
                raise RulesError(_unknown_parameter(field))
        values = {field: getattr(self, field) for field in self.__slots__}
        values.update(changes)
        return Ruleset(**values)  # type: ignore[arg-type]

    def differences(self, other: Ruleset) -> dict[str, object]:
        """The parameters whose values differ from ``other``'s, with this ruleset's values."""
        return {
            field: getattr(self, field)
            for field in self.__slots__
            if getattr(self, field) != getattr(other, field)
        }

    def to_dict(self) -> dict[str, object]:
        """Every parameter, JSON-ready (aliases as a list)."""
        out: dict[str, object] = {field: getattr(self, field) for field in self.__slots__}
        out["aliases"] = list(self.aliases)
        return out


def _rebuild(values: dict[str, object]) -> Ruleset:
    return Ruleset(**values)  # type: ignore[arg-type]


# -- parameter kinds: validation and --set parsing ---------------------------------------------
# kind: "text", "names", "choice" (extra = options), "int" (extra = (min, max)), "int?" (None or
# int), "choice?" (None or option), "bool".
_PARAMS: dict[str, tuple[str, object]] = {
    "name": ("text", None),
    "aliases": ("names", None),
    "description": ("text", None),
    "language": ("choice", LANGUAGES),
    "alphabet": ("choice", ALPHABETS),
    "default_lexicon": ("text", None),
    "players": ("int", (2, 4)),
    "min_players": ("int", (2, 4)),
    "max_players": ("int", (2, 4)),
    "rack_size": ("int", (1, 15)),
    "bingo_bonus": ("int", (0, None)),
    "challenge_on_valid": ("choice", CHALLENGE_ON_VALID),
    "challenge_bonus": ("int", (0, None)),
    "challenge_bonus_per": ("choice", BONUS_PER),
    "outplay": ("choice", OUTPLAYS),
    "scoreless_turns_to_end": ("int", (0, None)),
    "passes_per_player_to_end": ("int", (0, None)),
    "wespa_passes_do_not_end": ("bool", None),
    "time_limit_ending_adjusts": ("bool", None),
    "exchange_min_bag": ("int", (1, None)),
    "overtime_points_per_minute": ("int", (0, None)),
    "overtime_max_minutes": ("int?", (1, None)),
    "overtime_forfeit": ("choice?", FORFEITS),
    "turn_time_limit_seconds": ("int?", (1, None)),
    "round_time_limit_minutes": ("int?", (1, None)),
}
#: Parameters a tournament may override with ``--set`` (everything but the identity).
OVERRIDABLE = tuple(field for field in _PARAMS if field not in ("name", "aliases"))

_NONE_WORDS = ("none", "off", "no", "")
_TRUE_WORDS = ("true", "yes", "on", "1")
_FALSE_WORDS = ("false", "no", "off", "0")


def _unknown_parameter(field: str) -> str:
    return f"unknown rule parameter {field!r} (known: {', '.join(OVERRIDABLE)})"


def allowed_values(field: str) -> str:
    """What ``field`` may be set to, for messages: ``a whole number from 2 to 4``, ``one of
    double, international``, ``true or false``... (every value the code can apply).

    >>> allowed_values("players"), allowed_values("overtime_forfeit")
    ('a whole number from 2 to 4', 'one of naspa, none')
    """
    kind, extra = _PARAMS[field]
    if kind in ("int", "int?"):
        low, high = extra  # type: ignore[misc]
        text = f"a whole number of at least {low}" if high is None else f"a whole number from {low} to {high}"
        return text + (", or none" if kind == "int?" else "")
    if kind in ("choice", "choice?"):
        return "one of " + ", ".join(extra) + (", none" if kind == "choice?" else "")  # type: ignore[arg-type]
    if kind == "bool":
        return "true or false"
    return "a tuple of names" if kind == "names" else "text"


def _check_value(field: str, value: object) -> None:
    kind, extra = _PARAMS[field]
    if kind == "text":
        if not isinstance(value, str):
            raise RulesError(f"{field}: {value!r} is not text")
        if field in ("name", "default_lexicon") and not value.strip():
            raise RulesError(f"{field}: must not be empty")
    elif kind == "names":
        if not isinstance(value, tuple) or not all(isinstance(v, str) and v for v in value):
            raise RulesError(f"{field}: {value!r} is not a tuple of names")
    elif kind == "bool":
        if not isinstance(value, bool):
            raise RulesError(f"{field}: {value!r} is not true or false")
    elif kind in ("choice", "choice?"):
        if value is None and kind == "choice?":
            return
        if value not in extra:  # type: ignore[operator]
            raise RulesError(f"{field}: {value!r} is not {allowed_values(field)}")
    else:  # int, int?
        if value is None and kind == "int?":
            return
        if not isinstance(value, int) or isinstance(value, bool):
            raise RulesError(f"{field}: {value!r} is not a whole number ({allowed_values(field)})")
        low, high = extra  # type: ignore[misc]
        if value < low or (high is not None and value > high):
            bound = f"at least {low}" if high is None else f"from {low} to {high}"
            raise RulesError(f"{field}: {value} must be {bound}")


def _check_consistency(v: dict[str, object]) -> None:
    if not v["min_players"] <= v["players"] <= v["max_players"]:  # type: ignore[operator]
        raise RulesError(
            f"players: {v['players']} must lie between min_players {v['min_players']} "
            f"and max_players {v['max_players']}"
        )
    if v["challenge_on_valid"] == CHALLENGE_BONUS and not v["challenge_bonus"]:
        raise RulesError("challenge_on_valid=bonus needs challenge_bonus above 0")
    if v["wespa_passes_do_not_end"] and v["passes_per_player_to_end"]:
        raise RulesError(
            "wespa_passes_do_not_end=true contradicts passes_per_player_to_end="
            f"{v['passes_per_player_to_end']} (set one of them to 0/false)"
        )
    if v["overtime_forfeit"] is not None and v["overtime_max_minutes"] is None:
        raise RulesError(f"overtime_forfeit={v['overtime_forfeit']} needs overtime_max_minutes")


# -- the four federations ----------------------------------------------------------------------
NASPA = Ruleset(
    name="naspa",
    description="NASPA (North America): double challenge, finisher + 2 x opponent's tiles, "
    "six scoreless turns, 10 points per overtime minute, forfeit beyond 10 minutes",
    language="en",
    alphabet="english",
    default_lexicon="en-kjxqz",
    challenge_on_valid=CHALLENGE_LOSE_TURN,
    outplay=OUTPLAY_DOUBLE,
    scoreless_turns_to_end=6,
    overtime_max_minutes=10,
    overtime_forfeit=FORFEIT_NASPA,
)

WESPA = Ruleset(
    name="wespa",
    description="WESPA (international English): 5 points per word for an unsuccessful challenge, "
    "finisher + 2 x opponent's tiles, six scoreless turns, passes alone do not end the game",
    language="en",
    alphabet="english",
    default_lexicon="en-kjxqz",
    challenge_on_valid=CHALLENGE_BONUS,
    challenge_bonus=5,
    challenge_bonus_per=BONUS_PER_WORD,
    outplay=OUTPLAY_DOUBLE,
    scoreless_turns_to_end=6,
    wespa_passes_do_not_end=True,
)

FISE = Ruleset(
    name="fise",
    description="FISE (Spanish): challenger loses the turn, international out-play, game ends "
    "when both players pass twice in a row, exchange with 1 tile in the bag",
    language="es",
    alphabet="spanish",
    default_lexicon="es-aosw",
    challenge_on_valid=CHALLENGE_LOSE_TURN,
    outplay=OUTPLAY_INTERNATIONAL,
    passes_per_player_to_end=2,
    exchange_min_bag=1,
)

CATALAN = Ruleset(
    name="catalan",
    aliases=("matam",),
    description="Catalan / MàTaM (3 players): free challenge, international out-play, all pass "
    "twice or 3 scoreless rounds end the game, 2-minute turns, 60-minute rounds",
    language="ca",
    alphabet="catalan",
    default_lexicon="ca-disc",
    players=3,
    min_players=2,
    max_players=4,
    challenge_on_valid=CHALLENGE_NONE,
    outplay=OUTPLAY_INTERNATIONAL,
    scoreless_turns_to_end=9,
    passes_per_player_to_end=2,
    turn_time_limit_seconds=120,
    round_time_limit_minutes=60,
)

#: Every ruleset, in the order they are listed to users.
RULESETS = (NASPA, WESPA, FISE, CATALAN)
_BY_NAME = {r.name: r for r in RULESETS}
_LOOKUP = {n: r for r in RULESETS for n in (r.name, *r.aliases)}


def ruleset_names() -> str:
    """``naspa, wespa, fise, catalan (alias matam)``: for help texts and error messages."""
    return ", ".join(
        r.name + (f" (alias {', '.join(r.aliases)})" if r.aliases else "") for r in RULESETS
    )


def find_ruleset(name: str) -> Ruleset:
    """The ruleset called ``name`` or one of its aliases, case-insensitive (``MàTaM`` too).

    >>> find_ruleset(" WESPA ").challenge_bonus
    5
    >>> find_ruleset("scrabble")
    Traceback (most recent call last):
    ...
    adjudicate.errors.RulesError: unknown ruleset 'scrabble' (known: naspa, wespa, fise, catalan (alias matam))
    """
    found = _LOOKUP.get(name.strip().lower().replace("à", "a")) if isinstance(name, str) else None
    if found is None:
        raise RulesError(f"unknown ruleset {name!r} (known: {ruleset_names()})")
    return found


# -- overrides ---------------------------------------------------------------------------------
def whole_number(text: str) -> int:
    """``text`` as a signed whole number of at most 9 digits (leading zeros aside; ``−`` is a minus).

    Raises ValueError "not a whole number" or "too large": never ``int()``'s own error for a
    5,000-digit text (Python refuses beyond 4,300 digits, leading zeros included), nor its leniency
    with ``1_000`` or spaces inside.
    """
    body = text.strip().replace("\u2212", "-")
    digits = body[1:] if body[:1] in "+-" else body
    if not (digits.isascii() and digits.isdigit()):
        raise ValueError("not a whole number")
    digits = digits.lstrip("0") or "0"
    if len(digits) > 9:
        raise ValueError("too large")
    return -int(digits) if body[:1] == "-" else int(digits)


def _parse_int(field: str, text: str) -> int:
    try:
        return whole_number(text)
    except ValueError as err:
        if str(err) == "too large":
            raise RulesError(f"{field}={text.strip()[:20]}...: too large (at most 9 digits): "
                             f"{allowed_values(field)}") from None
        raise RulesError(f"{field}={text}: {text!r} is not a whole number ({allowed_values(field)})") from None


def parse_value(field: str, text: str) -> object:
    """The typed value of ``--set field=text`` (RulesError on an unknown key or a bad value)."""
    if field not in _PARAMS or field not in OVERRIDABLE:
        if field in ("name", "aliases"):
            raise RulesError(f"{field} cannot be overridden (pick another ruleset with --rules)")
        raise RulesError(_unknown_parameter(field))
    kind, _ = _PARAMS[field]
    word = text.strip().lower()
    if kind in ("int?", "choice?") and word in _NONE_WORDS:
        return None
    if kind in ("int", "int?"):
        value: object = _parse_int(field, text)
    elif kind == "bool":
        if word in _TRUE_WORDS:
            value = True
        elif word in _FALSE_WORDS:
            value = False
        else:
            raise RulesError(f"{field}={text}: expected true or false")
    elif kind in ("choice", "choice?"):
        value = word
    else:
        value = text
    _check_value(field, value)
    return value


def parse_overrides(items: list[str] | tuple[str, ...]) -> dict[str, object]:
    """``["outplay=international", "exchange_min_bag=1"]`` -> ``{"outplay": "international", ...}``.

    Keys are case-insensitive and ``-`` may stand for ``_``. ``none``/``off`` clear an optional
    parameter. A key given twice keeps its last value (like repeated command-line options).

    >>> parse_overrides(["Exchange-Min-Bag=1", "overtime_forfeit=none", "wespa_passes_do_not_end=yes"])
    {'exchange_min_bag': 1, 'overtime_forfeit': None, 'wespa_passes_do_not_end': True}
    """
    out: dict[str, object] = {}
    for item in items:
        key, sep, text = item.partition("=")
        field = key.strip().lower().replace("-", "_")
        if not sep or not field:
            raise RulesError(f"--set {item!r}: expected KEY=VALUE, e.g. outplay=international")
        out[field] = parse_value(field, text)
    return out


def apply_overrides(ruleset: Ruleset, overrides: dict[str, object]) -> Ruleset:
    """``ruleset`` with the overrides (typed, as from :func:`parse_overrides`) applied at once."""
    for field in overrides:
        if field not in OVERRIDABLE:
            parse_value(field, "")  # raises the right RulesError
    if not overrides:
        return ruleset
    return ruleset.replace(**overrides)


# -- the ruleset a record implies -----------------------------------------------------------------
# `#lexicon` prefixes -> ruleset (word-golib's ProbableLetterDistributionName, SPEC §1.3).
_LEXICON_RULES = (
    (("NWL", "TWL", "OWL", "NSWL", "OTCWL"), "naspa"),
    (("CSW", "SOWPODS", "ECWL", "CEL"), "wespa"),
    (("FISE", "FILE"), "fise"),
    (("DISC", "DOSC"), "catalan"),
)
_DISTRIBUTION_RULES = {"spanish": "fise", "catalan": "catalan"}


def choose_ruleset(record: GameRecord, explicit: str | None = None) -> tuple[Ruleset, str]:
    """The ruleset to rescore under, and why: ``--rules``, else the file, else naspa."""
    if explicit:
        ruleset = find_ruleset(explicit)
        return ruleset, f"--rules {explicit}"
    if record.lexicon:
        upper = record.lexicon.upper()
        for prefixes, name in _LEXICON_RULES:
            if upper.startswith(prefixes):
                return _BY_NAME[name], f"#lexicon {record.lexicon}"
    dist = (record.tile_distribution or "").lower()
    if dist in _DISTRIBUTION_RULES:
        return _BY_NAME[_DISTRIBUTION_RULES[dist]], f"#tile-distribution {dist}"
    # One pass over the events, plays skipped first (a plain loop: a list of the kinds, searched
    # two or three times, costs twice as much): a challenge bonus anywhere, and an end-rack penalty
    # after the first out-play line.
    bonus = points = penalty_after = False
    for event in record.events:
        kind = event.kind
        if kind == "play":
            continue
        if kind == "challenge_bonus":
            bonus = True
        elif kind == "end_rack_points":
            points = True
        elif kind == "end_rack_penalty" and points:
            penalty_after = True
    if bonus:
        ruleset, reason = _BY_NAME["wespa"], "a (challenge) bonus in a record that names no lexicon"
    else:
        ruleset, reason = _BY_NAME["naspa"], "the default (the record names no lexicon)"
    if penalty_after:
        # Old international records (WSC 2005) adjust +R/-R; with no lexicon named, follow them.
        ruleset = ruleset.replace(outplay="international")
        reason += "; out-play adjusted the international way (+R / -R), as the record does"
    return ruleset, reason

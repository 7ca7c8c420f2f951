"""Federation rulesets: one :class:`Ruleset` record per federation, found by name or alias.

Every difference between NASPA, WESPA, FISE and Catalan (MàTaM) that ``adjudicate`` acts on is a
parameter of :class:`Ruleset`; the values and where each comes from (federation, article) are data
in :mod:`adjudicate.federations` (``adjudicate rules`` prints them, docs/rules.md says the same).
A tournament that differs overrides parameters (``--set KEY=VALUE`` on every command):

>>> r = apply_overrides(find_ruleset("naspa"), parse_overrides(["outplay=international"]))
>>> r.outplay, r.name, r.sources["outplay"]
(<Outplay.INTERNATIONAL: 'international'>, 'naspa', '--set outplay=international')
>>> r
find_ruleset('naspa').replace(outplay='international')
>>> find_ruleset("MATAM") is CATALAN
True

The closed sets are ``str`` enums (:class:`~adjudicate.kinds.TextEnum`): a value compares equal
to its word (``CATALAN.outplay == "international"``) and reads as it in JSON and f-strings.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any

from adjudicate.errors import RulesError, UnknownTileError
from adjudicate.federations import FEDERATIONS, federation_name, names_text, playing, preset
from adjudicate.kinds import EventKind, TextEnum
from adjudicate.tiles import ALPHABET_NAMES, SET_NAMES, language_of, tile_set_facts

if TYPE_CHECKING:
    from adjudicate.gcg import GameRecord


# -- closed sets ------------------------------------------------------------------------------
class ChallengeRule(TextEnum):
    """What an unsuccessful challenge (of a valid play) costs (docs/decisions.md §4)."""

    LOSE_TURN = "lose_turn"  # the challenger loses the next turn (NASPA double challenge; FISE)
    BONUS = "bonus"  # the challenged player gets ``challenge_bonus`` points (WESPA)
    NONE = "none"  # nothing: play continues (MàTaM free challenge)


class BonusPer(TextEnum):
    """What a challenge bonus is counted per."""

    WORD = "word"  # per challenged word (WESPA's "preferred international norm")
    PLAY = "play"  # once per challenged play (Macondo/Woogles ``5pt``)


class Outplay(TextEnum):
    """The out-play adjustment (docs/decisions.md §1)."""

    DOUBLE = "double"  # the finisher adds twice the opponents' tiles (NASPA, WESPA)
    INTERNATIONAL = "international"  # each other player loses theirs, the finisher adds the sum


class Forfeit(TextEnum):
    """What happens beyond the maximum overtime."""

    NASPA = "naspa"  # minus the full penalty (100), opponent raised to win by one, tiles disregarded


class TimeLimitEnding(TextEnum):
    """How a game stopped by its time limit ends (docs/decisions.md §3)."""

    NONE = "none"  # no game time limit (NASPA, WESPA: chess clocks)
    EQUALISE_TURNS = "equalise_turns"  # FISE art. 18: the player owed a turn plays it
    ROUND_PLUS_ONE = "round_plus_one"  # MàTaM art. 31: the round is completed and one more played


class TieBreak(TextEnum):
    """What decides a tie after the rack adjustments."""

    NONE = "none"  # a tie (half a win each)
    SCORE_BEFORE_ADJUSTMENTS = "score_before_adjustments"  # the Spanish standard rules




def _number(default: int | None, low: int, high: int | None = None, *, optional: bool = False) -> Any:
    """A whole-number parameter from ``low`` to ``high`` (None: no maximum; ``optional``: None
    allowed, and given as ``none`` to ``--set``)."""
    return field(default=default, metadata={"range": (low, high), "optional": optional})


@dataclass(frozen=True)
class Ruleset:
    """The parameters of one federation's rules (see :mod:`adjudicate.federations` for each value
    and its source). Immutable; compare with ``==``; changed with :meth:`replace`, validated.

    Identity: ``name``, ``aliases`` (names :func:`find_ruleset` accepts), ``description``,
    ``language`` (of verdicts), ``alphabet`` (the tile set), ``default_lexicon``.
    Table: ``players`` (the usual table: 3 in MàTaM), ``min_players``/``max_players`` (what
    ``endgame`` and ``clock`` accept), ``rack_size``, ``bingo_bonus``.
    Challenges: ``challenge_on_valid`` (:class:`ChallengeRule`), ``challenge_bonus``,
    ``challenge_bonus_per``.
    End of the game: ``outplay``; ``scoreless_turns_to_end`` (at a table of ``players``; 0: no
    such rule); ``scoreless_end_optional`` (NASPA: those turns *may* end the game: a record that
    plays on continues, one that stops there ended); ``passes_per_player_to_end`` (every player passes that many times in a row;
    exchanges are not passes); ``wespa_passes_do_not_end``; ``time_limit_ending``
    (:class:`TimeLimitEnding`) and ``time_limit_ending_adjusts`` (a rack adjustment after it);
    ``tie_break`` (:class:`TieBreak`).
    Exchanges: ``exchange_min_bag``; ``senyors`` (MàTaM art. 21: seven vowels or seven
    consonants and no blank may be redrawn, the turn kept).
    Clocks: ``overtime_points_per_minute`` (0: overtime costs no points), ``overtime_max_minutes``,
    ``overtime_forfeit``, ``turn_time_limit_seconds`` (MàTaM: a turn not played in time is lost),
    ``round_time_limit_minutes``.
    ``sources``: where each value comes from (not compared).
    """

    name: str
    language: str
    alphabet: str
    default_lexicon: str
    challenge_on_valid: ChallengeRule
    outplay: Outplay
    aliases: tuple[str, ...] = ()
    description: str = ""
    players: int = _number(2, 2, 4)
    min_players: int = _number(2, 2, 4)
    max_players: int = _number(2, 2, 4)
    rack_size: int = _number(7, 1, 15)
    bingo_bonus: int = _number(50, 0)
    challenge_bonus: int = _number(0, 0)
    challenge_bonus_per: BonusPer = BonusPer.WORD
    scoreless_turns_to_end: int = _number(0, 0)
    scoreless_end_optional: bool = False
    passes_per_player_to_end: int = _number(0, 0)
    wespa_passes_do_not_end: bool = False
    time_limit_ending: TimeLimitEnding = TimeLimitEnding.NONE
    time_limit_ending_adjusts: bool = False
    tie_break: TieBreak = TieBreak.NONE
    exchange_min_bag: int = _number(7, 1)
    senyors: bool = False
    overtime_points_per_minute: int = _number(10, 0)
    overtime_max_minutes: int | None = _number(None, 1, optional=True)
    overtime_forfeit: Forfeit | None = None
    turn_time_limit_seconds: int | None = _number(None, 1, optional=True)
    round_time_limit_minutes: int | None = _number(None, 1, optional=True)
    sources: dict[str, str] = field(default_factory=dict, compare=False, repr=False)  # (read only)

    def __post_init__(self) -> None:
        for spec in fields(self):
            if spec.name != "sources":
                value = _typed(spec.name, getattr(self, spec.name))  # ("double" -> Outplay.DOUBLE)
                object.__setattr__(self, spec.name, value)  # (the dataclass is frozen)
                _check_value(spec.name, value)
        _check_consistency(self)

    def __repr__(self) -> str:
        base = _BY_NAME.get(self.name)
        if base is not None:
            changes = self.differences(base)
            if not changes:
                return f"find_ruleset({self.name!r})"
            args = ", ".join(f"{k}={_plain(v)!r}" for k, v in changes.items())
            return f"find_ruleset({self.name!r}).replace({args})"
        args = ", ".join(f"{name}={_plain(getattr(self, name))!r}" for name in PARAMETERS)
        return f"Ruleset({args})"

    def bingo(self, placed: int) -> int:
        """The bingo bonus of a play that places ``placed`` tiles: ``bingo_bonus`` for a whole
        rack (``rack_size`` tiles), else 0. The rule's one home (the replay and ``scoring``)."""
        return self.bingo_bonus if placed >= self.rack_size else 0

    def replace(self, source: str | None = None, /, **changes: object) -> Ruleset:
        """A copy with ``changes`` applied and validated (RulesError on an unknown key or a bad
        value); ``source`` says where the new values come from (default: ``--set KEY=VALUE``).

        >>> NASPA.replace(exchange_min_bag=1).exchange_min_bag
        1
        >>> NASPA.replace(outplay="triple")
        Traceback (most recent call last):
        ...
        adjudicate.errors.RulesError: outplay: 'triple' is not one of double, international
        """
        for name in changes:
            if name not in PARAMETERS:
                raise RulesError(_unknown_parameter(name))
        typed = {name: _typed(name, value) for name, value in changes.items()}
        sources = dict(self.sources)
        for name, value in typed.items():
            sources[name] = source or f"--set {name}={_word(value)}"
        return replace(self, sources=sources, **typed)  # type: ignore[arg-type]  # (each value is checked in __post_init__)

    def differences(self, other: Ruleset) -> dict[str, object]:
        """The parameters whose values differ from ``other``'s, with this ruleset's values."""
        return {name: getattr(self, name) for name in PARAMETERS
                if getattr(self, name) != getattr(other, name)}

    def to_dict(self) -> dict[str, object]:
        """Every parameter, JSON-ready (aliases as a list)."""
        out: dict[str, object] = {name: getattr(self, name) for name in PARAMETERS}
        out["aliases"] = list(self.aliases)
        return out


#: The parameters of a ruleset, in order (``sources`` is not one).
PARAMETERS = tuple(spec.name for spec in fields(Ruleset) if spec.name != "sources")
#: Parameters a tournament may override with ``--set`` (everything but the identity).
OVERRIDABLE = tuple(name for name in PARAMETERS if name not in ("name", "aliases"))
_SPECS = {spec.name: spec for spec in fields(Ruleset)}
_ENUMS: dict[str, type[TextEnum]] = {
    "challenge_on_valid": ChallengeRule, "challenge_bonus_per": BonusPer, "outplay": Outplay,
    "overtime_forfeit": Forfeit, "time_limit_ending": TimeLimitEnding, "tie_break": TieBreak,
}
_BOOLS = ("scoreless_end_optional", "wespa_passes_do_not_end", "time_limit_ending_adjusts", "senyors")
_CHOICES = ("language", "alphabet")  # closed sets of words that are not enums: choices() lists them
_NONE_WORDS = ("none", "off", "no", "")
_TRUE_WORDS = ("true", "yes", "on", "1")
_FALSE_WORDS = ("false", "no", "off", "0")


def _plain(value: object) -> object:
    return value.value if isinstance(value, TextEnum) else value


def _word(value: object) -> str:
    """A value as ``--set`` takes it (``none``, ``true``, the enum's word)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(_plain(value))


def value_text(value: object) -> str:
    """A parameter's value as ``adjudicate rules`` shows it: ``none``, ``true``, the enum's word,
    aliases joined."""
    if isinstance(value, tuple):
        return ", ".join(value) or "-"
    return _word(value)


def _unknown_parameter(name: str) -> str:
    return f"unknown rule parameter {name!r} (known: {', '.join(OVERRIDABLE)})"


def _optional(name: str) -> bool:
    return name == "overtime_forfeit" or bool(_SPECS[name].metadata.get("optional"))


def allowed_values(name: str) -> str:
    """What ``name`` may be set to, for messages: ``a whole number from 2 to 4``, ``one of
    double, international``, ``true or false``... (every value the code can apply).

    >>> allowed_values("players"), allowed_values("overtime_forfeit")
    ('a whole number from 2 to 4', 'one of naspa, none')
    """
    spec = _SPECS[name]
    if "range" in spec.metadata:
        low, high = spec.metadata["range"]
        text = f"a whole number of at least {low}" if high is None else f"a whole number from {low} to {high}"
        return text + (", or none" if _optional(name) else "")
    if choices(name):
        return "one of " + ", ".join(choices(name)) + (", none" if _optional(name) else "")
    if name in _BOOLS:
        return "true or false"
    return "a tuple of names" if name == "aliases" else "text"


def choices(name: str) -> tuple[str, ...]:
    """The words a closed-set parameter takes (``choices("outplay") == ("double",
    "international")``); ``()`` for a number, text or true/false."""
    if name in _ENUMS:
        return tuple(m.value for m in _ENUMS[name])
    if name == "alphabet":
        return ALPHABET_NAMES
    if name == "language":  # of the tile sets (read when asked: ten data files)
        return tuple(dict.fromkeys(language_of(alphabet) for alphabet in ALPHABET_NAMES))
    return ()


def _typed(name: str, value: object) -> object:
    """``value`` as the parameter's type: an enum's word as its member (checked later)."""
    if name in _ENUMS and isinstance(value, str) and not isinstance(value, TextEnum):
        try:
            return _ENUMS[name](value)
        except ValueError:
            raise RulesError(f"{name}: {value!r} is not {allowed_values(name)}") from None
    if name == "aliases" and isinstance(value, list):
        return tuple(value)
    return value


def _check_value(name: str, value: object) -> None:
    spec = _SPECS[name]
    if value is None and _optional(name):
        return
    if "range" in spec.metadata:
        if not isinstance(value, int) or isinstance(value, bool):
            raise RulesError(f"{name}: {value!r} is not a whole number ({allowed_values(name)})")
        low, high = spec.metadata["range"]
        if value < low or (high is not None and value > high):
            bound = f"at least {low}" if high is None else f"from {low} to {high}"
            raise RulesError(f"{name}: {value} must be {bound}")
    elif name in _ENUMS:
        if not isinstance(value, _ENUMS[name]):
            raise RulesError(f"{name}: {value!r} is not {allowed_values(name)}")
    elif name in _CHOICES:
        if value not in choices(name):
            raise RulesError(f"{name}: {value!r} is not {allowed_values(name)}")
    elif name in _BOOLS:
        if not isinstance(value, bool):
            raise RulesError(f"{name}: {value!r} is not true or false")
    elif name == "aliases":
        if not isinstance(value, tuple) or not all(isinstance(v, str) and v for v in value):
            raise RulesError(f"{name}: {value!r} is not a tuple of names")
    else:  # text
        if not isinstance(value, str):
            raise RulesError(f"{name}: {value!r} is not text")
        if name in ("name", "default_lexicon") and not value.strip():
            raise RulesError(f"{name}: must not be empty")


def _check_consistency(r: Ruleset) -> None:
    if not r.min_players <= r.players <= r.max_players:
        raise RulesError(
            f"players: {r.players} must lie between min_players {r.min_players} "
            f"and max_players {r.max_players}"
        )
    if r.challenge_on_valid is ChallengeRule.BONUS and not r.challenge_bonus:
        raise RulesError("challenge_on_valid=bonus needs challenge_bonus above 0")
    if r.wespa_passes_do_not_end and r.passes_per_player_to_end:
        raise RulesError(
            "wespa_passes_do_not_end=true contradicts passes_per_player_to_end="
            f"{r.passes_per_player_to_end} (set one of them to 0/false)"
        )
    if r.overtime_forfeit is not None and r.overtime_max_minutes is None:
        raise RulesError(f"overtime_forfeit={r.overtime_forfeit} needs overtime_max_minutes")


# -- the four federations ----------------------------------------------------------------------
def _federation(name: str) -> Ruleset:
    fed = FEDERATIONS[name]
    params = fed["params"]
    values = {key: _typed(key, value) for key, (value, _) in params.items()}
    sources = {key: source for key, (_, source) in params.items()}
    return Ruleset(name=name, aliases=tuple(fed["aliases"]), description=fed["description"],
                   sources=sources, **values)  # type: ignore[arg-type]


NASPA = _federation("naspa")
WESPA = _federation("wespa")
FISE = _federation("fise")
CATALAN = _federation("catalan")

#: Every ruleset, in the order they are listed to users.
RULESETS = (NASPA, WESPA, FISE, CATALAN)
_BY_NAME = {r.name: r for r in RULESETS}


def ruleset_names() -> str:
    """``naspa, wespa, fise, catalan (alias matam)``: for help texts and error messages."""
    return names_text()


def find_ruleset(name: str) -> Ruleset:
    """The ruleset called ``name`` or one of its aliases, case-insensitive (``MàTaM`` too).

    >>> find_ruleset(" WESPA ").challenge_bonus
    5
    >>> find_ruleset("scrabble")
    Traceback (most recent call last):
    ...
    adjudicate.errors.RulesError: unknown ruleset 'scrabble' (known: naspa, wespa, fise, catalan (alias matam))

    A preset of the ruleset after a colon applies its values, each with its source:

    >>> find_ruleset("fise:timer")
    find_ruleset('fise').replace(overtime_points_per_minute=0, turn_time_limit_seconds=120)
    """
    ruleset = _BY_NAME[federation_name(name)]
    chosen = preset(name)
    if chosen is not None:
        for key, (value, source) in chosen["params"].items():
            ruleset = ruleset.replace(source, **{key: value})
    return ruleset


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


def parse_value(name: str, text: str) -> object:
    """The typed value of ``--set name=text`` (RulesError on an unknown key or a bad value)."""
    if name not in OVERRIDABLE:
        if name in ("name", "aliases"):
            raise RulesError(f"{name} cannot be overridden (pick another ruleset with --rules)")
        raise RulesError(_unknown_parameter(name))
    spec = _SPECS[name]
    word = text.strip().lower()
    if _optional(name) and word in _NONE_WORDS:
        return None
    value: object
    if "range" in spec.metadata:
        value = _parse_int(name, text)
    elif name in _BOOLS:
        if word in _TRUE_WORDS:
            value = True
        elif word in _FALSE_WORDS:
            value = False
        else:
            raise RulesError(f"{name}={text}: expected true or false")
    elif name in _ENUMS or name in _CHOICES:
        value = _typed(name, word)
    else:
        value = text
    _check_value(name, value)
    return value


def parse_overrides(items: list[str] | tuple[str, ...]) -> dict[str, object]:
    """``["outplay=international", "exchange_min_bag=1"]`` -> ``{"outplay": Outplay.INTERNATIONAL, ...}``.

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
    for name in overrides:
        if name not in OVERRIDABLE:
            parse_value(name, "")  # raises the right RulesError
    if not overrides:
        return ruleset
    return ruleset.replace(None, **overrides)


#: The reason of a ruleset a library caller passes without one.
GIVEN = "as given"


def ruleset_text(name: str, reason: str) -> str:
    """The ruleset a game is adjudicated under, and why, as reports write it (a reason from
    :func:`choose_ruleset`, or ``adjudicate.game.pick_ruleset``).

    >>> ruleset_text("wespa", "from the record's #lexicon CSW21")
    "ruleset wespa, from the record's #lexicon CSW21"
    """
    return f"ruleset {name}, {reason}" if reason else f"ruleset {name}"


# -- the ruleset a record implies -----------------------------------------------------------------
# `#lexicon` prefixes -> ruleset (word-golib's ProbableLetterDistributionName).
_LEXICON_RULES = (
    (("NWL", "TWL", "OWL", "NSWL", "OTCWL"), "naspa"),
    (("CSW", "SOWPODS", "ECWL", "CEL"), "wespa"),
    (("FISE", "FILE"), "fise"),
    (("DISC", "DOSC"), "catalan"),
)
_DISTRIBUTION_RULES = {"spanish": "fise", "catalan": "catalan"}


def tile_set_named(name: str) -> str:
    """The tile set ``--tiles NAME`` names (any case), or a RulesError listing the known ones.

    >>> tile_set_named(" German ")
    'german'
    """
    found = name.strip().lower()
    if found not in ALPHABET_NAMES:
        raise RulesError(f"--tiles {name}: unknown tile set (known: {', '.join(ALPHABET_NAMES)})")
    return found


def record_tiles(record: GameRecord, explicit: str | None = None,
                 default: str = "english") -> tuple[str | None, str]:
    """The tile set a record is written in, and why; ``(None, "")`` when nothing says otherwise
    than ``default`` (the ruleset's own set).

    ``--tiles`` (``explicit``), else the record's ``#tile-distribution`` (a set we do not ship is
    refused by name), else its ``#lexicon`` (a tile set's data file lists the prefixes of its
    lexicons: ``@lexicons``), else its plays and racks: when ``default`` cannot read them, the one
    tile set that can (``Ł`` is Polish).

    >>> from adjudicate.gcg import read_gcg
    >>> record_tiles(read_gcg("#player1 a A\\n#player2 b B\\n>a: ?ADIŁZZ 15A ZDZIAŁa. +89 89\\n".encode()))
    ('polish', 'from the letters of its plays and racks (Ł)')

    :raises RulesError: a tile set we do not ship, or plays that more than one set reads.
    """
    if explicit:
        return tile_set_named(explicit), f"from --tiles {explicit}"
    distribution = (record.tile_distribution or "").strip().lower()
    if distribution:
        if distribution not in ALPHABET_NAMES:
            raise RulesError(f"{record.name}: the record's #tile-distribution {record.tile_distribution} "
                             f"is a tile set we do not ship (known: {', '.join(ALPHABET_NAMES)})")
        return distribution, f"from the record's #tile-distribution {record.tile_distribution}"
    if record.lexicon:
        upper = record.lexicon.upper()
        for name in ALPHABET_NAMES:
            prefixes = tuple(tile_set_facts(name).get("lexicons", "").split())
            if prefixes and upper.startswith(prefixes):
                return name, f"from the record's #lexicon {record.lexicon}"
        named = _lexicon_ruleset(record.lexicon)
        if named is not None:
            return named.alphabet, f"from the record's #lexicon {record.lexicon}"
    texts = _written(record)
    if all(text.isascii() for text in texts):
        return None, ""  # (A-Z only: any set reads them, and the ruleset's is the one meant)
    written = {ch for text in texts for ch in text.upper() if ch.isalpha() and not ch.isascii()}
    letters = " ".join(sorted(written))
    from adjudicate.tiles import get_alphabet

    if written <= {ch for label in get_alphabet(default).labels for ch in label} or _reads(record, default):
        return None, ""  # (its letters are the ruleset's set's: Ñ in a Spanish record)
    reading = tile_sets_reading(record, default)
    if len(reading) > 1:
        raise RulesError(f"{record.name}: the plays and racks of this record ({letters}) are tiles of "
                         f"{' and of '.join(reading)}: give --tiles {reading[0]} (or another)")
    if not reading:
        return None, ""  # (the replay says what cannot be read)
    return reading[0], f"from the letters of its plays and racks ({letters})"


def _written(record: GameRecord) -> list[str]:
    """The racks and played tiles of a record, as written."""
    texts = [text for event in record.events for text in (event.rack, event.tiles) if text]
    return texts + [text for text in record.racks.values() if text]


def tile_sets_reading(record: GameRecord, but: str) -> list[str]:
    """The tile sets (but the one called ``but``) that read every rack and play of ``record``."""
    return [name for name in ALPHABET_NAMES if name != but and _reads(record, name)]


def _reads(record: GameRecord, name: str) -> bool:
    """Whether the tile set called ``name`` reads every rack and play of ``record``."""
    from adjudicate.tiles import get_alphabet, parse_rack, parse_tiles

    alphabet = get_alphabet(name)
    try:
        for event in record.events:
            if event.rack:
                parse_rack(event.rack, alphabet)
            if event.tiles and event.kind == EventKind.PLAY:
                parse_tiles(event.tiles, alphabet)
    except UnknownTileError:
        return False
    return True


def choose_ruleset(record: GameRecord | None, explicit: str | None = None, *,
                   tiles: str | None = None) -> tuple[Ruleset, str]:
    """The ruleset to rescore under, and why: ``--rules``, else the file, else naspa; played with
    the record's tile set (:func:`record_tiles`) where it is not the ruleset's own.

    The reason is written to follow the ruleset's name (:func:`ruleset_text`): ``from the record's
    #lexicon CSW21``, ``the default, as the record names no lexicon``, ``from --rules wespa``.
    A tile set no federation ruleset plays (German, Polish...) is played under WESPA's rules unless
    ``--rules`` says otherwise; a record of a federation's tile set (English, Spanish, Catalan)
    under another federation's ``--rules`` is refused, as the rules and the tiles disagree.
    """
    ruleset, reason = _chosen_ruleset(record, explicit)
    if record is None:
        return ruleset, reason
    tile_set, why = record_tiles(record, tiles, ruleset.alphabet)
    if tile_set is None or tile_set == ruleset.alphabet:
        return ruleset, reason
    # (--rules or the record's #lexicon chose the ruleset: not a default the tiles may overrule)
    named = bool(explicit) or (record.lexicon is not None and _lexicon_ruleset(record.lexicon) is not None)
    owners = playing(tile_set)
    federation = _BY_NAME[owners[0]] if owners else None
    if federation is not None and not named:
        return federation, f"as the record is of the {tile_set} tile set ({why})"
    if federation is not None and explicit and not tiles:
        own = _chosen_ruleset(record)[0]
        own = own if own.alphabet == tile_set else federation
        others = "".join(f", give --rules {name}" for name in owners if name != own.name)
        raise RulesError(f"{record.name}: this record is of the {tile_set} tile set ({why}); --rules "
                         f"{explicit} is {tile_set_facts(ruleset.alphabet)['language_name']}: leave "
                         f"--rules out (the record's ruleset is {own.name}){others}, or give --tiles "
                         f"{ruleset.alphabet} to read it with {ruleset.alphabet} tiles")
    if federation is None and not named:
        ruleset = _BY_NAME["wespa"]
        shown = SET_NAMES["en"].get(tile_set) or tile_set_facts(tile_set)["language_name"]
        reason = (f"the default for {tile_set} records: no {shown} federation ruleset is known "
                  f"(docs/decisions.md §19)")
    ruleset = ruleset.replace(f"the record's tiles ({why})", alphabet=tile_set)
    return ruleset, f"{reason}; {tile_set} tiles, {why}"


def _lexicon_ruleset(lexicon: str) -> Ruleset | None:
    """The ruleset a record's ``#lexicon`` implies by its prefix (``CSW21``: wespa), or None."""
    upper = lexicon.upper()
    for prefixes, name in _LEXICON_RULES:
        if upper.startswith(prefixes):
            return _BY_NAME[name]
    return None


def _chosen_ruleset(record: GameRecord | None, explicit: str | None = None) -> tuple[Ruleset, str]:
    """The ruleset ``--rules`` or the record names, and why (the tiles left to
    :func:`choose_ruleset`)."""
    if explicit:
        ruleset = find_ruleset(explicit)
        named = f" (the record's #lexicon: {record.lexicon})" if record is not None and record.lexicon else ""
        return ruleset, f"from --rules {explicit}{named}"
    if record is None:
        return _BY_NAME["naspa"], "the default"
    if record.lexicon:
        implied = _lexicon_ruleset(record.lexicon)
        if implied is not None:
            return implied, f"from the record's #lexicon {record.lexicon}"
    dist = (record.tile_distribution or "").lower()
    if dist in _DISTRIBUTION_RULES:
        return _BY_NAME[_DISTRIBUTION_RULES[dist]], f"from the record's #tile-distribution {dist}"
    unnamed = (f"the record's #lexicon {record.lexicon} implies no ruleset" if record.lexicon
               else "the record names no lexicon")
    # A challenge bonus anywhere, and an end-rack penalty after the first out-play line: asked of
    # the list of kinds, each member read once (on Python 3.11 a read of `EventKind.X` goes
    # through EnumType.__getattr__, ~900 instructions: three a line were 2% of a game rescored).
    kinds = [event.kind for event in record.events]
    first_out = kinds.index(EventKind.END_RACK_POINTS) if EventKind.END_RACK_POINTS in kinds else len(kinds)
    penalty_after = EventKind.END_RACK_PENALTY in kinds[first_out:]
    if EventKind.CHALLENGE_BONUS in kinds:
        ruleset, reason = _BY_NAME["wespa"], f"as {unnamed} but it has a challenge bonus"
    else:
        ruleset, reason = _BY_NAME["naspa"], f"the default, as {unnamed}"
    if penalty_after:
        # Old international records (WSC 2005) adjust +R/-R; with no lexicon named, follow them.
        ruleset = ruleset.replace("the record adjusts +R / -R", outplay="international")
        reason += "; out-play adjusted the international way (+R / -R), as the record does"
    return ruleset, reason

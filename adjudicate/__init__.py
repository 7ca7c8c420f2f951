"""adjudicate: the Scrabble tournament adjudication tool (NASPA, WESPA, FISE, Catalan).

The package is a library that never prints; ``adjudicate.cli`` is the thin command-line layer.
Its API is the names in ``__all__`` (docs/library.md), which follow semantic versioning::

    >>> import adjudicate
    >>> adjudicate.ruleset("fise").bingo_bonus
    50

Importing the package imports nothing else: each name is imported when it is first used (PEP
562), so ``adjudicate challenge`` starts as fast as a bare interpreter.
"""

__version__ = "0.1.0"

__all__ = [
    # reading, rescoring and correcting game records (adjudicate.api)
    "Game", "Position", "Report", "read_game", "rescore", "correct",
    # words and the end of a game
    "Lexicon", "Verdict", "open_lexicon", "challenge", "endgame", "clock", "ruleset",
    # the errors (adjudicate.errors): every one is an AdjudicateError
    "AdjudicateError", "CannotCorrect", "GcgError", "IllegalPlayError", "InputError",
    "LexiconCorruptError", "LexiconError", "NotTilesError", "OutputError", "RulesError",
    "UnknownTileError", "WordCountError",
]

_ERRORS = frozenset(__all__[__all__.index("AdjudicateError"):])

TYPE_CHECKING = False  # (typing is not imported: the start-up of `challenge`)
if TYPE_CHECKING:
    from adjudicate.api import (
        Game,
        Lexicon,
        Position,
        Report,
        Verdict,
        challenge,
        clock,
        correct,
        endgame,
        open_lexicon,
        read_game,
        rescore,
        ruleset,
    )
    from adjudicate.errors import (
        AdjudicateError,
        CannotCorrect,
        GcgError,
        IllegalPlayError,
        InputError,
        LexiconCorruptError,
        LexiconError,
        NotTilesError,
        OutputError,
        RulesError,
        UnknownTileError,
        WordCountError,
    )


def __getattr__(name: str) -> object:
    """A name of ``__all__``, imported on its first use (PEP 562)."""
    if name not in __all__:
        raise AttributeError(f"module 'adjudicate' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module("adjudicate.errors" if name in _ERRORS else "adjudicate.api"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))

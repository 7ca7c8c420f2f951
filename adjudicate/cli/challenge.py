"""`adjudicate challenge`: the Typer face of the fast path in ``adjudicate.fastchallenge``.

A plain command line never reaches this module (``entry.py`` handles it without importing Typer);
it serves ``-h`` and the usage errors, and runs the same code.
"""

from typing import Annotated

import typer

from adjudicate.cli.options import JsonOption, LexiconOption, NoRecordRulesOption
from adjudicate.cli.root import app
from adjudicate.fastchallenge import run_challenge


@app.command()
def challenge(
    words: Annotated[list[str], typer.Argument(
        metavar="WORDS...", help="The 1 to 8 words the play forms, as spelled; blanks separate words (\"QI ZA\" is two).")],
    rules: NoRecordRulesOption = None,
    lexicon: LexiconOption = None,
    reveal: Annotated[bool, typer.Option("--reveal", help="For directors: a line per word.")] = False,
    json_: JsonOption = False,
) -> None:
    """Judge a challenged play: ACCEPTABLE only if every word is in the lexicon.

    One verdict for the whole play, never which word (unless --reveal). Words are typed as
    spelled: any case, accents folded, digraphs read greedily (Spanish CHARRO = [CH]A[RR]O;
    Catalan CEL·LA, CEL.LA, QUATRE, ANY). Exit 0 acceptable, 1 unacceptable, 2 a word that
    cannot be laid with the ruleset's tiles, an unknown or corrupted lexicon.

    Example: adjudicate challenge QI ZA

    Example: adjudicate challenge --rules fise CHARRO ÑANDÚ
    """
    code = run_challenge(words, rules=rules, lexicon=lexicon, reveal=reveal, as_json=json_)
    raise typer.Exit(code)

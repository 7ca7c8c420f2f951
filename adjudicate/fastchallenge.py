"""``adjudicate challenge``: the command, without Typer.

This is CLI layer (it prints and returns exit codes) kept outside ``adjudicate.cli`` because that
package imports Typer, which alone costs several times a bare interpreter's start-up. The Typer
command in ``cli/challenge.py`` gives the help text and calls :func:`run_challenge` too, so both
paths behave the same.
"""

from __future__ import annotations

import sys


def run_fast(args: list[str]) -> int | None:
    """Parse the common command lines by hand; None means "let Typer handle it" (help, odd input)."""
    words: list[str] = []
    rules: str | None = None
    lexicon: str | None = None
    reveal = as_json = False
    i, n = 0, len(args)
    options_done = False
    while i < n:
        arg = args[i]
        if options_done or not arg.startswith("-") or arg == "-":
            words.append(arg)
        elif arg == "--":
            options_done = True
        elif arg == "--reveal":
            reveal = True
        elif arg == "--json":
            as_json = True
        elif arg in ("--rules", "-r", "--lexicon", "-l"):
            if i + 1 >= n:
                return None
            i += 1
            if arg in ("--rules", "-r"):
                rules = args[i]
            else:
                lexicon = args[i]
        elif arg.startswith("--rules="):
            rules = arg[len("--rules=") :]
        elif arg.startswith("--lexicon="):
            lexicon = arg[len("--lexicon=") :]
        else:
            return None  # -h, --help, an unknown option: Typer explains
        i += 1
    if not words:
        return None
    return run_challenge(words, rules=rules, lexicon=lexicon, reveal=reveal, as_json=as_json)


def _error(message: str) -> int:
    sys.stderr.write(f"Error: {message}\n")
    return 2


def run_challenge(
    words: list[str], *, rules: str | None, lexicon: str | None, reveal: bool, as_json: bool
) -> int:
    """Judge one play (1 to 8 words, split at blanks) and print the verdict. Returns the exit
    code (0, 1 or 2).

    ``rules`` picks the tile set and the default lexicon (naspa when neither is given);
    ``lexicon`` overrides the default, and must then be of the ruleset's tile set.
    """
    from adjudicate.ruling import judge_play, open_for_play, play_words, read_play
    from adjudicate.errors import AdjudicateError

    try:
        texts = play_words(words)  # 1 to 8 words; one argument may hold several ("QI ZA")
        ruleset, lex = open_for_play(rules, lexicon)
        typed = read_play(texts, lex.alphabet)
        ruling = judge_play(typed, lex)  # a DAWG damaged in its structure raises here: exit 2
    except AdjudicateError as err:
        return _error(str(err))
    except OSError as err:
        return _error(f"{err.filename or ''}: {err.strerror or err}".lstrip(": "))
    if as_json:
        from adjudicate.jsontext import json_pieces

        result: dict[str, object] = {
            "verdict": ruling.verdict("en"),
            "acceptable": ruling.acceptable,
            "words": [w.label for w in typed],
            "rules": ruleset if rules or not lexicon else None,
            "lexicon": lex.as_dict(),  # (id, name, edition, label, sha256, standin, note)
        }
        if reveal:
            result["per_word"] = [
                {"word": w.label, "valid": ok, "typed": w.text, "board_spellings": w.board}
                for w, ok in zip(typed, ruling.valid)
            ]
        sys.stdout.write("".join(json_pieces(result)) + "\n")  # (every control escaped, as --json is)
    else:
        lines = [ruling.verdict("en"), f"lexicon: {lex.label()}"]
        if reveal:
            width = max(len(w.label) for w in typed)
            for word, ok in zip(typed, ruling.valid):
                line = f"  {word.label:<{width}}  {'valid' if ok else 'NOT in the lexicon'}"
                if word.board:  # (a word typed as the board shows it: Catalan QE for QUE)
                    line += f"  (typed {word.text}: {', '.join(word.board)})"
                lines.append(line)
        else:  # how a word typed as the board shows it was read (Catalan QI is QUI), never its verdict
            lines += [f"  read as {word.label} (typed {word.text}: {', '.join(word.board)})"
                      for word in typed if word.board]
        sys.stdout.write("\n".join(lines) + "\n")
    return 0 if ruling.acceptable else 1

"""`adjudicate lexicon build|check|verify|diff|info|list`: compiled lexicons for CI and directors.

Exit codes: 0 all good; 1 the answer is no (rejected entries in ``build``/``check``, a failed check in
``verify``, differences in ``diff``, as diff(1)); 2 could not run (unknown or corrupted lexicon,
unreadable source, bad option).
"""

import shlex
import sys
from enum import Enum
from collections.abc import Sequence
from typing import Annotated, Optional

import typer

from adjudicate.cli.root import app
from adjudicate.cli.common import EXIT_ERROR, EXIT_NO, EXIT_OK, emit_json, errors_exit_2
from adjudicate.cli.options import complete_lexicon
from adjudicate.printable import printable
from adjudicate.tiles import ALPHABET_NAMES

lexicon_app = typer.Typer(
    name="lexicon",
    help="Build, check, verify, compare and list compiled lexicons.\n\n"
    "Example: adjudicate lexicon build words.txt --alphabet catalan --name DISC",
    context_settings={"help_option_names": ["-h", "--help"]},
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(lexicon_app, name="lexicon")

MAX_SHOWN = 50  # rejected entries / diff words printed in text mode (all of them in --json)


# Every tile set the package has a data file for (tiles.ALPHABET_NAMES), as --alphabet's choices.
AlphabetName = Enum("AlphabetName", {name: name for name in ALPHABET_NAMES}, type=str)  # type: ignore[misc]


SourceArg = Annotated[str, typer.Argument(metavar="SOURCE", help="Word list: UTF-8 or Latin-1, .gz accepted, - for stdin.")]
AlphabetOpt = Annotated[AlphabetName, typer.Option("--alphabet", "-a", help="Tile set of the words.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Machine-readable output.")]
FirstFieldOpt = Annotated[bool, typer.Option(
    "--first-field",
    help="Read the first whitespace-separated field of each line as the word and ignore the rest (a "
    "definition). Without it a line of more than one field is rejected, unless most lines are: then the "
    "list is read so, and that is said.")]


def _print_rejections(rejected: Sequence[object]) -> None:
    for item in rejected[:MAX_SHOWN]:
        typer.echo(printable(str(item)), err=True)
    if len(rejected) > MAX_SHOWN:
        typer.echo(
            f"... and {len(rejected) - MAX_SHOWN} more rejected entries (--json lists them all)", err=True
        )


def _tabulate(rows: Sequence[Sequence[object]], headers: Sequence[str] = (), tablefmt: str = "simple",
              widths: Sequence[int | None] | None = None) -> str:
    """tabulate's table (imported only when a table is printed), each cell of a column with a
    width in ``widths`` wrapped to it (a table fits 100 columns)."""
    from tabulate import tabulate

    return tabulate(rows, headers=headers, tablefmt=tablefmt, maxcolwidths=None if widths is None else list(widths))


def _histogram_line(histogram: object) -> str:
    """``2:104 3:1011 ...``; whatever a damaged manifest holds instead is shown as it is."""
    if not isinstance(histogram, dict):
        return str(histogram)

    def order(item: tuple[object, object]) -> tuple[int, int, str]:
        key = str(item[0])
        return (0, int(key), "") if key.isascii() and key.isdigit() and len(key) < 10 else (1, 0, key)

    return " ".join(f"{length}:{count}" for length, count in sorted(histogram.items(), key=order))


@lexicon_app.command()
def build(
    source: SourceArg,
    alphabet: AlphabetOpt,
    name: Annotated[str, typer.Option("--name", "-n", metavar="NAME", help="Human name, shown on every verdict.")],
    edition: Annotated[
        Optional[str], typer.Option("--edition", "-e", metavar="EDITION", help="Edition or date of the list.")
    ] = None,
    out: Annotated[
        Optional[str],
        typer.Option(
            "--output", "-o", metavar="DIR", help="Lexicon directory to write (default: user data dir / id from NAME)."
        ),
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar, no summary.")] = False,
    json_: JsonOpt = False,
    first_field: FirstFieldOpt = False,
) -> None:
    """Compile a word list into a lexicon directory (words.dawg, words.txt.gz, manifest.json).

    Entries that cannot be tiles are left out and listed on stderr as file:line: reason, and the
    exit code is then 1 (the lexicon is still written). A list of no words (empty, or every entry
    rejected) is an error, exit 2, and writes nothing. Same words in, same bytes out.

    Example: adjudicate lexicon build fise2.txt --alphabet spanish --name "FISE-2" --edition 2024 -o lexicons/fise2
    """
    from adjudicate.lexicon import build_lexicon

    with errors_exit_2():
        if not quiet and not json_ and sys.stderr.isatty() and source != "-":
            with typer.progressbar(length=1, label="reading", file=sys.stderr) as bar:
                state = {"done": 0}

                def progress(done: int, total: int) -> None:
                    bar.length = total
                    bar.update(done - state["done"])
                    state["done"] = done

                report = build_lexicon(source, alphabet.value, name, edition=edition, out_dir=out,
                                       progress=progress, first_field=first_field)
        else:
            report = build_lexicon(source, alphabet.value, name, edition=edition, out_dir=out,
                                   first_field=first_field)
    _print_rejections(report.rejected)
    if report.note:
        typer.echo(printable(report.note), err=True)
    if json_:
        emit_json(report.as_dict())
    elif not quiet:
        from adjudicate.lexicon.verify import counted

        typer.echo(
            f"built {report.lexicon_id}: {counted(report.word_count, 'word', 'words')} "
            f"({counted(report.entries, 'entry', 'entries')}, {counted(report.duplicates, 'duplicate', 'duplicates')}, "
            f"{len(report.rejected)} rejected) in {report.seconds:.1f} s"
        )
        where = "replaced existing lexicon at" if report.replaced else "at"
        typer.echo(f"  {where} {report.out_dir}")
        typer.echo(f"  words.dawg SHA-256 {report.dawg_sha256}")
    raise typer.Exit(EXIT_NO if report.rejected else EXIT_OK)


@lexicon_app.command()
def check(source: SourceArg, alphabet: AlphabetOpt, json_: JsonOpt = False,
          first_field: FirstFieldOpt = False) -> None:
    """Validate a word list without writing anything: exit 1 if any entry cannot be tiles, or if
    it has no words at all (which `build` refuses).

    Example: adjudicate lexicon check words.txt --alphabet catalan
    """
    from adjudicate.lexicon import check_word_list

    with errors_exit_2():
        report = check_word_list(source, alphabet.value, first_field=first_field)
    if report.note:
        typer.echo(printable(report.note), err=True)
    if json_:
        emit_json(report.as_dict())
    else:
        _print_rejections(report.rejected)
        from adjudicate.lexicon.verify import counted

        typer.echo(
            f"{report.source}: {counted(report.entries, 'entry', 'entries')}, "
            f"{counted(report.word_count, 'word', 'words')}, {counted(report.duplicates, 'duplicate', 'duplicates')}, "
            f"{len(report.rejected)} rejected ({report.encoding})"
        )
        typer.echo(f"  tiles: {_histogram_line(report.histogram)}")
    if not report.word_count:
        typer.echo(f"Error: {report.source}: no words (`lexicon build` refuses such a list)", err=True)
    raise typer.Exit(EXIT_NO if report.rejected or not report.word_count else EXIT_OK)


@lexicon_app.command()
def verify(
    lexicon: Annotated[str, typer.Argument(metavar="LEXICON", help="Lexicon id or directory.", autocompletion=complete_lexicon)],
    source: Annotated[
        Optional[str],
        typer.Option("--source", "-s", metavar="SOURCE", help="Word list every word of which must be in the lexicon."),
    ] = None,
    json_: JsonOpt = False,
    first_field: FirstFieldOpt = False,
) -> None:
    """Check a lexicon end to end: checksums, count, histogram, DAWG, source words, non-words.

    Exit 1 when any check fails (a corrupted lexicon is a failed check here), 2 when it is not found.
    A failure ends with what to do: the commands to type.

    Example: adjudicate lexicon verify es-aosw --source palabras.txt
    """
    from adjudicate.lexicon import verify_lexicon

    with errors_exit_2():
        report = verify_lexicon(lexicon, source, first_field=first_field)
    if json_:
        emit_json(report.as_dict())
    else:
        rows = [(name, "ok" if ok else "FAILED", detail) for name, ok, detail in report.checks]
        typer.echo(_tabulate(rows, headers=("check", "result", "detail"), tablefmt="simple",
                             widths=(None, None, 72)))
        from adjudicate.lexicon.verify import counted

        verdict = "OK" if report.ok else f"FAILED ({counted(len(report.failures), 'check', 'checks')})"
        typer.echo(f"{report.lexicon_id}: {verdict}")
        if report.advice:
            typer.echo("what to do:")
            for line in report.advice:
                typer.echo(f"  {printable(line)}")
    raise typer.Exit(EXIT_OK if report.ok else EXIT_NO)


@lexicon_app.command()
def diff(
    old: Annotated[str, typer.Argument(metavar="OLD", help="Old lexicon id or directory.", autocompletion=complete_lexicon)],
    new: Annotated[str, typer.Argument(metavar="NEW", help="New lexicon id or directory.", autocompletion=complete_lexicon)],
    json_: JsonOpt = False,
    all_words: Annotated[
        bool, typer.Option("--all", help="List every added/removed word, not the first 50.")
    ] = False,
) -> None:
    """Words added and removed from OLD to NEW, with counts by length. Exit 1 if they differ, as diff(1).

    Example: adjudicate lexicon diff fise1 fise2 --json
    """
    from adjudicate.lexicon import diff_lexicons

    with errors_exit_2():
        report = diff_lexicons(old, new)
    if json_:
        emit_json(report.as_dict())
    else:
        lengths = sorted({*report.added_by_length, *report.removed_by_length}, key=int)
        rows = [
            (length, report.added_by_length.get(length, 0), report.removed_by_length.get(length, 0))
            for length in lengths
        ]
        rows.append(("total", len(report.added), len(report.removed)))
        typer.echo(f"{report.old} ({report.old_count} words) -> {report.new} ({report.new_count} words)")
        typer.echo(_tabulate(rows, headers=("tiles", "added", "removed"), tablefmt="simple"))
        limit = None if all_words else MAX_SHOWN
        for sign, words in (("+", report.added), ("-", report.removed)):
            for word in words[:limit]:
                typer.echo(f"{sign} {word}")
            if limit is not None and len(words) > limit:
                typer.echo(f"{sign} ... {len(words) - limit} more (--all or --json for all)")
    raise typer.Exit(EXIT_OK if report.same else EXIT_NO)


def _source_line(source: object) -> str:
    if not isinstance(source, dict):
        return str(source)
    parts = [str(source.get("package") or source.get("repository") or source.get("file") or "?")]
    if source.get("registry"):
        parts[0] += f" ({source['registry']})"
    if source.get("commit"):  # a list generated from a repository (DISC)
        parts[0] += f" at {str(source['commit'])[:8]}"
    if source.get("member"):
        parts.append(f"member {source['member']}")
    parts.append(f"SHA-256 {source.get('sha256', '?')}")
    dropped = source.get("dropped")
    if isinstance(dropped, dict) and dropped and all(type(n) is int for n in dropped.values()):
        parts.append(f"{sum(dropped.values())} entries dropped")
    return ", ".join(parts)


@lexicon_app.command()
def info(
    lexicon: Annotated[str, typer.Argument(metavar="LEXICON", help="Lexicon id or directory.", autocompletion=complete_lexicon)],
    json_: JsonOpt = False,
) -> None:
    """What a lexicon is: name, edition, alphabet, count, checksums, source, licence, where it is.

    A corrupted lexicon's manifest is shown all the same (as much of it as can be read, with each
    file's SHA-256 as it is), the corruption on stderr: exit 2, as for any corrupted lexicon.

    Example: adjudicate lexicon info ca-disc
    """
    from adjudicate.lexicon import lexicon_info

    with errors_exit_2():
        data = lexicon_info(lexicon)
    problems = data["problems"]
    assert isinstance(problems, list)
    if json_:
        emit_json(data)
    else:
        import textwrap

        # (a value wraps at 76 columns between words, never inside one: a SHA-256 stays whole)
        rows = [(name, textwrap.fill(printable(str(value)), 76, break_long_words=False, break_on_hyphens=False))
                for name, value in _info_rows(data)]
        typer.echo(_tabulate(rows, tablefmt="plain"))
    if problems:
        for problem in problems:
            typer.echo(f"Error: {printable(str(problem))}", err=True)
        typer.echo(f"`adjudicate lexicon verify {shlex.quote(str(data['path']))}` runs every check and says "
                   "what to do", err=True)
        raise typer.Exit(EXIT_ERROR)
    raise typer.Exit(EXIT_OK)


def _info_rows(data: dict[str, object]) -> list[tuple[str, object]]:
    """``lexicon info``'s table: what the manifest says (``-`` for what it lacks), the checksums
    beside the files' own when they differ, where the lexicon is."""
    source = data.get("source") or {}
    builder = data.get("builder") or {}
    actual = data.get("file_sha256")
    actual = actual if isinstance(actual, dict) else {}

    def checksum(field: str, filename: str) -> object:
        expected, digest = data.get(field), actual.get(filename)
        if digest is None:
            return f"{expected or '-'} (the file cannot be read)"
        if expected is None:
            return f"- (not in the manifest); the file's is {digest}"
        return expected if digest == expected else f"{expected}, but the file's is {digest}"

    language = f" ({data['language']})" if data.get("language") else ""
    files = data.get("files")
    return [
        ("id", data.get("id", "-")),
        ("name", data.get("label")),
        ("edition", data.get("edition") or "-"),
        ("alphabet", f"{data.get('alphabet', '-')}{language}"),
        ("words", data.get("word_count", "-")),
        ("by tiles", _histogram_line(data.get("histogram") or "-")),
        ("stand-in", "-" if data.get("standin") is None else data.get("standin") or "no"),
        ("licence", data.get("licence") or "-"),
        ("source", _source_line(source) if source else "-"),
        (
            "built with",
            (", ".join(f"{k} {v}" for k, v in builder.items()) if isinstance(builder, dict) else builder) or "-",
        ),
        ("words.dawg SHA-256", checksum("dawg_sha256", "words.dawg")),
        ("words.txt.gz SHA-256", checksum("text_gz_sha256", "words.txt.gz")),
        ("text SHA-256", data.get("text_sha256", "-")),
        ("files", ", ".join(f"{name} {size:,} bytes" for name, size in files.items())
         if isinstance(files, dict) else "-"),
        ("where", f"{data.get('where')}: {data.get('path')}"),
    ]


@lexicon_app.command("list")
def list_(json_: JsonOpt = False) -> None:
    """Every lexicon on the search path: id, where it lives, name, edition, count, SHA-256.

    Search order: $ADJUDICATE_LEXICONS, the user data directory, the lexicons shipped with adjudicate.

    Example: adjudicate lexicon list --json
    """
    from adjudicate.lexicon import list_lexicons, search_path

    with errors_exit_2():
        rows = list_lexicons()
    if json_:
        emit_json(rows)
        raise typer.Exit(EXIT_OK)
    table, problems = [], []
    for row in rows:
        sha = str(row.get("dawg_sha256") or "")
        note = "shadowed" if row.get("shadowed") else ""
        if row.get("error"):  # (said below the table, whole: a cell of 12 columns would cut it up)
            note = "error: below"
            problems.append(f"{row['id']}: {row['error']}")
        table.append(
            (
                row["id"],
                row.get("alphabet", ""),
                row.get("word_count", ""),
                row.get("name", ""),
                row.get("edition", ""),
                sha[:12],
                row["where"],
                note or row.get("standin", ""),
            )
        )
    if table:
        typer.echo(
            _tabulate(
                table,
                headers=("id", "alphabet", "words", "name", "edition", "sha256", "where", "note"),
                tablefmt="simple", widths=(None, None, None, 14, 12, None, None, 12),
            )
        )
    else:
        typer.echo("no lexicons found")
    for problem in problems:
        typer.echo(printable(problem))
    typer.echo("search path: " + "; ".join(f"{w}: {d}" for w, d in search_path()), err=True)
    raise typer.Exit(EXIT_OK)

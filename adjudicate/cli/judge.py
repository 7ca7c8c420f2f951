"""``adjudicate judge``: the challenge-computer session, its log, and the log's check.

On a terminal: the Word Judge session (``adjudicate.judge.Session``) in raw mode, one screen per
state, the terminal restored on every way out. Without one (stdin not a TTY): one play per line,
one verdict line per play, so scripts can check many plays in one process.
"""

import codecs
import enum
import io
import os
import select
import signal
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING, Annotated, Any, cast

import typer

from adjudicate.cli.options import JsonOption, LexiconOption, NoRecordRulesOption
from adjudicate.cli.root import app
from adjudicate.cli.common import EXIT_ERROR, EXIT_NO, EXIT_OK, errors_exit_2, fail
from adjudicate.errors import AdjudicateError, LexiconError

if TYPE_CHECKING:  # (imported to run by the judge command alone: every other command starts without them)
    from adjudicate.ruling import Ruling, TypedWord
    from adjudicate.judge import Session, Style


class Lang(str, enum.Enum):
    en = "en"
    es = "es"
    ca = "ca"


ENV = "ADJUDICATE_JUDGE_"


# The judge's own options (the command's signature names them).
_LogOption = Annotated[
    str | None,
    typer.Option(
        "--log",
        metavar="FILE",
        help="Log file (JSON lines, appended; a file, not -). Default: one per lexicon in "
        "$XDG_DATA_HOME/adjudicate/logs/.",
    ),
]
_LangOption = Annotated[Lang | None, typer.Option("--lang", help="Language of the screen and verdicts.")]
_VerifyOption = Annotated[
    str | None,
    typer.Option(
        "--verify-log",
        metavar="FILE",
        help="Check FILE's hash chain (- for stdin) and exit: 0 intact, 1 broken (names the line), "
        "2 unreadable.",
    ),
]
_PasswordOption = Annotated[
    bool, typer.Option("--password-prompt", help="Ask for a password that leaving will require.")
]
_VerdictSecondsOption = Annotated[
    float, typer.Option(min=0.05, envvar=ENV + "VERDICT_SECONDS", help="Seconds a verdict stays up.")
]
_IdleSecondsOption = Annotated[
    float, typer.Option(min=0.05, envvar=ENV + "IDLE_SECONDS", help="Idle seconds before starting over.")
]
_GuardSecondsOption = Annotated[
    float,
    typer.Option(
        min=0.0,
        envvar=ENV + "GUARD_SECONDS",
        help="Seconds after a verdict (or the last word) during which keys are ignored.",
    ),
]


@app.command()
def judge(
    rules: NoRecordRulesOption = None,
    lexicon: LexiconOption = None,
    log: _LogOption = None,
    lang: _LangOption = None,
    verify: _VerifyOption = None,
    password_prompt: _PasswordOption = False,
    verdict_seconds: _VerdictSecondsOption = 10.0,
    idle_seconds: _IdleSecondsOption = 15.0,
    guard_seconds: _GuardSecondsOption = 0.5,
    json_: JsonOption = False,
) -> None:
    """The word judge's challenge session: words in, one verdict for the whole play, logged.

    On a terminal: type the number of words (1-8), the words (space or Enter between them); the
    opponent confirms the words as they will be judged with Enter or TAB. Leave with Ctrl-C,
    Ctrl-D or quit (then the password, if --password-prompt set one: asked twice, three tries).

    Without a terminal: one play per line on stdin (words separated by spaces; UTF-8, a line that
    is not read as ISO-8859-1), one line on stdout per line read, so that output line N answers
    input line N: the verdict (in the session's language), or "ERROR: ..." for a line that cannot
    be judged (a blank line, a letter that is not a tile, more than 15 tiles or 8 words, a line of
    more than 4,096 characters). A script reads --json: one object a line (words, read_as,
    verdict, reason, lexicon), its verdict acceptable, unacceptable or error whatever the
    language. Every verdict is logged before it is printed. Exit 0 at the end of input, 2 if any
    line gave an ERROR (or on a log error), 130 on Ctrl-C.

    Leaving prints the log's path, the challenges judged in the session and the log's head hash
    (what --verify-log reports) to write down; without a terminal, on stderr. Screens, verdicts
    and messages are in the session's language (--lang).

    Example: adjudicate judge --rules fise --log mesa3.jsonl

    Example: adjudicate judge --verify-log mesa3.jsonl
    """
    _check_file_names(log, verify)
    if verify is not None:
        _verify(verify)
    _check_streams()
    with errors_exit_2():
        lex, language = _open_lexicon(rules, lexicon)
    language = _session_language(lang, language)
    from adjudicate.judge import Session, Timing, text_in
    from adjudicate.judgelog import JudgeLog, default_log_path

    timing = Timing(verdict_seconds, idle_seconds, guard_seconds)
    interactive = sys.stdin.isatty()
    with _errors_in(language):
        path = log or default_log_path(lex.id)  # (no home: an error, never a log in /.local/share)
        try:
            journal = JudgeLog(path, make_dirs=log is None)
        except OSError as err:  # (the reason, strerror, is the system's words)
            fail(text_in(language, "log_unopenable").format(path=err.filename or path,
                                                            reason=err.strerror or err))
    with journal:
        password = _ask_password(language) if password_prompt and interactive else None
        judge_and_log = _judge_and_log(lex, journal, language)
        if interactive:
            session = Session(
                judge_and_log, lex.alphabet, lang=language, timing=timing, password=password,
                now=time.monotonic(),
            )
            import termios

            with _errors_in(language):
                try:
                    _run_terminal(session, _label(lex, language), os.path.abspath(path))
                except termios.error as err:  # (setting the terminal up: it is no OSError)
                    fail(_no_terminal(err, sys.stdin.fileno(), language))
                except _Ended as end:  # (said once the terminal is restored)
                    fail(str(end))
            _farewell(journal, language)
            raise typer.Exit(EXIT_OK)
        refused, interrupted = _run_lines(judge_and_log, journal.sync, lex.alphabet, language,
                                          lexicon_id=lex.id if json_ else None)
        _farewell(journal, language, err=True)
    if refused:
        typer.echo(f"Error: {text_in(language, 'not_judged', refused).format(count=refused)}", err=True)
    raise typer.Exit(EXIT_INTERRUPTED if interrupted else EXIT_ERROR if refused else EXIT_OK)


EXIT_INTERRUPTED = 130  # (as entry.py exits on Ctrl-C elsewhere)


def _errors_in(lang: str) -> "AbstractContextManager[None]":
    """:func:`errors_exit_2` for the session once its language is known: the library's errors said
    in ``lang`` (:func:`adjudicate.judge.refusal`: the log's problems); a system error's reason
    (``strerror``) stays the system's words."""
    from adjudicate.judge import refusal

    return errors_exit_2(lambda err: refusal(err, lang))


def _entries(count: int) -> str:
    from adjudicate.lexicon.verify import counted

    return counted(count, "entry", "entries")


def _label(lex: Any, lang: str) -> str:
    """The lexicon as the session's screen names it, its stand-in note in the session's language."""
    from adjudicate.judge import standin_note
    from adjudicate.lexicon.lookup import label_of

    return label_of(lex.name, lex.edition, standin_note(lang, lex.standin_note))


def _farewell(journal: Any, lang: str, *, err: bool = False) -> None:
    """Leaving: the log, the challenges of this session and the head hash to write down (on
    stderr without a terminal: stdout is the verdicts'). Said as well as it can be: on a terminal
    that hung up, nothing."""
    from adjudicate.judge import farewell

    with _errors_in(lang):
        entries, head = journal.head()
    try:
        typer.echo(farewell(lang, os.path.abspath(journal.path), journal.appended, entries, head), err=err)
    except OSError:
        pass


# -- setup -----------------------------------------------------------------------------------


def _open_lexicon(rules: str | None, lexicon: str | None) -> tuple[Any, str]:
    """The lexicon and the session language for ``--rules`` / ``--lexicon``.

    ``--lexicon`` alone: the language follows the lexicon's tile set. Both: they must agree.
    """
    from adjudicate.ruling import open_for_play

    _, lex = open_for_play(rules, lexicon)  # as `challenge`: any case, aliases
    return lex, lex.alphabet.language  # (a ruleset and its lexicon share one tile set)


def _check_streams() -> None:
    """Exit 2, before the log is opened, if stdin or stdout is closed (``<&-``, ``>&-``) or open
    the wrong way: plays could not be read, or verdicts would be logged but never shown."""
    try:
        import fcntl
    except ImportError:  # not POSIX (Windows): only a closed stream is caught
        fcntl = None  # type: ignore[assignment]
    for name, stream, wrong in (("stdin", sys.stdin, os.O_WRONLY), ("stdout", sys.stdout, os.O_RDONLY)):
        if stream is None:
            fail(f"{name} is closed: the session reads plays on stdin and shows verdicts on stdout")
        if fcntl is None:
            continue
        try:
            usable = (fcntl.fcntl(stream.fileno(), fcntl.F_GETFL) & os.O_ACCMODE) != wrong
        except io.UnsupportedOperation:
            continue  # no file descriptor (a test's stream): nothing to check
        except (OSError, ValueError):
            usable = False
        if not usable:
            fail(f"{name} cannot be {'read' if name == 'stdin' else 'written'}")


def _ask_password(lang: str) -> str:
    """The password that leaving the session will require, typed twice: an empty one or two that
    differ ask again, up to ``PASSWORD_TRIES`` times; then exit 2."""
    import getpass

    from adjudicate.judge import PASSWORD_TRIES, text_in

    try:
        for _ in range(PASSWORD_TRIES):
            first = getpass.getpass(text_in(lang, "new_password"))
            if not first:
                typer.echo(text_in(lang, "empty_password"), err=True)
            elif getpass.getpass(text_in(lang, "password_again")) != first:
                typer.echo(text_in(lang, "passwords_differ"), err=True)
            else:
                return first
    except UnicodeDecodeError:  # (its message holds the byte: a byte of the password, never shown)
        typer.echo("", err=True)  # (the line the prompt is on ends: getpass did not end it)
        fail(text_in(lang, "password_not_text"))
    fail(text_in(lang, "no_password").format(tries=PASSWORD_TRIES))


def _verify(path: str) -> None:
    from adjudicate.judgelog import verify_log, verify_log_stream

    try:
        if path == "-":
            if sys.stdin is None:
                fail("--verify-log -: stdin is closed")
            path, check = "<stdin>", verify_log_stream(sys.stdin.buffer)
        else:
            check = verify_log(path)  # (a FIFO, a device, a directory: InputError)
    except AdjudicateError as err:
        fail(str(err))
    except OSError as err:
        fail(f"{path}: {err.strerror or err}")
    if not check.ok:
        typer.echo(f"{path}: line {check.line}: {check.problem}")
        typer.echo(f"{_entries(check.entries)} intact before it.")
        raise typer.Exit(EXIT_NO)
    typer.echo(f"{path}: {_entries(check.entries)}, chain intact; head sha256 {check.head}")
    raise typer.Exit(EXIT_OK)


# -- without a terminal ----------------------------------------------------------------------


def _session_language(lang: Lang | None, language: str) -> str:
    """--lang, else the lexicon's language; English for a tile set with no screens of its own
    (German...)."""
    from adjudicate.judge import screen_language

    return screen_language(lang.value if lang is not None else language)


def _judge_and_log(lex: Any, journal: Any, language: str) -> "Callable[..., Ruling]":
    """A play's judging: ruled against ``lex``, logged in ``journal`` (fsynced unless
    ``sync=False``), the ruling returned."""
    from adjudicate.ruling import judge_play

    def judge_and_log(words: "tuple[TypedWord, ...]", *, sync: bool = True) -> "Ruling":
        ruling = judge_play(words, lex)
        journal.append(
            lexicon=lex.id,
            lexicon_sha256=lex.dawg_sha256,
            words=[w.text for w in words],
            canonical=[w.label for w in words],
            acceptable=ruling.acceptable,
            lang=language,
            sync=sync,
        )
        return ruling

    return judge_and_log


def _check_file_names(log: str | None, verify: str | None) -> None:
    """--log and --verify-log name a file: not empty, and a log is never stdout."""
    if log == "":  # never the default log in its place
        fail("--log: the file name is empty (leave --log out for the default log)")
    if log == "-":  # (a log is appended to and fsynced entry by entry, and checked later: a file)
        fail("--log -: the log must be a file, not stdout; give its name (or leave --log out for the default log)")
    if verify == "":
        fail("--verify-log: the file name is empty")


def _run_lines(judge_and_log: Any, sync: Any, alphabet: Any, lang: str, *,
               lexicon_id: str | None = None) -> tuple[int, bool]:
    """One play per line from stdin, one line on stdout per line read (a blank one is an ERROR:
    no word in the play). Returns the number of lines refused (ERROR lines) and whether Ctrl-C
    (SIGINT) ended the input. With ``lexicon_id`` (``--json``), each output line is a JSON object
    (:func:`_json_result`) instead of the verdict word or ``ERROR: reason``.

    Each line is read as UTF-8 or, when it is not valid UTF-8, as ISO-8859-1, as game records are
    (:func:`adjudicate.readfile.decode_line`).

    Group commit: the plays read while more input is already waiting (up to ``_BATCH`` of them)
    are logged, then fsynced together, and only then are their verdicts printed and flushed. So
    every verdict printed is on disk; a co-process writing one line at a time gets each verdict at
    once (a batch of one); a large pipe is not held to one fsync per play.
    """
    from adjudicate.ruling import VERDICTS
    from adjudicate.judge import text_in

    yes, no = VERDICTS[lang]
    stdin = cast("io.BufferedReader", sys.stdin.buffer)  # (the class of sys.stdin.buffer)
    read = stdin.read1  # what is there (up to 64 KiB), without waiting for more
    pending, errors, out = b"", 0, sys.stdout
    overlong = False  # inside a line longer than _MAX_LINE: skipped to its end, one ERROR for it
    start = True  # a byte order mark (U+FEFF) may open the input: it is not part of the first play
    results: list[str] = []
    too_long = text_in(lang, "long_line").format(limit=_MAX_LINE)

    def shown(line: str | None, words: "tuple[TypedWord, ...] | None", verdict: str | None,
              reason: str | None = None) -> str:
        """A line's answer: ``verdict`` (acceptable, unacceptable) or, with None, ``reason``."""
        if lexicon_id is not None:
            return _json_result(line, words, verdict, reason, lexicon_id)
        return f"ERROR: {reason}" if verdict is None else yes if verdict == "acceptable" else no
    try:
        with _ctrl_c_deferred() as ctrl_c:
            while not ctrl_c.asked:
                ctrl_c.waiting = True  # (only a read waiting for input is interrupted)
                data = read(1 << 16)
                ctrl_c.waiting = False
                lines, pending, start, overlong = _split_lines(pending + data, data, start, overlong)
                try:
                    errors += _answer_lines(lines, results, shown, judge_and_log, alphabet, lang, too_long)
                    if data and len(results) < _BATCH and _more_input():
                        continue
                    sync()
                except (AdjudicateError, OSError) as err:
                    _sync_and_write(sync, out, results, lang)  # the verdicts logged before the failure
                    fail(_no_more(err, lang))
                _write(out, results, lang)
                results = []
                if not data:
                    return errors, False
    except KeyboardInterrupt:
        pass
    _sync_and_write(sync, out, results, lang)  # Ctrl-C: leaving, with the verdicts logged shown
    return errors, True


def _no_more(err: AdjudicateError | OSError, lang: str) -> str:
    """Why a session ends before its input does, in ``lang``, in the line mode and on a terminal
    alike: its lexicon cannot be read or its log written (the system's reason, ``strerror``, in
    its own words), so no more verdicts."""
    from adjudicate.judge import refusal, text_in

    what = "no_more_lexicon" if isinstance(err, LexiconError) else "no_more_log"
    reason = refusal(err, lang) if isinstance(err, AdjudicateError) else err.strerror or str(err)
    return text_in(lang, what).format(reason=reason)


def _split_lines(pending: bytes, data: bytes, start: bool,
                 overlong: bool) -> tuple[list[bytes | None], bytes, bool, bool]:
    """The whole lines of ``pending`` (what was left of the input, with ``data``, the bytes just
    read: none at the end of input, where the last line needs no newline); returns them, the bytes
    left waiting for their newline, and the new ``start`` (a byte order mark may still open the
    input) and ``overlong`` (inside a line longer than _MAX_LINE, skipped to its end). A long
    line is None, in its place among the others."""
    if start and (len(pending) >= len(_BOM) or not data or not _BOM.startswith(pending)):
        pending, start = pending.removeprefix(_BOM), False
    lines: list[bytes | None] = pending.split(b"\n")  # type: ignore[assignment]
    pending = lines.pop() if data else b""  # type: ignore[assignment]
    if not data and lines and lines[-1] == b"":
        lines.pop()  # (what follows the last newline: no line)
    if overlong and (lines or not data):
        if lines:
            lines.pop(0)  # the end of the long line
        overlong = False
    if len(pending) > _MAX_LINE_BYTES:  # memory stays bounded, whatever comes without a newline
        pending = b""
        if not overlong:
            overlong = True
            lines.append(None)  # stands for the long line, in its place among the others
    return lines, pending, start, overlong


def _answer_lines(lines: list[bytes | None], results: list[str], shown: Any, judge_and_log: Any,
                  alphabet: Any, lang: str, too_long: str) -> int:
    """Judge (and log, unsynced) each line's play, its answer (``shown``) added to ``results``;
    returns the number of lines refused."""
    from adjudicate.judge import read_line_play, refusal
    from adjudicate.readfile import decode_line

    errors = 0
    for raw in lines:
        line = None if raw is None else decode_line(raw)[0]
        if line is None or len(line) > _MAX_LINE:  # however the reads cut the input
            errors += 1
            results.append(shown(None, None, None, too_long))
            continue
        try:  # (a blank line too: "no word in the play", in its place)
            words = read_line_play(line, alphabet, lang)
        except AdjudicateError as err:
            errors += 1
            results.append(shown(line, None, None, refusal(err, lang)))
            continue
        acceptable = judge_and_log(words, sync=False).acceptable
        results.append(shown(line, words, "acceptable" if acceptable else "unacceptable"))
    return errors


def _json_result(line: str | None, words: "tuple[TypedWord, ...] | None", verdict: str | None,
                 reason: str | None, lexicon_id: str) -> str:
    """One line's answer as a JSON object on one line: ``words``, the words of the line as typed
    (none for a line too long to read); ``read_as``, as they were judged (the tiles' spelling:
    Catalan QI is QUI), null when the line was not judged; ``verdict``, ``acceptable``,
    ``unacceptable`` or ``error`` in every language; ``reason``, why it is an error (in the
    session's language), else null; ``lexicon``, the lexicon's id."""
    from adjudicate.jsontext import json_line

    return json_line({
        "words": [] if line is None else line.split(),
        "read_as": None if words is None else [w.label for w in words],
        "verdict": verdict or "error",
        "reason": reason,
        "lexicon": lexicon_id,
    })


class _CtrlC:
    """SIGINT (Ctrl-C) in the line mode: see :func:`_ctrl_c_deferred`."""

    def __init__(self) -> None:
        self.asked = self.waiting = False

    def handle(self, signum: int, frame: object) -> None:
        self.asked = True
        if self.waiting:
            raise KeyboardInterrupt


@contextmanager
def _ctrl_c_deferred() -> Iterator[_CtrlC]:
    """Within the block, SIGINT (Ctrl-C) raises KeyboardInterrupt only while ``waiting`` is set (a
    read waiting for input); otherwise (a batch judged, logged and shown) it only sets ``asked``,
    to be acted on once the batch's verdicts are out: no verdict logged and not shown, none shown
    twice."""
    ctrl_c = _CtrlC()
    try:
        old = signal.signal(signal.SIGINT, ctrl_c.handle)
    except ValueError:  # not the main thread: Python's own KeyboardInterrupt, anywhere
        old = None
    try:
        yield ctrl_c
    finally:
        if old is not None:
            signal.signal(signal.SIGINT, old)


def _sync_and_write(sync: Any, out: Any, results: list[str], lang: str) -> None:
    """Show the verdicts logged so far, once they are on disk (none if the fsync fails)."""
    try:
        sync()
    except OSError:
        return
    _write(out, results, lang)


_BOM = b"\xef\xbb\xbf"  # UTF-8's byte order mark
_BATCH = 20_000  # verdicts held back at most for one fsync
_MAX_LINE = 4096  # characters: a play is at most 8 words of at most 15 tiles
_MAX_LINE_BYTES = 4 * _MAX_LINE  # more bytes than that are more characters, however decoded


def _more_input() -> bool:
    """Whether stdin has more to read right now (False when that cannot be told)."""
    try:
        ready, _, _ = select.select([sys.stdin.fileno()], [], [], 0)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        return False
    return bool(ready)


def _write(out: Any, results: list[str], lang: str) -> None:
    """Write the answers ``results`` on ``out``; a failure said in ``lang``."""
    if not results:
        return
    try:
        out.write("\n".join(results) + "\n")
        out.flush()
    except OSError as err:  # the reader went away (a broken pipe: said nothing), a full disk...
        os.dup2(os.open(os.devnull, os.O_WRONLY), out.fileno())  # nothing left to flush at exit
        if isinstance(err, BrokenPipeError):
            raise  # (the process ends by SIGPIPE, as cat does: adjudicate.entry)
        from adjudicate.judge import text_in

        fail(text_in(lang, "not_shown").format(reason=err.strerror or err))


# -- on a terminal ---------------------------------------------------------------------------


class _Stop(Exception):
    """SIGTERM or SIGHUP: leave through the finally clauses, restoring the terminal."""


class _Ended(Exception):
    """The terminal session cannot go on: its message, said once the terminal is restored."""


def _no_terminal(err: Exception, fd: int, lang: str) -> str:
    """Why the terminal on ``fd`` cannot be set up for the session (``termios.error``, which is no
    OSError: a terminal that hung up, or one termios refuses), in ``lang``; the terminal named by
    its device when it still has one, else as stdin."""
    from adjudicate.judge import text_in

    try:
        tty = os.ttyname(fd)
    except OSError:
        tty = "stdin"
    reason = err.args[1] if len(err.args) > 1 else str(err)  # (errno, strerror)
    return text_in(lang, "no_terminal").format(tty=tty, reason=reason)


def _split_keys(text: str) -> list[str]:
    """Characters, with each terminal escape sequence (arrows, F-keys) kept as one key."""
    keys, i, n = [], 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\x1b" and i + 1 < n and text[i + 1] in "[O":
            j = i + 2
            while j < n and not ("@" <= text[j] <= "~"):
                j += 1
            keys.append(text[i : j + 1])
            i = j + 1
        else:
            keys.append(ch)
            i += 1
    return keys


def _style(fd: int, encoding: str) -> "Style":
    from adjudicate.judge import Style

    try:
        width = os.get_terminal_size(fd).columns
    except OSError:
        width = 80
    color = not os.environ.get("NO_COLOR") and os.environ.get("TERM", "") not in ("", "dumb")
    ink = "█" if encoding.lower().replace("-", "") == "utf8" else "#"
    return Style(width=width, color=color, ink=ink)


def _run_terminal(session: "Session", label: str, log_path: str) -> None:
    """Drive ``session`` from the terminal on stdin/stdout until it is done (``label``: the
    lexicon's, ``log_path``: the log's, both on screen).

    Raw mode without ISIG, so Ctrl-C, Ctrl-Z and Ctrl-\\ are keys (leaving can need the password);
    SIGTERM and SIGHUP end the session through the ``finally`` that restores the terminal; a
    resize (SIGWINCH) redraws.
    """
    import termios

    from adjudicate.judge import CLEAR, CLEAR_SCROLLBACK, render

    fd_in, fd_out = sys.stdin.fileno(), sys.stdout.fileno()
    encoding = sys.stdout.encoding or "utf-8"

    def put(text: str) -> None:
        data = text.encode(encoding, "replace")
        while data:
            data = data[os.write(fd_out, data) :]

    def stop(signum: int, frame: object) -> None:
        raise _Stop

    saved = termios.tcgetattr(fd_in)  # (termios.error, no OSError: said by the caller)
    raw = termios.tcgetattr(fd_in)
    raw[0] &= ~(termios.IXON | termios.ICRNL | termios.BRKINT | termios.INPCK | termios.ISTRIP)
    raw[3] &= ~(termios.ECHO | termios.ICANON | termios.ISIG | termios.IEXTEN)
    raw[6][termios.VMIN], raw[6][termios.VTIME] = 1, 0
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    handlers: dict[int, Any] = {}
    old_wakeup: int | None = None
    try:
        for sig in (signal.SIGTERM, signal.SIGHUP):
            handlers[sig] = signal.signal(sig, stop)
        handlers[signal.SIGWINCH] = signal.signal(signal.SIGWINCH, lambda signum, frame: None)
        old_wakeup = signal.set_wakeup_fd(wake_w)
        termios.tcsetattr(fd_in, termios.TCSAFLUSH, raw)
        put("\x1b[?1049h")  # the alternate screen: nothing of the session stays in scrollback
        drawn, cleared = -1, -1
        while not session.done:
            if session.version != drawn:
                wipe = CLEAR + (CLEAR_SCROLLBACK if session.cleared != cleared else "")
                put(wipe + render(session, label, _style(fd_out, encoding), log_path))
                drawn, cleared = session.version, session.cleared
            deadline = session.deadline()
            now = time.monotonic()
            timeout = None if deadline is None else max(0.0, deadline - now)
            ready, _, _ = select.select([fd_in, wake_r], [], [], timeout)
            now = time.monotonic()
            if wake_r in ready:
                os.read(wake_r, 512)
                drawn = -1  # resized: draw again at the new width
            if fd_in not in ready:
                session.tick(now)
                continue
            data = os.read(fd_in, 1024)
            if not data:
                break  # the terminal hung up
            for key in _split_keys(decoder.decode(data)):
                try:
                    session.key(key, now)
                except (AdjudicateError, OSError) as err:  # judging (the lexicon) or logging it
                    raise _Ended(_no_more(err, session.lang)) from None
    except _Stop:
        pass
    finally:
        for signum, handler in handlers.items():
            signal.signal(signum, handler)
        if old_wakeup is not None:
            signal.set_wakeup_fd(old_wakeup)
        os.close(wake_r)
        os.close(wake_w)
        try:
            termios.tcsetattr(fd_in, termios.TCSAFLUSH, saved)
            put(CLEAR + CLEAR_SCROLLBACK + "\x1b[?1049l")
        except (termios.error, OSError):
            pass  # the terminal is gone

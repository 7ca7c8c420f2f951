"""The word judge's session (``adjudicate judge``), without a terminal.

:class:`Session` is a state machine fed with keys and a clock: :meth:`Session.key` for each key
pressed, :meth:`Session.tick` when nothing was pressed before :meth:`Session.deadline`. It never
reads, prints or sleeps; ``adjudicate.cli.judge`` drives it from a raw-mode terminal, tests drive it
with strings and made-up times. :func:`render` turns its state into the text of one screen.

The flow, as in Zyzzyva's Word Judge::

    COUNT  --1..8-->  WORDS  --Nth word ends-->  CONFIRM  --Enter/TAB-->  VERDICT  --10 s/key-->  COUNT

* COUNT: the challenger types the number of words (one digit, 1 to 8); ``quit`` + Enter, Ctrl-C
  or Ctrl-D asks to leave (then the password, if one was set).
* WORDS: words separated by space, Enter or TAB. A word that cannot be laid with the tile set
  (a K in Spanish, 16 tiles) is refused with a message naming the letter, and typed again;
  Backspace on an empty word reopens the previous one.
* CONFIRM: the words as they will be judged, in canonical capitals (``[CH]A[RR]O``, ``CEL·LA``);
  the opponent presses Enter or TAB (not within the guard time, so a double Enter from the
  challenger does not confirm); Backspace goes back to correct.
* VERDICT: one verdict for the whole play; the words as typed; the lexicon. Cleared after
  ``verdict_seconds`` or by a key (keys within ``guard_seconds`` are ignored).

Idle for ``idle_seconds`` anywhere but COUNT's empty screen or VERDICT: start over. Esc: start over.

Every text is in the session's language (:data:`MESSAGES`; the reasons a word is refused:
``tiles.TILE_REASONS``).
"""

from __future__ import annotations

import enum
import hashlib
import hmac
from collections.abc import Callable
from dataclasses import dataclass

from adjudicate.ruling import MAX_WORDS, Ruling, TypedWord, play_words, read_play
from adjudicate.errors import AdjudicateError, JudgeLogError, UnknownTileError, WordCountError
from adjudicate.tiles import Alphabet, tile_reason

ENTER_KEYS = ("\r", "\n")
TAB = "\t"
BACKSPACE_KEYS = ("\x7f", "\x08")
ESC = "\x1b"
CTRL_C, CTRL_D, CTRL_U = "\x03", "\x04", "\x15"
LEAVE_WORD = "quit"
MAX_TYPED = 40  # characters in one typed word (15 tiles, with room for L·L and brackets)

# The session's texts per language: its screens, the lines without a terminal, the password asked
# before it starts, what leaving prints, and why it cannot start or go on (the log's problems,
# ``log_*``: adjudicate.judgelog raises them with the English text). The verdicts themselves come
# from challenge.VERDICTS, the reasons a word cannot be laid with the tiles from tiles.TILE_REASONS.
MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "count": "How many words? (1-8)",
        "count_hint": "Type a number from 1 to 8 (or quit, then Enter, to leave).",
        "word": "Word {n} of {total}:",
        "confirm": "Opponent: press Enter or TAB to judge this play.",
        "confirm_hint": "Backspace to correct, Esc to start over.",
        "typed_as": "(typed {typed}: {forms})",
        "untileable": "{word!r} cannot be laid with the tiles: {reason}",
        "type_again": "Type it again.",
        "no_word": "no word in the play",
        "too_many_words": "{count} words: a play forms at most {limit}",
        "long_line": "a line of more than {limit:,} characters is not a play",
        "not_judged_one": "{count} play could not be judged (an ERROR line)",
        "not_judged": "{count} plays could not be judged (ERROR lines)",
        "password": "Password to leave:",
        "wrong_password": "Wrong password.",
        "new_password": "Password to leave the session: ",
        "password_again": "Same password again: ",
        "empty_password": "The password is empty.",
        "passwords_differ": "The two passwords differ.",
        "no_password": "no password set after {tries} tries; the session did not start "
                       "(run without --password-prompt to leave freely)",
        "password_not_text": "--password-prompt: the password typed is not text in the terminal's "
                             "encoding; nothing of it is shown. Start again and type it in that encoding",
        "no_more_lexicon": "the lexicon cannot be read, so no more verdicts: {reason}",
        "no_more_log": "the log could not be written, so no more verdicts: {reason}",
        "not_shown": "stdout: {reason}: verdicts logged may not have been shown",
        "no_terminal": "{tty}: the terminal cannot be set up for the session: {reason}",
        "log_no_home": "no place for the default log: neither XDG_DATA_HOME nor HOME is an absolute "
                       "path; give the log's file with --log",
        "log_symlink": "{path}: the log is a symlink; refusing to follow it",
        "log_not_file": "{path}: the log must be a regular file",
        "log_incomplete": "{path}: the last line is incomplete; check it with --verify-log and start a "
                          "new log (the damaged one is evidence: keep it)",
        "log_not_entry": "{path}: the last line is not a log entry (is it the log?); check it with "
                         "--verify-log and start a new log",
        "log_short_write": "{path}: short write ({written} of {size} bytes)",
        "log_unopenable": "{path}: {reason}",
        "lexicon": "Lexicon",
        "log": "Log",
        "judged": "Challenges judged in this session: {count}",
        "standin": "stand-in",
        "head_one": "Head hash to write down ({entries} entry):",
        "head": "Head hash to write down ({entries} entries):",
    },
    "es": {
        "count": "¿Cuántas palabras? (1-8)",
        "count_hint": "Escriba un número del 1 al 8 (o quit y Enter para salir).",
        "word": "Palabra {n} de {total}:",
        "confirm": "Oponente: pulse Enter o TAB para juzgar la jugada.",
        "confirm_hint": "Retroceso para corregir, Esc para empezar de nuevo.",
        "typed_as": "(escrita {typed}: {forms})",
        "untileable": "{word!r} no se puede formar con las fichas: {reason}",
        "type_again": "Escríbala de nuevo.",
        "no_word": "ninguna palabra en la jugada",
        "too_many_words": "{count} palabras: una jugada forma como máximo {limit}",
        "long_line": "una línea de más de {limit} caracteres no es una jugada",
        "not_judged_one": "{count} jugada no se pudo juzgar (una línea ERROR)",
        "not_judged": "{count} jugadas no se pudieron juzgar (líneas ERROR)",
        "password": "Contraseña para salir:",
        "wrong_password": "Contraseña incorrecta.",
        "new_password": "Contraseña para salir de la sesión: ",
        "password_again": "La misma contraseña otra vez: ",
        "empty_password": "La contraseña está vacía.",
        "passwords_differ": "Las dos contraseñas no coinciden.",
        "no_password": "ninguna contraseña tras {tries} intentos; la sesión no ha empezado "
                       "(sin --password-prompt se sale libremente)",
        "password_not_text": "--password-prompt: la contraseña escrita no es texto en la codificación "
                             "del terminal; no se muestra nada de ella. Empiece de nuevo y escríbala "
                             "en esa codificación",
        "no_more_lexicon": "el léxico no se puede leer, así que no hay más veredictos: {reason}",
        "no_more_log": "no se ha podido escribir en el registro, así que no hay más veredictos: {reason}",
        "not_shown": "stdout: {reason}: puede que veredictos registrados no se hayan mostrado",
        "no_terminal": "{tty}: no se puede preparar el terminal para la sesión: {reason}",
        "log_no_home": "ningún lugar para el registro por defecto: ni XDG_DATA_HOME ni HOME es una ruta "
                       "absoluta; indique el archivo del registro con --log",
        "log_symlink": "{path}: el registro es un enlace simbólico; no se sigue",
        "log_not_file": "{path}: el registro debe ser un archivo normal",
        "log_incomplete": "{path}: la última línea está incompleta; compruébelo con --verify-log y "
                          "empiece un registro nuevo (el dañado es una prueba: consérvelo)",
        "log_not_entry": "{path}: la última línea no es una entrada del registro (¿es el registro?); "
                         "compruébelo con --verify-log y empiece un registro nuevo",
        "log_short_write": "{path}: escritura incompleta ({written} de {size} bytes)",
        "log_unopenable": "{path}: el registro no se puede abrir ni crear ({reason})",
        "lexicon": "Léxico",
        "log": "Registro",
        "judged": "Jugadas juzgadas en esta sesión: {count}",
        "standin": "lista de sustitución, no la oficial",
        "head_one": "Hash final para anotar ({entries} entrada):",
        "head": "Hash final para anotar ({entries} entradas):",
    },
    "ca": {
        "count": "Quantes paraules? (1-8)",
        "count_hint": "Escriviu un número de l'1 al 8 (o quit i Retorn per sortir).",
        "word": "Paraula {n} de {total}:",
        "confirm": "Oponent: premeu Retorn o TAB per jutjar la jugada.",
        "confirm_hint": "Retrocés per corregir, Esc per tornar a començar.",
        "typed_as": "(escrita {typed}: {forms})",
        "untileable": "{word!r} no es pot formar amb les fitxes: {reason}",
        "type_again": "Torneu-la a escriure.",
        "no_word": "cap paraula a la jugada",
        "too_many_words": "{count} paraules: una jugada en forma com a màxim {limit}",
        "long_line": "una línia de més de {limit} caràcters no és una jugada",
        "not_judged_one": "{count} jugada no s'ha pogut jutjar (una línia ERROR)",
        "not_judged": "{count} jugades no s'han pogut jutjar (línies ERROR)",
        "password": "Contrasenya per sortir:",
        "wrong_password": "Contrasenya incorrecta.",
        "new_password": "Contrasenya per sortir de la sessió: ",
        "password_again": "La mateixa contrasenya un altre cop: ",
        "empty_password": "La contrasenya és buida.",
        "passwords_differ": "Les dues contrasenyes no coincideixen.",
        "no_password": "cap contrasenya després de {tries} intents; la sessió no ha començat "
                       "(sense --password-prompt se surt lliurement)",
        "password_not_text": "--password-prompt: la contrasenya escrita no és text en la codificació "
                             "del terminal; no se'n mostra res. Torneu a començar i escriviu-la en "
                             "aquesta codificació",
        "no_more_lexicon": "el lèxic no es pot llegir, així que no hi ha més veredictes: {reason}",
        "no_more_log": "no s'ha pogut escriure al registre, així que no hi ha més veredictes: {reason}",
        "not_shown": "stdout: {reason}: potser hi ha veredictes registrats que no s'han mostrat",
        "no_terminal": "{tty}: no es pot preparar el terminal per a la sessió: {reason}",
        "log_no_home": "cap lloc per al registre per defecte: ni XDG_DATA_HOME ni HOME és un camí "
                       "absolut; indiqueu el fitxer del registre amb --log",
        "log_symlink": "{path}: el registre és un enllaç simbòlic; no se segueix",
        "log_not_file": "{path}: el registre ha de ser un fitxer normal",
        "log_incomplete": "{path}: l'última línia és incompleta; comproveu-lo amb --verify-log i "
                          "comenceu un registre nou (el malmès és una prova: conserveu-lo)",
        "log_not_entry": "{path}: l'última línia no és una entrada del registre (és el registre?); "
                         "comproveu-lo amb --verify-log i comenceu un registre nou",
        "log_short_write": "{path}: escriptura incompleta ({written} de {size} bytes)",
        "log_unopenable": "{path}: el registre no es pot obrir ni crear ({reason})",
        "lexicon": "Lèxic",
        "log": "Registre",
        "judged": "Jugades jutjades en aquesta sessió: {count}",
        "standin": "llista de substitució, no l'oficial",
        "head_one": "Hash final per anotar ({entries} entrada):",
        "head": "Hash final per anotar ({entries} entrades):",
    },
}
PASSWORD_TRIES = 3  # to set the password before the session starts


def text_in(lang: str, name: str, count: int | None = None) -> str:
    """The session's text ``name`` in ``lang`` (English for a language it has no texts for); with
    ``count``, its form for that many (``name_one`` for 1: "1 entry", "2 entries").

    >>> text_in("ca", "head", 1).format(entries=1)
    'Hash final per anotar (1 entrada):'
    """
    texts = MESSAGES.get(lang, MESSAGES["en"])
    return texts[f"{name}_one"] if count == 1 and f"{name}_one" in texts else texts[name]


def screen_language(lang: str) -> str:
    """``lang`` when the session has screens in it (:data:`MESSAGES`), else English: a lexicon of
    a tile set with no screens of its own (German, Polish...) is judged on English screens.

    >>> screen_language("ca"), screen_language("de")
    ('ca', 'en')
    """
    return lang if lang in MESSAGES else "en"


def standin_note(lang: str, note: str) -> str:
    """What the lexicon line says of a stand-in lexicon in ``lang``: the manifest's note (English,
    ``stand-in, not FISE``) in English, the session's words in Spanish and Catalan; "" for a
    lexicon that is no stand-in."""
    return note if not note or lang not in ("es", "ca") else text_in(lang, "standin")


def refusal(err: AdjudicateError, lang: str) -> str:
    """Why a play cannot be judged (an untileable word, too many words) or the session cannot go
    on (its log), in ``lang``; any other error (the lexicon's) in its own words, English.

    >>> refusal(JudgeLogError("", kind="not_file", params={"path": "mesa3"}), "es")
    'mesa3: el registro debe ser un archivo normal'
    """
    if isinstance(err, UnknownTileError):
        return text_in(lang, "untileable").format(word=err.text, reason=tile_reason(err, lang))
    if isinstance(err, JudgeLogError) and err.kind:
        return text_in(lang, f"log_{err.kind}").format(**err.params)
    return str(err)


def farewell(lang: str, path: str, judged: int, entries: int, head: str) -> str:
    """What leaving the session prints: the log, the challenges of this session, and the log's
    head hash (the hash ``--verify-log`` reports for it) to write down, on a line of its own (at 73
    columns it is not wrapped by a terminal of 80)."""
    return "\n".join((
        f"{text_in(lang, 'log')}: {path}",
        text_in(lang, "judged").format(count=judged),
        text_in(lang, "head", entries).format(entries=entries),
        f"  sha256 {head}",
    ))


class Phase(enum.Enum):
    COUNT = "count"
    WORDS = "words"
    CONFIRM = "confirm"
    VERDICT = "verdict"
    PASSWORD = "password"
    DONE = "done"


@dataclass(frozen=True)
class Timing:
    """Seconds: verdict shown, idle input before starting over, keys ignored after a verdict."""

    verdict_seconds: float = 10.0
    idle_seconds: float = 15.0
    guard_seconds: float = 0.5


class Session:
    """One judge's session. ``judge`` turns the typed words into a Ruling (and logs it).

    ``judge`` is called exactly once per confirmed play, before the verdict is shown; if it raises,
    the exception propagates to the caller (a verdict that could not be logged is never shown).
    """

    def __init__(
        self,
        judge: Callable[[tuple[TypedWord, ...]], Ruling],
        alphabet: Alphabet,
        *,
        lang: str = "en",
        timing: Timing = Timing(),
        password: str | None = None,
        now: float = 0.0,
    ) -> None:
        self._judge = judge
        self.alphabet = alphabet
        self.lang = screen_language(lang)
        self.timing = timing
        self._password = hashlib.sha256(password.encode()).digest() if password else None
        self.version = 0  # bumped on every visible change: redraw when it moves
        self.cleared = 0  # bumped when a challenge's screen must be wiped (scrollback too)
        self._reset(now)

    # -- state -------------------------------------------------------------------------------
    def _reset(self, now: float) -> None:
        self.phase = Phase.COUNT
        self.count = 0
        self.words: list[TypedWord] = []
        self.buffer = ""
        self.message: str | None = None
        self.ruling: Ruling | None = None
        self._since = now  # when the phase began (guard time)
        self._last = now  # last key (idle time)
        self.version += 1
        self.cleared += 1

    @property
    def done(self) -> bool:
        return self.phase is Phase.DONE

    def text(self, name: str) -> str:
        return text_in(self.lang, name)

    def deadline(self) -> float | None:
        """When :meth:`tick` must next be called if no key comes; None: wait for a key."""
        if self.phase is Phase.VERDICT:
            return self._since + self.timing.verdict_seconds
        if self.phase is Phase.DONE:
            return None
        if self.phase is Phase.COUNT and not self.buffer and self.message is None:
            return None
        return self._last + self.timing.idle_seconds

    def tick(self, now: float) -> None:
        """Let time pass: clear the verdict, or start over after idle input."""
        deadline = self.deadline()
        if deadline is not None and now >= deadline:
            self._reset(now)

    # -- keys --------------------------------------------------------------------------------
    def key(self, key: str, now: float) -> None:
        """Feed one key: a character, or a terminal escape sequence (ignored)."""
        self.tick(now)
        phase = self.phase
        if phase is Phase.DONE:
            return
        if phase in (Phase.VERDICT, Phase.CONFIRM) and now - self._since < self.timing.guard_seconds:
            return  # too soon: a key bounce or the challenger's second Enter
        self._last = now
        self.version += 1
        if phase is Phase.PASSWORD:
            self._password_key(key, now)
        elif key in (CTRL_C, CTRL_D):
            self._leave(now)
        elif phase is Phase.VERDICT:
            self._reset(now)
        elif key == ESC:
            self._reset(now)
        elif len(key) != 1:
            return  # arrows, function keys
        elif phase is Phase.COUNT:
            self._count_key(key, now)
        elif phase is Phase.WORDS:
            self._word_key(key, now)
        elif phase is Phase.CONFIRM:
            self._confirm_key(key, now)

    def feed(self, keys: str, now: float) -> None:
        """Feed several keys at the same time (tests; pasted text)."""
        for key in keys:
            self.key(key, now)

    def _leave(self, now: float) -> None:
        if self._password is None:
            self.phase = Phase.DONE
            return
        self._reset(now)
        self.phase = Phase.PASSWORD

    def _password_key(self, key: str, now: float) -> None:
        if key in ENTER_KEYS:
            typed = hashlib.sha256(self.buffer.encode()).digest()
            if self._password is not None and hmac.compare_digest(typed, self._password):
                self.phase = Phase.DONE
                self.buffer = ""
                return
            self._reset(now)
            self.message = self.text("wrong_password")
        elif key in (ESC, CTRL_C, CTRL_D):
            self._reset(now)
        elif key in BACKSPACE_KEYS:
            self.buffer = self.buffer[:-1]
        elif key == CTRL_U:
            self.buffer = ""
        elif len(key) == 1 and key.isprintable() and len(self.buffer) < 200:
            self.buffer += key

    def _count_key(self, key: str, now: float) -> None:
        if not self.buffer and key.isdecimal() and 1 <= int(key) <= MAX_WORDS:
            self.count = int(key)
            self.phase = Phase.WORDS
            self._since = now
            self.message = None
        elif key in ENTER_KEYS:
            if self.buffer.strip().lower() == LEAVE_WORD:
                self.buffer = ""
                self._leave(now)
            else:
                self.buffer = ""
                self.message = self.text("count_hint")
        elif key in BACKSPACE_KEYS:
            self.buffer = self.buffer[:-1]
        elif key.isalpha() and len(self.buffer) < len(LEAVE_WORD):
            self.buffer += key
            self.message = None
        else:
            self.buffer = ""
            self.message = self.text("count_hint")

    def _word_key(self, key: str, now: float) -> None:
        if key in ENTER_KEYS or key in (" ", TAB):
            if self.buffer:
                self._end_word(now)
        elif key in BACKSPACE_KEYS:
            if self.buffer:
                self.buffer = self.buffer[:-1]
            elif self.words:
                self.buffer = self.words.pop().text
            else:
                self._reset(now)
        elif key == CTRL_U:
            self.buffer = ""
        elif key.isprintable() and len(self.buffer) < MAX_TYPED:
            self.buffer += key
            self.message = None

    def _end_word(self, now: float) -> None:
        text, self.buffer = self.buffer, ""
        try:
            (word,) = read_play([text], self.alphabet)
        except UnknownTileError as err:
            self.message = f"{refusal(err, self.lang)}. {self.text('type_again')}"
            return
        self.message = None
        self.words.append(word)
        if len(self.words) == self.count:
            self.phase = Phase.CONFIRM
            self._since = now

    def _confirm_key(self, key: str, now: float) -> None:
        if key in ENTER_KEYS or key == TAB:
            self.ruling = self._judge(tuple(self.words))
            self.phase = Phase.VERDICT
            self._since = now
            self.cleared += 1
        elif key in BACKSPACE_KEYS:
            self.phase = Phase.WORDS
            self.buffer = self.words.pop().text

    def verdict(self) -> str | None:
        """The verdict on screen, in the session's language, or None."""
        return self.ruling.verdict(self.lang) if self.ruling is not None else None


def read_line_play(line: str, alphabet: Alphabet, lang: str = "en") -> tuple[TypedWord, ...]:
    """The words of one play written on one line (the no-terminal mode), separated by blanks.

    Raises :class:`UnknownTileError` for an untileable word (:func:`refusal` says it in the
    session's language), :class:`AdjudicateError` for no word or more than 8 words, in ``lang``.
    """
    try:
        words = play_words([line])
    except WordCountError as err:
        key = "too_many_words" if err.count else "no_word"
        raise AdjudicateError(text_in(lang, key).format(count=err.count, limit=MAX_WORDS)) from None
    return read_play(words, alphabet)


# -- rendering -------------------------------------------------------------------------------

# A 5-row block font for the letters of the verdicts, plus a row above for accents.
_FONT = {
    "A": (" ### ", "#   #", "#####", "#   #", "#   #"),
    "B": ("#### ", "#   #", "#### ", "#   #", "#### "),
    "C": (" ####", "#    ", "#    ", "#    ", " ####"),
    "D": ("#### ", "#   #", "#   #", "#   #", "#### "),
    "E": ("#####", "#    ", "#### ", "#    ", "#####"),
    "I": ("#####", "  #  ", "  #  ", "  #  ", "#####"),
    "L": ("#    ", "#    ", "#    ", "#    ", "#####"),
    "N": ("#   #", "##  #", "# # #", "#  ##", "#   #"),
    "O": (" ### ", "#   #", "#   #", "#   #", " ### "),
    "P": ("#### ", "#   #", "#### ", "#    ", "#    "),
    "T": ("#####", "  #  ", "  #  ", "  #  ", "  #  "),
    "U": ("#   #", "#   #", "#   #", "#   #", " ### "),
    "V": ("#   #", "#   #", "#   #", " # # ", "  #  "),
    " ": ("   ", "   ", "   ", "   ", "   "),
}
_ACCENTS = {"Á": ("A", "   # "), "À": ("A", " #   ")}


def block_letters(text: str, *, ink: str = "█") -> list[str] | None:
    """``text`` in big letters (one string per row), or None if the font lacks a letter."""
    glyphs, accents = [], []
    for ch in text:
        base, accent = _ACCENTS.get(ch, (ch, None))
        if base not in _FONT:
            return None
        glyph = _FONT[base]
        glyphs.append(glyph)
        accents.append(accent or " " * len(glyph[0]))
    rows = [" ".join(accents)] if any(a.strip() for a in accents) else []
    rows += [" ".join(g[row] for g in glyphs) for row in range(5)]
    return [row.replace("#", ink).rstrip() for row in rows]


@dataclass(frozen=True)
class Style:
    """How the terminal draws: its width, colour (ANSI) or not, and a block character it can show."""

    width: int = 80
    color: bool = False
    ink: str = "█"


CLEAR = "\x1b[H\x1b[2J"
CLEAR_SCROLLBACK = "\x1b[3J"
_GREEN, _RED, _BOLD, _RESET = "\x1b[1;32m", "\x1b[1;31m", "\x1b[1m", "\x1b[0m"


def render(session: Session, lexicon_label: str, style: Style = Style(), log_path: str = "") -> str:
    """The whole screen for the session's state (without the clear-screen sequence).

    The start screen (the count asked) also names the log, ``log_path``; the confirmation shows
    the words as they will be judged, in canonical capitals (``[CH]A[RR]O``, Catalan ``QE`` as
    ``QUE``), with the board spellings a word was typed with.
    """
    t = session.text
    paint = (lambda s, c: f"{c}{s}{_RESET}") if style.color else (lambda s, c: s)
    lines = [f"{t('lexicon')}: {lexicon_label}"]
    phase = session.phase
    if phase is Phase.COUNT and log_path:
        lines.append(f"{t('log')}: {log_path}")
    lines.append("")
    if phase is Phase.VERDICT and session.ruling is not None:
        verdict = session.verdict() or ""
        colour = _GREEN if session.ruling.acceptable else _RED
        big = block_letters(verdict, ink=style.ink)
        width = max(20, style.width)
        if big is None or max(len(r) for r in big) > width - 2:
            bar = style.ink * width
            big = [bar, verdict.center(width), bar]
        lines += [paint(row, colour) for row in big]
        lines += ["", paint(verdict, colour), "", "  " + "  ".join(w.text for w in session.words)]
        return "\n".join(lines) + "\n"
    if phase is Phase.PASSWORD:
        lines += [t("password") + " " + "*" * len(session.buffer)]
    elif phase is Phase.COUNT:
        lines += [paint(t("count"), _BOLD) + " " + session.buffer]
    elif phase is Phase.WORDS:
        n = len(session.words) + 1
        lines += [paint(t("word").format(n=n, total=session.count), _BOLD)]
        lines += ["  " + "  ".join([w.text for w in session.words] + [session.buffer + "_"])]
    elif phase is Phase.CONFIRM:
        lines += ["  " + "  ".join(w.label for w in session.words)]
        lines += ["  " + t("typed_as").format(typed=w.text, forms=", ".join(w.board))
                  for w in session.words if w.board]
        lines += [""]
        lines += [paint(t("confirm"), _BOLD), t("confirm_hint")]
    if session.message:
        lines += ["", session.message]
    return "\n".join(lines) + "\n"

"""Tile sets and tile notations: a table per language, every alias, every rejection (among them
what fuzzing found: a bracketed single letter is no tile), a rack in each spelling of a Spanish
record."""

from __future__ import annotations

import pytest

from adjudicate import tiles
from adjudicate.errors import UnknownTileError
from adjudicate.tiles import (
    BLANK,
    BLANK_BIT,
    PLAYED_THROUGH,
    THROUGH_BIT,
    fold,
    format_rack,
    format_tiles,
    format_word,
    from_key,
    get_alphabet,
    parse_rack,
    parse_tiles,
    parse_word,
    to_key,
    word_key,
)

EN, ES, CA = (get_alphabet(n) for n in ("english", "spanish", "catalan"))


# RULES.md §4: 100 tiles each; 187, 192 and 189 points in the bag.
@pytest.mark.parametrize(
    ("alphabet", "letters", "points"), [(EN, 26, 187), (ES, 28, 192), (CA, 26, 189)]
)
def test_tile_sets_match_the_rules(alphabet, letters, points):
    assert alphabet.size == letters
    assert sum(t.count for t in alphabet.tiles) == 100
    assert sum(t.count * t.score for t in alphabet.tiles) == points
    assert alphabet.tiles[0].label == "?" and alphabet.tiles[0].count == 2


@pytest.mark.parametrize(
    ("alphabet", "label", "count", "score"),
    [
        (EN, "Q", 1, 10), (EN, "E", 12, 1), (EN, "K", 1, 5),
        (ES, "[CH]", 1, 5), (ES, "[LL]", 1, 8), (ES, "[RR]", 1, 8), (ES, "Ñ", 1, 8), (ES, "Q", 1, 5),
        (CA, "L·L", 1, 10), (CA, "NY", 1, 10), (CA, "QU", 1, 8), (CA, "Ç", 1, 10), (CA, "H", 1, 8),
    ],
)
def test_tile_values(alphabet, label, count, score):
    code = alphabet.labels.index(label)
    assert (alphabet.tiles[code].count, alphabet.score(code)) == (count, score)
    assert alphabet.score(code | BLANK_BIT) == 0


# Spelled words: typed at the challenge computer or read from a word list.
SPELLED = [
    # (alphabet, as typed, canonical labels, number of tiles)
    (EN, "qi", "QI", 2),
    (EN, "Café", "CAFE", 4),  # accents folded
    (EN, "PIÑATA", "PINATA", 6),  # Ñ is not an English tile: folded
    (ES, "CHARRO", "[CH]A[RR]O", 4),
    (ES, "charro", "[CH]A[RR]O", 4),
    (ES, "Charro", "[CH]A[RR]O", 4),  # case means nothing in a spelling
    (ES, "[CH]A[RR]O", "[CH]A[RR]O", 4),
    (ES, "1A3O", "[CH]A[RR]O", 4),  # legacy digit aliases
    (ES, "CALLE", "CA[LL]E", 4),
    (ES, "ca2e", "CA[LL]E", 4),
    (ES, "ÑANDÚ", "ÑANDU", 5),  # Ñ kept, Ú folded
    (ES, "pingüino", "PINGUINO", 8),
    (ES, "LLLL", "[LL][LL]", 2),  # greedy
    (CA, "QUATRE", "QUATRE", 5),
    (CA, "ANY", "ANY", 2),
    (CA, "CEL·LA", "CEL·LA", 4),
    (CA, "CEL.LA", "CEL·LA", 4),
    (CA, "ceŀla", "CEL·LA", 4),  # U+0140 ŀ
    (CA, "CELŀLA", "CEL·LA", 4),  # ŀ written as the dot alone (SPEC §1.1)
    (CA, "celŀla", "CEL·LA", 4),
    (CA, "CEĿLA", "CEL·LA", 4),  # U+013F Ŀ
    (CA, "cel·la", "CEL·LA", 4),
    (CA, "[L·L]", "L·L", 1),
    (CA, "AL·LOQUIMIQUES", "AL·LOQUIMIQUES", 10),  # liwords-ui alphabets.test.ts
    (CA, "GARÇÓ", "GARÇO", 5),  # Ç kept, Ó folded
    (CA, "QÜESTIÓ", "QUESTIO", 6),  # QÜ is the QU tile
    (CA, "PARELLA", "PARELLA", 7),  # Catalan LL is two L tiles
    (CA, "[QU][NY]", "QUNY", 2),
    # Decomposed accents (N + combining tilde, as text pasted from elsewhere may have them):
    (ES, "N\u0303ANDU\u0301", "ÑANDU", 5),
    (ES, "n\u0303and\u00fa", "ÑANDU", 5),
    (EN, "CAFE\u0301", "CAFE", 4),
    (CA, "GARC\u0327O\u0301", "GARÇO", 5),
    (CA, "QU\u0308ESTIO", "QUESTIO", 6),
]


@pytest.mark.parametrize(("alphabet", "typed", "canonical", "n"), SPELLED)
def test_parse_word(alphabet, typed, canonical, n):
    tiles = parse_word(typed, alphabet)
    assert format_word(tiles, alphabet) == canonical
    assert len(tiles) == n == len(to_key(tiles, alphabet))
    assert parse_word(format_word(tiles, alphabet), alphabet) == tiles  # round trip
    assert from_key(to_key(tiles, alphabet), alphabet) == tiles


REJECTED_WORDS = [
    (ES, "KIWI", 1, "K is not a tile of the Spanish set"),
    (ES, "WEB", 1, "W is not a tile of the Spanish set"),
    (EN, "DON'T", 4, "' is not a tile of the English set"),
    (EN, "", 1, "empty word"),
    (CA, "YOGA", 1, "Y is not a Catalan tile outside NY"),
    (CA, "QATAR", 1, "Q is not a Catalan tile outside QU"),
    (CA, "KARATE", 1, "K is not a Catalan tile"),
    (CA, "WATT", 1, "W is not a Catalan tile"),
    (CA, "CEL·", 4, "does not make a tile"),
    (CA, "L'AIGUA", 2, "' is not a tile of the Catalan set"),
    (ES, "GARÇON", 4, "Ç is not a tile of the Spanish set"),  # a letter, not an accented C
    (CA, "ESPAÑA", 5, "Ñ is not a tile of the Catalan set"),
    (CA, "CEL LA", 4, "' ' is not a tile of the Catalan set"),
    # Letters whose capital is two letters are no tile, not two tiles nobody typed (STRASSE, FIX):
    (EN, "STRAßE", 5, "ß is not a tile of the English set"),
    (EN, "ﬁx", 1, "ﬁ is not a tile of the English set"),
    (ES, "ﬁjo", 1, "ﬁ is not a tile of the Spanish set"),
    (CA, "ŉ", 1, "ŉ is not a tile of the Catalan set"),
]


@pytest.mark.parametrize(("alphabet", "typed", "position", "reason"), REJECTED_WORDS)
def test_parse_word_rejects(alphabet, typed, position, reason):
    with pytest.raises(UnknownTileError, match=reason) as info:
        parse_word(typed, alphabet)
    assert info.value.index + 1 == position


@pytest.mark.parametrize(
    ("typed", "message"),
    [("A", "at least 2"), ("ABCDEFGHIJKLMNOP", "16 tiles: a word has at most 15")],
)
def test_word_length(typed, message):
    with pytest.raises(UnknownTileError, match=message):
        word_key(typed, EN)


def test_fifteen_digraph_tiles_fit():
    # 15 tiles but 30 characters: length is counted in tiles.
    assert len(word_key("CH" * 15, ES)) == 15


# Game-record notation: case means natural/blank, '.' is played through.
NOTATION = [
    (EN, "FlAREUP", "FlAREUP", [False, True, False, False, False, False, False]),
    (EN, "JAVE..N", "JAVE..N", None),
    (ES, "[CH]ICO", "[CH]ICO", [False] * 4),
    (ES, "CHICO", "[CH]ICO", [False] * 4),  # plain spelling reads as the digraph
    (ES, "1ICO", "[CH]ICO", [False] * 4),
    (ES, "[ch]ICO", "[ch]ICO", [True, False, False, False]),
    (ES, "chICO", "[ch]ICO", [True, False, False, False]),
    (ES, "pE[rr]O", "pE[rr]O", [True, False, True, False]),
    (ES, "ñANDU", "ñANDU", [True, False, False, False, False]),
    (CA, "Al·lOQUIMIquES", "Al·lOQUIMIquES", None),  # liwords-ui alphabets.test.ts
    (CA, "Al·l..IMIquE.", "Al·l..IMIquE.", None),
    (CA, "[L·L]", "L·L", [False]),
    (CA, "[l·l]", "l·l", [True]),
    (CA, "ŀl", "l·l", [True]),
    (CA, "WYQK", "L·LNYQUÇ", [False] * 4),  # wolges one-letter aliases
    (CA, "wyqk", "l·lnyquç", [True] * 4),
    (CA, "çA", "çA", [True, False]),
    (EN, "MID(LI)ST", "MID(LI)ST", None),  # annotators' played-through letters
]


@pytest.mark.parametrize(("alphabet", "text", "canonical", "blanks"), NOTATION)
def test_parse_tiles(alphabet, text, canonical, blanks):
    tiles = parse_tiles(text, alphabet)
    assert format_tiles(tiles, alphabet) == canonical
    assert parse_tiles(canonical, alphabet) == tiles
    if blanks is not None:
        assert [bool(t & BLANK_BIT) for t in tiles] == blanks


def test_played_through_forms():
    assert parse_tiles("JAVE..N", EN)[4:6] == (PLAYED_THROUGH, PLAYED_THROUGH)
    mid = parse_tiles("MID(LI)ST", EN)
    assert [bool(t & THROUGH_BIT) for t in mid] == [False, False, False, True, True, False, False]


@pytest.mark.parametrize(
    ("alphabet", "text", "reason"),
    [
        (ES, "Ch", "ambiguous: write CH or ch"),
        (ES, "[Ch]ICO", "ambiguous"),
        (ES, "cHICO", "ambiguous"),
        (ES, "Ll", "ambiguous"),
        (CA, "L·l", "ambiguous: write L·L or l·l"),
        (CA, "Qu", "ambiguous"),
        (CA, "aNy", "ambiguous"),
        (ES, "KIWI", "K is not a tile"),
        (EN, "A?B", "is not a tile"),
        (EN, "MID(LIST", "unclosed"),
        (CA, "CEL.LA", "L is not|does not make"),  # '.' is a played-through square here, then
    ],
)
def test_parse_tiles_rejects(alphabet, text, reason):
    if text == "CEL.LA":
        # In game-record notation '.' is a played-through square: CEL.LA is C E L . L A.
        assert format_tiles(parse_tiles(text, alphabet), alphabet) == "CEL.LA"
        return
    with pytest.raises(UnknownTileError, match=reason):
        parse_tiles(text, alphabet)


@pytest.mark.parametrize(
    ("alphabet", "rack", "canonical", "value"),
    [
        (EN, "AEINRST", "AEINRST", 7),
        (EN, "?aeinrs", "?AEINRS", 6),
        (ES, "[CH]AEIRS?", "[CH]AEIRS?", 5 + 1 + 1 + 1 + 1 + 1 + 0),
        (ES, "1A2?", "[CH]A[LL]?", 5 + 1 + 8),
        (CA, "AL·LQUESOI", "AL·LQUESOI", 1 + 10 + 8 + 1 + 1 + 1 + 1),
        (CA, "WYQK", "L·LNYQUÇ", 10 + 10 + 8 + 10),
        (CA, "L.LQÜA", "L·LQUA", 10 + 8 + 1),  # SPEC §3's other spellings, on a typed rack
        (CA, "l.lqüa", "L·LQUA", 10 + 8 + 1),
        (ES, "N\u0303A?", "ÑA?", 8 + 1),  # decomposed, as in words
    ],
)
def test_racks(alphabet, rack, canonical, value):
    tiles = parse_rack(rack, alphabet)
    assert format_rack(tiles, alphabet) == canonical
    assert alphabet.rack_value(tiles) == value
    assert tiles.count(BLANK) == rack.count("?")


def test_fold_keeps_set_letters():
    assert fold("ñandú", ES) == "ÑANDU"
    assert fold("garçó", CA) == "GARÇO"
    assert fold("niño", CA) == "NIÑO"  # kept, so that the reader says Ñ is not a tile
    assert fold("piñata façade", EN) == "PINATA FACADE"


def test_unknown_alphabet():
    with pytest.raises(UnknownTileError, match="unknown alphabet"):
        get_alphabet("klingon")


@pytest.mark.parametrize(("alphabet", "rack", "position"), [(EN, "Aß", 2), (ES, "ﬁÑ", 1), (CA, "ÇAß", 3)])
def test_parse_rack_rejects_a_letter_whose_capital_is_two(alphabet, rack, position):
    with pytest.raises(UnknownTileError, match="is not a tile of the") as info:
        parse_rack(rack, alphabet)
    assert info.value.index + 1 == position


# -- how a record spells Spanish tiles: Alphabet.spelled (tests/test_replay.py: which) -------------


def test_racks_and_plays_follow_the_spelling():
    # SPEC §4: in a bracketed record LL is two L tiles and HICO four tiles.
    racks = {s: format_rack(parse_rack("AELLORS", ES.spelled(s)), ES)
             for s in ("bracketed", "plain", "quackle")}
    assert racks == {"bracketed": "AELLORS", "plain": "AE[LL]ORS", "quackle": "AELLORS"}
    assert len(parse_rack("AALORVll", ES.spelled("quackle"))) == 7


# -- found by fuzzing (tests/test_fuzz.py, scripts/fuzz), each kept as a regression test -----------


@pytest.mark.parametrize("reader", [tiles.parse_word, tiles.parse_tiles, tiles.parse_rack])
@pytest.mark.parametrize("text", ["[C]H", "[L]LAMA", "PE[R]RO", "[c]h", "[Ñ]"])
def test_a_bracketed_single_letter_is_not_a_tile(reader, text: str) -> None:  # type: ignore[no-untyped-def]
    """Fuzzing: Spanish "[C]H" read as C then H, which every writer spells CH and every reader then
    reads as the one tile [CH] (a word list built from it failed its own verify). Brackets are for
    multi-letter tiles only."""
    with pytest.raises(UnknownTileError, match=f"position {text.index('[') + 1}: \\[ is not a tile"):
        reader(text, tiles.get_alphabet("spanish"))


def test_bracketed_multi_letter_tiles_still_read() -> None:
    sp, ca = tiles.get_alphabet("spanish"), tiles.get_alphabet("catalan")
    assert tiles.format_word(tiles.parse_word("[CH]A[RR]O", sp), sp) == "[CH]A[RR]O"
    assert tiles.format_tiles(tiles.parse_tiles("[ch]I.O", sp), sp) == "[ch]I.O"
    assert tiles.format_word(tiles.parse_word("CE[L·L]A", ca), ca) == "CEL·LA"


# -- letters of other sets in a typed word; letters written as two tiles (docs/decisions.md §20) ----

DE, FR = get_alphabet("german"), get_alphabet("french")


@pytest.mark.parametrize(
    ("alphabet", "typed", "position", "letter", "others", "reason"),
    [
        # Ü, Ä are tiles of other sets: a typed word keeps them, so refused and the sets named
        (EN, "MÜSE", 2, "Ü", ("german",), "Ü is not a tile of the English set (it is a tile of the German set: "
                                         "for a game of those tiles, give its --lexicon)"),
        (EN, "ärger", 1, "Ä", ("german", "swedish"), "it is a tile of the German or Swedish set:"),
        (EN, "ZŁOTY", 2, "Ł", ("polish",), "it is a tile of the Polish set:"),
        (ES, "GARÇON", 4, "Ç", ("catalan",), "Ç is not a tile of the Spanish set (it is a tile of the Catalan"),
        (CA, "ESPAÑA", 5, "Ñ", ("spanish",), "Ñ is not a tile of the Catalan set (it is a tile of the Spanish"),
        (ES, "MÄDCHEN", 2, "Ä", ("german", "swedish"), "Ä is not a tile of the Spanish set"),
        (DE, "PÅ", 2, "Å", ("norwegian", "swedish"), "Å is not a tile of the German set"),
    ],
)
def test_a_typed_letter_of_another_set_is_refused_naming_the_sets(alphabet, typed, position, letter, others,
                                                                   reason):
    with pytest.raises(UnknownTileError) as info:
        parse_word(typed, alphabet, typed=True)
    assert reason in info.value.reason and info.value.index + 1 == position
    assert info.value.kind == "other_set" and info.value.params["others"] == others
    assert info.value.params["letter"] == letter and info.value.params["set"] == alphabet.name


@pytest.mark.parametrize(
    ("alphabet", "typed", "canonical"),
    [
        # each language's accents fold in a typed word even where another set has the letter as a tile
        (EN, "PIÑATA", "PINATA"), (EN, "façade", "FACADE"), (EN, "CAFÉ", "CAFE"),
        (ES, "PINGÜINO", "PINGUINO"), (ES, "camión", "CAMION"), (ES, "ÑANDÚ", "ÑANDU"),
        (CA, "PINGÜÍ", "PINGUI"), (CA, "CAMIÓ", "CAMIO"), (CA, "GARÇÓ", "GARÇO"),
        (FR, "CAPHARNAÜM", "CAPHARNAUM"), (FR, "garçon", "GARCON"), (FR, "NOËL", "NOEL"),
        (get_alphabet("norwegian"), "KAFÉ", "KAFE"), (get_alphabet("norwegian"), "FÔR", "FOR"),
        (get_alphabet("swedish"), "IDÉ", "IDE"),
        (DE, "MÜSLI", "MÜSLI"), (DE, "CAFÉ", "CAFE"),
    ],
)
def test_a_typed_word_folds_its_languages_accents(alphabet, typed, canonical):
    assert format_word(parse_word(typed, alphabet, typed=True), alphabet) == canonical


def test_a_word_list_keeps_todays_reading_of_other_sets_letters():
    # (lexicon build: the shipped lists were built so, and are rebuilt byte for byte)
    assert format_word(parse_word("MÜSE", EN), EN) == "MUSE"
    with pytest.raises(UnknownTileError, match="Ç is not a tile of the Spanish set$"):
        parse_word("GARÇON", ES)


@pytest.mark.parametrize(
    ("alphabet", "spelled", "canonical"),
    [
        (DE, "STRAßE", "STRASSE"), (DE, "straße", "STRASSE"), (DE, "GROẞ", "GROSS"), (DE, "Fuß", "FUSS"),
        (FR, "ŒUVRE", "OEUVRE"), (FR, "œuvre", "OEUVRE"), (FR, "NÆVUS", "NAEVUS"), (FR, "cæcum", "CAECUM"),
    ],
)
def test_letters_a_language_writes_as_two_tiles(alphabet, spelled, canonical):
    """German Scrabble writes ß as SS, French Œ as OE and Æ as AE (@written): typed or in a list."""
    for typed in (True, False):
        assert format_word(parse_word(spelled, alphabet, typed=typed), alphabet) == canonical
    assert word_key(spelled, alphabet) == word_key(canonical, alphabet)


def test_a_record_still_refuses_a_letter_written_as_two_tiles():
    """In a record a play's letters are squares: STRAßE is 6 letters for 7 squares, refused as before."""
    with pytest.raises(UnknownTileError, match="ß is not a tile of the German set$"):
        parse_tiles("STRAßE", DE)
    with pytest.raises(UnknownTileError, match="ß is not a tile of the English set$"):
        parse_word("STRAßE", EN, typed=True)  # (English writes no ß: no tile, as before)


@pytest.mark.parametrize("name", tiles.ALPHABET_NAMES)
def test_folds_and_written_letters_are_no_tile_of_their_own_set(name):
    alphabet = get_alphabet(name)
    own = set(alphabet.labels)
    assert not own & set(alphabet.folds) and not own & set(alphabet.written)
    assert all(len(letter) == 1 for letter in (*alphabet.folds, *alphabet.written))

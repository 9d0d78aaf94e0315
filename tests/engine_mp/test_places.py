"""Where sets stand (rummikub.places): a changed table keeps every set in
the place of the old set it continues; the tiles a change moves."""
from rummikub.tiles import parse_table, fmt_table
from rummikub.places import arrange, staying


def _laid(old, new):
    o = parse_table(old)
    n = parse_table(new)
    return fmt_table([n[j] for j in arrange(o, n)])


def test_untouched_and_continued_sets_keep_their_places():
    old = "K5 B5 Y5 | R6 R7 R8 | B1 B2 B3"
    # the solver hands back the untouched sets first, the changed last
    assert _laid(old, "K5 B5 Y5 | B1 B2 B3 | R6 R7 R8 R9") == "K5 B5 Y5 | R6 R7 R8 R9 | B1 B2 B3"
    # a set split in two: both halves where it stood, a new set at the end
    assert (_laid(old, "K9 K10 K11 | R8 R9 R10 | K5 B5 Y5 | R6 R7 R8 | B1 B2 B3")
            == "K5 B5 Y5 | R6 R7 R8 | R8 R9 R10 | B1 B2 B3 | K9 K10 K11")
    # two sets swapping a joker stay in their order
    assert (_laid("Y4 R4 K4 J | B1 B2 B3", "B1 B2 B3 J | Y4 R4 K4 B4")
            == "Y4 R4 K4 B4 | B1 B2 B3 J")


def test_staying_counts_tiles_left_with_their_set():
    old = parse_table("R10 R11 R12 R13 | K10 K11 K12 K13")
    assert staying(old, parse_table("R9 R10 R11 R12 | K10 K11 K12 | K13 R13 Y13")) == 6
    assert staying(old, parse_table("R9 R10 R11 R12 R13 | K10 K11 K12 K13")) == 8

"""A search's set-up order (ai.dp.Problem): the memo is sized from the
heap left once the transition tables exist.  The tables are kept between
searches but dropped after a hint (dp.drop_caches); made after the memo,
they would find the heap the memo was sized against already taken."""
from ai import dp, memo, runstate
from ai.solver import solve
from rummikub.rules import Rules
from rummikub.tiles import parse_table, parse_tiles


def test_the_memo_is_sized_after_the_tables_exist(monkeypatch):
    seen = []
    real = memo.shared_memo

    def shared_memo(bits):
        seen.append(len(runstate._TABLE_CACHE))
        return real(bits)
    monkeypatch.setattr(memo, "shared_memo", shared_memo)
    dp.drop_caches()
    assert not runstate._TABLE_CACHE
    m = solve(parse_table("R5 R6 R7 | B9 K9 Y9"), parse_tiles("R8 K2 J"), True, Rules())
    assert m.count == 2
    assert seen and all(seen), seen

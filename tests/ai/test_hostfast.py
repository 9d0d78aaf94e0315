"""CPython's view of the search (ai/hostfast.py): the same kernel source
without its viper casts, lists for buffers, the same answers."""
import json

from rummikub.tiles import parse_table, parse_tiles
from rummikub.rules import Rules
from ai import dp, hostfast, kernel, prepare, solver


def test_dp_walks_the_kernel_without_casts():
    K = dp.K
    assert K is hostfast.kernel(kernel) and K is not kernel
    assert dp.prepare is hostfast.kernel(prepare) and dp.prepare is not prepare
    for mod, host, fns in ((kernel, K, ("run", "fill", "group_mask")),
                           (prepare, dp.prepare, ("orders", "fill_all"))):
        for fn in fns:
            names = getattr(host, fn).__code__.co_names
            assert not {"ptr8", "ptr16", "ptr32", "int"} & set(names), fn
            assert {"ptr8", "ptr16", "ptr32"} & set(getattr(mod, fn).__code__.co_names), fn
    assert K.UNIT == kernel.UNIT and K.D_SIZE == kernel.D_SIZE


def test_both_kernels_walk_the_same_tree():
    # the original modules (casts as identity calls) against the ones dp uses
    positions = [("R5 R6 R7 | B9 K9 Y9", "R8 K2 J"),
                 ("K1 B1 R1 Y1 | J B2 B3 | R9 R10 R11 R12 | Y11 Y12 Y13",
                  "K2 K3 R13 Y10 J B4"),
                 ("Y2 Y3 Y4 Y5 Y6 | K9 B9 R9 | B7 R7 Y7 | K7 K8 K9 | B1 R1 Y1",
                  "B8 Y12 K2 K5 R3 Y11 R10 R7 B5 Y13 B8 R11 K3 Y2 K1")]
    fast = dp.K, dp.prepare
    seen = []
    try:
        for dp.K, dp.prepare in (fast, (kernel, prepare)):
            out = []
            for table, rack in positions:
                m = solver.solve(parse_table(table), parse_tiles(rack), True, Rules())
                out.append((m.count, m.value, m.expanded, json.dumps([list(s) for s in m.table])))
            seen.append(out)
    finally:
        dp.K, dp.prepare = fast
    assert seen[0] == seen[1]

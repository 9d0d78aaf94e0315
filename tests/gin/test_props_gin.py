"""Hypothesis: best split and lay-offs against brute force on any hands."""
from hypothesis import example, given, settings, strategies as st
from gin.melds import best_split, layoff_split, is_meld
from gin_brute import best_deadwood, defender_deadwood

# hands drawn from a narrow slice of the deck often, so melds and lay-offs happen
cards = st.one_of(st.integers(0, 51),
                  st.sampled_from([s * 13 + r for s in range(4) for r in range(3, 9)]))
hand = st.lists(cards, min_size=0, max_size=11, unique=True)


@settings(max_examples=150, deadline=None)
@given(hand)
def test_best_split_is_the_brute_force_minimum(h):
    d, melds, dead = best_split(h)
    assert d == best_deadwood(h)
    assert sorted([c for m in melds for c in m] + dead) == sorted(h)
    assert all(is_meld(m) for m in melds)


@settings(max_examples=80, deadline=None)
@given(st.lists(cards, min_size=20, max_size=20, unique=True))
# 8H fits the knocker's set of 8s (8S 8D 8C) and its run 5H 6H 7H; only
# on the run can 9H follow (the brute force had laid 8H on the set)
@example([0, 5, 7, 9, 10, 17, 18, 19, 33, 46, 1, 2, 3, 4, 6, 8, 11, 12, 20, 21])
def test_layoff_split_is_the_brute_force_minimum(both):
    k, de = both[:10], both[10:]
    kd, kmelds, _ = best_split(k)
    d, melds, lay, dead = layoff_split(de, kmelds)
    assert d == defender_deadwood(de, kmelds)
    assert sorted([c for m in melds for c in m] + [c for c, _ in lay] + dead) == sorted(de)

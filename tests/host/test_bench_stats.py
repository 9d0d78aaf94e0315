"""One percentile for every figure the benchmarks and tournaments report
(bench.stats.percentile): the solver bench, the expert's think time and
the tournaments' p95 all agree."""
from host_tools.bench import expert_time, speed
from host_tools.bench.stats import percentile, think_ms, stamped


def test_percentile_interpolates_between_ranks():
    assert percentile([4, 1, 3, 2], 0.5) == 2.5          # unsorted input too
    assert abs(percentile(range(1, 21), 0.95) - 19.05) < 1e-9
    assert percentile([7], 0.95) == 7
    assert percentile([], 0.95) == 0.0
    assert percentile([1, 2, 3], 0.0) == 1 and percentile([1, 2, 3], 1.0) == 3


def test_the_bench_and_the_expert_timing_report_the_same_p95():
    times = [0.3, 9.0, 1.2, 4.4, 2.5, 0.7, 3.3, 6.1, 5.0, 8.8, 1.1]
    want = percentile(times, 0.95)
    assert speed.stats(times)["p95"] == want
    assert expert_time._stats(times)["p95"] == want


def test_both_tournaments_report_think_time_alike():
    from host_tools.bench import tournament
    from host_tools.gin import tournament as gin_tournament
    t = think_ms([1.0, 2.0, 3.0, 4.0])
    assert t["mean"] == 2.5 and abs(t["p95"] - 3.85) < 1e-9 and t["max"] == 4.0
    assert think_ms([]) == {"mean": 0.0, "p95": 0.0, "max": 0.0}
    r = tournament.summarise(["easy", "greedy"], [(["easy", "greedy"], 0, [0, -5],
                                                   [[3.0, 1.0], [2.0]], 1)], 1.0)
    assert r["levels"][0]["think_ms"] == think_ms([1.0, 3.0])
    g = gin_tournament.summarise(["easy", "hard"], [(["easy", "hard"], 1, [40, 110], 3,
                                                    [[5.0], [2.0, 4.0]])], 1.0)
    assert g["levels"][1]["think_ms"] == think_ms([2.0, 4.0])
    assert stamped({"games": 1}, 7, {"jokers": 0}) == {"games": 1, "seed": 7,
                                                       "rules": {"jokers": 0}}
